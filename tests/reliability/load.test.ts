import fs from "node:fs";
import path from "node:path";

import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { openDatabase } from "~/db/client.server";

import {
  adminWriter,
  checkDatabase,
  checkPages,
  type Ledger,
  newLedger,
  SIMPLE_SECTIONS,
  testAssets,
} from "../support/admin-writes";
import { reportCount } from "../support/counts";
import {
  killAllSites,
  runScript,
  scratchDirectory,
  signIn,
  type SiteProcess,
  startSite,
} from "../support/site-process";

/**
 * 60 seconds at 50 connections on the embedded database (the default deployment, where every query
 * of every request goes through one database connection): signed-out and signed-in visitors read
 * pages and the API while admins upload images and PDFs, publish, edit and delete, and save
 * settings. No request fails, and afterwards every acknowledged write is in the database and on
 * its page. (It runs once, on PGlite; the crash suite covers PostgreSQL's writes.)
 */

const DURATION_MS = 60_000;
const CONNECTIONS = 50;
const WRITERS = 8;
const SIGNED_IN_READERS = 12;
const ADMIN = { username: "load.admin", email: "load.admin@example.edu", password: "load admin password" };
const READER = { username: "load.reader", email: "load.reader@example.edu", password: "load reader password" };

let dataDir: string;
let site: SiteProcess;

beforeAll(async () => {
  dataDir = scratchDirectory("load");
  const created = await runScript(
    "create-admin",
    ["--username", ADMIN.username, "--email", ADMIN.email, "--password", ADMIN.password],
    { DATA_DIR: dataDir },
  );
  expect(created.code, created.out).toBe(0);
  site = await startSite({ DATA_DIR: dataDir, DEMO_CONTENT: "true" });
  const signUp = await fetch(`${site.url}/api/auth/signup`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(READER),
  });
  expect(signUp.status).toBe(201);
}, 180_000);

afterAll(() => {
  killAllSites();
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
});

type Tally = { requests: number; reads: number; failures: string[]; latencies: number[] };

/** A visitor reading in a loop: public pages (and, signed in, the dashboard) and the read API. */
async function reader(
  tally: Tally,
  ledger: Ledger,
  demo: { posts: string[]; journals: string[] },
  until: number,
  signedIn?: { cookie: string; dashboard: string[] },
) {
  const cookie = signedIn?.cookie;
  const pick = <T>(items: T[]) => items[Math.floor(Math.random() * items.length)];
  while (Date.now() < until) {
    // Posts and articles the admins published during the run are read too, while they change.
    const fresh = [...ledger.posts.values()].filter((p) => !p.deleting).slice(-20);
    const freshJournals = [...ledger.journals.values()].filter((j) => !j.deleting).slice(-20);
    const post = fresh.length && Math.random() < 0.5 ? pick(fresh) : undefined;
    const journal = freshJournals.length && Math.random() < 0.5 ? pick(freshJournals) : undefined;
    const pathname = pick([
      "/",
      "/posts",
      "/posts?page=2",
      "/journals",
      "/about",
      "/programmes",
      "/admision",
      post ? `/post/${post.slug}` : `/post/${pick(demo.posts)}`,
      journal ? `/journal/${journal.slug}` : `/journal/${pick(demo.journals)}`,
      "/api/post/getposts",
      "/api/journal/getjournals?limit=5",
      ...(signedIn?.dashboard ?? []),
    ]);
    const started = performance.now();
    try {
      const response = await fetch(`${site.url}${pathname}`, {
        headers: cookie ? { cookie } : {},
        signal: AbortSignal.timeout(30_000),
      });
      await response.arrayBuffer();
      tally.latencies.push(performance.now() - started);
      tally.requests++;
      tally.reads++;
      // A post renamed or deleted while it was being read is a 404, as it should be.
      const gone =
        (post &&
          pathname.startsWith("/post/") &&
          (post.deleting || post.renaming || post.slug !== pathname.slice(6))) ||
        (journal && pathname.startsWith("/journal/") && journal.deleting);
      if (response.status !== 200 && !(response.status === 404 && gone))
        tally.failures.push(`GET ${pathname}: ${response.status}`);
    } catch (error) {
      tally.requests++;
      tally.failures.push(`GET ${pathname}: ${(error as Error).message}`);
    }
  }
}

