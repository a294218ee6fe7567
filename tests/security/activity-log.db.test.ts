/**
 * Security suite: the activity log (issue 21, decision 024), in process. Every dashboard intent the
 * tab registry answers, every editor, history restore and upload, run by an admin, leaves exactly one
 * entry with the admin, the action and the outcome of its answer; run by anyone else, none. Failed
 * sign-ins on every path are logged with the attempted name and no password. GET /api/activity
 * filters and pages. No entry holds a password or a session token used here. (The JSON API's own
 * operations are checked in app/api/authorisation.db.test.ts's matrix; the screens at the HTTP
 * server in tests/security/server.db.test.ts.)
 */
import { randomBytes } from "node:crypto";

import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { tabAreas } from "~/dashboard/registry";
import { rowsOf } from "~/db/client.server";
import { renderPdf } from "~/demo/pdf.server";
import { action as journalEditorAction } from "~/journal/routes/article-editor";
import { CLIENT_IP_HEADER } from "~/lib/client-ip.server";
import { action as uploadAction } from "~/routes/api.uploads";
import { action as dashboardAction } from "~/routes/dashboard";
import { TAB_SERVERS } from "~/routes/dashboard/registry.server";
import { action as postEditorAction } from "~/routes/post-editor";
import { action as revisionsAction } from "~/routes/revisions";
import { action as signInAction } from "~/routes/signin";
import { type ActivityEntry, outcomeOf } from "~/services/activity.server";

import { type ApiWorld, openApiWorld } from "../support/api";
import { reportCount } from "../support/counts";
import { testDatabaseKind } from "../support/database";

const MISSING = "00000000-0000-4000-8000-000000000000";
let world: ApiWorld;
/** Every password this suite typed: none may reach the log. */
const typed: string[] = [];

beforeAll(async () => {
  world = await openApiWorld();
  typed.push(...Object.values(world.passwords).filter(Boolean));
});
afterAll(async () => {
  await world?.close();
});

/** A browser's POST of a form: its cookie, address and name. */
function post(path: string, fields: Record<string, string>, cookie = "", address = "198.51.100.7") {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  return new Request(`http://localhost${path}`, {
    method: "POST",
    body: form,
    headers: { cookie, [CLIENT_IP_HEADER]: address, "user-agent": "Activity test browser" },
  });
}

/** The status a route action answered with, or threw. */
async function statusOf(run: () => Promise<unknown>): Promise<number> {
  try {
    const answer = await run();
    if (answer instanceof Response) return answer.status;
    return (answer as { init?: { status?: number } | null })?.init?.status ?? 200;
  } catch (thrown) {
    if (thrown instanceof Response) return thrown.status;
    return (thrown as { init?: { status?: number } }).init?.status ?? 500;
  }
}

async function count() {
  const [row] = rowsOf<{ n: number }>(
    await world.database.db.execute(sql`select count(*)::int as n from activity_log`),
  );
  return row.n;
}

/** Runs `call` and returns the entries it left, newest first. */
async function entriesOf(call: () => Promise<number>): Promise<{ status: number; entries: ActivityEntry[] }> {
  const before = await count();
  const status = await call();
  const added = (await count()) - before;
  const entries = added > 0 ? (await world.services.activity.list({}, { limit: added })).items : [];
  return { status, entries };
}

