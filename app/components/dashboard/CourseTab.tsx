import * as Dialog from "@radix-ui/react-dialog";
import { useCallback, useEffect, useState } from "react";
import { Form, useFetcher, useNavigation } from "react-router";
import type { z } from "zod";

import { ConfirmDialog } from "~/components/ConfirmDialog";
import { Alert } from "~/components/forms/Alert";
import { Field } from "~/components/forms/Field";
import { UploadField } from "~/components/forms/UploadField";
import { SEMESTERS } from "~/domain/vocabulary";
import { useUploadsInFlight } from "~/lib/form-hooks";
import { courseSchema, departmentSchema, facultySchema } from "~/lib/forms/academics";
import { useRestoreFocus } from "~/lib/use-restore-focus";

import { AdminTable } from "./AdminTable";

type FacultyRow = { id: string; name: string };
type DepartmentRow = {
  id: string;
  name: string;
  facultyId: string;
  facultyName: string;
  departimage: string;
  content: string;
};
type CourseRow = {
  id: string;
  name: string;
  code: string;
  credits: number;
  semester: string;
  description: string;
  departmentId: string;
  facultyId: string;
  departmentName: string;
  facultyName: string;
};
export type CourseLists = { faculties: FacultyRow[]; departments: DepartmentRow[]; courses: CourseRow[] };
type Kind = "faculty" | "department" | "course";
export type CourseResult =
  | {
      intent: string;
      ok: boolean;
      message: string;
      holds?: { kind: Kind; id: string; departments: number; courses: number };
    }
  | undefined;

const input =
  "mt-1.5 block w-full rounded-md border border-slate-300 bg-white px-3 py-2.5 dark:border-slate-600 dark:bg-navy-950";
const label = "block text-sm font-semibold text-slate-800 dark:text-slate-200";
const h3 = "font-serif text-xl font-semibold text-navy-900 dark:text-white";
const panel = "rounded-xl border border-slate-200 p-5 dark:border-slate-700";
const td = "px-3 py-2.5";
const TYPE_NAME: Record<Kind, string> = { faculty: "Faculty", department: "Department", course: "Course" };

function Select({
  id,
  name,
  text,
  options,
  defaultValue,
  placeholder,
}: {
  id: string;
  name: string;
  text: string;
  options: { value: string; label: string }[];
  defaultValue?: string;
  placeholder?: string;
}) {
  return (
    <div>
      <label htmlFor={id} className={label}>
        {text}
      </label>
      <select id={id} name={name} defaultValue={defaultValue ?? ""} className={input}>
        {placeholder !== undefined && <option value="">{placeholder}</option>}
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </div>
  );
}

/** Client check with the server's schema: the message, and nothing sent. */
function checkWith(schema: z.ZodType, setMessage: (m: string | null) => void) {
  return (event: React.FormEvent<HTMLFormElement>) => {
    const parsed = schema.safeParse(Object.fromEntries(new FormData(event.currentTarget)));
    if (!parsed.success) {
      event.preventDefault();
      setMessage(parsed.error.issues[0]?.message ?? "Please fill all required fields");
    } else {
      setMessage(null);
    }
  };
}

function CourseFields({ lists, course, prefix }: { lists: CourseLists; course?: CourseRow; prefix: string }) {
  return (
    <div className="grid gap-4 sm:grid-cols-2">
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
      <Select
        id={`${prefix}-semester`}
        name="semester"
        text="Semester"
        defaultValue={course?.semester}
        placeholder="Select semester"
        options={SEMESTERS.map((s) => ({ value: s, label: s }))}
      />
      <Select
        id={`${prefix}-department`}
        name="departmentId"
        text="Department"
        defaultValue={course?.departmentId}
        placeholder="Select department"
        options={lists.departments.map((d) => ({ value: d.id, label: `${d.name} (${d.facultyName})` }))}
      />
      <Select
        id={`${prefix}-faculty`}
        name="facultyId"
        text="Faculty"
        defaultValue={course?.facultyId}
        placeholder="Select faculty"
        options={lists.faculties.map((f) => ({ value: f.id, label: f.name }))}
      />
      <div className="sm:col-span-2">
        <label htmlFor={`${prefix}-description`} className={label}>
          Description (optional)
        </label>
        <textarea
          id={`${prefix}-description`}
          name="description"
          rows={3}
          defaultValue={course?.description}
          className={input}
        />
      </div>
    </div>
  );
}

