import fs from "node:fs";

import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { rowsOf } from "~/db/client.server";
import { loader as departmentLoader } from "~/routes/department";
import { action as signInAction } from "~/routes/signin";

import { type ApiWorld, openApiWorld } from "../../../tests/support/api";
import { testDatabaseKind } from "../../../tests/support/database";
import { legacyCollections, OLD_PASSWORD, startImageHost, writeDumpFolder } from "../../../tests/support/legacy-export";
import { scratchDirectory } from "../../../tests/support/site-process";
import { importEarlierSystem } from "./import.server";
import { openExport } from "./readers.server";

/**
 * After an import next to existing content (--merge, into the demo site): old users sign in with
 * their old passwords through the form and the JSON API, their bcrypt hashes are then replaced by
 * the site's own, Google-made accounts link on their first Google sign-in, and the earlier client's
 * calls and links by old id reach the imported records.
 */

let world: ApiWorld;
let host: Awaited<ReturnType<typeof startImageHost>>;
let fixture: ReturnType<typeof legacyCollections>;
let folder: string;

beforeAll(async () => {
  world = await openApiWorld();
  host = await startImageHost();
  fixture = legacyCollections(host.base);
  folder = scratchDirectory("import-accounts");
  writeDumpFolder(folder, fixture.collections);
  const report = await importEarlierSystem(
    world.database.db,
    await openExport(folder),
    async (bytes, purpose, fileName) => (await world.services.media.ingestBuffer(bytes, { purpose, fileName })).url,
    { merge: true, fetchLimits: { timeoutMs: 1000 }, allowPrivateHosts: true },
  );
  expect(report.counts.users.imported).toBe(3);
});
afterAll(async () => {
  await world?.close();
  await host?.close();
  fs.rmSync(folder, { recursive: true, force: true });
});

async function storedHash(username: string) {
  const [row] = rowsOf<{ password: string }>(
    await world.database.db.execute(
      sql`select a.password from accounts a join users u on u.id = a.user_id where u.username = ${username} and a.provider_id = 'credential'`,
    ),
  );
  return row.password;
}

function formSignIn(username: string, password: string) {
  const request = new Request("http://localhost/signin", {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded", "x-client-ip": "10.9.9.9" },
    body: new URLSearchParams({ username, password }),
  });
  return signInAction({ request, context: {}, params: {} } as never) as Promise<Response>;
}

describe(`imported accounts (${testDatabaseKind})`, () => {
  it("sign in with their old password through the JSON API; the bcrypt hash is then the site's own", async () => {
    expect(await storedHash("oldadmin")).toMatch(/^\$2a\$10\$/);
    const wrong = await world.call("POST", "/api/auth/signin", {
      body: { username: "oldadmin", password: "not-it-123" },
    });
    expect(wrong.status).toBe(401);
    expect(await storedHash("oldadmin")).toMatch(/^\$2a\$/);

    const reply = await world.call("POST", "/api/auth/signin", {
      body: { username: "oldadmin", password: OLD_PASSWORD },
    });
    expect(reply.status, reply.text).toBe(200);
    expect(reply.body).toMatchObject({ username: "oldadmin", isAdmin: true });
    const hash = await storedHash("oldadmin");
    expect(hash).not.toMatch(/^\$2/);
    // The new hash works, the next time too.
    const again = await world.call("POST", "/api/auth/signin", {
      body: { username: "oldadmin", password: OLD_PASSWORD },
    });
    expect(again.status).toBe(200);
    expect(await storedHash("oldadmin")).toBe(hash);

    // The earlier client's calls by old id reach the records they became.
    const cookie = world.cookieFrom(reply);
    const me = await world.call("PUT", `/api/users/update/${fixture.ids.admin.toHexString()}`, { cookie, body: {} });
    expect(me.status, me.text).toBe(400);
    expect(me.body).toMatchObject({ message: "No changes made" });
  });

  it("sign in with their old password through the sign-in form, by e-mail too", async () => {
    expect(await storedHash("writer")).toMatch(/^\$2b\$10\$/);
    const refused = await formSignIn("writer", "wrong-password");
    expect((refused as unknown as { init: { status: number } }).init.status).toBe(401);
    const response = await formSignIn("writer@example.edu", OLD_PASSWORD);
    expect(response.status).toBe(302);
    expect(response.headers.get("set-cookie")).toMatch(/session_token=/);
    expect(await storedHash("writer")).not.toMatch(/^\$2/);
  });

  it("a Google-made account links to its first Google sign-in with the same address", async () => {
    const importedId = await world.services.legacyIds.resolve(fixture.ids.googleUser.toHexString());
    const token = await world.google.sign({ email: "ama.mensah@example.edu", sub: "google-ama" });
    const reply = await world.call("POST", "/api/auth/google", { body: { idToken: token } });
    expect(reply.status, reply.text).toBe(200);
    expect((reply.body as { user: { _id: string } }).user._id).toBe(importedId);
  });

  it("old ids answer in the API and on department pages; old content sits next to the demo's", async () => {
    const post = await world.call("GET", `/api/post/getposts?postId=${fixture.ids.posts[0].toHexString()}`);
    expect(post.status, post.text).toBe(200);
    expect((post.body as { posts: { title: string; slug: string }[] }).posts[0]).toMatchObject({
      title: "Welcome back",
      slug: "welcome-back",
    });
    const department = await world.call("GET", `/api/departments/getdepart/${fixture.ids.department.toHexString()}`);
    expect(department.status, department.text).toBe(200);
    expect(JSON.stringify(department.body)).toContain("Peace Studies");
    const page = await departmentLoader({
      params: { id: fixture.ids.department.toHexString() },
      request: new Request(`http://localhost/programmes/${fixture.ids.department.toHexString()}`),
      context: {},
    } as never);
    expect(page.department.name).toBe("Peace Studies");
    // An ObjectId nobody imported is simply not found.
    const unknown = await world.call("GET", "/api/departments/getdepart/0123456789abcdef01234567");
    expect(unknown.status).toBe(404);
    // The demo's own content is still there.
    const [{ n }] = rowsOf<{ n: number }>(
      await world.database.db.execute(
        sql`select count(*)::int as n from posts where id::text not in (select new_id from legacy_ids)`,
      ),
    );
    expect(n).toBeGreaterThan(0);
  });
});
