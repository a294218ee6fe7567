import fs from "node:fs";
import path from "node:path";

import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { rowsOf } from "~/db/client.server";
import {
  readershipDaily,
  readershipEvents,
  readershipReferrers,
  readershipRobots,
  readershipSecrets,
  readershipSpikes,
} from "~/db/schema";

import { openTestDatabase, type TestDatabase } from "../../tests/support/database";
import { type Read } from "./classify";
import { type Counting, type Reader, startCounting } from "./counting.server";
import { pruneReadership, SPIKE_READS, sumReadership } from "./summing.server";

/**
 * The Code of Practice's processing rules (section 7) on reads recorded through the spool, with the
 * times of its own examples: the double click at 10:01:00 and 10:01:29 is one action, at 10:01:00 and
 * 10:01:35 two; twelve items used in one session are twelve unique items; robots are apart.
 */

let database: TestDatabase;
let counting: Counting;

beforeAll(async () => {
  database = await openTestDatabase();
  counting = await startCounting({ db: database.db, dataDir: database.dataDir, flushEveryMs: 60_000 });
});

afterAll(async () => {
  await counting?.stop();
  await database?.dispose();
});

let readers = 0;
/** A reader of its own (one address and browser): its reads are one session per hour. */
function reader(overrides: Partial<Reader> = {}): Reader {
  readers++;
  return {
    address: `192.0.2.${readers}`,
    userAgent: `Mozilla/5.0 (X11; Linux x86_64) Reader/${readers}`,
    robot: false,
    referrerHost: "",
    country: null,
    ...overrides,
  };
}

let items = 0;
const newTarget = () => `item-${++items}-${Date.now().toString(36)}`;
const view = (target: string, itemType: Read["itemType"] = "article"): Read => ({ kind: "view", itemType, target });
const download = (target: string): Read => ({ kind: "download", itemType: "article", target });
const at = (time: string) => new Date(`2026-06-15T${time}Z`);
const LATER = new Date("2026-06-16T12:00:00Z");

/** Sends the spool, sums everything, and returns the target's figures by metric. */
async function figuresOf(target: string, itemType = "article") {
  await counting.flush();
  await sumReadership(database.db, { now: LATER });
  const rows = await database.db
    .select({ metric: readershipDaily.metric, count: sql<number>`sum(${readershipDaily.count})::int` })
    .from(readershipDaily)
    .where(and(eq(readershipDaily.itemType, itemType), eq(readershipDaily.itemKey, target)))
    .groupBy(readershipDaily.metric);
  return Object.fromEntries(rows.map((row) => [row.metric, row.count]));
}

/** A new reader's two views of a new item, at `first` and then at `second`, each sent on its own; the item. */
async function viewedTwice(first: string, second: string) {
  const target = newTarget();
  const someone = reader();
  counting.record(view(target), someone, at(first));
  await counting.flush();
  counting.record(view(target), someone, at(second));
  return target;
}

