/**
 * Security suite, at the HTTP server (the built site as its own process, on PGlite and on
 * PostgreSQL): every state-changing address refuses other sites (CSRF); every screen action against
 * signed out, two readers, an editor, a journal manager and an admin (the JSON API's own matrix is in
 * app/api/authorisation.db.test.ts); rate limits; sessions ended by sign-out, password change and
 * account deletion; sign-in messages that do not tell which accounts exist; headers on every kind
 * of answer; and no password hash in any answer the suite received.
 */
import { randomBytes, randomUUID as randomUUIDv4 } from "node:crypto";
import fs from "node:fs";
import path from "node:path";

import { sql } from "drizzle-orm";
import { simpleParser } from "mailparser";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { DASHBOARD_TABS } from "~/dashboard/registry";
import { openDatabase, rowsOf } from "~/db/client.server";
import { renderPdf } from "~/demo/pdf.server";
import { CROSS_SITE_REFUSED } from "~/lib/same-origin.server";
import { SETTINGS_FIELDS } from "~/lib/site-content";
import routeConfig from "~/routes";
import { operations } from "~/routes/api/operations.server";
import { TAB_SERVERS } from "~/routes/dashboard/registry.server";
import { CONFIRM_EMAIL_FIRST, SUBMISSION_NOT_FOUND } from "~/submissions/words";

import { browserRequest, type BrowserRequestOptions, newAddress } from "../support/browser-request";
import { reportCount } from "../support/counts";
import {
  killAllSitesAndDispose,
  projectRoot,
  sessionCookieOf,
  type SiteProcess,
  startSite,
} from "../support/site-process";
import { createAdmin, databaseLabel as label, onPostgres, type SiteStorage, siteStorage } from "../support/site-suite";

const ADMIN = { username: "sec.admin", email: "sec.admin@example.edu", password: "security admin password" };

let site: SiteProcess;
let storage: SiteStorage;
/** Every answer body the suite received: none may hold a password hash. */
const received: string[] = [];

type Reply = { url: string; status: number; location: string; text: string; headers: Headers };
type Caller = { username: string; password: string; id: string; cookie: string };

async function send(method: string, pathname: string, options: BrowserRequestOptions = {}): Promise<Reply> {
  // A browser on this site: its own origin; each request its own address unless `from` is given.
  const { response, text } = await browserRequest(site.url, method, pathname, options);
  received.push(text);
  expect(response.status, `${method} ${pathname} must not fail on the server: ${text.slice(0, 200)}`).toBeLessThan(500);
  return {
    url: pathname,
    status: response.status,
    location: response.headers.get("location") ?? "",
    text,
    headers: response.headers,
  };
}

const sessionCookie = (reply: Reply) => sessionCookieOf(reply.headers);

async function signIn(username: string, password: string): Promise<string> {
  const reply = await send("POST", "/signin", { form: { username, password } });
  expect(reply.status, `sign-in of ${username}`).toBe(302);
  return sessionCookie(reply);
}

async function newUser(prefix = "sec"): Promise<Caller> {
  const username = `${prefix}.${randomBytes(3).toString("hex")}`;
  const password = `pw ${randomBytes(6).toString("hex")}`;
  const created = await send("POST", "/signup", { form: { username, email: `${username}@example.edu`, password } });
  expect(created.status, `sign-up of ${username}: ${created.text.slice(0, 200)}`).toBe(302);
  const signedIn = await send("POST", "/api/auth/signin", { json: { username, password } });
  expect(signedIn.status).toBe(200);
  return {
    username,
    password,
    id: (JSON.parse(signedIn.text) as { user: { _id: string } }).user._id,
    cookie: sessionCookie(signedIn),
  };
}

/** The admin gives `caller` a staff role through the Users tab's form. */
async function withRole(caller: Caller, role: "editor" | "journal-manager"): Promise<Caller> {
  const reply = await send("POST", "/dashboard", {
    cookie: admin.cookie,
    form: { intent: "set-roles", userId: caller.id, roles: role },
  });
  expect(reply.status, `giving ${caller.username} the ${role} role: ${reply.text.slice(0, 200)}`).toBe(200);
  return caller;
}

