import { Form, Link } from "react-router";

import { Button } from "~/components/ui/Button";
import { Select } from "~/components/ui/Select";
import { EDITORIAL_STATUS_LABELS, EDITORIAL_STATUSES } from "~/domain/vocabulary";
import { formatDate } from "~/lib/text";

import type { ListQuery } from "./tab";

const STATUS_CHOICES = [
  { value: "", label: "All statuses" },
  ...EDITORIAL_STATUSES.map((value) => ({ value, label: EDITORIAL_STATUS_LABELS[value] })),
];
/** A list's own filter besides the status (the posts' category, the articles' issue). */
export type ListFilter = { name: "category" | "issue"; label: string; options: { value: string; label: string }[] };

/** The posts' filter by the categories editors keep (issue 33), in their order. */
export function categoryFilter(list: readonly { slug: string; name: string }[]): ListFilter {
  return {
    name: "category",
    label: "Category",
    options: [{ value: "", label: "All categories" }, ...list.map(({ slug, name }) => ({ value: slug, label: name }))],
  };
}
const SORT_CHOICES = [
  { value: "newest", label: "Newest first" },
  { value: "oldest", label: "Oldest first" },
  { value: "title", label: "Title A–Z" },
  { value: "updated", label: "Recently updated" },
];

/** `&q=…&status=…` for the list's links (Show more, the next page). */
export function listQueryString(query: ListQuery) {
  const params = new URLSearchParams();
  if (query.q) params.set("q", query.q);
  if (query.status) params.set("status", query.status);
  if (query.category) params.set("category", query.category);
  if (query.issue) params.set("issue", query.issue);
  if (query.sort !== "newest") params.set("sort", query.sort);
  const text = params.toString();
  return text ? `&${text}` : "";
}

/** Search, filters and sort of a dashboard list: a plain GET form, so it works before the scripts load. */
export function ListFilters({
  tab,
  query,
  own,
  total,
}: {
  tab: string;
  query: ListQuery;
  own?: ListFilter;
  total: number;
}) {
  const filtered = listQueryString(query) !== "";
  // Each filter is a select named as its query key, with an id of the tab's own.
  const filter = (name: "status" | ListFilter["name"] | "sort", label: string, options: typeof SORT_CHOICES) => (
    <Select id={`${tab}-${name}`} name={name} label={label} defaultValue={query[name] ?? ""} options={options} />
  );
  return (
    <Form
      method="get"
      action="/dashboard"
      role="search"
      aria-label="Search and filter"
      className="mt-6 grid items-end gap-4 sm:grid-cols-2 lg:grid-cols-[2fr_1fr_1fr_1fr_auto]"
    >
      <input type="hidden" name="tab" value={tab} />
      <label className="block text-sm font-semibold text-slate-800 dark:text-slate-200">
        Search
        <input
          type="search"
          name="q"
          defaultValue={query.q}
          maxLength={200}
          className="mt-1.5 block w-full rounded-md border border-slate-300 bg-white px-3.5 py-2.5 text-base font-normal text-ink dark:border-slate-600 dark:bg-navy-950 dark:text-white"
        />
      </label>
      {filter("status", "Status", STATUS_CHOICES)}
      {own ? filter(own.name, own.label, own.options) : <span className="hidden lg:block" />}
      {filter("sort", "Sort", SORT_CHOICES)}
      <div className="flex items-center gap-3">
        <Button type="submit">Apply</Button>
        {filtered && (
          <Link to={`/dashboard?tab=${tab}`} className="text-sm font-semibold underline">
            Clear
          </Link>
        )}
      </div>
      <p className="text-sm text-slate-600 sm:col-span-2 lg:col-span-5 dark:text-slate-400" aria-live="polite">
        {total} {total === 1 ? "item" : "items"}
        {filtered ? " match" : ""}
      </p>
    </Form>
  );
}

/** What to do with the ticked rows: the rows' checkboxes belong to this form by its id. */
export function BulkActions({ formId, intent }: { formId: string; intent: string }) {
  return (
    <Form method="post" id={formId} className="mt-4 flex flex-wrap items-end gap-3">
      <input type="hidden" name="intent" value={intent} />
      <Select
        id={`${formId}-action`}
        name="bulkAction"
        label="With the selected items"
        defaultValue="publish"
        options={[
          { value: "publish", label: "Publish" },
          { value: "unpublish", label: "Unpublish (back to draft)" },
          { value: "trash", label: "Move to the trash" },
        ]}
      />
      <Button type="submit" variant="secondary">
        Apply to selected
      </Button>
    </Form>
  );
}

const BADGE = {
  draft: "bg-slate-200 text-slate-800 dark:bg-slate-700 dark:text-slate-100",
  scheduled: "bg-gold-500 text-navy-950",
  published: "bg-green-100 text-green-900 dark:bg-green-900/50 dark:text-green-100",
} as Record<string, string>;

/** Draft, Scheduled (with its date) or Published. */
export function StatusBadge({ status, publishAt }: { status: string; publishAt: Date | string | null }) {
  const label = EDITORIAL_STATUS_LABELS[status as keyof typeof EDITORIAL_STATUS_LABELS] ?? status;
  return (
    <span
      className={`inline-block rounded-full px-2.5 py-0.5 text-xs font-semibold whitespace-nowrap ${BADGE[status] ?? ""}`}
    >
      {label}
      {status === "scheduled" && publishAt ? ` · ${formatDate(publishAt, "short")}` : ""}
    </span>
  );
}
