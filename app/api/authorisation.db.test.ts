import { Readable } from "node:stream";

import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { UNKNOWN_ACCOUNT } from "~/accounts/better-auth/sign-in-log.server";
import { rowsOf } from "~/db/client.server";
import { users } from "~/db/schema";
import { renderPdf } from "~/demo/pdf.server";
import { type Area, isArea, isRole, isStaff, mayWorkOn, type Role as DomainRole } from "~/domain/roles";
import { outcomeOf } from "~/services/activity.server";

import { type ApiWorld, openApiWorld, type Role, ROLES } from "../../tests/support/api";
import { reportCount } from "../../tests/support/counts";
import { testDatabaseKind } from "../../tests/support/database";
import { routes } from "../routes/api/all-operations.server";
import type { Operation } from "./operation.server";

/**
 * Every operation, called as signed out, as two readers, as an editor, as a journal manager and as
 * an admin, against the status each should get; a refused call changes nothing the site holds.
 * Requests aim at records that do not exist where the call would destroy something, so a 404
 * there shows the caller got past the checks. A route added
 * without a row here fails the first test. Rows are per path: an operation served at an earlier
 * client's path too has a row for each (keyed by the path's operationId in the document).
 */

const MISSING = "00000000-0000-4000-8000-000000000000";

type Row = {
  /** Path and body; `user` below means the account of the caller called "user". */
  request(world: ApiWorld): { path: string; body?: unknown } | Promise<{ path: string; body?: unknown }>;
  expect: Record<Role, number>;
};

/** A request that needs nothing from the world: its path, and its body if it has one. */
const at = (path: string, body?: unknown) => () => ({ path, body });

const open = (status: number): Record<Role, number> =>
  Object.fromEntries(ROLES.map((role) => [role, status])) as Record<Role, number>;
/** An operation of `area`: `status` for the callers whose roles work on it, 403 for the others, 401 signed out. */
const forArea =
  (area: Area) =>
  (status: number): Record<Role, number> =>
    Object.fromEntries(
      ROLES.map((caller) => [caller, caller === "anonymous" ? 401 : mayWorkOn(rolesOf(caller), area) ? status : 403]),
    ) as Record<Role, number>;
const rolesOf = (caller: Role): DomainRole[] => (isRole(caller) ? [caller] : []);
const adminOnly = forArea("people");
const siteOnly = forArea("site");
const newsOnly = forArea("news");
const journalOnly = forArea("journal");
const deskOnly = forArea("submissions");
/** Anyone signed in reaches the call; what it finds is the service's answer for each. */
const signedIn = (statuses: Partial<Record<Role, number>> & { user: number }): Record<Role, number> => ({
  ...open(statuses.user),
  ...statuses,
  anonymous: 401,
});

/**
 * Submissions of the reader called "user" (issue 34), made once: a draft, and a submitted one
 * with its manuscript. Only their author and (once submitted) the desk find them.
 */
let submissionsOfUser: Promise<{ draft: string; submitted: string; file: string }> | undefined;
function userSubmissions(w: ApiWorld) {
  submissionsOfUser ??= (async () => {
    await w.database.db.update(users).set({ emailVerified: true }).where(eq(users.id, w.ids.user));
    const service = w.services.submissions;
    const author = { id: w.ids.user, roles: [] };
    const draft = await service.startDraft(author);
    const submitted = await service.startDraft(author);
    await service.saveDraft(author, submitted, { step: "start", checklist: (await service.settings()).checklist });
    await service.saveDraft(author, submitted, {
      step: "details",
      details: { title: "Matrix", abstract: "Matrix", keywords: [], section: "research", language: "en", funding: "" },
    });
    const pdf = Buffer.from(renderPdf([{ text: "Matrix", style: "title" }], { title: "Matrix", author: "Tests" }));
    const file = await service.addFile(author, submitted, {
      kind: "manuscript",
      name: "matrix.pdf",
      source: Readable.from([pdf]),
    });
    await service.submit(author, submitted);
    return { draft, submitted, file: file.id };
  })();
  return submissionsOfUser;
}
const ofUser =
  (path: (ids: { draft: string; submitted: string; file: string }) => string, body?: unknown) =>
  async (w: ApiWorld) => ({ path: path(await userSubmissions(w)), body });
/** A reviewer's link that was never made: 43 characters, as real ones. */
const NO_LINK = "A".repeat(43);

