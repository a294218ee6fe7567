import { z } from "zod";

import {
  FOCUS_KEYS,
  type FocusKey,
  SETTINGS_SECTIONS,
  type SettingsSection,
  STAFF_ROLES,
  type StaffRole,
} from "~/domain/vocabulary";
import type { DeleteOutcome } from "~/services/academics.server";
import { ServiceError } from "~/services/errors.server";
import type { Services } from "~/services/index.server";
import { normalisePage } from "~/services/pagination";

import { type ApiResult, defineOperation, type Operation } from "./operation.server";
import {
  courseCoreJson,
  courseJson,
  departmentJson,
  facultyJson,
  journalJson,
  postJson,
  userJson,
} from "./records.server";
import * as s from "./schemas";

/**
 * Every call of SPEC.md section 7, as data: the dispatcher routes and checks by it, the OpenAPI
 * document is generated from it, and the contract, authorisation and fuzz tests walk it. Each
 * handler only translates between the API's shapes and the domain services, which hold the rules.
 */

const ok = (body: unknown, status = 200, headers?: Headers): ApiResult => ({ status, body, headers });
const done = (message: string, status = 200, headers?: Headers) => ok({ success: true, message }, status, headers);
const refuse = (status: number, message: string): never => {
  throw new ServiceError(message, status);
};

const pageQuery = {
  startIndex: s.wholeNumberParam("startIndex").optional(),
  limit: s.wholeNumberParam("limit").optional(),
};

const one = <T>(value: T | undefined | null, message: string): T => value ?? refuse(404, message);

async function departmentOut(services: Services, id: string) {
  return departmentJson(one(await services.academics.departmentPage(id), "That department no longer exists."));
}

async function courseOut(services: Services, id: string) {
  const { courses } = await services.academicsAdmin.lists();
  return courseJson(
    one(
      courses.find((c) => c.id === id),
      "That course no longer exists.",
    ),
  );
}