type Editing =
  | { kind: "faculty"; row: FacultyRow }
  | { kind: "department"; row: DepartmentRow }
  | { kind: "course"; row: CourseRow };

/**
 * Edits one record. It stays open until the server accepts the change, so a refusal (a duplicate
 * code, a department of another faculty) is shown here with everything still typed.
 */
function EditModal({
  editing,
  lists,
  onClose,
  onSaved,
}: {
  editing: Editing | null;
  lists: CourseLists;
  onClose: () => void;
  onSaved: (message: string) => void;
}) {
  const [message, setMessage] = useState<string | null>(null);
  const [image, setImage] = useState(editing?.kind === "department" ? editing.row.departimage : "");
  const { uploading, onUploadingChange: setUploading } = useUploadsInFlight();
  const fetcher = useFetcher<{ ok: boolean; message: string }>();
  const focus = useRestoreFocus();
  const answer = fetcher.state === "idle" ? fetcher.data : undefined;
  useEffect(() => {
    if (answer?.ok) {
      onSaved(answer.message);
      onClose();
    }
  }, [answer, onSaved, onClose]);
  const shownMessage = message ?? (answer && !answer.ok ? answer.message : null);
  if (!editing) return null;
  const schema =
    editing.kind === "faculty" ? facultySchema : editing.kind === "department" ? departmentSchema : courseSchema;
  return (
    <Dialog.Root open onOpenChange={(open) => !open && onClose()}>
      <Dialog.Overlay className="fixed inset-0 z-40 bg-navy-950/70" />
      <Dialog.Content
        {...focus}
        className="fixed top-1/2 left-1/2 z-50 max-h-[90vh] w-[calc(100%-2rem)] max-w-2xl -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-xl bg-white p-7 shadow-2xl dark:bg-night-card dark:text-slate-100"
      >
        <Dialog.Title className={h3}>Edit {TYPE_NAME[editing.kind].toLowerCase()}</Dialog.Title>
        <Dialog.Description className="sr-only">Change the fields and save.</Dialog.Description>
        <fetcher.Form
          method="post"
          action="/dashboard?tab=course"
          className="mt-5 space-y-4"
          onSubmit={checkWith(schema, setMessage)}
        >
          <input type="hidden" name="intent" value={`update-${editing.kind}`} />
          <input type="hidden" name="id" value={editing.row.id} />
          {editing.kind === "faculty" && <Field label="Faculty name" name="name" defaultValue={editing.row.name} />}
          {editing.kind === "department" && (
            <>
              <Field label="Department name" name="name" defaultValue={editing.row.name} />
              <Select
                id="edit-department-faculty"
                name="facultyId"
                text="Faculty"
                defaultValue={editing.row.facultyId}
                options={lists.faculties.map((f) => ({ value: f.id, label: f.name }))}
              />
              <UploadField
                name="departimage"
                label="Department image"
                purpose="image"
                value={image}
                onChange={setImage}
                onUploadingChange={setUploading}
                failureMessage="Error uploading image"
                missingMessage="Please select an image"
              />
              <div>
                <label htmlFor="edit-department-content" className={label}>
                  Description
                </label>
                <textarea
                  id="edit-department-content"
                  name="content"
                  rows={4}
                  defaultValue={editing.row.content}
                  className={input}
                />
              </div>
            </>
          )}
          {editing.kind === "course" && <CourseFields lists={lists} course={editing.row} prefix="edit-course" />}
          {shownMessage && <Alert tone="error">{shownMessage}</Alert>}
          <div className="flex justify-end gap-3 pt-2">
            <Dialog.Close className="rounded-md border border-slate-300 px-5 py-2 font-semibold dark:border-slate-600">
              Cancel
            </Dialog.Close>
            <button
              type="submit"
              disabled={uploading || fetcher.state !== "idle"}
              className="rounded-md bg-navy-800 px-5 py-2 font-semibold text-white disabled:opacity-60 dark:bg-gold-500 dark:text-navy-950"
            >
              {fetcher.state !== "idle" ? "Saving..." : "Save"}
            </button>
          </div>
        </fetcher.Form>
      </Dialog.Content>
    </Dialog.Root>
  );
}

