import { Link } from "react-router";

import { buttonClasses } from "~/components/ui/Button";
import type { Column } from "~/components/ui/DataTable";

/** A dashboard table's Edit column: a link to the row's editor, named after the row for screen readers. */
export function editColumn<Row>(to: (row: Row) => string, name: (row: Row) => string): Column<Row> {
  return {
    header: "Edit",
    cell: (row) => (
      <Link to={to(row)} className={buttonClasses("link", "inline")} aria-label={`Edit ${name(row)}`}>
        Edit
      </Link>
    ),
  };
}
