import { courseSchema, departmentSchema, facultySchema } from "~/lib/forms/academics";
import { fieldsOf } from "~/lib/read-form.server";
import { services } from "~/runtime.server";
import type { DeleteOutcome } from "~/services/academics.server";

import { byIntent, runAction, type TabLoadArgs } from "../../actions.server";

type Kind = "faculty" | "department" | "course";

/** The 403 message for a non-admin: SPEC.md words of this tab's own. */
export const deniedMessage = "Access denied. Admin privileges required."; // SPEC.md
const KIND_NAMES: Record<Kind, string> = { faculty: "Faculty", department: "Department", course: "Course" };
const CREATED = "Created successfully!"; // SPEC.md
const SAVE_FAILURES = { failed: "Failed to save", refused: (message: string) => `Error: ${message}` }; // SPEC.md
const CREATE_FAILURES = { failed: "Failed to create", refused: (message: string) => `Error: ${message}` }; // SPEC.md
const deleteFailures = (kind: Kind) => ({
  failed: "Failed to delete", // SPEC.md
  refused: (message: string) => `Error deleting ${kind}: ${message}`, // SPEC.md
});

const DEPARTMENT_FIELDS = ["name", "facultyId", "departimage", "content"];
const COURSE_FIELDS = ["name", "code", "credits", "semester", "description", "departmentId", "facultyId"];

export async function load(_args: TabLoadArgs) {
  return (await services()).academicsAdmin.lists().catch((error: unknown) => {
    console.error(`course tab: ${(error as Error).message}`);
    return null;
  });
}

const admin = async () => (await services()).academicsAdmin;
const idOf = (form: FormData) => String(form.get("id") ?? "");

export const createFaculty = runAction("create-faculty", CREATE_FAILURES, async ({ form, reply }) => {
  const { name } = facultySchema.parse(fieldsOf(form, ["name"]));
  await (await admin()).createFaculty(name);
  return reply(true, CREATED);
});

export const updateFaculty = runAction("update-faculty", SAVE_FAILURES, async ({ form, reply }) => {
  const { name } = facultySchema.parse(fieldsOf(form, ["name"]));
  await (await admin()).updateFaculty(idOf(form), name);
  return reply(true, "Faculty updated successfully!"); // SPEC.md
});

export const createDepartment = runAction("create-department", CREATE_FAILURES, async ({ form, reply }) => {
  await (await admin()).createDepartment(departmentSchema.parse(fieldsOf(form, DEPARTMENT_FIELDS)));
  return reply(true, CREATED);
});

export const updateDepartment = runAction("update-department", SAVE_FAILURES, async ({ form, reply }) => {
  const values = departmentSchema.parse(fieldsOf(form, DEPARTMENT_FIELDS));
  await (await admin()).updateDepartment(idOf(form), values);
  return reply(true, "Department updated successfully!"); // SPEC.md
});

export const createCourse = runAction("create-course", CREATE_FAILURES, async ({ form, reply }) => {
  await (await admin()).createCourse(courseSchema.parse(fieldsOf(form, COURSE_FIELDS)));
  return reply(true, CREATED);
});

export const updateCourse = runAction("update-course", SAVE_FAILURES, async ({ form, reply }) => {
  const values = courseSchema.parse(fieldsOf(form, COURSE_FIELDS));
  await (await admin()).updateCourse(idOf(form), values);
  return reply(true, "Course updated successfully!"); // SPEC.md
});

/** The numbers the person was shown and confirmed, when they were asked to delete everything inside. */
function confirmedContents(form: FormData) {
  if (form.get("together") !== "1") return undefined;
  return { departments: Number(form.get("departments")), courses: Number(form.get("courses")) };
}

/** A delete that stops at a record which still holds others, and says what it holds (409). */
function deleteAction(kind: Kind, remove: (id: string, form: FormData) => Promise<DeleteOutcome>) {
  return runAction(`delete-${kind}`, deleteFailures(kind), async ({ form, reply }) => {
    const id = idOf(form);
    const outcome = await remove(id, form);
    if (!outcome.deleted) return reply(false, "", { status: 409, extra: { holds: { kind, id, ...outcome.holds } } });
    return reply(true, `${KIND_NAMES[kind]} deleted successfully!`); // SPEC.md
  });
}

export const deleteFaculty = deleteAction("faculty", async (id, form) =>
  (await admin()).deleteFaculty(id, confirmedContents(form)),
);
export const deleteDepartment = deleteAction("department", async (id, form) =>
  (await admin()).deleteDepartment(id, confirmedContents(form)),
);
export const deleteCourse = deleteAction("course", async (id) => (await admin()).deleteCourse(id));

export const actions = byIntent(
  createFaculty,
  updateFaculty,
  deleteFaculty,
  createDepartment,
  updateDepartment,
  deleteDepartment,
  createCourse,
  updateCourse,
  deleteCourse,
);
