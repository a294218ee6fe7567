import { Form, Link } from "react-router";

import { Button } from "~/components/ui/Button";
import { Heading } from "~/components/ui/Heading";
import { Select } from "~/components/ui/Select";
import type { Loaded, TabProps } from "~/dashboard/tab";
import { ACTIVITY_OUTCOMES, type ActivityOutcome, OUTCOME_LABELS } from "~/lib/activity";
import { actionGroupLabel } from "~/lib/activity-sentence";

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
/** A filter's options: `any` (no filter), then each value by its label. */
function choices<Value extends string>(any: string, values: readonly Value[], labelOf: (value: Value) => string) {
  return [{ value: "", label: any }, ...values.map((value) => ({ value, label: labelOf(value) }))];
}

function hrefOf(values: ActivityData["values"], extra: Record<string, string> = {}) {
  const params = new URLSearchParams({ tab: "activity" });
  for (const [name, value] of Object.entries({ ...values, ...extra })) if (value) params.set(name, value);
  return `/dashboard?${params.toString()}`;
}

/** An entry's form fields or API body, folded: for the admin who needs the exact values. */
function Details({ entry }: { entry: Entry }) {
  if (!entry.details) return null;
  return (
    <details className="mt-1">
      <summary className="inline-block cursor-pointer py-1 text-xs font-semibold">Details</summary>
      <pre className="mt-1 text-xs break-all whitespace-pre-wrap">
        {`${entry.action}\n`}
        {JSON.stringify(entry.details, null, 2)}
      </pre>
    </details>
  );
}

/**
 * One entry: its sentence, then when, how it ended and from where, and links that filter the log
 * by this person or this kind of action. A list, not a table: it wraps at any width (issue 33).
 */
function EntryItem({ entry, values }: { entry: Entry; values: ActivityData["values"] }) {
  const actor = entry.actorId ?? entry.actorName;
  return (
    <li className="px-4 py-3">
      <p className="font-medium break-words text-ink dark:text-white">{entry.sentence}</p>
      <p className="mt-1 flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-slate-600 dark:text-slate-400">
        <time dateTime={entry.at}>{when(entry.at)}</time>
        <span
          className={`inline-block rounded-full px-2.5 py-0.5 text-xs font-semibold whitespace-nowrap ${BADGE[entry.outcome as ActivityOutcome] ?? ""}`}
        >
          {OUTCOME_LABELS[entry.outcome as ActivityOutcome] ?? entry.outcome}
        </span>
        {entry.ipAddress && <span className="break-all">From {entry.ipAddress}</span>}
        {entry.userAgent && (
          <span className="max-w-full truncate text-xs" title={entry.userAgent}>
            {entry.userAgent}
          </span>
        )}
      </p>
      <p className="mt-1 flex flex-wrap gap-x-4 text-sm">
        {actor && (
          <Link to={hrefOf(values, { actor })} className="inline-block py-1 font-semibold underline">
            All by {entry.actorName ?? "this person"}
          </Link>
        )}
        <Link to={hrefOf(values, { action: entry.action })} className="inline-block py-1 font-semibold underline">
          All like this
        </Link>
      </p>
      <Details entry={entry} />
    </li>
  );
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
        options={choices("All actions", actions, actionGroupLabel)}
      />
      <Select
        id="activity-outcome"
        name="outcome"
        label="Outcome"
        defaultValue={values.outcome}
        options={choices("Any outcome", ACTIVITY_OUTCOMES, (value) => OUTCOME_LABELS[value])}
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
        Every change made by the site's staff (admins, editors, journal managers), sign-ins that failed and sign-ins
        that needed a second factor, newest first. Passwords, codes and tokens are never recorded.
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
        <ol
          aria-label="Activity log, newest first"
          className="mt-6 divide-y divide-slate-200 rounded-xl border border-slate-200 bg-white shadow-sm dark:divide-slate-700 dark:border-slate-700 dark:bg-night-card"
        >
          {data.entries.map((entry) => (
            <EntryItem key={entry.id} entry={entry} values={data.values} />
          ))}
        </ol>
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