/** Bodies that pass as a department and as a course (aimed at a faculty that does not exist). */
const MATRIX_DEPARTMENT = { name: "Matrix", faculty: MISSING, departimage: "", content: "" };
const MATRIX_COURSE = {
  name: "Matrix",
  code: "MAT 1",
  credits: 3,
  semester: "First",
  description: "",
  department: MISSING,
  faculty: MISSING,
};

const MATRIX: Record<string, Row> = {
  signUp: { request: at("/api/auth/signup", { username: "", email: "", password: "" }), expect: open(400) },
  signIn: {
    request: at("/api/auth/signin", { username: "nobody.here", password: "not the password" }),
    expect: open(401),
  },
  signInWithGoogle: {
    request: at("/api/auth/google", { name: "Anyone", email: "victim@example.edu" }),
    expect: open(400),
  },
  // Without a challenge cookie no code signs anyone in; a signed-in caller has no second factor to check.
  completeTwoFactorSignIn: {
    request: at("/api/auth/two-factor", { code: "123456" }),
    expect: { ...open(400), anonymous: 401 },
  },
  signOut: { request: at("/api/users/signout"), expect: open(200) },
  // The "user" account's own id: its owner and admins may change it, nobody else.
  updateUser: {
    request: (w) => ({
      path: `/api/users/update/${w.ids.user}`,
      body: { profilePhoto: undefined, username: undefined },
    }),
    expect: { ...open(403), anonymous: 401, user: 400, admin: 400 },
  },
  deleteUser: {
    request: at(`/api/users/delete/${MISSING}`),
    expect: adminOnly(404),
  },
  listUsers: { request: at("/api/users/getusers"), expect: adminOnly(200) },
  getPosts: { request: at("/api/post/getposts?limit=3"), expect: open(200) },
  createPost: { request: at("/api/post/create", { title: "" }), expect: newsOnly(400) },
  updatePost: {
    request: (w) => ({
      path: `/api/post/updatepost/${MISSING}/${w.ids.admin}`,
      body: { title: "Matrix", category: "fees", image: "", content: "" },
    }),
    expect: newsOnly(404),
  },
  deletePost: { request: (w) => ({ path: `/api/post/deletepost/${MISSING}/${w.ids.admin}` }), expect: newsOnly(404) },
  getJournals: { request: at("/api/journal/getjournals"), expect: open(200) },
  createJournal: {
    request: at("/api/journal/create", { filename: "Matrix", details: "", file: "" }),
    expect: journalOnly(400),
  },
  updateJournal: {
    request: async (w) => ({
      path: `/api/journal/updatejournal/${MISSING}/${w.ids.admin}`,
      body: { filename: "Matrix", details: "", file: await w.uploadedPdf() },
    }),
    expect: journalOnly(404),
  },
  deleteJournal: {
    request: (w) => ({ path: `/api/journal/deletejournal/${MISSING}/${w.ids.admin}` }),
    expect: journalOnly(404),
  },
  getFaculties: { request: at("/api/faculty/getfaculty"), expect: open(200) },
  getDepartments: { request: at("/api/departments/getdepart"), expect: open(200) },
  getDepartment: { request: at(`/api/departments/getdepart/${MISSING}`), expect: open(404) },
  getCourses: { request: at("/api/course/getcourse"), expect: open(200) },
  createFaculty: { request: at("/api/faculty/create", { name: "" }), expect: siteOnly(400) },
  updateFaculty: { request: at(`/api/faculty/${MISSING}`, { name: "Matrix" }), expect: siteOnly(404) },
  deleteFacultyWithUser: {
    request: (w) => ({ path: `/api/faculty/deletefaculty/${MISSING}/${w.ids.admin}` }),
    expect: siteOnly(404),
  },
  deleteFaculty: { request: at(`/api/faculty/${MISSING}`), expect: siteOnly(404) },
  createDepartment: { request: at("/api/departments/create", MATRIX_DEPARTMENT), expect: siteOnly(409) },
  updateDepartmentSingular: { request: at(`/api/department/${MISSING}`, MATRIX_DEPARTMENT), expect: siteOnly(404) },
  updateDepartment: { request: at(`/api/departments/${MISSING}`, MATRIX_DEPARTMENT), expect: siteOnly(404) },
  deleteDepartment: { request: at(`/api/departments/${MISSING}`), expect: siteOnly(404) },
  deleteDepartmentSingular: { request: at(`/api/department/${MISSING}`), expect: siteOnly(404) },
  createCourse: { request: at("/api/course/create", MATRIX_COURSE), expect: siteOnly(400) },
  updateCourse: { request: at(`/api/course/${MISSING}`, MATRIX_COURSE), expect: siteOnly(404) },
  deleteCourse: { request: at(`/api/course/${MISSING}`), expect: siteOnly(404) },
  getSettings: { request: at("/api/settings/about"), expect: open(200) },
  saveSettings: { request: at("/api/settings/nosuchsection", { title: "x" }), expect: siteOnly(404) },
  getStaff: { request: at("/api/staff"), expect: open(200) },
  getStaffRole: { request: at("/api/staff/director"), expect: open(200) },
  saveStaff: { request: at("/api/staff/director", { name: "" }), expect: siteOnly(400) },
  getAnnouncement: { request: at("/api/announce"), expect: open(200) },
  // The journal's call for papers (decision 040).
  saveAnnouncement: { request: at("/api/announce", { title: "" }), expect: journalOnly(400) },
  getFocus: { request: at("/api/focus/homePage"), expect: open(200) },
  saveFocus: { request: at("/api/focus", { key: "homePage" }), expect: siteOnly(200) },
  search: { request: at("/api/search?q=contract"), expect: open(200) },
  listActivity: { request: at("/api/activity?outcome=refused&limit=5"), expect: adminOnly(200) },
  // Submissions and peer review (issue 34): an author reaches only their own, the desk only its own
  // managers and admins (never a news editor), a reviewer's link only its review.
  startSubmission: { request: at("/api/submissions", { title: "" }), expect: signedIn({ user: 400 }) },
  listSubmissions: { request: at("/api/submissions?scope=desk"), expect: deskOnly(200) },
  getSubmission: {
    request: ofUser((ids) => `/api/submissions/${ids.submitted}`),
    expect: { ...deskOnly(200), user: 200, other: 404, editor: 404 },
  },
  updateSubmission: {
    request: ofUser((ids) => `/api/submissions/${ids.draft}`, { coverLetter: "Matrix" }),
    expect: signedIn({ user: 200, other: 404, editor: 404, "journal-manager": 404, admin: 404 }),
  },
  uploadSubmissionFile: {
    request: ofUser((ids) => `/api/submissions/${ids.draft}/files?kind=manuscript`),
    expect: signedIn({ user: 400, other: 404, editor: 404, "journal-manager": 404, admin: 404 }),
  },
  getSubmissionFile: {
    request: ofUser((ids) => `/api/submissions/${ids.submitted}/files/${ids.file}`),
    expect: { ...deskOnly(200), user: 200, other: 404, editor: 404 },
  },
  deleteSubmissionFile: {
    request: ofUser((ids) => `/api/submissions/${ids.draft}/files/${MISSING}`),
    expect: signedIn({ user: 404 }),
  },
  submitSubmission: {
    request: ofUser((ids) => `/api/submissions/${ids.draft}/submit`),
    expect: signedIn({ user: 400, other: 404, editor: 404, "journal-manager": 404, admin: 404 }),
  },
  submitRevision: {
    request: ofUser((ids) => `/api/submissions/${ids.submitted}/revision`, { response: "Matrix" }),
    expect: signedIn({ user: 403, other: 404, editor: 404, "journal-manager": 404, admin: 404 }),
  },
  assignEditor: { request: at(`/api/submissions/${MISSING}/editor`, { editorId: MISSING }), expect: deskOnly(404) },
  addSubmissionNote: { request: at(`/api/submissions/${MISSING}/notes`, { body: "Matrix" }), expect: deskOnly(404) },
  draftDecisionLetter: {
    request: at(`/api/submissions/${MISSING}/decisions/draft?decision=accept`),
    expect: deskOnly(404),
  },
  decideSubmission: {
    request: at(`/api/submissions/${MISSING}/decisions`, { decision: "accept", letter: "Matrix" }),
    expect: deskOnly(404),
  },
  searchReviewerPool: { request: at(`/api/submissions/${MISSING}/reviewers?q=matrix`), expect: deskOnly(404) },
  draftInvitation: { request: at(`/api/submissions/${MISSING}/reviews/draft`), expect: deskOnly(404) },
  inviteReviewer: {
    request: at(`/api/submissions/${MISSING}/reviews`, {
      name: "Matrix",
      email: "matrix@example.net",
      dueOn: "2099-01-01",
      subject: "Matrix",
      body: "Matrix",
    }),
    expect: deskOnly(404),
  },
  listMyReviews: { request: at("/api/reviews"), expect: signedIn({ user: 200 }) },
  cancelReview: { request: at(`/api/reviews/${MISSING}/cancel`), expect: deskOnly(404) },
  reinviteReviewer: { request: at(`/api/reviews/${MISSING}/reinvite`, {}), expect: deskOnly(404) },
  returnReview: { request: at(`/api/reviews/${MISSING}/return`, { note: "Matrix" }), expect: deskOnly(404) },
  editReviewForAuthor: {
    request: at(`/api/reviews/${MISSING}/for-author`, { forAuthor: "Matrix" }),
    expect: deskOnly(404),
  },
  getReviewByLink: { request: at(`/api/review/${NO_LINK}`), expect: open(404) },
  answerInvitation: { request: at(`/api/review/${NO_LINK}/answer`, { answer: "accept" }), expect: open(404) },
  submitReviewByLink: {
    request: at(`/api/review/${NO_LINK}/review`, { recommendation: "accept", forAuthor: "Matrix" }),
    expect: open(404),
  },
  // The link is checked before the form is read: a body of any shape finds no review.
  submitReviewWithFileByLink: {
    request: at(`/api/review/${NO_LINK}/review-with-file`, { recommendation: "accept", forAuthor: "Matrix" }),
    expect: open(404),
  },
  getReviewFile: { request: at(`/api/review/${NO_LINK}/files/${MISSING}`), expect: open(404) },
  getReviewCertificate: { request: at(`/api/review/${NO_LINK}/certificate`), expect: open(404) },
  getJournalFigures: { request: at("/api/journal/figures"), expect: open(200) },
};