describe("double clicks (COUNTER 7.2)", () => {
  it("counts two clicks within 30 seconds as one, and 35 seconds apart as two", async () => {
    // Each click sent on its own: the rule is the summing's, not only the spool's.
    const within = await viewedTwice("10:01:00", "10:01:29");
    expect(await figuresOf(within)).toMatchObject({ views: 1, investigations: 1, unique_investigations: 1 });

    const apart = await viewedTwice("10:01:00", "10:01:35");
    expect(await figuresOf(apart)).toMatchObject({ views: 2, investigations: 2, unique_investigations: 1 });
  });

  it("counts a double click once when one of its clicks reaches the database after the other was summed", async () => {
    // The later click late (a killed server's spool, sent at its restart); then the earlier click late.
    for (const [summed, late] of [
      ["10:05:00", "10:05:10"],
      ["10:06:10", "10:06:00"],
    ]) {
      const target = newTarget();
      const someone = reader();
      counting.record(view(target), someone, at(summed));
      expect(await figuresOf(target)).toMatchObject({ views: 1, unique_views: 1 });
      counting.record(view(target), someone, at(late));
      expect(await figuresOf(target), `${summed}, then ${late}`).toMatchObject({
        views: 1,
        unique_views: 1,
        investigations: 1,
        unique_investigations: 1,
      });
    }
  });

  it("counts a double click once when a pass sums its first click before the second has settled", async () => {
    // Clicks at 10:07:00 and 10:07:20, both stored; a pass at 10:08:05 sums the first alone (61 s old),
    // which is not counted (a click follows it); the next pass sums the second, which is.
    // Sent apart (as two servers' spools are), so that both reach the database.
    const straddled = await viewedTwice("10:07:00", "10:07:20");
    await counting.flush();
    await sumReadership(database.db, { now: at("10:08:05") });
    expect(await figuresOf(straddled)).toMatchObject({ views: 1, unique_views: 1, investigations: 1 });
  });

  it("counts a double click across the hour once (the reader is the same; the sessions are two)", async () => {
    const target = await viewedTwice("10:59:55", "11:00:05");
    expect(await figuresOf(target)).toMatchObject({ views: 1, unique_views: 2 });
  });

  it("treats any further click within 30 seconds of the last the same way: one action", async () => {
    const target = newTarget();
    const someone = reader();
    for (const time of ["10:01:00", "10:01:20", "10:01:40", "10:02:00"])
      counting.record(view(target), someone, at(time));
    expect(await figuresOf(target)).toMatchObject({ views: 1, investigations: 1 });
  });

  it("keeps apart two readers, and a page view from a download of the same article", async () => {
    const target = newTarget();
    counting.record(view(target), reader(), at("10:01:00"));
    counting.record(view(target), reader(), at("10:01:05"));
    const someone = reader();
    counting.record(view(target), someone, at("10:01:00"));
    counting.record(download(target), someone, at("10:01:02"));
    expect(await figuresOf(target)).toMatchObject({
      views: 3,
      unique_views: 3,
      investigations: 4,
      unique_investigations: 3,
      requests: 1,
      unique_requests: 1,
    });
  });
});

describe("unique items (COUNTER 7.3)", () => {
  it("counts each item used in a session once, and the same reader in another hour as another session", async () => {
    const someone = reader();
    const chapters = Array.from({ length: 12 }, () => newTarget());
    for (const [i, target] of chapters.entries()) {
      counting.record(download(target), someone, at(`13:${String(10 + i).padStart(2, "0")}:00`));
      counting.record(download(target), someone, at(`13:${String(10 + i).padStart(2, "0")}:45`));
    }
    for (const target of chapters) {
      expect(await figuresOf(target)).toMatchObject({ requests: 2, unique_requests: 1, unique_investigations: 1 });
    }

    const target = newTarget();
    const reader2 = reader();
    counting.record(view(target), reader2, at("13:35:00"));
    counting.record(view(target), reader2, at("14:05:00"));
    expect(await figuresOf(target)).toMatchObject({ views: 2, unique_views: 2, unique_investigations: 2 });
  });
});

describe("searches and courses", () => {
  it("counts searches for the platform without keeping their words, and only courses the site has", async () => {
    const before = await figuresOf("", "search");
    const someone = reader();
    counting.record({ kind: "search", itemType: "search", target: "qpeace" }, someone, at("12:00:00"));
    counting.record({ kind: "search", itemType: "search", target: "qwar" }, someone, at("12:00:05"));
    const after = await figuresOf("", "search");
    expect((after.searches ?? 0) - (before.searches ?? 0)).toBe(2);
    const events = await database.db.select().from(readershipEvents).where(eq(readershipEvents.kind, "search"));
    expect(events.map((event) => event.target)).not.toContain("qpeace");

    const junk = `no-such-course-${Date.now()}`;
    counting.record({ kind: "view", itemType: "course", target: junk }, someone, at("12:01:00"));
    expect(await figuresOf(junk, "course")).toEqual({});
  });
});

