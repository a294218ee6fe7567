import type { z } from "zod";

import { byIntent, runAction, type TabLoadArgs } from "~/dashboard/actions.server";
import { courseSchema, departmentSchema, facultySchema } from "~/lib/forms/academics";
import { fieldsOf } from "~/lib/read-form.server";
import { services } from "~/runtime.server";
import type { DeleteOutcome } from "~/services/academics.server";

import { type Kind, TYPE_NAME } from "./course-types";

/** The 403 message for a non-admin: SPEC.md words of this tab's own. */
export const deniedMessage = "Access denied. Admin privileges required."; // SPEC.md
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

/** A kind's create and update: the form checked by the kind's schema, then written by `write`. */
function writeActions<T>(
  kind: Kind,
  schema: z.ZodType<T>,
  fields: readonly string[],
  write: { create: (values: T) => Promise<unknown>; update: (id: string, values: T) => Promise<unknown> },
) {
  const valuesOf = (form: FormData) => schema.parse(fieldsOf(form, fields));
  return {
    create: runAction(`create-${kind}`, CREATE_FAILURES, async ({ form, reply }) => {
      await write.create(valuesOf(form));
      return reply(true, CREATED);
    }),
    update: runAction(`update-${kind}`, SAVE_FAILURES, async ({ form, reply }) => {
      await write.update(idOf(form), valuesOf(form));
      return reply(true, `${TYPE_NAME[kind]} updated successfully!`); // SPEC.md
    }),
  };
}

export const { create: createFaculty, update: updateFaculty } = writeActions("faculty", facultySchema, ["name"], {
  create: async ({ name }) => (await admin()).createFaculty(name),
  update: async (id, { name }) => (await admin()).updateFaculty(id, name),
});

export const { create: createDepartment, update: updateDepartment } = writeActions(
  "department",
  departmentSchema,
  DEPARTMENT_FIELDS,
  {
    // The description is written as plain text here and stored as paragraphs (the JSON API takes HTML).
    create: async (values) => (await admin()).createDepartment(values),
    update: async (id, values) => (await admin()).updateDepartment(id, values),
  },
);

export const { create: createCourse, update: updateCourse } = writeActions("course", courseSchema, COURSE_FIELDS, {
  create: async (values) => (await admin()).createCourse(values),
  update: async (id, values) => (await admin()).updateCourse(id, values),
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
    return reply(true, `${TYPE_NAME[kind]} deleted successfully!`); // SPEC.md
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
