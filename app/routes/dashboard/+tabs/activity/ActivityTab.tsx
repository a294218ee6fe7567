import { Form, Link } from "react-router";

import { Button } from "~/components/ui/Button";
import { type Column, DataTable } from "~/components/ui/DataTable";
import { Heading } from "~/components/ui/Heading";
import { Select } from "~/components/ui/Select";
import { ACTIVITY_OUTCOMES, type ActivityOutcome, OUTCOME_LABELS } from "~/lib/activity";

import type { Loaded, TabProps } from "../../tab";
import type { load } from "./activity.server";

type ActivityData = Loaded<typeof load>;
type Entry = ActivityData["entries"][number];

const INPUT =
  "mt-1.5 block w-full rounded-md border border-slate-300 bg-white px-3.5 py-2.5 text-base font-normal text-ink dark:border-slate-600 dark:bg-navy-950 dark:text-white";
const LABEL = "block text-sm font-semibold text-slate-800 dark:text-slate-200";

const BADGE: Record<ActivityOutcome, string> = {
  ok: "bg-green-100 text-green-900 dark:bg-green-900/50 dark:text-green-100",
  refused: "bg-gold-500 text-navy-950",
  failed: "bg-red-100 text-red-900 dark:bg-red-900/50 dark:text-red-100",
};

/** The same instant on the server and in the browser: UTC, to the second. */
const when = (iso: string) => `${iso.slice(0, 10)} ${iso.slice(11, 19)} UTC`;

/** The address of this list with these filters (and perhaps the page after an entry). */
function hrefOf(values: ActivityData["values"], extra: Record<string, string> = {}) {
  const params = new URLSearchParams({ tab: "activity" });
  for (const [name, value] of Object.entries({ ...values, ...extra })) if (value) params.set(name, value);
  return `/dashboard?${params.toString()}`;
}

function Target({ entry }: { entry: Entry }) {
  if (!entry.targetKind && !entry.targetLabel && !entry.targetId) return <span aria-label="none">—</span>;
  return (
    <span>
      {entry.targetKind && <span className="text-slate-600 dark:text-slate-400">{entry.targetKind}: </span>}
      <span className="break-words">{entry.targetLabel ?? entry.targetId}</span>
      {entry.targetLabel && entry.targetId && (
        <span className="block text-xs break-all text-slate-500 dark:text-slate-400">{entry.targetId}</span>
      )}
    </span>
  );
}

function Details({ entry }: { entry: Entry }) {
  if (!entry.details) return null;
  return (
    <details>
      <summary className="cursor-pointer py-1 text-xs font-semibold">Details</summary>
      <pre className="mt-1 max-w-md overflow-x-auto text-xs whitespace-pre-wrap">
        {JSON.stringify(entry.details, null, 2)}
      </pre>
    </details>
  );
}

function columns(values: ActivityData["values"]): Column<Entry>[] {
  return [
    {
      header: "When",
      className: "whitespace-nowrap",
      cell: (entry) => <time dateTime={entry.at}>{when(entry.at)}</time>,
    },
    {
      header: "Who",
      cell: (entry) =>
        entry.actorName || entry.actorId ? (
          <Link
            to={hrefOf(values, { actor: entry.actorId ?? entry.actorName ?? "" })}
            className="inline-block py-1 hover:underline"
          >
            {entry.actorName ?? entry.actorId}
          </Link>
        ) : (
          <span aria-label="unknown">—</span>
        ),
    },
    {
      header: "What",
      cell: (entry) => (
        <div>
          <Link to={hrefOf(values, { action: entry.action })} className="inline-block py-1 font-medium hover:underline">
            {entry.action}
          </Link>
          <Details entry={entry} />
        </div>
      ),
    },
    { header: "Target", cell: (entry) => <Target entry={entry} /> },
    {
      header: "Outcome",
      cell: (entry) => (
        <span
          className={`inline-block rounded-full px-2.5 py-0.5 text-xs font-semibold whitespace-nowrap ${BADGE[entry.outcome as ActivityOutcome] ?? ""}`}
        >
          {OUTCOME_LABELS[entry.outcome as ActivityOutcome] ?? entry.outcome}
        </span>
      ),
    },
    {
      header: "From where",
      cell: (entry) => (
        <div className="text-sm">
          <span className="break-all">{entry.ipAddress ?? "—"}</span>
          {entry.userAgent && (
            <span
              className="block max-w-56 truncate text-xs text-slate-500 dark:text-slate-400"
              title={entry.userAgent}
            >
              {entry.userAgent}
            </span>
          )}
        </div>
      ),
    },
  ];
}

