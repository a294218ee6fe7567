import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { openTestDatabase, type TestDatabase } from "../../tests/support/database";
import { attemptLimiter, perMinute, perMinutes } from "./attempt-limits.server";

/**
 * The attempt counter shares the auth library's rate_limits table, whose rows the library prunes
 * once their last_request is a minute old: a window of ten minutes must hold through that pruning.
 */

let database: TestDatabase;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(async () => {
  await database?.dispose();
});

/** What the library does on its own requests: rows older than its longest window (60 s) go. */
const pruneAsTheLibraryDoes = () =>
  database.db.execute(
    sql`delete from rate_limits where last_request < (extract(epoch from now()) * 1000)::bigint - 60000`,
  );

describe("the attempt counter", () => {
  it("holds a ten-minute window through the library's pruning, and says when it ends", async () => {
    const limiter = attemptLimiter(database.db);
    const rule = perMinutes(3, 10);
    for (let i = 0; i < 3; i++) expect((await limiter.take(["long:ip:a"], rule)).allowed).toBe(true);
    await pruneAsTheLibraryDoes();
    const refused = await limiter.take(["long:ip:a"], rule);
    expect(refused.allowed).toBe(false);
    if (!refused.allowed) {
      expect(refused.retryAfter).toBeGreaterThan(590);
      expect(refused.retryAfter).toBeLessThanOrEqual(600);
    }
    // A row whose ten minutes have passed starts a new window (moved back in time here).
    await database.db.execute(sql`update rate_limits set last_request = last_request - 600000 where key = 'long:ip:a'`);
    expect((await limiter.take(["long:ip:a"], rule)).allowed).toBe(true);
  });

  it("keeps a one-minute window as before: its row holds the window's start", async () => {
    const limiter = attemptLimiter(database.db);
    for (let i = 0; i < 2; i++) expect((await limiter.take(["short:ip:a"], perMinute(2))).allowed).toBe(true);
    const refused = await limiter.take(["short:ip:a"], perMinute(2));
    expect(refused.allowed).toBe(false);
    if (!refused.allowed) expect(refused.retryAfter).toBeLessThanOrEqual(60);
  });
});