describe("60 seconds of mixed reads and admin writes at 50 connections (PGlite)", () => {
  it("answers every request, and every acknowledged write is in the database and on its page", async () => {
    const admin = await signIn(site.url, ADMIN.username, ADMIN.password);
    const visitor = await signIn(site.url, READER.username, READER.password);
    const posts = (
      (await (await fetch(`${site.url}/api/post/getposts?limit=50`)).json()) as { posts: { slug: string }[] }
    ).posts.map((p) => p.slug);
    const journals = (
      (await (await fetch(`${site.url}/api/journal/getjournals?limit=50`)).json()) as { journals: { slug: string }[] }
    ).journals.map((j) => j.slug);
    expect(posts.length).toBeGreaterThan(5);
    expect(journals.length).toBeGreaterThan(2);

    const ledger = newLedger();
    const tally: Tally = { requests: 0, reads: 0, failures: [], latencies: [] };
    const assets = await testAssets();
    const until = Date.now() + DURATION_MS;
    const writers = Array.from({ length: WRITERS }, (_, i) =>
      adminWriter({
        site: site.url,
        cookie: admin.cookie,
        userId: admin.userId,
        section: SIMPLE_SECTIONS[i],
        ledger,
        assets,
      }).run(() => Date.now() >= until),
    );
    // Signed in: half as the admin (the dashboard's lists), half as a member (their profile).
    const signedIn = (i: number) =>
      i >= SIGNED_IN_READERS
        ? undefined
        : i % 2
          ? { cookie: admin.cookie, dashboard: ["/dashboard?tab=posts", "/dashboard?tab=journals"] }
          : { cookie: visitor.cookie, dashboard: ["/dashboard"] };
    const readers = Array.from({ length: CONNECTIONS - WRITERS }, (_, i) =>
      reader(tally, ledger, { posts, journals }, until, signedIn(i)),
    );
    await Promise.all([...writers, ...readers]);

    const writes = ledger.acknowledged;
    const sorted = tally.latencies.sort((a, b) => a - b);
    const percentile = (p: number) =>
      Math.round(sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]);
    console.log(
      `load: ${tally.reads} reads (p50 ${percentile(50)} ms, p99 ${percentile(99)} ms) and ${writes} acknowledged writes in ${DURATION_MS / 1000} s`,
    );
    expect(tally.failures.slice(0, 20), "reads that failed").toEqual([]);
    expect(ledger.errors.slice(0, 20), "writes that failed").toEqual([]);
    expect(ledger.lost, "requests that got no answer").toBe(0);
    // Every kind of write was part of the mix.
    expect(ledger.posts.size, "posts published").toBeGreaterThan(0);
    expect(ledger.journals.size, "articles published").toBeGreaterThan(0);
    expect([...ledger.settings.values()].filter((entry) => entry.acked).length, "settings saved").toBeGreaterThan(0);

    // Afterwards, on the pages (signed out, so through the page cache as visitors get them)...
    const pages = await checkPages(site.url, ledger);
    expect(pages.problems).toEqual([]);
    expect(await site.stop()).toBe(0);
    // ...and in the database, with every file of every upload in place and none left over.
    const database = await openDatabase({ kind: "pglite", dataDir: path.join(dataDir, "pglite") });
    try {
      const { problems } = await checkDatabase(database.db, ledger, path.join(dataDir, "uploads"));
      expect(problems).toEqual([]);
    } finally {
      await database.close();
    }
    reportCount(
      "reliability",
      tally.requests + writes,
      `requests in ${DURATION_MS / 1000} s at ${CONNECTIONS} connections on PGlite (${tally.reads} reads, ${writes} acknowledged writes), none failed`,
    );
    reportCount("reliability", pages.checked, "pages checked after the load for the acknowledged writes");
  }, 240_000);
});