/** Filters: a plain GET form, so they work before the page's scripts load. */
function Filters({ data }: { data: ActivityData }) {
  const { values, groups } = data;
  const actions = [...groups, ...(values.action && !groups.includes(values.action) ? [values.action] : [])];
  const filtered = Object.values(values).some(Boolean);
  return (
    <Form
      method="get"
      action="/dashboard"
      role="search"
      aria-label="Filter the activity"
      className="mt-6 grid items-end gap-4 sm:grid-cols-2 lg:grid-cols-3"
    >
      <input type="hidden" name="tab" value="activity" />
      <label className={LABEL}>
        Who
        <input
          type="search"
          name="actor"
          defaultValue={values.actor}
          maxLength={100}
          placeholder="A username"
          className={INPUT}
        />
      </label>
      <Select
        id="activity-action"
        name="action"
        label="What"
        defaultValue={values.action}
        options={[{ value: "", label: "All actions" }, ...actions.map((value) => ({ value, label: value }))]}
      />
      <Select
        id="activity-outcome"
        name="outcome"
        label="Outcome"
        defaultValue={values.outcome}
        options={[
          { value: "", label: "Any outcome" },
          ...ACTIVITY_OUTCOMES.map((value) => ({ value, label: OUTCOME_LABELS[value] })),
        ]}
      />
      <label className={LABEL}>
        From (UTC)
        <input type="date" name="from" defaultValue={values.from} className={INPUT} />
      </label>
      <label className={LABEL}>
        To (UTC)
        <input type="date" name="to" defaultValue={values.to} className={INPUT} />
      </label>
      <div className="flex items-center gap-3">
        <Button type="submit">Apply</Button>
        {filtered && (
          <Link to="/dashboard?tab=activity" className="text-sm font-semibold underline">
            Clear
          </Link>
        )}
      </div>
    </Form>
  );
}

/** Who did what, when and from where: every admin's write, failed sign-ins and second factors. */
export function ActivityTab({ data }: TabProps<ActivityData>) {
  const last = data.entries.at(-1);
  return (
    <section aria-labelledby="activity-title">
      <Heading id="activity-title">Activity</Heading>
      <p className="mt-2 text-slate-600 dark:text-slate-400">
        Every change an admin made, sign-ins that failed and sign-ins that needed a second factor, newest first.
        Passwords, codes and tokens are never recorded.
      </p>
      <Filters data={data} />
      {data.error && (
        <p role="alert" className="mt-4 font-semibold text-red-700 dark:text-red-300">
          {data.error} That filter was left out.
        </p>
      )}
      {data.entries.length === 0 ? (
        <p className="mt-6 text-slate-600 dark:text-slate-400">No activity matches.</p>
      ) : (
        <div className="mt-6">
          <DataTable
            columns={columns(data.values)}
            rows={data.entries}
            rowKey={(entry) => entry.id}
            caption="Activity log, newest first"
          />
        </div>
      )}
      <nav aria-label="Activity pages" className="mt-4 flex flex-wrap gap-4 text-sm font-semibold">
        {data.paged && (
          <Link to={hrefOf(data.values)} className="underline">
            Newest entries
          </Link>
        )}
        {data.hasMore && last && (
          <Link to={hrefOf(data.values, { after: last.id })} className="underline">
            Older entries
          </Link>
        )}
      </nav>
    </section>
  );
}
