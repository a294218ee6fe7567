import { z } from "zod";

import { COURSE_GONE, deletedMessage, DEPARTMENT_GONE, DEPARTMENT_NOT_FOUND } from "~/domain/messages/academics";
import type { Services } from "~/runtime.server";
import type { DeleteOutcome } from "~/services/academics.server";

import { type ApiContext, type ApiResult, type Operation, operationsTagged } from "../operation.server";
import { courseCoreJson, courseJson, departmentJson, facultyJson } from "../records.server";
import * as s from "../schemas";
import { done, message, ok, one } from "./shared.server";

/** Faculties, departments and courses (SPEC.md section 7). */

async function departmentOut(services: Services, id: string) {
  return departmentJson(one(await services.academics.departmentPage(id), DEPARTMENT_GONE));
}

async function courseOut(services: Services, id: string) {
  const { courses } = await services.academicsAdmin.lists();
  return courseJson(
    one(
      courses.find((c) => c.id === id),
      COURSE_GONE,
    ),
  );
}

/** A department as the service takes it, from the body the API accepts. */
function departmentInput(body: z.infer<typeof s.departmentBody>) {
  return { name: body.name, facultyId: body.faculty, departimage: body.departimage, content: body.content };
}

/** A course as the service takes it: its own fields, without the echoed record fields. */
function courseInput(body: z.infer<typeof s.courseBody>) {
  const { name, code, credits, semester, description, department, faculty } = body;
  return { name, code, credits, semester, description, departmentId: department, facultyId: faculty };
}

/** A department or a course in the API: the body it takes, as the service takes it, and the record it answers. */
type RecordKind<B extends z.ZodType, Input> = {
  body: B;
  input: (body: z.output<B>) => Input;
  record: z.ZodType;
  /** The record as saved, read back with its parents' names. */
  out: (services: Services, id: string) => Promise<unknown>;
};

const departments = { body: s.departmentBody, input: departmentInput, record: s.departmentRecord, out: departmentOut };
const courses = { body: s.courseBody, input: courseInput, record: s.courseRecord, out: courseOut };

/** What an admin's add of a department or course adds to its declaration: the record is answered with 201. */
const adds = <B extends z.ZodType, Input>(
  kind: RecordKind<B, Input>,
  add: (services: Services, input: Input) => Promise<{ id: string }>,
) => ({
  body: kind.body,
  responses: { 201: { description: "Created", schema: kind.record } },
  errors: [409],
  async handle({ services, body }: ApiContext<never, z.output<B>>) {
    const created = await add(services, kind.input(body));
    return ok(await kind.out(services, created.id), 201);
  },
});

/** What an admin's save of a department or course (the `{id}` in the path) adds to its declaration. */
const saves = <B extends z.ZodType, Input>(
  kind: RecordKind<B, Input>,
  save: (services: Services, id: string, input: Input) => Promise<unknown>,
) => ({
  body: kind.body,
  responses: { 200: { description: "Saved", schema: kind.record } },
  errors: [404, 409],
  async handle({ services, params, body }: ApiContext<never, z.output<B>>) {
    await save(services, params.id, kind.input(body));
    return ok(await kind.out(services, params.id));
  },
});

/** Delete refused because something is inside: say what, and how to confirm (SPEC-NOTES: never a silent cascade). */
function deleteOutcome(kind: "faculty" | "department" | "course", outcome: DeleteOutcome): ApiResult {
  if (outcome.deleted) return done(deletedMessage(kind[0].toUpperCase() + kind.slice(1)));
  const { departments, courses } = outcome.holds;
  const holds = [
    departments ? `${departments} department${departments === 1 ? "" : "s"}` : "",
    courses ? `${courses} course${courses === 1 ? "" : "s"}` : "",
  ]
    .filter(Boolean)
    .join(" and ");
  return ok(
    {
      success: false,
      statusCode: 409,
      message: `This ${kind} holds ${holds}. To delete them too, repeat the call with ?departments=${departments}&courses=${courses}.`,
      holds: outcome.holds,
    },
    409,
  );
}

const confirmQuery = z.object({
  departments: s
    .wholeNumberParam("departments")
    .optional()
    .meta({ description: "Confirms deleting this many departments inside" }),
  courses: s.wholeNumberParam("courses").optional().meta({ description: "Confirms deleting this many courses inside" }),
});
const confirmed = (q: { departments?: number; courses?: number }) =>
  q.departments !== undefined && q.courses !== undefined
    ? { departments: q.departments, courses: q.courses }
    : undefined;

/**
 * What the delete of a faculty or department adds to its declaration: it is refused (409) while it
 * holds anything, unless the call confirms how much.
 */
