import { type Column, DataTable } from "~/components/ui/DataTable";

import type { Figures } from "../figures";

/** A row of the figures table: whose figures (the journal, or a handling editor) and the figures. */
export type FiguresRow = { name: string; figures: Figures };

const daysOrDash = (value: number | null) => (value === null ? "—" : `${value} days`);
export const percent = (value: number | null) => (value === null ? "—" : `${Math.round(value * 100)} %`);

const COLUMNS: Column<FiguresRow>[] = [
  { header: "Who", className: "font-medium", cell: (row) => row.name },
  { header: "Received", cell: (row) => row.figures.received },
  { header: "To a desk decision (median)", cell: (row) => daysOrDash(row.figures.daysToDeskDecision) },
  { header: "To a first decision (median)", cell: (row) => daysOrDash(row.figures.daysToFirstDecision) },
  {
    header: "Accepted",
    cell: (row) => `${percent(row.figures.acceptanceRate)}${row.figures.decided ? ` of ${row.figures.decided}` : ""}`,
  },
  {
    header: "Reviews' turnaround (median)",
    cell: (row) =>
      `${daysOrDash(row.figures.reviewDays)}${row.figures.reviews ? ` (${row.figures.reviews} reviews)` : ""}`,
  },
];

/** The desk's figures, one row per editor (and the journal's first). */
export function FiguresTable({ rows, caption }: { rows: FiguresRow[]; caption: string }) {
  return <DataTable columns={COLUMNS} rows={rows} rowKey={(row) => row.name} caption={caption} dense scrollRegion />;
}
