import { Field } from "~/components/forms/Field";
import { Select } from "~/components/ui/Select";
import { Textarea } from "~/components/ui/Textarea";
import { SEMESTERS } from "~/domain/vocabulary";

import { type CourseLists, type CourseRow, type DepartmentRow, facultyOptions } from "./course-types";

/** A course's fields, for the create form and the edit dialog (`prefix` keeps their ids apart). */
export function CourseFields({ lists, course, prefix }: { lists: CourseLists; course?: CourseRow; prefix: string }) {
  return (
    <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
      <Field label="Course name" name="name" defaultValue={course?.name} aria-required="true" />
      <Field label="Course code" name="code" defaultValue={course?.code} aria-required="true" />
      <Field
        label="Credits"
        name="credits"
        type="number"
        min={1}
        max={6}
        step={1}
        defaultValue={course?.credits ?? 3}
      />
      <CourseChoices lists={lists} course={course} prefix={prefix} />
      <Textarea
        className="sm:col-span-2"
        id={`${prefix}-description`}
        name="description"
        label="Description (optional)"
        rows={3}
        defaultValue={course?.description}
      />
    </div>
  );
}

/** Where a course sits: its semester, department and faculty, each chosen from a list. */
function CourseChoices({ lists, course, prefix }: { lists: CourseLists; course?: CourseRow; prefix: string }) {
  const choices = [
    { name: "semester", label: "Semester", options: SEMESTERS.map((s) => ({ value: s, label: s })) },
    {
      name: "departmentId",
      label: "Department",
      options: lists.departments.map((d) => ({ value: d.id, label: `${d.name} (${d.facultyName})` })),
    },
    { name: "facultyId", label: "Faculty", options: facultyOptions(lists) },
  ] as const;
  return choices.map(({ name, label, options }) => (
    <Select
      key={name}
      id={`${prefix}-${label.toLowerCase()}`}
      name={name}
      label={label}
      defaultValue={course?.[name] ?? ""}
      placeholder={`Select ${label.toLowerCase()}`}
      options={options}
    />
  ));
}

/** A department's name and faculty (its image and description are laid out by each form). */
export function DepartmentNameFields({
  lists,
  department,
  prefix,
}: {
  lists: CourseLists;
  department?: DepartmentRow;
  prefix: string;
}) {
  return (
    <>
      <Field label="Department name" name="name" defaultValue={department?.name} />
      <Select
        id={`${prefix}-faculty`}
        name="facultyId"
        label="Faculty"
        defaultValue={department?.facultyId ?? ""}
        placeholder={department ? undefined : "Select faculty"}
        options={facultyOptions(lists)}
      />
    </>
  );
}