const deletesHolding = (
  kind: "faculty" | "department",
  remove: (services: Services, id: string, confirm: ReturnType<typeof confirmed>) => Promise<DeleteOutcome>,
) => ({
  query: confirmQuery,
  responses: { 200: message },
  errors: [404, 409],
  async handle({ services, params, query }: ApiContext<z.output<typeof confirmQuery>, undefined>) {
    return deleteOutcome(kind, await remove(services, params.id, confirmed(query)));
  },
});

const operation = operationsTagged("Academics");

export const academicOperations: Operation[] = [
  operation("getFaculties", "GET /api/faculty/getfaculty", "public", {
    summary: "Every faculty",
    responses: { 200: { description: "Faculties by name", schema: z.array(s.facultyRecord) } },
    async handle({ services }) {
      return ok((await services.academicsAdmin.lists()).faculties.map(facultyJson));
    },
  }),
  operation("getDepartments", "GET /api/departments/getdepart", "public", {
    summary: "Every department",
    responses: { 200: { description: "Departments by name", schema: z.array(s.departmentRecord) } },
    async handle({ services }) {
      return ok((await services.academicsAdmin.lists()).departments.map(departmentJson));
    },
  }),
  operation("getDepartment", "GET /api/departments/getdepart/{id}", "public", {
    summary: "One department with its courses",
    responses: { 200: { description: "The department", schema: s.departmentPage } },
    errors: [404],
    async handle({ services, params }) {
      const department = one(await services.academics.departmentPage(params.id), DEPARTMENT_NOT_FOUND);
      return ok({ ...departmentJson(department), courses: department.courses.map(courseCoreJson) });
    },
  }),
  operation("getCourses", "GET /api/course/getcourse", "public", {
    summary: "Every course",
    responses: { 200: { description: "Courses by code", schema: z.array(s.courseRecord) } },
    async handle({ services }) {
      return ok((await services.academicsAdmin.lists()).courses.map(courseJson));
    },
  }),
  operation("createFaculty", "POST /api/faculty/create", "site", {
    summary: "Add a faculty",
    body: s.facultyBody,
    responses: { 201: { description: "Created", schema: s.facultyRecord } },
    errors: [409],
    async handle({ services, body }) {
      return ok(facultyJson(await services.academicsAdmin.createFaculty(body.name)), 201);
    },
  }),
  operation("updateFaculty", "PUT /api/faculty/{id}", "site", {
    summary: "Rename a faculty",
    body: s.facultyBody,
    responses: { 200: { description: "Saved", schema: s.facultyRecord } },
    errors: [404, 409],
    async handle({ services, params, body }) {
      return ok(facultyJson(await services.academicsAdmin.updateFaculty(params.id, body.name)));
    },
  }),
  operation("deleteFaculty", "DELETE /api/faculty/{id}", "site", {
    aliases: [{ path: "/api/faculty/deletefaculty/{id}/{userId}", operationId: "deleteFacultyWithUser" }],
    summary: "Delete a faculty",
    description:
      "A faculty that still holds departments or courses answers 409 with their numbers; repeat with those numbers to delete them too.",
    ...deletesHolding("faculty", (services, id, confirm) => services.academicsAdmin.deleteFaculty(id, confirm)),
  }),
  operation("createDepartment", "POST /api/departments/create", "site", {
    summary: "Add a department to a faculty",
    ...adds(departments, (services, input) => services.academicsAdmin.createDepartment(input)),
  }),
  operation("updateDepartment", "PUT /api/departments/{id}", "site", {
    aliases: [{ path: "/api/department/{id}", operationId: "updateDepartmentSingular" }],
    summary: "Save an edited department",
    ...saves(departments, (services, id, input) => services.academicsAdmin.updateDepartment(id, input)),
  }),
  operation("deleteDepartment", "DELETE /api/departments/{id}", "site", {
    aliases: [{ path: "/api/department/{id}", operationId: "deleteDepartmentSingular" }],
    summary: "Delete a department",
    description:
      "A department that still holds courses answers 409 with their number; repeat with ?departments=0&courses=N to delete them too.",
    ...deletesHolding("department", (services, id, confirm) => services.academicsAdmin.deleteDepartment(id, confirm)),
  }),
  operation("createCourse", "POST /api/course/create", "site", {
    summary: "Add a course",
    ...adds(courses, (services, input) => services.academicsAdmin.createCourse(input)),
  }),
  operation("updateCourse", "PUT /api/course/{id}", "site", {
    summary: "Save an edited course",
    ...saves(courses, (services, id, input) => services.academicsAdmin.updateCourse(id, input)),
  }),
  operation("deleteCourse", "DELETE /api/course/{id}", "site", {
    summary: "Delete a course",
    responses: { 200: message },
    errors: [404],
    async handle({ services, params }) {
      return deleteOutcome("course", await services.academicsAdmin.deleteCourse(params.id));
    },
  }),
];