export function CourseTab({ lists, result }: { lists: CourseLists | null; result: CourseResult }) {
  const navigation = useNavigation();
  const [clientMessage, setClientMessage] = useState<{ form: string; text: string } | null>(null);
  const [image, setImage] = useState("");
  const { uploading, onUploadingChange: setUploading } = useUploadsInFlight();
  const [editing, setEditing] = useState<Editing | null>(null);
  const [deleting, setDeleting] = useState<{ kind: Kind; id: string } | null>(null);
  // The answer whose "not empty" question was dismissed: the question stays closed until a new answer.
  const [dismissedHolds, setDismissedHolds] = useState<CourseResult | null>(null);
  const [saved, setSaved] = useState<{ message: string } | null>(null);
  const [resultSeen, setResultSeen] = useState(result);
  if (resultSeen !== result) {
    // A newer answer from the page's own forms replaces the modal's message.
    setResultSeen(result);
    setSaved(null);
  }
  const closeEditor = useCallback(() => setEditing(null), []);
  const showSaved = useCallback((message: string) => setSaved({ message }), []);
  const holds = dismissedHolds === result ? undefined : result?.holds;

  if (navigation.state === "loading" && navigation.location.search.includes("tab=course") && !lists)
    return <p>Loading...</p>;
  if (!lists) {
    return <Alert tone="error">Failed to load data. Please try again.</Alert>;
  }
  const messageFor = (form: string) => (clientMessage?.form === form ? clientMessage.text : null);
  const setFor = (form: string) => (text: string | null) => setClientMessage(text ? { form, text } : null);
  const deleteButton = (kind: Kind, id: string, name: string) => (
    <button
      type="button"
      onClick={() => setDeleting({ kind, id })}
      aria-label={`Delete ${name}`}
      className="font-semibold text-red-700 hover:underline dark:text-red-300"
    >
      Delete
    </button>
  );
  const editButton = (target: Editing, name: string) => (
    <button
      type="button"
      onClick={() => setEditing(target)}
      aria-label={`Edit ${name}`}
      className="font-semibold text-navy-700 hover:underline dark:text-gold-300"
    >
      Edit
    </button>
  );

  return (
    <section aria-labelledby="course-title" className="space-y-8">
      <h2 id="course-title" className="font-serif text-3xl font-bold text-navy-900 dark:text-white">
        Faculties, departments and courses
      </h2>
      {saved ? (
        <Alert tone="success" token={saved}>
          {saved.message}
        </Alert>
      ) : (
        result &&
        !result.holds && (
          <Alert tone={result.ok ? "success" : "error"} token={result}>
            {result.message}
          </Alert>
        )
      )}

      <div className="grid gap-6 lg:grid-cols-2">
        <Form
          method="post"
          action="/dashboard?tab=course"
          className={`${panel} space-y-4`}
          onSubmit={checkWith(facultySchema, setFor("faculty"))}
        >
          <h3 className={h3}>Create Faculty</h3>
          <input type="hidden" name="intent" value="create-faculty" />
          <Field label="Faculty name" name="name" />
          {messageFor("faculty") && <Alert tone="error">{messageFor("faculty")}</Alert>}
          <button
            type="submit"
            className="rounded-md bg-navy-800 px-5 py-2 font-semibold text-white dark:bg-gold-500 dark:text-navy-950"
          >
            Create Faculty
          </button>
        </Form>

        <Form
          method="post"
          action="/dashboard?tab=course"
          className={`${panel} space-y-4`}
          onSubmit={checkWith(departmentSchema, setFor("department"))}
        >
          <h3 className={h3}>Create Department</h3>
          <input type="hidden" name="intent" value="create-department" />
          <Field label="Department name" name="name" />
          <Select
            id="new-department-faculty"
            name="facultyId"
            text="Faculty"
            placeholder="Select faculty"
            options={lists.faculties.map((f) => ({ value: f.id, label: f.name }))}
          />
          <UploadField
            name="departimage"
            label="Department image (optional)"
            purpose="image"
            value={image}
            onChange={setImage}
            onUploadingChange={setUploading}
            failureMessage="Error uploading image"
            missingMessage="Please select an image"
          />
          <div>
            <label htmlFor="new-department-content" className={label}>
              Description (optional)
            </label>
            <textarea id="new-department-content" name="content" rows={3} className={input} />
          </div>
          {messageFor("department") && <Alert tone="error">{messageFor("department")}</Alert>}
          <button
            type="submit"
            disabled={uploading}
            className="rounded-md bg-navy-800 px-5 py-2 font-semibold text-white disabled:opacity-60 dark:bg-gold-500 dark:text-navy-950"
          >
            Create Department
          </button>
        </Form>
      </div>

      <Form
        method="post"
        action="/dashboard?tab=course"
        className={`${panel} space-y-4`}
        onSubmit={checkWith(courseSchema, setFor("course"))}
      >
        <h3 className={h3}>Create Course</h3>
        <input type="hidden" name="intent" value="create-course" />
        <CourseFields lists={lists} prefix="new-course" />
        {messageFor("course") && <Alert tone="error">{messageFor("course")}</Alert>}
        <button
          type="submit"
          className="rounded-md bg-navy-800 px-5 py-2 font-semibold text-white dark:bg-gold-500 dark:text-navy-950"
        >
          Create Course
        </button>
      </Form>

      <Table title="Faculties" headings={["Name", "Edit", "Delete"]}>
        {lists.faculties.map((f) => (
          <tr key={f.id}>
            <td className={td}>{f.name}</td>
            <td className={td}>{editButton({ kind: "faculty", row: f }, f.name)}</td>
            <td className={td}>{deleteButton("faculty", f.id, f.name)}</td>
          </tr>
        ))}
      </Table>
      <Table title="Departments" headings={["Name", "Faculty", "Edit", "Delete"]}>
        {lists.departments.map((d) => (
          <tr key={d.id}>
            <td className={td}>{d.name}</td>
            <td className={td}>{d.facultyName}</td>
            <td className={td}>{editButton({ kind: "department", row: d }, d.name)}</td>
            <td className={td}>{deleteButton("department", d.id, d.name)}</td>
          </tr>
        ))}
      </Table>
      <Table
        title="Courses"
        headings={["Code", "Name", "Credits", "Semester", "Department", "Faculty", "Edit", "Delete"]}
      >
        {lists.courses.map((c) => (
          <tr key={c.id}>
            <td className={`${td} font-mono whitespace-nowrap`}>{c.code}</td>
            <td className={td}>{c.name}</td>
            <td className={td}>{c.credits}</td>
            <td className={td}>{c.semester}</td>
            <td className={td}>{c.departmentName}</td>
            <td className={td}>{c.facultyName}</td>
            <td className={td}>{editButton({ kind: "course", row: c }, c.code)}</td>
            <td className={td}>{deleteButton("course", c.id, c.code)}</td>
          </tr>
        ))}
      </Table>

      <EditModal
        key={editing ? `${editing.kind}-${editing.row.id}` : "none"}
        editing={editing}
        lists={lists}
        onClose={closeEditor}
        onSaved={showSaved}
      />
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => !open && setDeleting(null)}
        title={`Are you sure you want to delete this ${deleting?.kind ?? "item"}?`}
        fields={{ intent: `delete-${deleting?.kind ?? ""}`, id: deleting?.id ?? "" }}
        pageHref="/dashboard?tab=course"
      />
      <ConfirmDialog
        open={Boolean(holds)}
        onOpenChange={(open) => !open && setDismissedHolds(result)}
        title={`This ${holds?.kind ?? "item"} is not empty`}
        description={
          holds
            ? `It still holds ${holds.kind === "faculty" ? `${holds.departments} department${holds.departments === 1 ? "" : "s"} and ` : ""}${holds.courses} course${holds.courses === 1 ? "" : "s"}. Delete them all together?`
            : undefined
        }
        confirmLabel="Delete them all"
        fields={{
          intent: `delete-${holds?.kind ?? ""}`,
          id: holds?.id ?? "",
          together: "1",
          departments: String(holds?.departments ?? 0),
          courses: String(holds?.courses ?? 0),
        }}
        pageHref="/dashboard?tab=course"
      />
    </section>
  );
}

function Table({ title, headings, children }: { title: string; headings: string[]; children: React.ReactNode }) {
  return (
    <div>
      <h3 className={h3}>{title}</h3>
      <div className="mt-3">
        <AdminTable headings={headings}>{children}</AdminTable>
      </div>
    </div>
  );
}
