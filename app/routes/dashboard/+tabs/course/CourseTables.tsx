import { Button } from "~/components/ui/Button";
import { type Column, DataTable } from "~/components/ui/DataTable";
import { Heading } from "~/components/ui/Heading";

import type { CourseLists, CourseRow, DepartmentRow, Editing, FacultyRow, Kind, RowOf } from "./course-types";

type RowActions = { onEdit: (target: Editing) => void; onDelete: (target: { kind: Kind; id: string }) => void };

/** The Edit and Delete columns of a record table; `name` is the record's name in their accessible names. */
function editAndDelete<K extends Kind>(
  kind: K,
  name: (row: RowOf[K]) => string,
  actions: RowActions,
): Column<RowOf[K]>[] {
  // TypeScript does not pair a generic kind with its row; RowOf[K] is that kind's row.
  const editing = (row: RowOf[K]) => ({ kind, row }) as Editing;
  return [
    {
      header: "Edit",
      cell: (row) => (
        <Button variant="link" onClick={() => actions.onEdit(editing(row))} aria-label={`Edit ${name(row)}`}>
          Edit
        </Button>
      ),
    },
    {
      header: "Delete",
      cell: (row) => (
        <Button
          variant="danger"
          onClick={() => actions.onDelete({ kind, id: row.id })}
          aria-label={`Delete ${name(row)}`}
        >
          Delete
        </Button>
      ),
    },
  ];
}

function Table<Row extends { id: string }>({
  title,
  columns,
  rows,
}: {
  title: string;
  columns: Column<Row>[];
  rows: Row[];
}) {
  return (
    <div>
      <Heading level={3}>{title}</Heading>
      <div className="mt-3">
        <DataTable dense columns={columns} rows={rows} rowKey={(row) => row.id} />
      </div>
    </div>
  );
}

/** The faculties, departments and courses, each row with Edit and Delete. */
export function CourseTables({ lists, ...actions }: { lists: CourseLists } & RowActions) {
  const faculties: Column<FacultyRow>[] = [
    { header: "Name", cell: (f) => f.name },
    ...editAndDelete("faculty", (f) => f.name, actions),
  ];
  const departments: Column<DepartmentRow>[] = [
    { header: "Name", cell: (d) => d.name },
    { header: "Faculty", cell: (d) => d.facultyName },
    ...editAndDelete("department", (d) => d.name, actions),
  ];
  const courses: Column<CourseRow>[] = [
    { header: "Code", className: "font-mono whitespace-nowrap", cell: (c) => c.code },
    { header: "Name", cell: (c) => c.name },
    { header: "Credits", cell: (c) => c.credits },
    { header: "Semester", cell: (c) => c.semester },
    { header: "Department", cell: (c) => c.departmentName },
    { header: "Faculty", cell: (c) => c.facultyName },
    ...editAndDelete("course", (c) => c.code, actions),
  ];
  return (
    <>
      <Table title="Faculties" columns={faculties} rows={lists.faculties} />
      <Table title="Departments" columns={departments} rows={lists.departments} />
      <Table title="Courses" columns={courses} rows={lists.courses} />
    </>
  );
}