/** Delete refused because something is inside: say what, and how to confirm (SPEC-NOTES: never a silent cascade). */
function deleteOutcome(kind: string, outcome: DeleteOutcome, name: string): ApiResult {
  if (outcome.deleted) return done(`${name} deleted successfully!`);
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

const message = { description: "Done", schema: s.messageResponse };

// ---------- accounts ----------

const accountOperations: Operation[] = [
  defineOperation({
    operationId: "signUp",
    method: "POST",
    path: "/api/auth/signup",
    tag: "Accounts",
    summary: "Create an account",
    access: "public",
    body: s.signUpBody,
    responses: { 201: { description: "Account created; sign in next", schema: s.messageResponse } },
    errors: [409, 422, 429],
    async handle({ request, services, body }) {
      const result = await services.accounts.signUp(request, body);
      if (!result.ok)
        return ok(
          { success: false, statusCode: result.status, message: result.message },
          result.status,
          result.headers,
        );
      return done("Signup successful", 201);
    },
  }),
  defineOperation({
    operationId: "signIn",
    method: "POST",
    path: "/api/auth/signin",
    tag: "Accounts",
    summary: "Sign in with username (or e-mail) and password",
    description: 'Sets the session cookie. Later calls send it back (`credentials: "include"`).',
    access: "public",
    body: s.signInBody,
    setsSession: true,
    responses: { 200: { description: "Signed in", schema: s.signInResponse } },
    errors: [401, 429],
    async handle({ request, services, body }) {
      const { accounts } = services;
      const result = await accounts.signIn(request, body);
      if (!result.ok)
        return ok(
          { success: false, statusCode: result.status, message: result.message },
          result.status,
          result.headers,
        );
      const user = body.username.includes("@")
        ? await accounts.findByEmail(body.username)
        : await accounts.findByUsername(body.username);
      return ok(
        { success: true, message: "Signed in", user: userJson(one(user, "That account no longer exists.")) },
        200,
        result.headers,
      );
    },
  }),
  defineOperation({
    operationId: "signInWithGoogle",
    method: "POST",
    path: "/api/auth/google",
    tag: "Accounts",
    summary: "Sign in with a Google ID token",
    description:
      "Send the ID token Google issued to this site's client. Its signature is checked against Google's published keys, with its audience (this site's client id) and expiry; the account is found or created from the verified token. A name and e-mail without a token are refused.",
    access: "public",
    body: s.googleSignInBody,
    setsSession: true,
    responses: { 200: { description: "Signed in", schema: s.signInResponse } },
    errors: [401, 404, 429],
    async handle({ request, services, body }) {
      const result = await services.accounts.signInWithGoogleIdToken(request, body.idToken);
      if (!result.ok)
        return ok(
          { success: false, statusCode: result.status, message: result.message },
          result.status,
          result.headers,
        );
      return ok(
        { success: true, message: "Signed in", user: userJson(one(result.user, "That account no longer exists.")) },
        200,
        result.headers,
      );
    },
  }),
  defineOperation({
    operationId: "signOut",
    method: "POST",
    path: "/api/users/signout",
    tag: "Accounts",
    summary: "Sign out",
    access: "public",
    setsSession: true,
    responses: { 200: message },
    async handle({ request, services }) {
      const result = await services.accounts.signOut(request);
      return done("Signed out", 200, result.headers);
    },
  }),
  defineOperation({
    operationId: "updateUser",
    method: "PUT",
    path: "/api/users/update/{userId}",
    tag: "Accounts",
    summary: "Change an account (only the fields that change)",
    description:
      "Your own account, or any account for an admin. Changing your own e-mail or password needs currentPassword.",
    access: "self-or-admin",
    body: s.updateUserBody,
    setsSession: true,
    responses: { 200: { description: "The updated user", schema: s.userRecord } },
    errors: [404, 409, 429],
    async handle({ request, services, user, params, body }) {
      const target = one(await services.accounts.userById(params.userId), "That user no longer exists.");
      const result = await services.accounts.updateProfile(
        request,
        target,
        {
          username: body.username,
          email: body.email,
          password: body.password,
          currentPassword: body.currentPassword,
          image: body.profilePhoto,
        },
        { byAdmin: user!.isAdmin ? user! : undefined },
      );
      // A 429 keeps its Retry-After.
      if (!result.ok)
        return ok(
          { success: false, statusCode: result.status, message: result.message },
          result.status,
          result.status === 429 ? result.headers : undefined,
        );
      return ok(userJson(result.user!), 200, result.headers);
    },
  }),
  defineOperation({
    operationId: "deleteUser",
    method: "DELETE",
    path: "/api/users/delete/{userId}",
    tag: "Accounts",
    summary: "Delete an account",
    description: "Your own account (you are signed out), or any account for an admin, except the last admin.",
    access: "self-or-admin",
    setsSession: true,
    responses: { 200: message },
    errors: [404, 409],
    async handle({ request, services, user, params }) {
      if (params.userId === user!.id) {
        const result = await services.accounts.deleteOwnAccount(request, user!);
        if (!result.ok) return refuse(result.status, result.message);
        return done("Your account has been deleted", 200, result.headers);
      }
      const removed = await services.accounts.deleteUser(params.userId);
      return done(`${removed.username} deleted successfully!`);
    },
  }),
  defineOperation({
    operationId: "listUsers",
    method: "GET",
    path: "/api/users/getusers",
    tag: "Accounts",
    summary: "List users, newest first (5 a page)",
    access: "admin",
    query: z.object(pageQuery),
    responses: { 200: { description: "A page of users", schema: s.usersList } },
    async handle({ services, query }) {
      const [page, total] = await Promise.all([services.accounts.listUsers(query), services.accounts.countUsers()]);
      return ok({ users: page.items.map(userJson), total, hasMore: page.hasMore });
    },
  }),
];

// ---------- posts ----------

const postOperations: Operation[] = [
  defineOperation({
    operationId: "getPosts",
    method: "GET",
    path: "/api/post/getposts",
    tag: "Posts",
    summary: "Posts, newest first (9 a page), or one post by postId or slug",
    access: "public",
    query: z.object({
      ...pageQuery,
      userId: z.string().max(100).optional().meta({ description: "Only this author's posts" }),
      category: z.string().max(100).optional().meta({ description: "Only this category" }),
      postId: z.string().max(100).optional().meta({ description: "Just this post (posts[0])" }),
      slug: z.string().max(300).optional().meta({ description: "Just this post (posts[0])" }),
    }),
    responses: { 200: { description: "A page of posts and the total", schema: s.postsList } },
    async handle({ services, query }) {
      if (query.postId || query.slug) {
        const post = query.postId ? await services.posts.byId(query.postId) : await services.posts.bySlug(query.slug!);
        return ok({
          posts: post ? [postJson(post)] : [],
          total: post ? 1 : 0,
          totalPosts: post ? 1 : 0,
          hasMore: false,
        });
      }
      const filter = { category: query.category || undefined, userId: query.userId || undefined };
      const [page, total] = await Promise.all([
        services.posts.list({ ...filter, ...normalisePage(query, 9) }),
        services.posts.count(filter),
      ]);
      return ok({ posts: page.items.map(postJson), total, totalPosts: total, hasMore: page.hasMore });
    },
  }),
  defineOperation({
    operationId: "createPost",
    method: "POST",
    path: "/api/post/create",
    tag: "Posts",
    summary: "Publish a post",
    access: "admin",
    body: s.postBody,
    responses: { 201: { description: "Published", schema: s.savedPostResponse } },
    async handle({ services, user, body }) {
      const post = await services.posts.create({ ...body, userId: user!.id });
      return ok({ success: true, message: "Post published", slug: post.slug, post: postJson(post) }, 201);
    },
  }),
  defineOperation({
    operationId: "updatePost",
    method: "PUT",
    path: "/api/post/updatepost/{postId}/{userId}",
    tag: "Posts",
    summary: "Save an edited post (the whole post)",
    description: "`userId` is the earlier client's author id; the session decides who may edit.",
    access: "admin",
    body: s.updatePostBody,
    responses: { 200: { description: "Saved", schema: s.savedPostResponse } },
    errors: [404],
    async handle({ services, params, body }) {
      const post = one(await services.posts.update(params.postId, body), "That post no longer exists.");
      return ok({ success: true, message: "Post updated", slug: post.slug, post: postJson(post) });
    },
  }),
  defineOperation({
    operationId: "deletePost",
    method: "DELETE",
    path: "/api/post/deletepost/{postId}/{userId}",
    tag: "Posts",
    summary: "Delete a post",
    access: "admin",
    responses: { 200: message },
    errors: [404],
    async handle({ services, params }) {
      one(await services.posts.remove(params.postId), "That post no longer exists.");
      return done("Post deleted successfully!");
    },
  }),
];

// ---------- journals ----------

const journalOperations: Operation[] = [
  defineOperation({
    operationId: "getJournals",
    method: "GET",
    path: "/api/journal/getjournals",
    tag: "Journals",
    summary: "Journal articles, newest first (9 a page)",
    access: "public",
    query: z.object({
      ...pageQuery,
      userId: z.string().max(100).optional().meta({ description: "Only this uploader's articles" }),
    }),
    responses: { 200: { description: "A page of articles and the total", schema: s.journalsList } },
    async handle({ services, query }) {
      const filter = { userId: query.userId || undefined };
      const [page, total] = await Promise.all([
        services.journals.list({ ...filter, ...normalisePage(query, 9) }),
        services.journals.count(filter),
      ]);
      return ok({ journals: page.items.map(journalJson), total, hasMore: page.hasMore });
    },
  }),
  defineOperation({
    operationId: "createJournal",
    method: "POST",
    path: "/api/journal/create",
    tag: "Journals",
    summary: "Publish a journal article with its PDF",
    description: "`file` is the address /api/uploads returned for the PDF.",
    access: "admin",
    body: s.journalBody,
    responses: { 201: { description: "Published", schema: s.savedJournalResponse } },
    async handle({ services, user, body }) {
      const journal = await services.journals.create({ ...body, userId: user!.id });
      return ok(
        { success: true, message: "Journal published", slug: journal.slug, journal: journalJson(journal) },
        201,
      );
    },
  }),
  defineOperation({
    operationId: "updateJournal",
    method: "PUT",
    path: "/api/journal/updatejournal/{journalId}/{userId}",
    tag: "Journals",
    summary: "Save an edited journal article (a new PDF replaces the old one)",
    access: "admin",
    body: s.updateJournalBody,
    responses: { 200: { description: "Saved", schema: s.savedJournalResponse } },
    errors: [404],
    async handle({ services, params, body }) {
      const journal = one(
        await services.journals.update(params.journalId, body),
        "That journal article no longer exists.",
      );
      return ok({ success: true, message: "Journal updated", slug: journal.slug, journal: journalJson(journal) });
    },
  }),
  defineOperation({
    operationId: "deleteJournal",
    method: "DELETE",
    path: "/api/journal/deletejournal/{journalId}/{userId}",
    tag: "Journals",
    summary: "Delete a journal article and its PDF",
    access: "admin",
    responses: { 200: message },
    errors: [404],
    async handle({ services, params }) {
      one(await services.journals.remove(params.journalId), "That journal article no longer exists.");
      return done("Journal deleted successfully!");
    },
  }),
];

// ---------- faculties, departments, courses ----------

async function updateDepartment({
  services,
  params,
  body,
}: {
  services: Services;
  params: Record<string, string>;
  body: z.output<typeof s.departmentBody>;
}) {
  await services.academicsAdmin.updateDepartment(params.id, {
    name: body.name,
    facultyId: body.faculty,
    departimage: body.departimage,
    content: body.content,
  });
  return ok(await departmentOut(services, params.id));
}

async function deleteFaculty({
  services,
  params,
  query,
}: {
  services: Services;
  params: Record<string, string>;
  query: z.output<typeof confirmQuery>;
}) {
  return deleteOutcome("faculty", await services.academicsAdmin.deleteFaculty(params.id, confirmed(query)), "Faculty");
}

async function deleteDepartment({
  services,
  params,
  query,
}: {
  services: Services;
  params: Record<string, string>;
  query: z.output<typeof confirmQuery>;
}) {
  return deleteOutcome(
    "department",
    await services.academicsAdmin.deleteDepartment(params.id, confirmed(query)),
    "Department",
  );
}

const academicOperations: Operation[] = [
  defineOperation({
    operationId: "getFaculties",
    method: "GET",
    path: "/api/faculty/getfaculty",
    tag: "Academics",
    summary: "Every faculty",
    access: "public",
    responses: { 200: { description: "Faculties by name", schema: z.array(s.facultyRecord) } },
    async handle({ services }) {
      return ok((await services.academicsAdmin.lists()).faculties.map(facultyJson));
    },
  }),
  defineOperation({
    operationId: "getDepartments",
    method: "GET",
    path: "/api/departments/getdepart",
    tag: "Academics",
    summary: "Every department",
    access: "public",
    responses: { 200: { description: "Departments by name", schema: z.array(s.departmentRecord) } },
    async handle({ services }) {
      return ok((await services.academicsAdmin.lists()).departments.map(departmentJson));
    },
  }),
  defineOperation({
    operationId: "getDepartment",
    method: "GET",
    path: "/api/departments/getdepart/{id}",
    tag: "Academics",
    summary: "One department with its courses",
    access: "public",
    responses: { 200: { description: "The department", schema: s.departmentPage } },
    errors: [404],
    async handle({ services, params }) {
      const department = one(await services.academics.departmentPage(params.id), "Department not found.");
      return ok({ ...departmentJson(department), courses: department.courses.map(courseCoreJson) });
    },
  }),
  defineOperation({
    operationId: "getCourses",
    method: "GET",
    path: "/api/course/getcourse",
    tag: "Academics",
    summary: "Every course",
    access: "public",
    responses: { 200: { description: "Courses by code", schema: z.array(s.courseRecord) } },
    async handle({ services }) {
      return ok((await services.academicsAdmin.lists()).courses.map(courseJson));
    },
  }),
  defineOperation({
    operationId: "createFaculty",
    method: "POST",
    path: "/api/faculty/create",
    tag: "Academics",
    summary: "Add a faculty",
    access: "admin",
    body: s.facultyBody,
    responses: { 201: { description: "Created", schema: s.facultyRecord } },
    errors: [409],
    async handle({ services, body }) {
      return ok(facultyJson(await services.academicsAdmin.createFaculty(body.name)), 201);
    },
  }),
  defineOperation({
    operationId: "updateFaculty",
    method: "PUT",
    path: "/api/faculty/{id}",
    tag: "Academics",
    summary: "Rename a faculty",
    access: "admin",
    body: s.facultyBody,
    responses: { 200: { description: "Saved", schema: s.facultyRecord } },
    errors: [404, 409],
    async handle({ services, params, body }) {
      return ok(facultyJson(await services.academicsAdmin.updateFaculty(params.id, body.name)));
    },
  }),
  defineOperation({
    operationId: "deleteFacultyWithUser",
    method: "DELETE",
    path: "/api/faculty/deletefaculty/{id}/{userId}",
    tag: "Academics",
    summary: "Delete a faculty (the earlier client's path)",
    description:
      "A faculty that still holds departments or courses answers 409 with their numbers; repeat with those numbers to delete them too.",
    access: "admin",
    query: confirmQuery,
    responses: { 200: message },
    errors: [404, 409],
    handle: deleteFaculty,
  }),
  defineOperation({
    operationId: "deleteFaculty",
    method: "DELETE",
    path: "/api/faculty/{id}",
    tag: "Academics",
    summary: "Delete a faculty",
    description: "As /api/faculty/deletefaculty/{id}/{userId}, at the path the edit call uses.",
    access: "admin",
    query: confirmQuery,
    responses: { 200: message },
    errors: [404, 409],
    handle: deleteFaculty,
  }),
  defineOperation({
    operationId: "createDepartment",
    method: "POST",
    path: "/api/departments/create",
    tag: "Academics",
    summary: "Add a department to a faculty",
    access: "admin",
    body: s.departmentBody,
    responses: { 201: { description: "Created", schema: s.departmentRecord } },
    errors: [409],
    async handle({ services, body }) {
      const created = await services.academicsAdmin.createDepartment({
        name: body.name,
        facultyId: body.faculty,
        departimage: body.departimage,
        content: body.content,
      });
      return ok(await departmentOut(services, created.id), 201);
    },
  }),
  defineOperation({
    operationId: "updateDepartment",
    method: "PUT",
    path: "/api/department/{id}",
    tag: "Academics",
    summary: "Save an edited department (the earlier client's singular path)",
    access: "admin",
    body: s.departmentBody,
    responses: { 200: { description: "Saved", schema: s.departmentRecord } },
    errors: [404, 409],
    handle: updateDepartment,
  }),
  defineOperation({
    operationId: "updateDepartmentPlural",
    method: "PUT",
    path: "/api/departments/{id}",
    tag: "Academics",
    summary: "Save an edited department",
    access: "admin",
    body: s.departmentBody,
    responses: { 200: { description: "Saved", schema: s.departmentRecord } },
    errors: [404, 409],
    handle: updateDepartment,
  }),
  defineOperation({
    operationId: "deleteDepartment",
    method: "DELETE",
    path: "/api/departments/{id}",
    tag: "Academics",
    summary: "Delete a department",
    description:
      "A department that still holds courses answers 409 with their number; repeat with ?departments=0&courses=N to delete them too.",
    access: "admin",
    query: confirmQuery,
    responses: { 200: message },
    errors: [404, 409],
    handle: deleteDepartment,
  }),
  defineOperation({
    operationId: "deleteDepartmentSingular",
    method: "DELETE",
    path: "/api/department/{id}",
    tag: "Academics",
    summary: "Delete a department (at the path the edit call uses)",
    access: "admin",
    query: confirmQuery,
    responses: { 200: message },
    errors: [404, 409],
    handle: deleteDepartment,
  }),
  defineOperation({
    operationId: "createCourse",
    method: "POST",
    path: "/api/course/create",
    tag: "Academics",
    summary: "Add a course",
    access: "admin",
    body: s.courseBody,
    responses: { 201: { description: "Created", schema: s.courseRecord } },
    errors: [409],
    async handle({ services, body }) {
      const { department, faculty, ...rest } = body;
      const created = await services.academicsAdmin.createCourse({
        ...pick(rest),
        departmentId: department,
        facultyId: faculty,
      });
      return ok(await courseOut(services, created.id), 201);
    },
  }),
  defineOperation({
    operationId: "updateCourse",
    method: "PUT",
    path: "/api/course/{id}",
    tag: "Academics",
    summary: "Save an edited course",
    access: "admin",
    body: s.courseBody,
    responses: { 200: { description: "Saved", schema: s.courseRecord } },
    errors: [404, 409],
    async handle({ services, params, body }) {
      const { department, faculty, ...rest } = body;
      await services.academicsAdmin.updateCourse(params.id, {
        ...pick(rest),
        departmentId: department,
        facultyId: faculty,
      });
      return ok(await courseOut(services, params.id));
    },
  }),
  defineOperation({
    operationId: "deleteCourse",
    method: "DELETE",
    path: "/api/course/{id}",
    tag: "Academics",
    summary: "Delete a course",
    access: "admin",
    responses: { 200: message },
    errors: [404],
    async handle({ services, params }) {
      return deleteOutcome("course", await services.academicsAdmin.deleteCourse(params.id), "Course");
    },
  }),
];

/** A course's own fields, without the echoed record fields. */
function pick(c: {
  name: string;
  code: string;
  credits: number;
  semester: "First" | "Second" | "Both";
  description: string;
}) {
  return { name: c.name, code: c.code, credits: c.credits, semester: c.semester, description: c.description };
}

// ---------- settings, staff, announcement, focus ----------

const isSection = (value: string): value is SettingsSection => (SETTINGS_SECTIONS as readonly string[]).includes(value);
const isRole = (value: string): value is StaffRole => (STAFF_ROLES as readonly string[]).includes(value);
const isFocusKey = (value: string): value is FocusKey => (FOCUS_KEYS as readonly string[]).includes(value);

const siteOperations: Operation[] = [
  defineOperation({
    operationId: "getSettings",
    method: "GET",
    path: "/api/settings/{section}",
    tag: "Site content",
    summary: "A settings section's fields",
    access: "public",
    responses: { 200: { description: "The section", schema: s.settingsRecord } },
    errors: [404],
    async handle({ services, params }) {
      if (!isSection(params.section)) return refuse(404, "There is no such settings section.");
      return ok({ section: params.section, ...(await services.siteContent.settings(params.section)) });
    },
  }),
  defineOperation({
    operationId: "saveSettings",
    method: "PUT",
    path: "/api/settings/{section}",
    tag: "Site content",
    summary: "Save a settings section (every field)",
    access: "admin",
    body: { param: "section", variants: s.settingsBodies },
    responses: { 200: { description: "The saved section", schema: s.settingsRecord } },
    errors: [404],
    async handle({ services, params, body }) {
      if (!isSection(params.section)) return refuse(404, "There is no such settings section.");
      const { section: _ignored, _id, id, createdAt, updatedAt, __v, ...fields } = body as Record<string, string>;
      void [_ignored, _id, id, createdAt, updatedAt, __v];
      await services.siteContent.saveSettings(params.section, fields);
      return ok({ section: params.section, ...(await services.siteContent.settings(params.section)) });
    },
  }),
  defineOperation({
    operationId: "getStaff",
    method: "GET",
    path: "/api/staff",
    tag: "Site content",
    summary: "Every staff record, keyed by role (director and vc among them)",
    access: "public",
    responses: { 200: { description: "Staff by role", schema: s.staffByRole } },
    async handle({ services }) {
      return ok(Object.fromEntries((await services.siteContent.staff()).map((r) => [r.role, r])));
    },
  }),
  defineOperation({
    operationId: "getStaffRole",
    method: "GET",
    path: "/api/staff/{role}",
    tag: "Site content",
    summary: "One staff record",
    access: "public",
    responses: { 200: { description: "The record", schema: s.staffRecord } },
    errors: [404],
    async handle({ services, params }) {
      if (!isRole(params.role)) return refuse(404, "There is no such staff role.");
      return ok((await services.siteContent.staff()).find((r) => r.role === params.role));
    },
  }),
  defineOperation({
    operationId: "saveStaff",
    method: "PUT",
    path: "/api/staff/{role}",
    tag: "Site content",
    summary: "Save a staff record (every field)",
    access: "admin",
    body: s.staffBody,
    responses: { 200: { description: "The saved record", schema: s.staffRecord } },
    errors: [404],
    async handle({ services, params, body }) {
      if (!isRole(params.role)) return refuse(404, "There is no such staff role.");
      const record = {
        name: body.name,
        post: body.post,
        email: body.email,
        description: body.description,
        photo: body.photo,
      };
      await services.siteContent.saveStaff(params.role, record);
      return ok((await services.siteContent.staff()).find((r) => r.role === params.role));
    },
  }),
  defineOperation({
    operationId: "getAnnouncement",
    method: "GET",
    path: "/api/announce",
    tag: "Site content",
    summary: "The announcement",
    access: "public",
    responses: { 200: { description: "Title and content", schema: s.announcementRecord } },
    async handle({ services }) {
      return ok(await services.siteContent.announcement());
    },
  }),
  defineOperation({
    operationId: "saveAnnouncement",
    method: "PUT",
    path: "/api/announce",
    tag: "Site content",
    summary: "Save the announcement",
    access: "admin",
    body: s.announcementBody,
    responses: { 200: { description: "Saved", schema: s.savedAnnouncementResponse } },
    async handle({ services, body }) {
      await services.siteContent.saveAnnouncement({ title: body.title, content: body.content });
      return ok({
        success: true,
        message: "Announcement updated successfully!",
        ...(await services.siteContent.announcement()),
      });
    },
  }),
  defineOperation({
    operationId: "getFocus",
    method: "GET",
    path: "/api/focus/{key}",
    tag: "Site content",
    summary: "A focus page's words (homePage, submitPage, aboutPage, focusPage)",
    access: "public",
    responses: { 200: { description: "The focus record", schema: s.focusRecord } },
    errors: [404],
    async handle({ services, params }) {
      if (!isFocusKey(params.key)) return refuse(404, "There is no such focus page.");
      return ok(await services.siteContent.focus(params.key));
    },
  }),
  defineOperation({
    operationId: "saveFocus",
    method: "POST",
    path: "/api/focus",
    tag: "Site content",
    summary: "Read (key only) or save (key, title, subtitle, content) a focus page",
    access: "admin",
    body: s.focusBody,
    responses: { 200: { description: "The focus record", schema: s.focusRecord } },
    async handle({ services, body }) {
      if (body.title !== undefined || body.subtitle !== undefined || body.content !== undefined) {
        await services.siteContent.saveFocus({
          key: body.key,
          title: body.title ?? "",
          subtitle: body.subtitle ?? "",
          content: body.content ?? "",
        });
      }
      return ok(await services.siteContent.focus(body.key));
    },
  }),
];

export const operations: Operation[] = [
  ...accountOperations,
  ...postOperations,
  ...journalOperations,
  ...academicOperations,
  ...siteOperations,
];