/**
 * The activity log's entries a call must leave (decision 024): an admin's write, one entry with the
 * admin as actor and the answer's outcome; a failed sign-in, one entry (for a name that is no
 * account's, "unknown account", never the name, which may be a mistyped password);
 * anything else, none.
 */
function expectedActivity(op: Operation, role: Role, status: number) {
  if (op.operationId === "signIn") return { action: "sign-in.failed", actorName: UNKNOWN_ACCOUNT, outcome: "refused" };
  if (op.method === "GET" || op.access === "public") return null;
  // A write by staff whose roles reach the operation is logged; a refused one is not.
  const reached = isArea(op.access)
    ? mayWorkOn(rolesOf(role), op.access)
    : op.access === "signed-in"
      ? isStaff(rolesOf(role))
      : role === "admin";
  if (!reached) return null;
  return {
    action: `${op.tag.toLowerCase().replace(/\s+/g, "-")}.${op.operationId}`,
    actorId: world.ids[role],
    outcome: outcomeOf(status),
  };
}

async function activityCount() {
  const [row] = rowsOf<{ n: number }>(
    await world.database.db.execute(sql`select count(*)::int as n from activity_log`),
  );
  return row.n;
}

let world: ApiWorld;

beforeAll(async () => {
  world = await openApiWorld();
});
afterAll(async () => {
  await world?.close();
});

