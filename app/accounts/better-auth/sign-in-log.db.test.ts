import { betterAuth } from "better-auth";
import { drizzleAdapter } from "better-auth/adapters/drizzle";
import { twoFactor, username } from "better-auth/plugins";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { rowsOf } from "~/db/client.server";
import { accounts, sessions, twoFactors, users, verifications } from "~/db/schema";
import { CLIENT_IP_HEADER } from "~/lib/client-ip.server";
import { activityService } from "~/services/activity.server";

import { openTestDatabase, type TestDatabase, testDatabaseKind } from "../../../tests/support/database";
import { activityLogPlugin } from "./sign-in-log.server";

/**
 * The activity log's sign-in hook with the library's twoFactor plugin before it, as
 * library.server.ts has it (issue 21): a sign-in that must go on to a second
 * factor, and each second-factor check, are logged with no change to the hook, and no code is kept.
 */

const ORIGIN = "http://localhost:3000";
const PASSWORD = "a long enough password";
let database: TestDatabase;
let auth: ReturnType<typeof makeAuth>;

function makeAuth(db: TestDatabase["db"]) {
  return betterAuth({
    secret: "a test secret that is at least thirty-two characters long",
    baseURL: ORIGIN,
    basePath: "/api/auth",
    database: drizzleAdapter(db, {
      provider: "pg",
      schema: { user: users, session: sessions, account: accounts, verification: verifications, twoFactor: twoFactors },
    }),
    emailAndPassword: { enabled: true, autoSignIn: false },
    rateLimit: { enabled: false },
    socialProviders: { google: { clientId: "test-client", clientSecret: "test-secret" } },
    plugins: [username(), twoFactor({ skipVerificationOnEnable: true }), activityLogPlugin(db)],
    logger: { disabled: true },
  });
}

/** A POST to the library's handler from this site's pages, from one address. */
async function call(path: string, body: unknown, cookie = "") {
  const response = await auth.handler(
    new Request(`${ORIGIN}/api/auth${path}`, {
      method: "POST",
      headers: {
        "content-type": "application/json",
        origin: ORIGIN,
        cookie,
        [CLIENT_IP_HEADER]: "192.0.2.44",
        "user-agent": "Two-factor test",
      },
      body: JSON.stringify(body),
    }),
  );
  const cookies = response.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .filter((c) => !c.endsWith("="))
    .join("; ");
  return {
    status: response.status,
    body: (await response.json().catch(() => null)) as Record<string, unknown>,
    cookies,
  };
}

beforeAll(async () => {
  database = await openTestDatabase();
  auth = makeAuth(database.db);
});
afterAll(async () => {
  await database?.dispose();
});

describe(`sign-ins in the activity log, with two factors (${testDatabaseKind})`, () => {
  it("logs a sign-in that needs a second factor, and each check's outcome, without the codes", async () => {
    const activity = activityService(database.db);
    const name = "two.factor.user";
    await call("/sign-up/email", { email: `${name}@example.edu`, password: PASSWORD, name, username: name });
    const first = await call("/sign-in/username", { username: name, password: PASSWORD });
    expect(first.status).toBe(200);
    const enabled = await call("/two-factor/enable", { password: PASSWORD }, first.cookies);
    expect(enabled.status, JSON.stringify(enabled.body)).toBe(200);
    const backupCodes = enabled.body.backupCodes as string[];
    const [{ id: userId }] = rowsOf<{ id: string }>(
      await database.db.execute(sql`select id from users where username = ${name}`),
    );
    // A successful sign-in without a second factor was not an entry; this one must go on to one.
    expect((await activity.list()).items).toEqual([]);
    const second = await call("/sign-in/username", { username: name, password: PASSWORD });
    expect(second.body).toMatchObject({ twoFactorRedirect: true });
    const wrong = await call("/two-factor/verify-totp", { code: "000000" }, second.cookies);
    expect(wrong.status).toBe(401);
    const right = await call("/two-factor/verify-backup-code", { code: backupCodes[0] }, second.cookies);
    expect(right.status, JSON.stringify(right.body)).toBe(200);
    const entries = (await activity.list()).items.reverse();
    expect(entries.map((e) => [e.action, e.outcome, e.actorId])).toEqual([
      ["sign-in.second-factor-needed", "ok", userId],
      ["sign-in.second-factor", "refused", userId],
      ["sign-in.second-factor", "ok", userId],
    ]);
    expect(entries[0]).toMatchObject({ actorName: name, ipAddress: "192.0.2.44", userAgent: "Two-factor test" });
    const [{ t }] = rowsOf<{ t: string }>(
      await database.db.execute(sql`select string_agg(a::text, '|') as t from activity_log a`),
    );
    for (const secret of [PASSWORD, ...backupCodes, "000000"]) expect(t.includes(secret), secret).toBe(false);
  });

  it("logs an external sign-in that came back with an error, once", async () => {
    const activity = activityService(database.db);
    const before = (await activity.list({ action: "sign-in.external-failed" })).items.length;
    const back = await auth.handler(
      new Request(`${ORIGIN}/api/auth/callback/google?error=access_denied&state=not-ours`, {
        headers: { [CLIENT_IP_HEADER]: "192.0.2.45" },
      }),
    );
    expect(back.status).toBe(302);
    expect(back.headers.get("location")).toMatch(/error=/);
    const entries = (await activity.list({ action: "sign-in.external-failed" })).items;
    expect(entries).toHaveLength(before + 1);
    expect(entries[0]).toMatchObject({ outcome: "refused", targetId: "google", ipAddress: "192.0.2.45" });
  });
});
