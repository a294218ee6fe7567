import { useState } from "react";

import { ConfirmDialog } from "~/components/ConfirmDialog";
import { type ListPage, ShowMoreButton, useShowMore } from "~/components/ShowMore";
import { type Column, DataTable } from "~/components/ui/DataTable";

/** What a dashboard list says when it is empty, and what its delete dialog sends and says. */
export type DeletableListSpec<Row> = {
  tab: string;
  /** SPEC.md's words for an empty list. */
  empty: string;
  /** The delete form's fields for the row the dialog is open on. */
  deleteFields: (row: Row | undefined) => Record<string, string>;
  /** What the dialog says will go. */
  deleteDescription: (row: Row) => string;
};

/** A paged table of a tab's records, with Show more, whose Delete links open SPEC.md's dialog. */
export function DeletableList<Row extends { id: string }>({
  spec,
  list: first,
  confirmId,
  columns,
  query = "",
}: {
  spec: DeletableListSpec<Row>;
  /** The list's search and filters (`&q=…&status=…`), kept by Show more. */
  query?: string;
  list: ListPage<Row>;
  confirmId: string | null;
  /** The table's columns; a row's Delete link calls `onDelete` with the row's id. */
  columns: (onDelete: (id: string) => void) => Column<Row>[];
}) {
  const pageHref = (n: number) => `/dashboard?tab=${spec.tab}${query}&page=${n}`;
  const list = useShowMore(first, (data: { view: ListPage<Row> | null }) => data.view);
  const [deleting, setDeleting] = useState<string | null>(confirmId);
  const target = list.items.find((row) => row.id === deleting);
  const shown = columns(setDeleting);
  return (
    <>
      {list.items.length === 0 ? (
        <p className="mt-6 text-slate-600 dark:text-slate-400">{spec.empty}</p>
      ) : (
        <div className="mt-6">
          {/* A wide table (the articles' ten columns) gets tighter cells, to fit a laptop's width. */}
          <DataTable columns={shown} rows={list.items} rowKey={(row) => row.id} dense={shown.length > 8} />
        </div>
      )}
      {list.hasMore && (
        <ShowMoreButton
          label="Show more"
          href={pageHref(list.page + 1)}
          loading={list.loading}
          onLoad={() => list.loadNext(pageHref)}
        />
      )}
      <ConfirmDialog
        open={Boolean(target)}
        onOpenChange={(open) => !open && setDeleting(null)}
        fields={spec.deleteFields(target)}
        pageHref={`/dashboard?tab=${spec.tab}`}
        description={target ? spec.deleteDescription(target) : undefined}
      />
    </>
  );
}
