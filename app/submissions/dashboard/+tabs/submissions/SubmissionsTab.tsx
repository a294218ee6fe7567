import { Link } from "react-router";

import { buttonClasses } from "~/components/ui/Button";
import { type Column, DataTable } from "~/components/ui/DataTable";
import { Heading } from "~/components/ui/Heading";
import type { Loaded, TabProps } from "~/dashboard/tab";
import { FiguresTable } from "~/submissions/components/FiguresTable";
import {
  QUEUE_FILTER_LABELS,
  QUEUE_FILTERS,
  type QueueFilter,
  STAGE_LABELS,
  submissionNumber,
} from "~/submissions/words";

import type { load } from "./submissions.server";

type Data = Loaded<typeof load>;
type Row = Data["queue"]["rows"][number];

const address = (filter: QueueFilter, mine: boolean, page = 1) =>
  `/dashboard?tab=submissions${filter === "all" ? "" : `&filter=${filter}`}${mine ? "&mine=1" : ""}${page > 1 ? `&page=${page}` : ""}`;

const days = (n: number) => (n === 1 ? "1 day" : `${n} days`);

const COLUMNS: Column<Row>[] = [
  {
    header: "No.",
    className: "whitespace-nowrap font-medium",
    cell: (row) => submissionNumber(row.number),
  },
  {
    header: "Title",
    cell: (row) => (
      <Link
        to={`/desk/submissions/${row.id}`}
        className="font-semibold text-navy-700 hover:underline dark:text-gold-300"
      >
        {row.title || "Untitled"}
      </Link>
    ),
  },
  {
    header: "Stage",
    cell: (row) => (
      <span>
        {row.stageLabel}
        {row.round > 1 && <span className="text-slate-600 dark:text-slate-300"> · round {row.round}</span>}
        {row.overdue && <span className="ml-1 font-semibold text-red-700 dark:text-red-300">· overdue</span>}
      </span>
    ),
  },
  {
    header: "Reviews",
    className: "whitespace-nowrap",
    cell: (row) => (row.stage === "review" ? `${row.reviewsIn} of ${row.reviewsLive} in` : "—"),
  },
  { header: "Editor", cell: (row) => row.editor ?? "Not assigned" },
  { header: "Submitted", className: "whitespace-nowrap", cell: (row) => `${days(row.daysSinceSubmission)} ago` },
  { header: "In stage", className: "whitespace-nowrap", cell: (row) => days(row.daysInStage) },
];

export function SubmissionsTab({ data }: TabProps<Data>) {
  const { queue, figures, mine } = data;
  return (
    <div className="space-y-8">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <Heading>Submissions</Heading>
        <div className="flex flex-wrap gap-3 text-sm">
          <Link to="/dashboard?tab=submission-settings" className={buttonClasses("secondary", "sm")}>
            Submission settings
          </Link>
          <Link to="/journal-in-numbers" className={buttonClasses("secondary", "sm")}>
            Journal in numbers
          </Link>
        </div>
      </div>

      <section aria-labelledby="stages-heading">
        <h3 id="stages-heading" className="sr-only">
          Submissions by stage
        </h3>
        <dl className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-6">
          {(Object.keys(queue.stages) as (keyof typeof queue.stages)[]).map((stage) => (
            <div
              key={stage}
              className="rounded-lg border border-slate-200 bg-white p-3 dark:border-slate-700 dark:bg-night-card"
            >
              <dt className="text-sm text-slate-600 dark:text-slate-300">{STAGE_LABELS[stage]}</dt>
              <dd className="text-2xl font-semibold text-navy-900 dark:text-white">{queue.stages[stage]}</dd>
            </div>
          ))}
        </dl>
      </section>

      <section aria-labelledby="queue-heading" className="space-y-4">
        <h3 id="queue-heading" className="font-serif text-xl font-semibold text-navy-900 dark:text-white">
          The queue
        </h3>
        <nav aria-label="Filter the queue" className="flex flex-wrap gap-2">
          {QUEUE_FILTERS.map((filter) => (
            <Link
              key={filter}
              to={address(filter, mine)}
              aria-current={queue.filter === filter ? "page" : undefined}
              className={`rounded-full border px-3 py-1 text-sm ${
                queue.filter === filter
                  ? "border-navy-800 bg-navy-800 text-white dark:border-gold-400 dark:bg-gold-400 dark:text-navy-950"
                  : "border-slate-300 hover:bg-slate-50 dark:border-slate-600 dark:hover:bg-slate-800"
              }`}
            >
              {QUEUE_FILTER_LABELS[filter]} ({queue.filters[filter]})
            </Link>
          ))}
          <Link
            to={address(queue.filter, !mine)}
            className="px-2 py-1 text-sm font-semibold text-navy-700 hover:underline dark:text-gold-300"
          >
            {mine ? "Show everyone's" : "Only mine"}
          </Link>
        </nav>
        {queue.rows.length === 0 ? (
          <p className="text-slate-700 dark:text-slate-200">Nothing here: no submission matches this filter.</p>
        ) : (
          <DataTable
            columns={COLUMNS}
            rows={queue.rows}
            rowKey={(row) => row.id}
            caption={`Submissions: ${QUEUE_FILTER_LABELS[queue.filter]}`}
          />
        )}
        {queue.pages > 1 && (
          <nav aria-label="Pages of the queue" className="flex items-center gap-4 text-sm">
            {queue.page > 1 && <Link to={address(queue.filter, mine, queue.page - 1)}>Previous page</Link>}
            <span>
              Page {queue.page} of {queue.pages}
            </span>
            {queue.page < queue.pages && <Link to={address(queue.filter, mine, queue.page + 1)}>Next page</Link>}
          </nav>
        )}
      </section>

      <section aria-labelledby="figures-heading" className="space-y-4">
        <h3 id="figures-heading" className="font-serif text-xl font-semibold text-navy-900 dark:text-white">
          The last 12 months
        </h3>
        <FiguresTable
          caption="The journal's figures of the last 12 months, and each handling editor's"
          rows={[{ name: "The journal", figures: figures.journal }, ...figures.editors]}
        />
      </section>
    </div>
  );
}