describe("robots (COUNTER 7.8) and what is kept", () => {
  it("counts robots apart, never in the figures", async () => {
    const target = newTarget();
    const before = await database.db.select().from(readershipRobots).where(eq(readershipRobots.day, "2026-06-15"));
    const robot = reader({ userAgent: "Googlebot/2.1", robot: true });
    counting.record(view(target), robot, at("15:00:00"));
    counting.record(download(target), robot, at("15:00:40"));
    expect(await figuresOf(target)).toEqual({});
    const after = await database.db.select().from(readershipRobots).where(eq(readershipRobots.day, "2026-06-15"));
    const total = (rows: typeof after) => rows.reduce((sum, row) => sum + row.count, 0);
    expect(total(after) - total(before)).toBe(2);
  });

  it("keeps the referring host of page views, and stores no address or user agent anywhere", async () => {
    const target = newTarget();
    const someone = reader({ referrerHost: "scholar.example.org", address: "198.51.100.77" });
    counting.record(view(target), someone, at("16:00:00"));
    await figuresOf(target);
    const [referrer] = await database.db
      .select()
      .from(readershipReferrers)
      .where(and(eq(readershipReferrers.day, "2026-06-15"), eq(readershipReferrers.host, "scholar.example.org")));
    expect(referrer?.views).toBe(1);
    // Every table of the statistics, the sums the database derives among them.
    const tables = rowsOf<{ name: string }>(
      await database.db.execute(
        sql`select table_name as name from information_schema.tables where table_schema = 'public' and table_name like 'readership%' order by 1`,
      ),
    ).map((row) => row.name);
    expect(tables).toContain("readership_issue_monthly");
    for (const table of tables) {
      const dump = JSON.stringify(
        (await database.db.execute(sql`select * from ${sql.identifier(table)}`)) as unknown as object,
      );
      expect(dump, table).not.toContain("198.51.100.77");
      expect(dump, table).not.toContain("Reader/");
      expect(dump, table).not.toContain("Googlebot");
    }
  });

  it("flags one session reading one item far more often than a person does", async () => {
    const target = newTarget();
    const someone = reader();
    for (let i = 0; i <= SPIKE_READS; i++) {
      counting.record(download(target), someone, new Date(at("17:00:00").getTime() + i * 31_000));
    }
    await figuresOf(target);
    const [spike] = await database.db.select().from(readershipSpikes).where(eq(readershipSpikes.itemKey, target));
    expect(spike).toMatchObject({ day: "2026-06-15", itemType: "article", count: SPIKE_READS + 1 });
  });
});

