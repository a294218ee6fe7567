export type Column<Row> = {
  header: string;
  cell: (row: Row) => React.ReactNode;
  /** Extra classes of this column's cells. */
  className?: string;
};

/**
 * The dashboard's tables: a dark header row of column names over one row per record. `dense`
 * gives the tighter cells of the course tables.
 */
export function DataTable<Row>({
  columns,
  rows,
  rowKey,
  caption,
  dense = false,
  scrollRegion = false,
}: {
  columns: Column<Row>[];
  rows: readonly Row[];
  rowKey: (row: Row) => string;
  caption?: string;
  dense?: boolean;
  /**
   * A table whose rows may hold nothing focusable (the invitations once all are used): its
   * scrolling box is then a named region the keyboard can reach, to scroll it on a phone.
   */
  scrollRegion?: boolean;
}) {
  const cellClasses = dense ? "px-3 py-2.5" : "px-4 py-3";
  return (
    <div
      className="overflow-x-auto rounded-xl border border-slate-200 bg-white shadow-sm dark:border-slate-700 dark:bg-night-card"
      {...(scrollRegion ? { role: "region", "aria-label": caption, tabIndex: 0 } : {})}
    >
      <table className="w-full text-left text-sm">
        {caption && <caption className="sr-only">{caption}</caption>}
        <thead className="bg-navy-900 text-white">
          <tr>
            {columns.map((column) => (
              <th
                key={column.header}
                scope="col"
                // A dense table's headers may wrap ("Date / Updated") so that its columns fit.
                className={`${cellClasses} font-semibold ${dense ? "" : "whitespace-nowrap"}`}
              >
                {column.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-200 dark:divide-slate-700">
          {rows.map((row) => (
            <tr key={rowKey(row)}>
              {columns.map((column) => (
                <td key={column.header} className={`${cellClasses} ${column.className ?? ""}`.trim()}>
                  {column.cell(row)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
