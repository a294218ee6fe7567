import { useState } from "react";
import { Link } from "react-router";

import { ConfirmDialog } from "~/components/ConfirmDialog";
import { type ListPage, ShowMoreButton, useShowMore } from "~/components/ShowMore";
import { buttonClasses, ButtonLink } from "~/components/ui/Button";
import { type Column, DataTable } from "~/components/ui/DataTable";
import { Heading } from "~/components/ui/Heading";
import { Notice } from "~/components/ui/Notice";

import type { ActionResult } from "../tab";
import { DeleteLink } from "./DeleteLink";

/** What tells one list of published records (posts, journals) from another. */
export type ContentListSpec<Row> = {
  tab: string;
  title: string;
  create: { label: string; href: string };
  /** SPEC.md's words for an empty list. */
  empty: string;
  /** The columns before Delete and Edit. */
  columns: Column<Row>[];
  /** The record's name, for the Delete and Edit links' accessible names. */
  name: (row: Row) => string;
  editHref: (row: Row) => string;
  /** The delete form's fields, and what the dialog says will go. */
  deleteFields: (row: Row | undefined) => Record<string, string>;
  deleteDescription: (row: Row) => string;
};

/** A dashboard list of published records: a create link, a table, Show more and the delete dialog. */
export function ContentList<Row extends { id: string }>({
  spec,
  list: first,
  confirmId,
  result,
}: {
  spec: ContentListSpec<Row>;
  list: ListPage<Row>;
  confirmId: string | null;
  result: ActionResult | undefined;
}) {
  const pageHref = (n: number) => `/dashboard?tab=${spec.tab}&page=${n}`;
  const list = useShowMore(first, (data: { view: ListPage<Row> | null }) => data.view);
  const [deleting, setDeleting] = useState<string | null>(confirmId);
  const target = list.items.find((row) => row.id === deleting);
  return (
    <section aria-labelledby={`${spec.tab}-title`}>
      <div className="flex flex-wrap items-center justify-between gap-4">
        <Heading id={`${spec.tab}-title`}>{spec.title}</Heading>
        <ButtonLink to={spec.create.href}>{spec.create.label}</ButtonLink>
      </div>
      <Notice result={result} className="mt-4" />
      {list.items.length === 0 ? (
        <p className="mt-6 text-slate-600 dark:text-slate-400">{spec.empty}</p>
      ) : (
        <div className="mt-6">
          <DataTable columns={withDeleteAndEdit(spec, setDeleting)} rows={list.items} rowKey={(row) => row.id} />
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
    </section>
  );
}

function withDeleteAndEdit<Row extends { id: string }>(
  spec: ContentListSpec<Row>,
  onDelete: (id: string) => void,
): Column<Row>[] {
  return [
    ...spec.columns,
    {
      header: "Delete",
      cell: (row) => <DeleteLink tab={spec.tab} id={row.id} label={spec.name(row)} onOpen={onDelete} />,
    },
    {
      header: "Edit",
      cell: (row) => (
        <Link to={spec.editHref(row)} aria-label={`Edit ${spec.name(row)}`} className={buttonClasses("link", "inline")}>
          Edit
        </Link>
      ),
    },
  ];
}