describe("at least once, counted once", () => {
  it("stores a spool line sent twice once, and sums a read once however often summing runs", async () => {
    const target = newTarget();
    counting.record(view(target), reader(), at("18:00:00"));
    await counting.flush();
    const [event] = await database.db.select().from(readershipEvents).where(eq(readershipEvents.target, target));
    await database.db.insert(readershipEvents).values(event).onConflictDoNothing();
    await sumReadership(database.db, { now: LATER });
    await sumReadership(database.db, { now: LATER });
    expect(await figuresOf(target)).toMatchObject({ views: 1 });
  });

  it("stores a reload storm as one row: the double clicks inside a batch are dropped before the database", async () => {
    const target = newTarget();
    const someone = reader();
    for (let i = 0; i < 50; i++) counting.record(view(target), someone, new Date(at("18:30:00").getTime() + i * 200));
    await counting.flush();
    const rows = await database.db.select().from(readershipEvents).where(eq(readershipEvents.target, target));
    expect(rows.map((row) => row.at.toISOString())).toEqual(["2026-06-15T18:30:09.800Z"]);
    expect(await figuresOf(target)).toMatchObject({ views: 1, unique_views: 1 });
  });

  it("leaves reads younger than the settle time for a later pass", async () => {
    const target = newTarget();
    const now = new Date();
    counting.record(view(target), reader(), now);
    await counting.flush();
    await sumReadership(database.db, { now });
    const [event] = await database.db.select().from(readershipEvents).where(eq(readershipEvents.target, target));
    expect(event.summedAt).toBeNull();
    await sumReadership(database.db, { now: new Date(now.getTime() + 62_000) });
    const [summed] = await database.db.select().from(readershipEvents).where(eq(readershipEvents.target, target));
    expect(summed.summedAt).not.toBeNull();
  });

  it("keeps every read while the database is away: in memory, then from the spool once memory lets go", async () => {
    let away = false;
    const flaky = new Proxy(database.db, {
      get(target, name, receiver) {
        if (name === "insert" && away)
          return () => {
            throw new Error("the database is away");
          };
        return Reflect.get(target, name, receiver);
      },
    });
    const server = await startCounting({
      db: flaky,
      dataDir: database.dataDir,
      flushEveryMs: 60_000,
      unsentInMemory: 5,
    });
    await server.flush();
    away = true;
    const targets = Array.from({ length: 12 }, newTarget);
    for (const target of targets.slice(0, 3)) server.record(view(target), reader(), at("20:00:00"));
    await expect(server.flush()).rejects.toThrow("away");
    // Past what memory keeps: the rest is read back from the spool.
    for (const target of targets.slice(3)) server.record(view(target), reader(), at("20:00:00"));
    await expect(server.flush()).rejects.toThrow("away");
    away = false;
    while ((await server.flush()) > 0);
    const after = newTarget();
    server.record(view(after), reader(), at("20:00:00"));
    expect(await server.flush()).toBe(1);
    await server.stop();
    for (const target of [...targets, after]) expect(await figuresOf(target)).toMatchObject({ views: 1 });
  });

  it("sends the spool of a server that was killed when the next one starts", async () => {
    const target = newTarget();
    const directory = path.join(database.dataDir, "readership");
    // A dead server's spool: a pid that is not running, a complete line, and one cut off by the kill.
    const line = JSON.stringify(["dead.1", at("19:00:00").getTime(), "s-dead", "view", "article", target, "", null, 0]);
    fs.writeFileSync(path.join(directory, "999999-dead-0.spool"), `${line}\n["dead.2", 17`);
    const next = await startCounting({ db: database.db, dataDir: database.dataDir, flushEveryMs: 60_000 });
    await next.flush();
    await next.stop();
    expect(fs.existsSync(path.join(directory, "999999-dead-0.spool"))).toBe(false);
    expect(await figuresOf(target)).toMatchObject({ views: 1 });
  });
});

describe("retention", () => {
  it("forgets summed reads after two days and secrets after their days, and keeps figures for good by default", async () => {
    const now = new Date("2026-06-25T00:00:00Z");
    await database.db.insert(readershipSecrets).values({ day: "2026-06-20", secret: "c2VjcmV0" }).onConflictDoNothing();
    await pruneReadership(database.db, { secretDays: 2, retentionDays: 0, now });
    const events = await database.db
      .select()
      .from(readershipEvents)
      .where(sql`${readershipEvents.at} < '2026-06-22'`);
    expect(events).toEqual([]);
    const secrets = await database.db
      .select()
      .from(readershipSecrets)
      .where(sql`${readershipSecrets.day} < '2026-06-23'`);
    expect(secrets).toEqual([]);
    const kept = await database.db.select().from(readershipDaily).where(eq(readershipDaily.day, "2026-06-15"));
    expect(kept.length).toBeGreaterThan(0);
    await pruneReadership(database.db, { secretDays: 2, retentionDays: 5, now });
    expect(await database.db.select().from(readershipDaily).where(eq(readershipDaily.day, "2026-06-15"))).toEqual([]);
  });
});