/** The newest mail in the site's outbox (DATA_DIR/outbox: no SMTP_URL here) to `address` whose subject matches. */
async function newestMail(address: string, subject: RegExp, timeoutMs = 20_000): Promise<string> {
  const directory = path.join(storage.dataDir, "outbox");
  for (const until = Date.now() + timeoutMs; ;) {
    const files = fs.existsSync(directory)
      ? fs
          .readdirSync(directory)
          .filter((f) => f.endsWith(".eml"))
          .sort()
      : [];
    for (const file of files.reverse()) {
      const mail = await simpleParser(fs.readFileSync(path.join(directory, file)));
      const to = (Array.isArray(mail.to) ? mail.to : mail.to ? [mail.to] : []).flatMap((a) => a.value);
      if (to.some((v) => v.address?.toLowerCase() === address.toLowerCase()) && subject.test(mail.subject ?? ""))
        return mail.text ?? "";
    }
    if (Date.now() > until) throw new Error(`no mail to ${address} matching ${subject}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/**
 * The caller clicks the link that confirms their address (issue 34: authors have confirmed ones),
 * mailed at sign-up, or sent again for an account made another way.
 */
async function confirmAddress(caller: Caller, email: string, resend = false) {
  if (resend) await send("POST", "/dashboard", { cookie: caller.cookie, form: { intent: "resend-confirmation" } });
  const text = await newestMail(email, /^Confirm your email address/);
  const link = new URL(/https?:\/\/\S+\/verify-email\?token=[\w-]+/.exec(text)![0]);
  const clicked = await send("GET", link.pathname + link.search);
  expect(clicked.status, `confirming ${email}`).toBeLessThan(400);
}

/** A multipart form with one file, as a browser sends an upload form. */
function multipartUpload(file: Uint8Array, name: string) {
  const boundary = `----matrix${randomBytes(6).toString("hex")}`;
  const body = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: application/pdf\r\n\r\n`,
    ),
    Buffer.from(file),
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { body, headers: { "content-type": `multipart/form-data; boundary=${boundary}` } };
}

/** Is this cookie still a live session? */
async function signedIn(cookie: string) {
  const reply = await send("GET", "/dashboard?tab=profile", { cookie });
  return reply.status === 200;
}

/** What refused requests must leave as it was, read through the public and admin API. */
async function siteState() {
  const reads = [
    "/api/post/getposts?limit=100",
    "/api/journal/getjournals?limit=100",
    "/api/users/getusers?limit=100",
    "/api/faculty/getfaculty",
    "/api/departments/getdepart",
    "/api/course/getcourse",
    "/api/staff",
    "/api/announce",
    ...Object.keys(SETTINGS_FIELDS).map((section) => `/api/settings/${section}`),
  ];
  const parts = [];
  for (const read of reads) parts.push(`${read} ${(await send("GET", read, { cookie: admin.cookie })).text}`);
  return parts.join("\n");
}

/** Every route in app/routes.ts whose module exports an action (read from its config: a new one cannot be missed). */
function routesWithActions() {
  return routeConfig
    .flatMap(({ path: routePath, file }) => (routePath === undefined ? [] : [{ routePath, file }]))
    .filter(({ file }) =>
      /export (async )?function action\b|export const action\b/.test(
        fs.readFileSync(path.join(projectRoot, "app", file), "utf8"),
      ),
    );
}

/** A reviewer's token of the right shape that no review has (the suite never holds a real one). */
const WRONG_REVIEW_TOKEN = "W".repeat(43);
/** When the suite began: no reviewer's answer or review may be recorded after it. */
const suiteStarted = new Date();

let admin: Caller;
let user: Caller;
let other: Caller;
let editor: Caller;
let journalManager: Caller;

/** Who calls in the authorisation matrix: signed out, two readers, each staff role (app/domain/roles.ts). */
type Role = "anonymous" | "user" | "other" | "editor" | "journal-manager" | "admin";
const CALLERS: Role[] = ["anonymous", "user", "other", "editor", "journal-manager", "admin"];
const STAFF = new Set<Role>(["editor", "journal-manager", "admin"]);
type Expected = "sign in" | "forbidden" | "not found" | "allowed";
const callers = () => ({ user, other, editor, "journal-manager": journalManager, admin });
const every = (expected: Expected) => Object.fromEntries(CALLERS.map((c) => [c, expected])) as Record<Role, Expected>;

/**
 * Issue 33's roles, written out here rather than read from the code under test: the editor works on
 * the news and the media library, the journal manager on the journal, the admin on everything.
 */
type Area = "news" | "media" | "journal" | "submissions" | "readership" | "site" | "people";
const WORKERS: Record<Area, Role[]> = {
  news: ["editor", "admin"],
  media: ["editor", "admin"],
  journal: ["journal-manager", "admin"],
  // Submissions and peer review (issue 34): the journal's managers run them.
  submissions: ["journal-manager", "admin"],
  // Readership (issue 35): everyone who writes what is read.
  readership: ["editor", "journal-manager", "admin"],
  site: ["admin"],
  people: ["admin"],
};
const workersOf = (area: Area): Record<Role, Expected> =>
  Object.fromEntries(
    CALLERS.map((c) => [c, c === "anonymous" ? "sign in" : WORKERS[area].includes(c) ? "allowed" : "forbidden"]),
  ) as Record<Role, Expected>;
/** What only the reader `user`, its author, may open or do to their submission. */
const ownSubmission = (): Record<Role, Expected> => ({
  ...every("not found"),
  anonymous: "sign in",
  user: "allowed",
});
/** A submission that does not exist: the desk's screens and actions are tried on it. */
const NO_SUBMISSION = "00000000-0000-4000-8000-000000000034";
let pdfUrl = "";
let imageUrl = "";
/** The reader `user`'s draft submission and its manuscript (issue 34): theirs alone. */
let draftId = "";
let draftFileId = "";
let postId = "";
let journalId = "";

beforeAll(async () => {
  storage = await siteStorage("security");
  site = await startSite({ ...storage.env, DEMO_CONTENT: "true", TRUST_PROXY: "true" });
  // Through the running server's operator socket on PGlite; straight to the database otherwise.
  await createAdmin(ADMIN, storage.env);
  admin = { ...ADMIN, id: "", cookie: await signIn(ADMIN.username, ADMIN.password) };
  user = await newUser("user");
  other = await newUser("other");
  editor = await withRole(await newUser("editor"), "editor");
  journalManager = await withRole(await newUser("journal"), "journal-manager");
  // Every caller's address confirmed, so that the matrix tests roles, not addresses (one unconfirmed
  // reader is refused on its own below).
  for (const caller of [user, other, editor, journalManager])
    await confirmAddress(caller, `${caller.username}@example.edu`);
  await confirmAddress(admin, ADMIN.email, true);
  const started = await send("POST", "/submit", { cookie: user.cookie, form: { intent: "start" } });
  expect(started.status, `starting a submission: ${started.text.slice(0, 200)}`).toBe(302);
  draftId = /\/submit\/([0-9a-f-]{36})\/start$/.exec(started.location)![1];
  const uploaded = await send("POST", `/submit/${draftId}/files?upload=manuscript`, {
    cookie: user.cookie,
    ...multipartUpload(renderPdf([{ text: "Matrix manuscript" }], { title: "Matrix", author: "Nobody" }), "m.pdf"),
  });
  expect(uploaded.status, `uploading the manuscript: ${uploaded.text.slice(0, 200)}`).toBe(302);
  draftFileId = /uploaded=([0-9a-f-]{36})/.exec(uploaded.location)![1];
  const pdf = await send("POST", "/api/uploads?purpose=pdf", {
    cookie: admin.cookie,
    body: renderPdf([{ text: "Security", style: "title" }], { title: "Security", author: "Tests" }),
    headers: { "content-type": "application/pdf", "x-file-name": "security.pdf" },
  });
  pdfUrl = JSON.parse(pdf.text).url;
  imageUrl = JSON.parse((await send("GET", "/api/staff/director", { cookie: admin.cookie })).text).photo;
  // The records the matrix aims at: made, or the whole suite would test addresses of nothing.
  const created = async (path: string, json: Record<string, string>) => {
    const reply = await send("POST", path, { cookie: admin.cookie, json });
    expect(reply.status, `${path}: ${reply.text.slice(0, 200)}`).toBe(201);
    const body = JSON.parse(reply.text);
    return String(body._id ?? body.post?._id ?? body.journal?._id);
  };
  postId = await created("/api/post/create", {
    title: "Security post",
    category: "exams",
    image: "",
    content: "<p>x</p>",
  });
  journalId = await created("/api/journal/create", { filename: "Security journal", details: "", file: pdfUrl });
}, 240_000);

afterAll(() => killAllSitesAndDispose(storage));

describe(`security at the HTTP server (${label})`, () => {
  it("cross-site request forgery: every address that changes something refuses a request from another site", async () => {
    const before = await siteState();
    const fill = (route: string) =>
      route
        .replace(/\{postId\}|:postId/, postId)
        .replace(/\{journalId\}|:journalId/, journalId)
        .replace(/\{userId\}/, user.id)
        .replace(/\{section\}/, "blog")
        .replace(/\{role\}/, "director")
        .replace(/\{key\}/, "journals")
        .replace(/\{id\}/, "1")
        .replace(/\*$/, "x");
    const targets = new Set<string>();
    for (const { routePath } of routesWithActions()) targets.add(`POST /${fill(routePath)}`);
    for (const operation of operations) {
      if (operation.method !== "GET") targets.add(`${operation.method} ${fill(operation.path)}`);
    }
    const attacks = [
      { origin: "https://evil.example", "sec-fetch-site": "cross-site" },
      { origin: "https://evil.example" },
      { origin: "null" },
      { "sec-fetch-site": "cross-site" },
    ];
    let rows = 0;
    for (const target of targets) {
      const [method, pathname] = target.split(" ");
      for (const headers of attacks) {
        const reply = await send(method, pathname, {
          cookie: admin.cookie,
          headers: { origin: "", "sec-fetch-site": "", ...headers },
          form: { intent: "delete-post", postId, title: "forged" },
        });
        expect(reply.status, `${target} from ${JSON.stringify(headers)}`).toBe(403);
        expect(reply.text).toContain(CROSS_SITE_REFUSED);
        rows++;
      }
    }
    expect(await siteState()).toBe(before);
    expect(targets.size).toBeGreaterThan(40);
    reportCount(
      "security",
      rows,
      `cross-site requests refused (${targets.size} state-changing addresses × ${attacks.length} forms of forgery, ${label})`,
    );
  });

  it("authorisation: every dashboard tab and editing screen shows to the roles that work on it, and to no one else", async () => {
    // The tabs' areas as issue 33 names them; a tab added without a row here fails.
    const TAB_WORKERS: Record<string, Area[]> = {
      profile: [],
      posts: ["news"],
      categories: ["news"],
      users: ["people"],
      course: ["site"],
      about: ["site"],
      staff: ["site"],
      // The journal's call for papers (decision 040).
      announce: ["journal"],
      focus: ["site"],
      journals: ["journal"],
      journal: ["journal"],
      issues: ["journal"],
      media: ["media"],
      trash: ["news", "journal"],
      activity: ["people"],
      outbox: ["people"],
      // The editor's desk and its settings (issue 34).
      submissions: ["submissions"],
      "submission-settings": ["submissions"],
      // The COUNTER API's keys (issue 35): an admin's.
      "counter-api": ["site"],
      // Readership's figures (issue 35).
      analytics: ["readership"],
    };
    expect(Object.keys(TAB_WORKERS).sort()).toEqual(DASHBOARD_TABS.map((tab) => tab.id).sort());
    const expectedFor = (areas: Area[]) =>
      areas.length === 0
        ? { ...every("allowed"), anonymous: "sign in" as const }
        : (Object.fromEntries(
            CALLERS.map((c) => [
              c,
              c === "anonymous" ? "sign in" : areas.some((a) => WORKERS[a].includes(c)) ? "allowed" : "forbidden",
            ]),
          ) as Record<Role, Expected>);
    const slug = JSON.parse((await send("GET", `/api/journal/getjournals?journalId=${journalId}`)).text).journals[0]
      ?.slug;
    const screens: (readonly [string, Record<Role, Expected>])[] = [
      ...Object.entries(TAB_WORKERS).map(([tab, areas]) => [`/dashboard?tab=${tab}`, expectedFor(areas)] as const),
      ["/create-post", workersOf("news")],
      [`/update-post/${postId}`, workersOf("news")],
      [`/update-post/${postId}/history`, workersOf("news")],
      ["/create-journal", workersOf("journal")],
      [`/update-journal/${journalId}`, workersOf("journal")],
      [`/update-journal/${journalId}/history`, workersOf("journal")],
      ["/history/announcement/announcement", workersOf("site")],
      // A submission's page on the desk: refused to all but the journal's managers, who find no such submission.
      [
        `/desk/submissions/${NO_SUBMISSION}`,
        { ...workersOf("submissions"), "journal-manager": "not found", admin: "not found" } as Record<Role, Expected>,
      ],
      [
        `/desk/submissions/${NO_SUBMISSION}/files/${NO_SUBMISSION}`,
        { ...workersOf("submissions"), "journal-manager": "not found", admin: "not found" } as Record<Role, Expected>,
      ],
      ...(slug ? ([[`/journal/${slug}/crossref.xml`, workersOf("journal")]] as const) : []),
      // Online submission (issue 34): anyone reads /submit; a draft, a submission and their files
      // are their author's alone (anyone else: 404, as for what does not exist).
      ["/submit", every("allowed")],
      ["/my-submissions", { ...every("allowed"), anonymous: "sign in" }],
      [`/submit/${draftId}/start`, ownSubmission()],
      [`/submit/${draftId}/files`, ownSubmission()],
      [`/my-submissions/${draftId}`, ownSubmission()],
      [`/my-submissions/${draftId}/files/${draftFileId}`, ownSubmission()],
      // A reviewer's reviews (issue 34): anyone signed in sees their own (none here).
      ["/my-reviews", { ...every("allowed"), anonymous: "sign in" }],
    ];
    let rows = 0;
    for (const [address, expected] of screens) {
      for (const role of CALLERS) {
        const reply = await send("GET", address, { cookie: role === "anonymous" ? undefined : callers()[role].cookie });
        const seen: Expected =
          reply.status >= 300 && reply.status < 400 && reply.location.startsWith("/signin?redirectTo")
            ? "sign in"
            : reply.status === 403
              ? "forbidden"
              : reply.status === 404
                ? "not found"
                : "allowed"; // 200, or a 400 such as an export that needs the article's DOI first
        expect(seen, `GET ${address} as ${role}: ${reply.status} ${reply.location}`).toBe(expected[role]);
        rows++;
      }
    }
    // A reader's and an editor's dashboard list only their own tabs.
    const sidebar = async (caller: Caller) =>
      [
        ...(await send("GET", "/dashboard?tab=profile", { cookie: caller.cookie })).text.matchAll(
          /href="\/dashboard\?tab=([a-z-]+)"/g,
        ),
      ].map((m) => m[1]);
    expect(new Set(await sidebar(user))).toEqual(new Set(["profile"]));
    expect(new Set(await sidebar(editor))).toEqual(
      new Set(["profile", "posts", "categories", "media", "trash", "analytics"]),
    );
    expect(new Set(await sidebar(journalManager))).toEqual(
      new Set([
        "profile",
        "announce",
        "journals",
        "journal",
        "issues",
        "submissions",
        "submission-settings",
        "trash",
        "analytics",
      ]),
    );
    reportCount(
      "security",
      rows,
      `screens tried by each role and signed out (${screens.length} × ${CALLERS.length}, ${label})`,
    );
  });

  it("authorisation: every screen action against signed out, two readers, an editor, a journal manager and an admin", async () => {
    const ANYONE = every("allowed");
    const NO_ONE = every("not found");
    const SIGNED_IN = { ...ANYONE, anonymous: "sign in" } as const;
    const director = JSON.parse((await send("GET", "/api/staff/director")).text);
    // The fields the create and update forms of a department and a course send.
    const department = { name: "Department", facultyId: "0", departimage: imageUrl, content: "" };
    const course = {
      name: "Course",
      code: "SEC 101",
      credits: "3",
      semester: "1",
      description: "",
      departmentId: "0",
      facultyId: "0",
    };
    // The fields the journal's settings form and a new issue's form send.
    const journalSettings = { title: "Journal of Peace and Security Studies", licence: "CC-BY-4.0" };
    const issue = { volume: "990", number: "1", year: "2026", status: "forthcoming" };
    const dashboard = (intent: string, fields: Record<string, string> = {}) => ({
      path: "/dashboard",
      form: { intent, ...fields },
    });
    const staffOnly = (area: Area, name: string, intent: string, fields?: Record<string, string>) => ({
      name,
      ...dashboard(intent, fields),
      expect: workersOf(area),
    });
    // The actions, each with a request that would succeed for a caller allowed to make it.
    const actions: {
      name: string;
      path: string;
      form?: Record<string, string>;
      body?: Uint8Array;
      expect: Record<Role, Expected>;
    }[] = [
      { name: "update own profile", ...dashboard("update-profile", {}), expect: SIGNED_IN },
      // Two-factor sign-in and signed-in devices (decision 023): the caller's own account only.
      {
        name: "start two-factor sign-in",
        ...dashboard("two-factor-start", { password: "not the password" }),
        expect: SIGNED_IN,
      },
      { name: "confirm two-factor sign-in", ...dashboard("two-factor-confirm", { code: "000000" }), expect: SIGNED_IN },
      {
        name: "make new backup codes",
        ...dashboard("two-factor-backup-codes", { password: "not the password" }),
        expect: SIGNED_IN,
      },
      {
        name: "turn two-factor sign-in off",
        ...dashboard("two-factor-disable", { password: "not the password" }),
        expect: SIGNED_IN,
      },
      { name: "sign out another device", ...dashboard("end-session", { sessionId: "0" }), expect: SIGNED_IN },
      { name: "sign out every other device", ...dashboard("end-other-sessions"), expect: SIGNED_IN },
      staffOnly("people", "delete a user", "delete-user", { userId: "0" }),
      staffOnly("people", "make a user an admin", "set-admin", { userId: "0", admin: "true" }),
      staffOnly("people", "set a user's roles", "set-roles", { userId: "0", roles: "editor" }),
      staffOnly("people", "invite a colleague", "invite", { email: "matrix.invite@example.edu", roles: "editor" }),
      staffOnly("people", "resend an invitation", "resend-invitation", { invitationId: "0" }),
      staffOnly("people", "withdraw an invitation", "revoke-invitation", { invitationId: "0" }),
      staffOnly("people", "open or close sign-up", "set-sign-up", { open: "true" }),
      staffOnly("people", "mail a user a reset link", "send-reset-link", { userId: "0" }),
      { name: "send the address's link again", ...dashboard("resend-confirmation"), expect: SIGNED_IN },
      { name: "cancel a change of address", ...dashboard("cancel-email-change"), expect: SIGNED_IN },
      staffOnly("news", "delete a post", "delete-post", { postId: "0" }),
      // The news categories (issue 33): an editor's and an admin's, nobody else's.
      staffOnly("news", "add a category", "save-category", { name: "Matrix category" }),
      staffOnly("news", "move a category", "move-category", { slug: "no-such-category", direction: "up" }),
      staffOnly("news", "delete a category", "delete-category", { slug: "no-such-category" }),
      staffOnly("journal", "delete a journal", "delete-journal", { journalId: "0" }),
      staffOnly("news", "publish posts in bulk", "bulk-posts", { bulkAction: "publish", ids: "0" }),
      staffOnly("journal", "trash journals in bulk", "bulk-journals", { bulkAction: "trash", ids: "0" }),
      staffOnly("journal", "save the journal's settings", "save-journal-settings", journalSettings),
      staffOnly("journal", "create an issue", "save-issue", issue),
      staffOnly("journal", "delete an issue", "delete-issue", { issueId: "0" }),
      // Submissions and peer review (issue 34): the settings, and each action on a submission's page.
      staffOnly("submissions", "save the submission settings", "save-submission-settings", { mode: "here" }),
      // The COUNTER API's keys (issue 35): an admin's only.
      staffOnly("site", "issue a COUNTER API key", "issue-counter-key", { name: "Matrix library" }),
      staffOnly("site", "revoke a COUNTER API key", "revoke-counter-key", { id: "0" }),
      ...(
        ["assign", "note", "invite", "cancel-review", "reinvite", "return-review", "edit-for-author", "decide"] as const
      ).map((intent) => ({
        name: `a submission's ${intent}`,
        path: `/desk/submissions/${NO_SUBMISSION}`,
        form: {
          intent,
          editorId: "0",
          body: "A note",
          reviewId: NO_SUBMISSION,
          note: "n",
          forAuthor: "f",
          decision: "decline",
          letter: "l",
          name: "R",
          email: "r@example.net",
          dueOn: "2099-01-01",
          subject: "s",
        },
        expect: workersOf("submissions"),
      })),
      staffOnly("journal", "publish an issue", "publish-issue", { issueId: "0" }),
      staffOnly("news", "restore from the trash", "restore-item", { kind: "post", id: "0" }),
      staffOnly("journal", "delete from the trash", "purge-item", { kind: "journal", id: "0" }),
      staffOnly("media", "describe an uploaded file", "describe-file", { fileId: "0", alt: "x", caption: "" }),
      staffOnly("media", "delete an uploaded file", "delete-file", { fileId: "0" }),
      staffOnly("site", "load a settings section", "load-settings", { section: "blog" }),
      staffOnly("site", "save settings", "save-settings", {
        section: "blog",
        loaded: "blog",
        title: "News",
        subtitle: "Updates from the centre",
      }),
      staffOnly("site", "load a staff role", "load-staff", { role: "director" }),
      staffOnly("site", "save staff", "save-staff", {
        role: "director",
        loaded: "director",
        name: director.name,
        post: director.post,
        email: director.email,
        description: director.description,
        photo: director.photo,
      }),
      staffOnly("journal", "save the announcement", "save-announcement", {
        title: "Call for papers",
        content: "<p>Open</p>",
      }),
      staffOnly("site", "save a focus page", "save-focus", {
        key: "journals",
        title: "Journal Articles",
        subtitle: "Read",
        content: "",
      }),
      staffOnly("site", "create a faculty", "create-faculty", { name: `Faculty ${randomBytes(2).toString("hex")}` }),
      staffOnly("site", "update a faculty", "update-faculty", { id: "0", name: "Renamed" }),
      staffOnly("site", "delete a faculty", "delete-faculty", { id: "0" }),
      staffOnly("site", "create a department", "create-department", department),
      staffOnly("site", "update a department", "update-department", { id: "0", ...department }),
      staffOnly("site", "delete a department", "delete-department", { id: "0" }),
      staffOnly("site", "create a course", "create-course", course),
      staffOnly("site", "update a course", "update-course", { id: "0", ...course }),
      staffOnly("site", "delete a course", "delete-course", { id: "0" }),
      {
        name: "create a post",
        path: "/create-post",
        form: { title: "Matrix post", category: "exams", image: "", content: "<p>x</p>" },
        expect: workersOf("news"),
      },
      {
        name: "update a post",
        path: `/update-post/${postId}`,
        form: { title: "Security post", category: "exams", image: "", content: "<p>y</p>" },
        expect: workersOf("news"),
      },
      {
        name: "preview a post",
        path: "/preview",
        form: { previewKind: "post", title: "Preview", category: "exams", image: "", content: "<p>x</p>" },
        expect: workersOf("news"),
      },
      {
        name: "restore a post's revision",
        path: `/update-post/${postId}/history`,
        form: { revisionId: "0" },
        expect: workersOf("news"),
      },
      {
        name: "restore a journal's revision",
        path: `/update-journal/${journalId}/history`,
        form: { revisionId: "0" },
        expect: workersOf("journal"),
      },
      {
        name: "restore a revision of the announcement",
        path: "/history/announcement/announcement",
        form: { revisionId: "0" },
        expect: workersOf("site"),
      },
      {
        name: "create a journal",
        path: "/create-journal",
        form: { title: "Matrix journal", abstract: "", pdf: pdfUrl },
        expect: workersOf("journal"),
      },
      {
        name: "update a journal",
        path: `/update-journal/${journalId}`,
        form: { title: "Security journal", abstract: "<p>y</p>", pdf: pdfUrl },
        expect: workersOf("journal"),
      },
      {
        name: "upload a PDF",
        path: "/api/uploads?purpose=pdf",
        body: renderPdf([{ text: "x" }], { title: "x", author: "x" }),
        expect: workersOf("journal"),
      },
      {
        name: "upload a profile photo",
        path: "/api/uploads?purpose=avatar",
        body: await sharp({ create: { width: 64, height: 64, channels: 3, background: "#2a6f97" } })
          .png()
          .toBuffer(),
        expect: SIGNED_IN,
      },
      {
        name: "create the first admin",
        path: "/setup",
        form: { username: "late.admin", email: "late@example.edu", password: "late admin password" },
        expect: NO_ONE,
      },
      // A link that names no invitation: refused for everyone alike, and nothing is made.
      { name: "accept an invitation", path: "/invitation/no-such-invitation-token-0000", form: {}, expect: ANYONE },
      // A reviewer's link that opens no review (issue 34): 404 for everyone alike, and nothing changes
      // (the last test reads the database for any answer or review the suite could have made).
      {
        name: "answer a review invitation",
        path: `/review/${WRONG_REVIEW_TOKEN}`,
        form: { answer: "accept" },
        expect: ANYONE,
      },
      {
        name: "send a review",
        path: `/review/${WRONG_REVIEW_TOKEN}`,
        form: { recommendation: "accept", forAuthor: "Matrix review" },
        expect: ANYONE,
      },
      {
        name: "mail a review's link again",
        path: "/my-reviews",
        form: { reviewId: "00000000-0000-4000-8000-000000000000" },
        expect: SIGNED_IN,
      },
      { name: "switch the theme", path: "/theme", form: { theme: "dark" }, expect: ANYONE },
      { name: "sign out", path: "/signout", form: {}, expect: ANYONE },
      {
        name: "sign in",
        path: "/signin",
        form: { username: "nobody.here", password: "wrong password" },
        expect: ANYONE,
      },
      { name: "sign up", path: "/signup", form: { username: "", email: "", password: "" }, expect: ANYONE },
      // Without a challenge cookie the second step signs nobody in (tests/security/two-factor.db.test.ts).
      { name: "second sign-in step", path: "/signin/two-factor", form: { code: "000000" }, expect: ANYONE },
      { name: "ask for a reset link", path: "/forgot-password", form: { identifier: "nobody.here" }, expect: ANYONE },
      {
        name: "reset a password",
        path: "/reset-password",
        form: { token: "not-a-token", password: "a new password", confirmPassword: "a new password" },
        expect: ANYONE,
      },
      { name: "external sign-in", path: "/auth/external", form: { provider: "none" }, expect: ANYONE },
      // Online submission (issue 34): any signed-in person with a confirmed address starts one; a
      // draft's steps, uploads and a revision are its author's alone.
      { name: "start a submission", path: "/submit", form: { intent: "start" }, expect: SIGNED_IN },
      {
        name: "save a step of a submission",
        path: `/submit/${draftId}/details`,
        form: { title: "Matrix paper", abstract: "A.", keywords: "", section: "research", language: "en", funding: "" },
        expect: ownSubmission(),
      },
      {
        name: "upload a manuscript",
        path: `/submit/${draftId}/files?upload=manuscript`,
        body: renderPdf([{ text: "x" }], { title: "x", author: "x" }),
        expect: ownSubmission(),
      },
      {
        name: "remove a file of a submission",
        path: `/submit/${draftId}/files`,
        form: { intent: "remove-file", fileId: "00000000-0000-0000-0000-000000000000" },
        expect: ownSubmission(),
      },
      { name: "send a revision", path: `/my-submissions/${draftId}`, form: { response: "" }, expect: ownSubmission() },
      // Harvesters may POST their OAI-PMH requests: reading the journal's public records, no sign-in.
      { name: "an OAI-PMH request", path: "/oai", form: { verb: "Identify" }, expect: ANYONE },
    ];
    // Actions that end or remove the caller's own account are checked with accounts of their own.
    // Every intent the dashboard's tab registry answers.
    const intentsInSource = Object.values(TAB_SERVERS).flatMap((tab) => Object.keys(tab.actions));
    expect(intentsInSource.length, "dashboard intents found in the registry").toBeGreaterThan(15);
    const covered = new Set([...actions.map((a) => a.form?.intent).filter(Boolean), "delete-account"]);
    expect(
      intentsInSource.filter((intent) => !covered.has(intent)),
      "dashboard intents without a matrix row",
    ).toEqual([]);

    // Every screen with an action has rows (the JSON API's routes are app/api's matrix).
    const screensWithActions = routesWithActions()
      .filter(({ file }) => !/routes\/api\.(ts|auth\.ts)$/.test(file))
      .map(({ routePath }) => routePath);
    const rowFor = (routePath: string) =>
      actions.some((a) => new RegExp(`^/${routePath.replace(/:[^/]+/g, "[^/]+")}(\\?|$)`).test(a.path));
    expect(
      screensWithActions.filter((routePath) => !rowFor(routePath)),
      "screens with an action but no matrix row",
    ).toEqual([]);
    const cookieOf = (role: Role) => (role === "anonymous" ? undefined : callers()[role].cookie);
    // "not found" is what a closed screen answers (the setup page once an admin exists); a 404 for
    // a record that does not exist is an allowed action's answer.
    const classify = (reply: Reply, closedScreen = false): Expected => {
      if (
        (reply.status === 401 && reply.url.startsWith("/api/")) ||
        (reply.status >= 300 && reply.status < 400 && reply.location.startsWith("/signin?redirectTo"))
      )
        return "sign in";
      if (reply.status === 403) return "forbidden";
      if (reply.status === 404 && closedScreen) return "not found";
      return "allowed";
    };
    // The activity log (decision 024): each admin's action leaves exactly one entry, as the admin,
    // with its answer's outcome; a failed sign-in one naming the attempted name; the rest none.
    const NOT_LOGGED = new Set([
      "load a settings section",
      "load a staff role",
      "preview a post",
      "switch the theme",
      "sign out",
      "sign up",
      "external sign-in",
      "an OAI-PMH request",
      "accept an invitation",
      // A reviewer's steps: the link is the key, not a staff role.
      "answer a review invitation",
      "send a review",
      "mail a review's link again",
      // Steps of signing in and of a forgotten password: a visitor's, not an admin's writes.
      "second sign-in step",
      "ask for a reset link",
      "reset a password",
      // An author's own work on their submission (issue 34), whatever else their role: not an admin's write.
      "start a submission",
      "save a step of a submission",
      "upload a manuscript",
      "remove a file of a submission",
      "send a revision",
    ]);
    const newestEntries = async () =>
      (
        JSON.parse((await send("GET", "/api/activity?limit=5", { cookie: admin.cookie })).text) as {
          entries: { id: string; action: string; actor: { name: string | null }; outcome: string }[];
        }
      ).entries;
    let logged = 0;
    async function checkActivity(name: string, role: Role, reply: Reply, before: string | undefined, allowed: boolean) {
      const entries = await newestEntries();
      const index = entries.findIndex((entry) => entry.id === before);
      const added = before === undefined ? entries : entries.slice(0, index === -1 ? entries.length : index);
      const outcome = reply.status >= 500 ? "failed" : reply.status >= 400 ? "refused" : "ok";
      if (name === "sign in") {
        expect(added, `${name} as ${role}: activity`).toMatchObject([
          { action: "sign-in.failed", actor: { name: "unknown account" }, outcome: "refused" },
        ]);
      } else if (STAFF.has(role) && allowed && !NOT_LOGGED.has(name)) {
        // Staff writes are logged, each as its author (decision 024, issue 33).
        expect(added, `${name} as ${role} (${reply.status}): activity`).toMatchObject([
          { actor: { name: callers()[role as Exclude<Role, "anonymous">].username }, outcome },
        ]);
        logged++;
      } else {
        expect(added, `${name} as ${role}: activity`).toEqual([]);
      }
    }
    let rows = 0;
    // Refusals first, all of them: together they must leave the site exactly as it was.
    const before = await siteState();
    for (const action of actions) {
      for (const role of CALLERS) {
        if (action.expect[role] === "allowed") continue;
        const lastEntry = (await newestEntries())[0]?.id;
        const reply = await send("POST", action.path, {
          cookie: cookieOf(role),
          form: action.form,
          body: action.body,
          headers: action.body ? { "content-type": "application/octet-stream", "x-file-name": "f" } : undefined,
        });
        expect(
          classify(reply, action.expect[role] === "not found"),
          `${action.name} as ${role}: ${reply.status} ${reply.text.slice(0, 120)}`,
        ).toBe(action.expect[role]);
        await checkActivity(action.name, role, reply, lastEntry, false);
        rows++;
      }
    }
    if (NO_ONE.admin === "not found") {
      const reply = await send("POST", "/setup", {
        cookie: admin.cookie,
        form: { username: "late.admin", email: "late@example.edu", password: "late admin password" },
      });
      expect(classify(reply, true)).toBe("not found");
      rows++;
    }
    expect(await siteState(), "refused actions changed nothing").toBe(before);
    // Then what each caller may do.
    for (const action of actions) {
      for (const role of CALLERS) {
        if (action.expect[role] !== "allowed") continue;
        const lastEntry = (await newestEntries())[0]?.id;
        const reply = await send("POST", action.path, {
          cookie: cookieOf(role),
          form: action.form,
          body: action.body,
          headers: action.body
            ? { "content-type": action.path.includes("pdf") ? "application/pdf" : "image/png", "x-file-name": "f" }
            : undefined,
        });
        expect(classify(reply), `${action.name} as ${role}: ${reply.status} ${reply.text.slice(0, 120)}`).toBe(
          "allowed",
        );
        rows++;
        if (action.path === "/signout" && role !== "anonymous") {
          const caller = callers()[role];
          expect(await signedIn(caller.cookie), `${role} is signed out`).toBe(false);
          caller.cookie = await signIn(caller.username, caller.password);
        }
        await checkActivity(action.name, role, reply, lastEntry, true);
      }
    }
    expect(logged, "staff actions that left their activity entry").toBeGreaterThan(30);
    reportCount("security", logged, `screen actions by staff leaving exactly one activity entry (${label})`);
    // Deleting one's own account: each kind of caller, on an account of its own.
    expect(classify(await send("POST", "/dashboard", { form: { intent: "delete-account" } }))).toBe("sign in");
    for (const caller of [await newUser("gone"), await newUser("gone")]) {
      const reply = await send("POST", "/dashboard", { cookie: caller.cookie, form: { intent: "delete-account" } });
      expect(reply.status).toBe(302);
      expect(reply.location).toBe("/");
      rows += 1;
    }
    // A user removing another: refused, and the other is still there.
    const target = await newUser("target");
    expect(
      classify(
        await send("POST", "/dashboard", { cookie: user.cookie, form: { intent: "delete-user", userId: target.id } }),
      ),
    ).toBe("forbidden");
    expect(await signedIn(target.cookie)).toBe(true);
    expect(
      classify(
        await send("POST", "/dashboard", { cookie: admin.cookie, form: { intent: "delete-user", userId: target.id } }),
      ),
    ).toBe("allowed");
    rows += 3;
    reportCount(
      "security",
      rows,
      `screen-action authorisation rows (${actions.length + 1} actions × signed out, two readers, editor, journal manager, admin, ${label})`,
    );
  });

  it("online submission: an unconfirmed address is told to confirm it; another reader's submission does not exist for them", async () => {
    const unconfirmed = await newUser("unconfirmed");
    const refused = await send("POST", "/submit", { cookie: unconfirmed.cookie, form: { intent: "start" } });
    expect(refused.status).toBe(403);
    expect(refused.text).toContain(CONFIRM_EMAIL_FIRST);
    // Another reader: the draft, and one that does not exist, answer alike, and nothing changes.
    const forged = "Forged by another reader";
    const theirs = await send("POST", `/submit/${draftId}/letter`, {
      cookie: other.cookie,
      form: { coverLetter: forged, go: "next" },
    });
    const nothing = await send("POST", `/submit/${randomUUIDv4()}/letter`, {
      cookie: other.cookie,
      form: { coverLetter: forged, go: "next" },
    });
    for (const reply of [theirs, nothing]) {
      expect(reply.status).toBe(404);
      expect(reply.text).toContain(SUBMISSION_NOT_FOUND);
    }
    const own = await send("GET", `/submit/${draftId}/letter`, { cookie: user.cookie });
    expect(own.status).toBe(200);
    expect(own.text).not.toContain(forged);
    const download = await send("GET", `/my-submissions/${draftId}/files/${draftFileId}`, { cookie: user.cookie });
    expect(download.headers.get("content-disposition")).toMatch(/^attachment; filename="m\.pdf"/);
    expect(download.headers.get("cache-control")).toBe("private, no-store");
  });

  it("rate limits: sign-in, sign-up and password change from one address stop at 10 a minute", async () => {
    // An account of its own: the guesses also use up that account's allowance (tests/security/accounts.db.test.ts).
    const guessed = await newUser("guessed");
    const address = newAddress();
    const statuses = [];
    for (let i = 0; i < 11; i++)
      statuses.push(
        (await send("POST", "/signin", { from: address, form: { username: guessed.username, password: `guess ${i}` } }))
          .status,
      );
    expect(statuses.slice(0, 10)).toEqual(Array(10).fill(401));
    const limited = await send("POST", "/signin", {
      from: address,
      form: { username: guessed.username, password: guessed.password },
    });
    expect(limited.status).toBe(429);
    expect(limited.text).toMatch(/Too many attempts\. Please try again in \d+ (seconds?|minute)\./);

    const signUpAddress = newAddress();
    for (let i = 0; i < 10; i++) {
      const name = `burst.${randomBytes(3).toString("hex")}`;
      expect(
        (
          await send("POST", "/signup", {
            from: signUpAddress,
            form: { username: name, email: `${name}@example.edu`, password: "a long enough password" },
          })
        ).status,
      ).toBe(302);
    }
    expect(
      (
        await send("POST", "/signup", {
          from: signUpAddress,
          form: { username: "burst.last", email: "burst.last@example.edu", password: "a long enough password" },
        })
      ).status,
    ).toBe(429);

    const changer = await newUser("changer");
    // Ten wrong current passwords for a change, from one address; then the right one, which the limit answers.
    async function guessCurrentPassword(change: Record<string, string>, expectWrong: (reply: Reply) => void) {
      const from = newAddress();
      const attempt = (currentPassword: string) =>
        send("POST", "/dashboard", {
          from,
          cookie: changer.cookie,
          form: { intent: "update-profile", ...change, currentPassword },
        });
      for (let i = 0; i < 10; i++) expectWrong(await attempt(`wrong ${i}`));
      return attempt(changer.password);
    }
    const reply = await guessCurrentPassword({ password: "a new password here" }, (wrong) =>
      expect(wrong.status).toBe(400),
    );
    expect(reply.status).toBe(429);
    // A new email also needs the current password: the same limit on guessing it.
    const blocked = await guessCurrentPassword({ email: "moved@example.edu" }, (wrong) =>
      expect(wrong.text).toContain("The current password is incorrect."),
    );
    expect(blocked.status).toBe(429);
    // Without the password, another account's address is not told apart from a free one.
    const taken = await send("POST", "/dashboard", {
      cookie: changer.cookie,
      form: {
        intent: "update-profile",
        email: `${other.username}@example.edu`,
        password: "a new password here",
        currentPassword: "wrong",
      },
    });
    expect([taken.status, taken.text.includes("The current password is incorrect.")]).toEqual([400, true]);
  });

  it("sessions end on sign-out, on a password change (every session) and when the account is deleted", async () => {
    const leaving = await newUser("leaving");
    expect(await signedIn(leaving.cookie)).toBe(true);
    await send("POST", "/signout", { cookie: leaving.cookie });
    expect(await signedIn(leaving.cookie), "signed out").toBe(false);
    expect((await send("PUT", `/api/users/update/${leaving.id}`, { cookie: leaving.cookie, json: {} })).status).toBe(
      401,
    );

    const changing = await newUser("changing");
    const laptop = changing.cookie;
    const phone = await signIn(changing.username, changing.password);
    const changed = await send("POST", "/dashboard", {
      cookie: laptop,
      form: { intent: "update-profile", password: "a brand new password", currentPassword: changing.password },
    });
    expect([changed.status, changed.location]).toEqual([302, "/dashboard?tab=profile&updated=1"]);
    expect(await signedIn(phone), "the other device is signed out").toBe(false);
    expect(await signedIn(laptop), "the old session token is no longer valid").toBe(false);
    expect(await signedIn(sessionCookie(changed)), "the device that changed it keeps a new session").toBe(true);
    expect(
      (await send("POST", "/signin", { form: { username: changing.username, password: changing.password } })).status,
    ).toBe(401);

    const deleting = await newUser("deleting");
    const second = await signIn(deleting.username, deleting.password);
    await send("POST", "/dashboard", { cookie: deleting.cookie, form: { intent: "delete-account" } });
    expect(await signedIn(deleting.cookie)).toBe(false);
    expect(await signedIn(second)).toBe(false);

    const removed = await newUser("removed");
    await send("POST", "/dashboard", { cookie: admin.cookie, form: { intent: "delete-user", userId: removed.id } });
    expect(await signedIn(removed.cookie), "a user an admin deleted is signed out everywhere").toBe(false);
  });

  it("sign-in does not tell whether an account exists; sign-up says only what SPEC.md requires", async () => {
    const unknown = await send("POST", "/signin", {
      form: { username: "no.such.person", password: "whatever password" },
    });
    const wrong = await send("POST", "/signin", { form: { username: user.username, password: "not the password" } });
    const message = (reply: Reply) => /role="alert"[^>]*>(?:<[^>]+>)*([^<]+)</.exec(reply.text)?.[1];
    expect(unknown.status).toBe(wrong.status);
    expect(message(unknown)).toBe("Invalid username or password");
    expect(message(wrong)).toBe(message(unknown));
    const apiUnknown = await send("POST", "/api/auth/signin", {
      json: { username: "no.such.person", password: "whatever password" },
    });
    const apiWrong = await send("POST", "/api/auth/signin", {
      json: { username: user.username, password: "not the password" },
    });
    expect([apiUnknown.status, JSON.parse(apiUnknown.text).message]).toEqual([
      apiWrong.status,
      JSON.parse(apiWrong.text).message,
    ]);
    const taken = await send("POST", "/signup", {
      form: { username: user.username, email: "fresh.address@example.edu", password: "a long enough password" },
    });
    expect(message(taken)).toBe("That username is already taken. Please choose another.");
  });

  it("a reviewer's link: unknown or cancelled is a 404 in words, never kept or sent on; too many unknown from one address, 429", async () => {
    const address = newAddress();
    const gone = await send("GET", `/review/${WRONG_REVIEW_TOKEN}`, { from: address });
    expect(gone.status).toBe(404);
    expect(gone.text).toContain("This review link no longer works");
    expect(gone.text).toContain('name="robots" content="noindex, nofollow"');
    expect(gone.headers.get("referrer-policy")).toBe("same-origin");
    expect(gone.headers.get("cache-control")).toContain("no-store");
    expect(gone.headers.get("x-page-cache")).toBeNull();
    // Its files and certificate: the same refusal, never a 500.
    for (const below of ["files/00000000-0000-4000-8000-000000000000", "certificate.pdf"]) {
      const reply = await send("GET", `/review/${WRONG_REVIEW_TOKEN}/${below}`, { from: address });
      expect(reply.status, below).toBe(404);
      expect(reply.headers.get("referrer-policy")).toBe("same-origin");
    }
    // Twenty unknown links in ten minutes from one address; the next is refused with when to come back.
    for (let i = 3; i < 20; i++)
      expect((await send("GET", `/review/${"V".repeat(40)}${100 + i}`, { from: address })).status).toBe(404);
    const limited = await send("GET", `/review/${WRONG_REVIEW_TOKEN}`, { from: address });
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get("retry-after"))).toBeGreaterThan(60);
    expect(limited.text).toMatch(/Too many attempts\. Please try again in \d+ minutes?\./);
    const posted = await send("POST", `/review/${WRONG_REVIEW_TOKEN}`, { from: address, form: { answer: "accept" } });
    expect(posted.status).toBe(429);
    // Another address is not held back.
    expect((await send("GET", `/review/${WRONG_REVIEW_TOKEN}`)).status).toBe(404);
  });

  it("headers on every kind of answer: a policy without inline scripts, no framing by others, no sniffing, a referrer policy", async () => {
    const answers = [
      await send("GET", "/"),
      await send("GET", "/"),
      await send("GET", "/posts.data"),
      await send("GET", "/dashboard?tab=posts", { cookie: admin.cookie }),
      await send("GET", "/api/post/getposts"),
      await send("GET", pdfUrl),
      await send("GET", imageUrl),
      await send("GET", "/favicon.svg"),
      await send("GET", "/no/such/page"),
      await send("POST", "/signout", { headers: { origin: "https://evil.example" } }),
      await send("GET", "/healthz"),
    ];
    const html = answers.filter((a) => a.headers.get("content-type")?.startsWith("text/html"));
    expect(html.length).toBeGreaterThanOrEqual(4);
    for (const answer of answers) {
      const policy = answer.headers.get("content-security-policy") ?? "";
      const scripts =
        /(?:^|;\s*)script-src ([^;]*)/.exec(policy)?.[1] ?? /(?:^|;\s*)default-src ([^;]*)/.exec(policy)?.[1] ?? "";
      expect(policy, "a Content-Security-Policy").not.toBe("");
      expect(scripts).not.toContain("'unsafe-inline'");
      expect(scripts).not.toContain("*");
      expect(policy).toMatch(/frame-ancestors '(self|none)'|sandbox/);
      expect(answer.headers.get("x-content-type-options")).toBe("nosniff");
      expect(answer.headers.get("referrer-policy")).toBe("strict-origin-when-cross-origin");
      expect(answer.headers.get("strict-transport-security"), "no HSTS over plain http").toBeNull();
    }
    // A signed-in page has a fresh nonce each time; a cached page lists its scripts' hashes.
    const signedInPolicy = html.find((a) => /'nonce-/.test(a.headers.get("content-security-policy")!));
    expect(signedInPolicy).toBeDefined();
    const again = await send("GET", "/dashboard?tab=posts", { cookie: admin.cookie });
    const nonceOf = (reply: Reply) => /'nonce-([^']+)'/.exec(reply.headers.get("content-security-policy")!)![1];
    expect(nonceOf(again), "a fresh nonce for every signed-in page").not.toBe(nonceOf(signedInPolicy!));
    expect(again.text).toContain(`nonce="${nonceOf(again)}"`);
    expect(answers[1].headers.get("x-page-cache")).toBe("hit");
    expect(answers[1].headers.get("content-security-policy")).toMatch(/script-src 'self'( 'sha256-[A-Za-z0-9+/=]+')+;/);
  });

  it("behind a proxy that ends https (TRUST_PROXY, X-Forwarded-Proto), forms from the https page work", async () => {
    const httpsOrigin = site.url.replace("http:", "https:");
    const reply = await send("POST", "/signin", {
      headers: { origin: httpsOrigin, "x-forwarded-proto": "https" },
      form: { username: user.username, password: user.password },
    });
    expect([reply.status, reply.location]).toEqual([302, "/dashboard?tab=profile"]);
  });

  it("session cookies are httpOnly and SameSite=Lax", async () => {
    const reply = await send("POST", "/signin", { form: { username: user.username, password: user.password } });
    const cookies = reply.headers.getSetCookie().filter((c) => /session_token/.test(c));
    expect(cookies.length).toBe(1);
    expect(cookies[0]).toMatch(/;\s*HttpOnly/i);
    expect(cookies[0]).toMatch(/;\s*SameSite=Lax/i);
  });

  it("no answer holds a password hash", async () => {
    // Pages and API answers where accounts appear, read as the admin.
    for (const read of [
      "/dashboard?tab=users",
      "/dashboard?tab=profile",
      "/api/users/getusers?limit=100",
      `/api/users/update/${user.id}`,
    ]) {
      await send(read.includes("update") ? "PUT" : "GET", read, {
        cookie: admin.cookie,
        json: read.includes("update") ? {} : undefined,
      });
    }
    await site.stop();
    // The stored hashes, read with the server stopped (PGlite allows one process).
    const database = await openDatabase(
      storage.env.DATABASE_URL
        ? { kind: "postgres", url: storage.env.DATABASE_URL }
        : { kind: "pglite", dataDir: path.join(storage.dataDir, "pglite") },
    );
    const hashes = rowsOf<{ password: string }>(
      await database.db.execute(sql`select password from accounts where password is not null`),
    ).map((r) => r.password);
    // No reviewer's link the suite tried opened anything: no answer or review was recorded.
    const reviewerSteps = rowsOf<{ n: number }>(
      await database.db.execute(
        sql`select count(*)::int as n from submission_events where kind in ('review-accepted', 'review-declined', 'review-submitted') and at >= ${suiteStarted}`,
      ),
    );
    await database.close();
    expect(Number(reviewerSteps[0].n), "reviewer's steps recorded by wrong links").toBe(0);
    expect(hashes.length).toBeGreaterThan(5);
    const everything = received.join("\n");
    for (const hash of hashes) {
      expect(everything.includes(hash)).toBe(false);
      expect(everything.includes(hash.split(":")[1] ?? hash)).toBe(false);
    }
    expect(everything).not.toMatch(/[0-9a-f]{32}:[0-9a-f]{128}/);
    reportCount("security", received.length, `answers searched for password hashes (${label})`);
  });
});

