import { sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";

import { rowsOf } from "~/db/client.server";
import { activityLog } from "~/db/schema";
import { activityQueryOf } from "~/lib/activity";
import { publishingTick } from "~/publishing-tick.server";

import { openTestDatabase, type TestDatabase, testDatabaseKind } from "../../tests/support/database";
import {
  activityService,
  formDetails,
  looksSecret,
  noteActivity,
  outcomeOf,
  redact,
  REDACTED,
  withActivity,
} from "./activity.server";
import { localStore } from "./storage/local-store.server";

let database: TestDatabase;
let activity: ReturnType<typeof activityService>;

beforeAll(async () => {
  database = await openTestDatabase();
  activity = activityService(database.db);
});
afterAll(async () => {
  await database?.dispose();
});
beforeEach(async () => {
  await database.db.delete(activityLog);
});

const ago = (days: number) => new Date(Date.now() - days * 24 * 60 * 60 * 1000);
const ada = { id: "user-ada", name: "ada" };
const ben = { id: "user-ben", name: "Ben" };

/** Every entry's every column as text: what a reader of the table could see. */
async function wholeTable(): Promise<string> {
  const rows = rowsOf<{ t: string }>(
    await database.db.execute(sql`select coalesce(string_agg(a::text, '|'), '') as t from activity_log a`),
  );
  return rows[0].t;
}

describe(`activity log (${testDatabaseKind})`, () => {
  it("lists newest first, a page at a time, each page after the last entry shown", async () => {
    for (let i = 0; i < 7; i++) {
      await activity.record({ action: "posts.delete-post", actor: ada, at: ago(7 - i), target: { id: `p${i}` } });
    }
    const first = await activity.list({}, { limit: 3 });
    expect(first.items.map((e) => e.targetId)).toEqual(["p6", "p5", "p4"]);
    expect(first.hasMore).toBe(true);
    const second = await activity.list({}, { limit: 3, after: first.items[2].id });
    expect(second.items.map((e) => e.targetId)).toEqual(["p3", "p2", "p1"]);
    const last = await activity.list({}, { limit: 3, after: second.items[2].id });
    expect(last.items.map((e) => e.targetId)).toEqual(["p0"]);
    expect(last.hasMore).toBe(false);
    // Entries at the same instant are still each listed once.
    const at = new Date();
    for (let i = 0; i < 4; i++)
      await activity.record({ action: "users.set-admin", actor: ben, at, target: { id: `same${i}` } });
    const seen: string[] = [];
    let after: string | undefined;
    do {
      const page = await activity.list({ action: "users" }, { limit: 1, after });
      seen.push(...page.items.map((e) => e.targetId!));
      after = page.hasMore ? page.items.at(-1)!.id : undefined;
    } while (after);
    expect(seen.sort()).toEqual(["same0", "same1", "same2", "same3"]);
  });

  it("filters by actor (id or name), action or group, outcome and dates", async () => {
    await activity.record({ action: "posts.delete-post", actor: ada, at: ago(10), outcome: "ok" });
    await activity.record({ action: "posts.bulk-posts", actor: ada, at: ago(5), outcome: "refused" });
    await activity.record({ action: "users.delete-user", actor: ben, at: ago(2), outcome: "failed" });
    await activity.record({
      action: "sign-in.failed",
      actor: { id: null, name: "Mallory" },
      at: ago(1),
      outcome: "refused",
    });
    const actions = async (filters: Parameters<typeof activity.list>[0]) =>
      (await activity.list(filters)).items.map((e) => e.action);
    expect(await actions({ actor: "user-ada" })).toEqual(["posts.bulk-posts", "posts.delete-post"]);
    expect(await actions({ actor: "ben" })).toEqual(["users.delete-user"]);
    expect(await actions({ actor: "mallory" })).toEqual(["sign-in.failed"]);
    expect(await actions({ action: "posts" })).toEqual(["posts.bulk-posts", "posts.delete-post"]);
    expect(await actions({ action: "posts.delete-post" })).toEqual(["posts.delete-post"]);
    // A group is the part before the dot, not any prefix; LIKE's wildcards are only letters here.
    expect(await actions({ action: "post" })).toEqual([]);
    expect(await actions({ action: "%" })).toEqual([]);
    expect(await actions({ outcome: "refused" })).toEqual(["sign-in.failed", "posts.bulk-posts"]);
    expect(await actions({ from: ago(6), to: ago(1.5) })).toEqual(["users.delete-user", "posts.bulk-posts"]);
    expect(await actions({ actor: "user-ada", outcome: "ok" })).toEqual(["posts.delete-post"]);
    expect(await activity.groups()).toEqual(["posts", "sign-in", "users"]);
  });

  it("reads the filters of an address, a day being the whole UTC day, and says which one is wrong", () => {
    const today = new Date().toISOString().slice(0, 10);
    const { query, error } = activityQueryOf(new URLSearchParams({ from: today, to: today, outcome: "ok" }));
    expect(error).toBeNull();
    expect(query.from?.toISOString()).toBe(`${today}T00:00:00.000Z`);
    expect(query.to?.toISOString()).toBe(`${today}T23:59:59.999Z`);
    const bad = activityQueryOf(new URLSearchParams({ from: "yesterday", outcome: "ok", actor: "ada" }));
    expect(bad.error).toBe("from must be a date such as 2026-11-24.");
    expect(bad.query).toEqual({ outcome: "ok", actor: "ada" });
    expect(activityQueryOf(new URLSearchParams({ outcome: "maybe" })).error).toBe(
      "outcome must be ok, refused or failed.",
    );
  });

  it("purges what is older than the retention, from the periodic tick", async () => {
    await activity.record({ action: "posts.delete-post", actor: ada, at: ago(400) });
    await activity.record({ action: "posts.delete-post", actor: ada, at: ago(40) });
    await activity.record({ action: "posts.delete-post", actor: ada, at: ago(1) });
    expect(await activity.purgeOlderThan(365)).toBe(1);
    expect((await activity.list()).items).toHaveLength(2);
    const files = localStore(`${database.dataDir}/uploads`);
    const { activityPurged } = await publishingTick(database.db, files as never, { publish: async () => {} } as never, {
      activityRetentionDays: 30,
    });
    expect(activityPurged).toBe(1);
    expect((await activity.list()).items.map((e) => e.at.getTime())).toEqual([expect.any(Number)]);
  });

  it("never keeps a password, token, secret, code, cookie or hash, by key or by value", async () => {
    const secrets = {
      password: "correct horse battery staple",
      currentPassword: "my old password",
      new_password: "my new password",
      token: "reset-token-value",
      idToken: "eyJhbGciOiJSUzI1NiJ9.eyJzdWIiOiIxMjM0NTY3ODkwIn0.c2lnbmF0dXJlLXN0cmluZy1oZXJl",
      clientSecret: "client secret value",
      code: "123456",
      backupCodes: ["ABCDE-12345", "FGHIJ-67890"],
      cookie: "cpscr.session_token=abc",
      passwordHash: "whatever",
      otp: "654321",
    };
    const valuesThatLookSecret = [
      "eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJhZGEifQ.qwertyuiopasdfghjkl",
      "Bearer abc.def.ghi",
      "$2b$10$abcdefghijklmnopqrstuvABCDEFGHIJKLMNOPQRSTUV12345678",
      "$argon2id$v=19$m=65536,t=3,p=4$c2FsdA$aGFzaA",
      "0123456789abcdef0123456789abcdef:0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef",
      "Zq3v9XkP2mN8rT5wY1bC7dF4gH6jK0lQ",
      "cpscr.session_token=Zq3v9XkP2mN8rT5wY1bC7dF4gH6jK0lQ; theme=dark",
    ];
    for (const value of valuesThatLookSecret) expect(looksSecret(value), value).toBe(true);
    // Ordinary words, names, slugs, addresses, ids and HTML are kept.
    const ordinary = {
      title: "A new course on peace studies",
      slug: "a-new-course-on-peace-studies-with-a-long-slug-2026",
      email: "ada@example.edu",
      id: "6f1c2a8e-3b4d-4e5f-8a9b-0c1d2e3f4a5b",
      key: "journals",
      section: "about",
      content: "<p>Hello</p>",
      url: "/uploads/2026/11/photo.jpg",
      upload: "/uploads/9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08.webp",
    };
    await activity.record({
      action: "users.update-profile",
      actor: ada,
      details: {
        ...secrets,
        nested: { deeper: { password: "nested password", list: valuesThatLookSecret } },
        ...ordinary,
      },
    });
    const [entry] = (await activity.list()).items;
    const details = entry.details as Record<string, unknown>;
    for (const key of Object.keys(secrets)) expect(details[key], key).toBe(REDACTED);
    expect(details.nested).toEqual({ deeper: { password: REDACTED, list: valuesThatLookSecret.map(() => REDACTED) } });
    expect(details).toMatchObject(ordinary);
    const table = await wholeTable();
    for (const value of [...Object.values(secrets).flat(), "nested password", ...valuesThatLookSecret]) {
      expect(table.includes(value), `the table holds ${value}`).toBe(false);
    }
  });

  it("keeps long text short, describes files by name and size, and leaves out the form's intent", () => {
    const form = new FormData();
    form.set("intent", "save-settings");
    form.set("content", "x".repeat(5000));
    form.set("photo", new File([new Uint8Array(10)], "photo.png"));
    form.append("ids", "a");
    form.append("ids", "b");
    const details = redact(formDetails(form)) as Record<string, unknown>;
    expect(details.intent).toBeUndefined();
    expect(String(details.content).length).toBeLessThanOrEqual(201);
    expect(details.photo).toEqual({ file: "photo.png", bytes: 10 });
    expect(details.ids).toEqual(["a", "b"]);
  });

  it("writes an entry whose details hold half of a surrogate pair, sent or cut at the length kept (issue 31)", async () => {
    // A JSON body's \ud800 escape, a key with one, and an emoji straddling the 200 characters kept.
    const details = { body: { title: "Lone \uD800 half", ["k\uDC00"]: `${"a".repeat(199)}😀 and more` } };
    await activity.record({ action: "posts.createPost", actor: ada, details });
    const [entry] = (await activity.list({ action: "posts.createPost" }, { limit: 5 })).items;
    expect(entry?.details).toEqual({ body: { title: "Lone \uFFFD half", ["k\uFFFD"]: `${"a".repeat(199)}…` } });
  });

  it("records an operation once, however many operations it runs inside, with the outcome of its answer", async () => {
    expect([outcomeOf(200), outcomeOf(302), outcomeOf(404), outcomeOf(409), outcomeOf(500)]).toEqual([
      "ok",
      "ok",
      "refused",
      "refused",
      "failed",
    ]);
    const request = new Request("http://localhost/dashboard", {
      headers: { "x-client-ip": "203.0.113.9", "user-agent": "Test browser" },
    });
    const answer = await withActivity(activity, request, { action: "posts.delete-post", actor: ada }, async () => {
      // An operation that calls another: still one entry.
      await withActivity(activity, request, { action: "posts.inner", actor: ada }, async () => {
        noteActivity({ target: { id: "p1", label: "A post" } });
      });
      return new Response(null, { status: 404 });
    });
    expect(answer.status).toBe(404);
    await expect(
      withActivity(activity, request, { action: "users.delete-user", actor: ben }, async () => {
        throw new Error("boom");
      }),
    ).rejects.toThrow("boom");
    // No actor named (not an admin): nothing recorded.
    await withActivity(activity, request, { action: "posts.delete-post" }, async () => "ok");
    const entries = (await activity.list()).items;
    expect(entries.map((e) => [e.action, e.outcome, e.targetId, e.ipAddress, e.userAgent])).toEqual([
      ["users.delete-user", "failed", null, "203.0.113.9", "Test browser"],
      ["posts.delete-post", "refused", "p1", "203.0.113.9", "Test browser"],
    ]);
  });
});
