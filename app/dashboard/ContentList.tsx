import { Link } from "react-router";

import type { ListPage } from "~/components/ShowMore";
import { ButtonLink } from "~/components/ui/Button";
import type { Column } from "~/components/ui/DataTable";
import { Heading } from "~/components/ui/Heading";
import { Notice } from "~/components/ui/Notice";
import { formatDate } from "~/lib/text";

import { DeletableList, type DeletableListSpec } from "./DeletableList";
import { DeleteLink } from "./DeleteLink";
import { editColumn } from "./EditColumn";
import { BulkActions, type ListFilter, ListFilters, listQueryString, StatusBadge } from "./ListControls";
import { type SavedNote, SavedNotice } from "./SavedNotice";
import type { ListQuery, TabProps } from "./tab";

/**
 * What tells one list of published records from another. The record's kind names its addresses:
 * ?tab={kind}s, /create-{kind}, /update-{kind}/{id}, and the delete-{kind} intent with {kind}Id.
 */
export type ContentListSpec<Row> = {
  kind: "post" | "journal";
  /**
   * The list's heading, its create link, the title column's header and what it says when it is
   * empty: SPEC.md's words, or SPEC-NOTES.md's for the articles.
   */
  words: { title: string; create: string; titleHeader: string; empty: string };
  /**
   * The columns between Date Updated and Edit, Delete: "title" is the record's name, linked to its
   * page; "status" its Draft, Scheduled or Published badge.
   */
  columns: (Column<Row> | "title" | "status")[];
  /** The list's own filter besides status (the posts' category); a list may load its own instead. */
  filter?: ListFilter;
  /** The record's name, for the Delete and Edit links' accessible names. */
  name: (row: Row) => string;
  /** What the delete dialog says will go. */
  deleteDescription: (row: Row) => string;
};

type ContentRow = {
  id: string;
  slug: string;
  updatedAt: Date | string;
  status: string;
  publishAt: Date | string | null;
};

const STATUS_COLUMN: Column<ContentRow> = {
  header: "Status",
  cell: (row) => <StatusBadge status={row.status} publishAt={row.publishAt} />,
};

/** The tab of a list of published records: a create link, the table, Show more and the delete dialog. */
export function contentListTab<Row extends ContentRow>(spec: ContentListSpec<Row>) {
  const tab = `${spec.kind}s`;
  const deletable: DeletableListSpec<Row> = {
    tab,
    empty: spec.words.empty,
    deleteFields: (row) => ({ intent: `delete-${spec.kind}`, [`${spec.kind}Id`]: row?.id ?? "" }),
    deleteDescription: spec.deleteDescription,
  };
  return function ContentListTab({
    data,
    confirm,
    result,
  }: TabProps<ListPage<Row> & { query: ListQuery; total: number; filter?: ListFilter; saved?: SavedNote | null }>) {
    const bulkForm = `bulk-${tab}`;
    return (
      <section aria-labelledby={`${tab}-title`}>
        <div className="flex flex-wrap items-center justify-between gap-4">
          <Heading id={`${tab}-title`}>{spec.words.title}</Heading>
          <ButtonLink to={`/create-${spec.kind}`}>{spec.words.create}</ButtonLink>
        </div>
        {data.saved && <SavedNotice saved={data.saved} className="mt-4" />}
        <Notice result={result} className="mt-4" />
        <ListFilters tab={tab} query={data.query} own={data.filter ?? spec.filter} total={data.total} />
        {data.items.length > 0 && <BulkActions formId={bulkForm} intent={`bulk-${tab}`} />}
        <DeletableList
          // A new search or filter starts a new list (Show more's pages belong to the old one).
          key={listQueryString(data.query)}
          spec={deletable}
          list={data}
          confirmId={confirm}
          query={listQueryString(data.query)}
          columns={(onDelete) => contentColumns(spec, onDelete, bulkForm)}
        />
      </section>
    );
  };
}

/** The record's name, linked to its page (/post/{slug}, /journal/{slug}). */
function titleColumn<Row extends ContentRow>(spec: ContentListSpec<Row>): Column<Row> {
  return {
    header: spec.words.titleHeader,
    className: "font-medium",
    cell: (row) => (
      <Link to={`/${spec.kind}/${row.slug}`} className="hover:underline">
        {spec.name(row)}
      </Link>
    ),
  };
}

function contentColumns<Row extends ContentRow>(
  spec: ContentListSpec<Row>,
  onDelete: (id: string) => void,
  bulkForm: string,
): Column<Row>[] {
  return [
    {
      header: "Select",
      cell: (row) => (
        <input
          type="checkbox"
          name="ids"
          value={row.id}
          form={bulkForm}
          aria-label={`Select ${spec.name(row)}`}
          className="h-4 w-4"
        />
      ),
    },
    { header: "Date Updated", cell: (row) => formatDate(row.updatedAt, "short") },
    ...spec.columns.map((column) =>
      column === "title" ? titleColumn(spec) : column === "status" ? STATUS_COLUMN : column,
    ),
    // Edit before Delete: the common action first, the destructive one last (SPEC-NOTES.md).
    editColumn((row) => `/update-${spec.kind}/${row.id}`, spec.name),
    {
      header: "Delete",
      cell: (row) => <DeleteLink tab={`${spec.kind}s`} id={row.id} label={spec.name(row)} onOpen={onDelete} />,
    },
  ];
}