describe(`the activity log's completeness (${testDatabaseKind})`, () => {
  it("every dashboard intent run by an admin leaves exactly one entry; by anyone else, none", async () => {
    let rows = 0;
    for (const [tab, server] of Object.entries(TAB_SERVERS)) {
      for (const [intent, handler] of Object.entries(server.actions)) {
        // Removing one's own account: an admin of its own.
        const admin = intent === "delete-account" ? await world.addUser("admin") : null;
        const cookie = admin?.cookie ?? world.cookies.admin;
        // A form aimed at nothing that exists: refused, and still logged.
        const fields = { intent, id: MISSING, userId: MISSING, postId: MISSING, fileId: MISSING, title: "Matrix" };
        const { status, entries } = await entriesOf(() =>
          statusOf(() =>
            dashboardAction({ request: post("/dashboard", fields, cookie), params: {}, context: {} } as never),
          ),
        );
        if (handler.reads) {
          expect(entries, `${tab}.${intent} only reads`).toEqual([]);
          continue;
        }
        expect(entries, `${tab}.${intent} as admin (${status})`).toHaveLength(1);
        expect(entries[0]).toMatchObject({
          action: `${tab}.${intent}`,
          actorId: admin?.id ?? world.ids.admin,
          outcome: outcomeOf(status),
          ipAddress: "198.51.100.7",
          userAgent: "Activity test browser",
        });
        rows++;
        // A reader's attempt at a staff intent is refused, and is not a staff write.
        if (tabAreas(tab as never).length > 0) {
          const refused = await entriesOf(() =>
            statusOf(() =>
              dashboardAction({
                request: post("/dashboard", fields, world.cookies.user),
                params: {},
                context: {},
              } as never),
            ),
          );
          expect(refused.status, `${tab}.${intent} as a user`).toBe(403);
          expect(refused.entries).toEqual([]);
        }
      }
    }
    expect(rows).toBeGreaterThan(20);
    // "set-sign-up" above, sent without its box, closed open sign-up: the next tests sign people up.
    await world.services.accounts.setSignUpOpen(true);
    reportCount("security", rows, `dashboard intents leaving exactly one activity entry (${testDatabaseKind})`);
  });

  it("the editors, history restores and uploads leave one entry each for an admin", async () => {
    const pdfUrl = await world.uploadedPdf();
    const cases: { name: string; action: string; outcome: string; run: (cookie: string) => Promise<number> }[] = [
      {
        name: "create a post",
        action: "posts.create-post",
        outcome: "ok",
        run: (cookie) =>
          statusOf(() =>
            postEditorAction({
              request: post(
                "/create-post",
                { title: "Logged post", category: "exams", image: "", content: "<p>x</p>" },
                cookie,
              ),
              params: {},
              context: {},
            } as never),
          ),
      },
      {
        name: "update a missing post",
        action: "posts.update-post",
        outcome: "refused",
        run: (cookie) =>
          statusOf(() =>
            postEditorAction({
              request: post(
                `/update-post/${MISSING}`,
                { title: "Gone", category: "exams", image: "", content: "" },
                cookie,
              ),
              params: { postId: MISSING },
              context: {},
            } as never),
          ),
      },
      {
        name: "create a journal article",
        action: "journals.create-journal",
        outcome: "ok",
        run: (cookie) =>
          statusOf(() =>
            journalEditorAction({
              request: post("/create-journal", { title: "Logged article", abstract: "", pdf: pdfUrl }, cookie),
              params: {},
              context: {},
            } as never),
          ),
      },
      {
        name: "restore a revision that does not exist",
        action: "revisions.restore-announcement",
        outcome: "refused",
        run: (cookie) =>
          statusOf(() =>
            revisionsAction({
              request: post("/history/announcement/announcement", { revisionId: MISSING }, cookie),
              params: { kind: "announcement", recordId: "announcement" },
              context: {},
            } as never),
          ),
      },
      {
        name: "upload a PDF",
        action: "uploads.upload-pdf",
        outcome: "ok",
        run: (cookie) =>
          statusOf(() =>
            uploadAction({
              request: new Request("http://localhost/api/uploads?purpose=pdf", {
                method: "POST",
                body: new Uint8Array(renderPdf([{ text: "Logged" }], { title: "Logged", author: "Tests" })),
                headers: {
                  cookie,
                  "content-type": "application/pdf",
                  "x-file-name": "logged.pdf",
                  [CLIENT_IP_HEADER]: "198.51.100.7",
                },
              }),
              params: {},
              context: {},
            } as never),
          ),
      },
    ];
    for (const { name, action, outcome, run } of cases) {
      const asAdmin = await entriesOf(() => run(world.cookies.admin));
      expect(asAdmin.entries, name).toHaveLength(1);
      expect(asAdmin.entries[0], name).toMatchObject({ action, outcome, actorId: world.ids.admin });
      const asUser = await entriesOf(() => run(world.cookies.user));
      expect(asUser.status, `${name} as a user`).toBe(403);
      expect(asUser.entries, `${name} as a user`).toEqual([]);
    }
    // An autosave is logged when it stores a new draft, not at each later save of that draft.
    const autosave = (fields: Record<string, string>) =>
      postEditorAction({
        request: post(
          "/create-post?autosave",
          { title: "Autosaved", category: "exams", image: "", content: "", ...fields },
          world.cookies.admin,
        ),
        params: {},
        context: {},
      } as never) as unknown as Promise<{ data: { id: string } }>;
    let draftId = "";
    const firstAutosave = await entriesOf(async () => {
      draftId = (await autosave({})).data.id;
      return 200;
    });
    expect(firstAutosave.entries).toMatchObject([
      { action: "posts.autosave-draft", targetId: draftId, targetLabel: "Autosaved" },
    ]);
    expect((await entriesOf(async () => (await autosave({ draftId }), 200))).entries).toEqual([]);
    const [upload] = (await world.services.activity.list({ action: "uploads.upload-pdf" })).items;
    expect(upload).toMatchObject({ targetKind: "pdf", targetLabel: "logged.pdf" });
  });

  it("logs failed sign-ins on every path with the attempted name, never the password", async () => {
    const victim = await world.addUser("user");
    const guesses = [`guess ${randomBytes(4).toString("hex")}`, `guess ${randomBytes(4).toString("hex")}`];
    typed.push(...guesses, victim.password);
    const byForm = await entriesOf(() =>
      statusOf(() =>
        signInAction({
          request: post("/signin", { username: victim.username, password: guesses[0] }),
          context: {},
        } as never),
      ),
    );
    expect(byForm.status).toBe(401);
    const byApiEmail = await entriesOf(async () => {
      const reply = await world.call("POST", "/api/auth/signin", {
        body: { username: `${victim.username}@example.edu`, password: guesses[1] },
      });
      return reply.status;
    });
    expect(byApiEmail.status).toBe(401);
    for (const [{ entries }, name, via] of [
      [byForm, victim.username, "/sign-in/username"],
      [byApiEmail, `${victim.username}@example.edu`, "/sign-in/email"],
    ] as const) {
      expect(entries).toHaveLength(1);
      expect(entries[0]).toMatchObject({
        action: "sign-in.failed",
        actorName: name,
        outcome: "refused",
        details: { via },
      });
    }
    // A Google ID token that does not verify, through the JSON API.
    const forged = await entriesOf(
      async () => (await world.call("POST", "/api/auth/google", { body: { idToken: "not.a.token" } })).status,
    );
    expect(forged.status).toBe(401);
    expect(forged.entries).toMatchObject([
      { action: "sign-in.external-failed", targetId: "google", outcome: "refused" },
    ]);
    // A sign-in that works is not an admin's write: nothing.
    const fine = await entriesOf(
      async () =>
        (
          await world.call("POST", "/api/auth/signin", {
            body: { username: victim.username, password: victim.password },
          })
        ).status,
    );
    expect(fine).toEqual({ status: 200, entries: [] });
  });

  it("a password typed into the username field of a failed sign-in leaves no trace of it in the log", async () => {
    const victim = await world.addUser("user");
    // The victim's password, and a password-looking string, typed as the name on each path.
    const asNames = [
      victim.password,
      `Tr0ub4dor&3-${randomBytes(4).toString("hex")}`,
      `S3cret-${randomBytes(4).toString("hex")}!`,
    ];
    typed.push(...asNames);
    const before = await count();
    for (const [i, name] of asNames.entries()) {
      const status =
        i === 2
          ? (await world.call("POST", "/api/auth/signin", { body: { username: name, password: name } })).status
          : await statusOf(() =>
              signInAction({
                request: post("/signin", { username: name, password: victim.password }),
                context: {},
              } as never),
            );
      // Refused: a wrong name and password (401), or a name no account could have (422).
      expect([401, 422]).toContain(status);
    }
    // Each failure is logged, against an account that does not exist, without the name typed.
    const { items } = await world.services.activity.list({}, { limit: (await count()) - before });
    expect(items).toHaveLength(asNames.length);
    for (const entry of items) {
      expect(entry).toMatchObject({ action: "sign-in.failed", actorId: null, targetId: null, outcome: "refused" });
      expect(entry.actorName).toBe("unknown account");
    }
    const [log] = rowsOf<{ t: string }>(
      await world.database.db.execute(sql`select coalesce(string_agg(a::text, '|'), '') as t from activity_log a`),
    );
    // Nor do the sign-in limit's counters, which count a name that is no account's by itself.
    const [counters] = rowsOf<{ t: string }>(
      await world.database.db.execute(sql`select coalesce(string_agg(r::text, '|'), '') as t from rate_limits r`),
    );
    expect(counters.t).toContain("sign-in:account:name:");
    for (const name of asNames) {
      expect(log.t.toLowerCase().includes(name.toLowerCase()), `the log holds ${name.slice(0, 4)}…`).toBe(false);
      expect(counters.t.toLowerCase().includes(name.toLowerCase()), `a counter holds ${name.slice(0, 4)}…`).toBe(false);
    }
  });

  it("an admin's change of a password is logged without it", async () => {
    const colleague = await world.addUser("user");
    const newPassword = `new ${randomBytes(6).toString("hex")}`;
    typed.push(newPassword);
    const { entries } = await entriesOf(
      async () =>
        (
          await world.call("PUT", `/api/users/update/${colleague.id}`, {
            as: "admin",
            body: { password: newPassword, currentPassword: "not needed from an admin" },
          })
        ).status,
    );
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      action: "accounts.updateUser",
      targetKind: "user",
      targetId: colleague.id,
      outcome: "ok",
      details: { body: { password: "[redacted]", currentPassword: "[redacted]" } },
    });
    typed.push("not needed from an admin");
  });

  it("GET /api/activity filters and pages, and says which filter is wrong", async () => {
    const page = await world.call("GET", "/api/activity?action=sign-in&limit=1", { as: "admin" });
    expect(page.status).toBe(200);
    const body = page.body as { entries: { action: string; id: string }[]; hasMore: boolean; next: string | null };
    expect(body.entries).toHaveLength(1);
    expect(body.entries[0].action).toMatch(/^sign-in\./);
    expect(body.hasMore).toBe(true);
    const next = await world.call("GET", `/api/activity?action=sign-in&limit=1&after=${body.next}`, { as: "admin" });
    expect((next.body as typeof body).entries[0].id).not.toBe(body.entries[0].id);
    const mine = await world.call("GET", `/api/activity?actor=${world.ids.admin}&outcome=ok`, { as: "admin" });
    const entries = (mine.body as { entries: { actor: { id: string }; outcome: string }[] }).entries;
    expect(entries.length).toBeGreaterThan(0);
    expect(entries.every((e) => e.actor.id === world.ids.admin && e.outcome === "ok")).toBe(true);
    const today = new Date().toISOString().slice(0, 10);
    const none = await world.call("GET", `/api/activity?to=2000-01-01&from=${today}`, { as: "admin" });
    expect((none.body as typeof body).entries).toEqual([]);
    const bad = await world.call("GET", "/api/activity?from=last-tuesday", { as: "admin" });
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ success: false, message: "from must be a date such as 2026-11-24." });
    expect((await world.call("GET", "/api/activity", { as: "user" })).status).toBe(403);
  });

  it("no entry anywhere holds a password or session token this suite used", async () => {
    const [log] = rowsOf<{ t: string }>(
      await world.database.db.execute(sql`select coalesce(string_agg(a::text, '|'), '') as t from activity_log a`),
    );
    expect(log.t.length).toBeGreaterThan(1000);
    const tokens = Object.values(world.cookies)
      .filter(Boolean)
      .flatMap((cookie) => cookie.split("; ").map((part) => decodeURIComponent(part.split("=")[1] ?? "")));
    for (const secret of [...typed, ...tokens]) {
      expect(log.t.includes(secret), `the log holds ${secret.slice(0, 6)}…`).toBe(false);
    }
  });
});