describe(`the API's authorisation matrix (${testDatabaseKind})`, () => {
  it("has a row for every operation at each of its paths, and no row for one that is gone", () => {
    expect(Object.keys(MATRIX).sort()).toEqual(routes.map((route) => route.operationId).sort());
  });

  it("answers each caller as its row says, and refusals say why in JSON", async () => {
    let checked = 0;
    let activityChecked = 0;
    /** One caller's call of one operation: its status, its JSON refusal, its activity entry or none. */
    async function check(op: Operation, operationId: string, role: Role, request: { path: string; body?: unknown }) {
      const { path, body } = request;
      const logged = await activityCount();
      const reply = await world.call(op.method, path, { as: role, body: body ?? (op.body ? {} : undefined) });
      expect(reply.status, `${operationId} as ${role}: ${reply.text}`).toBe(MATRIX[operationId].expect[role]);
      if (reply.status >= 400)
        expect(reply.body).toMatchObject({ success: false, statusCode: reply.status, message: expect.any(String) });
      // The activity log's completeness: exactly the entry this call must leave, or none.
      const expected = expectedActivity(op, role, reply.status);
      expect(await activityCount(), `activity entries left by ${operationId} as ${role}`).toBe(
        logged + (expected ? 1 : 0),
      );
      if (expected) {
        const [entry] = (await world.services.activity.list({}, { limit: 1 })).items;
        expect(entry, `${operationId} as ${role}`).toMatchObject(expected);
        expect(entry.ipAddress, "the caller's address").toMatch(/^10\./);
        activityChecked++;
      }
      checked++;
    }
    for (const { operation: op, operationId } of routes) {
      const refused = ROLES.filter((role) => [401, 403].includes(MATRIX[operationId].expect[role]));
      // A refused attempt changes nothing the site holds: the refused callers go first, and the
      // content is the same after all of them as before (two fingerprints an operation, not two a refusal).
      if (refused.length) {
        // Built first: a request may store what it sends (an uploaded file).
        const requests = [];
        for (const role of refused) requests.push({ role, request: await MATRIX[operationId].request(world) });
        const before = await world.fingerprint();
        for (const { role, request } of requests) await check(op, operationId, role, request);
        expect(await world.fingerprint(), `${operationId} as ${refused.join(", ")} changed nothing`).toBe(before);
      }
      for (const role of ROLES.filter((role) => !refused.includes(role)))
        await check(op, operationId, role, await MATRIX[operationId].request(world));
      if (op.setsSession) await world.refreshSessions();
    }
    // Every admin write of the matrix left its entry, and no entry holds a password or session.
    expect(activityChecked).toBeGreaterThan(25);
    const [log] = rowsOf<{ t: string }>(
      await world.database.db.execute(sql`select coalesce(string_agg(a::text, '|'), '') as t from activity_log a`),
    );
    for (const secret of [
      ...Object.values(world.passwords).filter(Boolean),
      "not the password",
      ...Object.values(world.cookies)
        .filter(Boolean)
        .flatMap((cookie) => cookie.split("; ").map((part) => part.split("=")[1])),
    ]) {
      expect(log.t.includes(secret), "the activity log holds a password or session").toBe(false);
    }
    reportCount(
      "security",
      activityChecked,
      `JSON API operations leaving exactly one activity entry (${process.env.TEST_DB ?? "pglite"})`,
    );
    reportCount(
      "security",
      checked,
      `JSON API authorisation rows (${routes.length} operation paths × ${ROLES.length} callers, ${process.env.TEST_DB ?? "pglite"})`,
    );
  });

  it("a user may change and delete only their own account; an admin any but the last admin", async () => {
    const victim = await world.addUser("user");
    const intruder = await world.addUser("other");
    expect(
      (
        await world.call("PUT", `/api/users/update/${victim.id}`, {
          cookie: intruder.cookie,
          body: { username: "taken.over" },
        })
      ).status,
    ).toBe(403);
    expect((await world.call("DELETE", `/api/users/delete/${victim.id}`, { cookie: intruder.cookie })).status).toBe(
      403,
    );
    const renamed = await world.call("PUT", `/api/users/update/${victim.id}`, {
      as: "admin",
      body: { username: "renamed.by.admin" },
    });
    expect(renamed.status).toBe(200);
    expect(renamed.body).toMatchObject({ username: "renamed.by.admin" });
    // The owner deletes their own account and is signed out.
    const gone = await world.call("DELETE", `/api/users/delete/${intruder.id}`, { cookie: intruder.cookie });
    expect(gone.status).toBe(200);
    expect((await world.call("GET", "/api/users/getusers", { cookie: intruder.cookie })).status).toBe(401);
    // The only admin cannot delete themselves; a second admin can be deleted by the first.
    const last = await world.call("DELETE", `/api/users/delete/${world.ids.admin}`, { as: "admin" });
    expect(last.status).toBe(409);
    const second = await world.addUser("admin");
    expect((await world.call("DELETE", `/api/users/delete/${second.id}`, { as: "admin" })).status).toBe(200);
  });

  it("odd names and sizes are refused as the caller's mistake, not a server failure", async () => {
    for (const section of ["constructor", "__proto__", "toString"]) {
      const reply = await world.call("PUT", `/api/settings/${section}`, { as: "admin", body: { title: "x" } });
      expect(reply.status, section).toBe(404);
    }
    const huge = await world.call("PUT", `/api/users/update/${world.ids.user}`, {
      as: "user",
      body: { email: `${"a".repeat(6000)}@example.edu` },
    });
    expect(huge.status).toBe(400);
    expect(huge.body).toMatchObject({ message: "Enter a valid email address" });
  });
});