if (!onPostgres) {
  describe("security behind https (PUBLIC_URL=https://...)", () => {
    it("sends HSTS and marks the session cookie Secure", async () => {
      const httpsStorage = await siteStorage("https");
      const httpsSite = await startSite({
        ...httpsStorage.env,
        PUBLIC_URL: "https://centre.example.edu",
        TRUST_PROXY: "true",
      });
      try {
        await createAdmin(ADMIN, httpsStorage.env);
        const page = await fetch(`${httpsSite.url}/signin`);
        expect(page.headers.get("strict-transport-security")).toBe("max-age=31536000; includeSubDomains");
        expect(page.headers.get("content-security-policy")).toContain("upgrade-insecure-requests");
        const signIn = await fetch(`${httpsSite.url}/signin`, {
          method: "POST",
          redirect: "manual",
          headers: {
            origin: "https://centre.example.edu",
            "content-type": "application/x-www-form-urlencoded",
            "x-forwarded-for": newAddress(),
          },
          body: new URLSearchParams({ username: ADMIN.username, password: ADMIN.password }),
        });
        expect(signIn.status, await signIn.clone().text()).toBe(302);
        const session = signIn.headers.getSetCookie().find((c) => /session_token/.test(c))!;
        expect(session).toMatch(/;\s*Secure/i);
        expect(session).toMatch(/;\s*HttpOnly/i);
      } finally {
        await httpsSite.stop();
        await httpsStorage.dispose();
      }
    });
  });
}
