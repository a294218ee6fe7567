import { Form } from "react-router";

import { Button } from "~/components/ui/Button";
import { type Column, DataTable } from "~/components/ui/DataTable";
import { Heading } from "~/components/ui/Heading";
import { Notice } from "~/components/ui/Notice";
import type { Loaded, TabProps } from "~/dashboard/tab";
import { formatDate } from "~/lib/text";

import type { load } from "./trash.server";

type TrashRow = Loaded<typeof load>["items"][number];

const KIND_LABELS = { post: "Post", journal: "Article" };

/** Restore and delete-for-good: plain forms, so they work before the page's scripts load. */
function TrashActions({ row }: { row: TrashRow }) {
  return (
    <div className="flex flex-wrap items-center gap-3">
      <Form method="post">
        <input type="hidden" name="intent" value="restore-item" />
        <input type="hidden" name="kind" value={row.kind} />
        <input type="hidden" name="id" value={row.id} />
        <Button type="submit" variant="link" size="inline" aria-label={`Restore ${row.title}`}>
          Restore
        </Button>
      </Form>
      <details>
        <summary className="cursor-pointer text-sm font-semibold text-red-700 dark:text-red-300">
          Delete permanently
        </summary>
        <Form method="post" className="mt-2">
          <input type="hidden" name="intent" value="purge-item" />
          <input type="hidden" name="kind" value={row.kind} />
          <input type="hidden" name="id" value={row.id} />
          <Button type="submit" variant="danger" size="inline" aria-label={`Delete ${row.title} permanently`}>
            Yes, delete it for good
          </Button>
        </Form>
      </details>
    </div>
  );
}

const COLUMNS: Column<TrashRow>[] = [
  { header: "Title", className: "font-medium", cell: (row) => row.title },
  { header: "Kind", cell: (row) => KIND_LABELS[row.kind] },
  {
    header: "Deleted",
    className: "whitespace-nowrap",
    cell: (row) => (row.deletedAt ? formatDate(row.deletedAt, "short") : ""),
  },
  {
    header: "Kept for",
    className: "whitespace-nowrap",
    cell: (row) => `${row.daysLeft} more ${row.daysLeft === 1 ? "day" : "days"}`,
  },
  { header: "Actions", cell: (row) => <TrashActions row={row} /> },
];

/** Deleted posts and articles, restorable for 30 days, then deleted for good. */
export function TrashTab({ data, result }: TabProps<Loaded<typeof load>>) {
  return (
    <section aria-labelledby="trash-title">
      <Heading id="trash-title">Trash</Heading>
      <p className="mt-2 text-slate-600 dark:text-slate-400">
        Deleted posts and journal articles stay here for 30 days: restore one to put it back where it was, at its old
        address.
      </p>
      <Notice result={result} className="mt-4" />
      {data.items.length === 0 ? (
        <p className="mt-6 text-slate-600 dark:text-slate-400">The trash is empty.</p>
      ) : (
        <div className="mt-6">
          <DataTable columns={COLUMNS} rows={data.items} rowKey={(row) => `${row.kind}-${row.id}`} />
        </div>
      )}
      {data.more && <p className="mt-4 text-sm">The 50 most recently deleted of each kind are shown.</p>}
    </section>
  );
}
