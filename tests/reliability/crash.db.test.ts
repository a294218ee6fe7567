import fs from "node:fs";
import path from "node:path";

import { afterAll, beforeAll, describe, expect, it } from "vitest";

import {
  adminWriter,
  checkDatabase,
  checkPages,
  filesUnder,
  newLedger,
  SIMPLE_SECTIONS,
  testAssets,
} from "../support/admin-writes";
import { reportCount } from "../support/counts";
import { killAllSitesAndDispose, signIn, startSite } from "../support/site-process";
import { createAdmin, databaseLabel, onPostgres, type SiteStorage, siteStorage } from "../support/site-suite";

/**
 * kill -9 in the middle of writes, several times over: admins upload images and PDFs, publish,
 * edit and delete posts and articles and save settings while the server is killed without warning.
 * After each restart the database opens and the round's acknowledged writes show on their pages; at
 * the end every acknowledged write of every round is in the database, no record is half-written,
 * and no uploaded file is left that no record uses.
 */

const ROUNDS = 3;
const WRITERS = 5;
const ADMIN = { username: "crash.admin", email: "crash.admin@example.edu", password: "crash admin password" };

let storage: SiteStorage;
let dataDir: string;
let env: Record<string, string>;

beforeAll(async () => {
  storage = await siteStorage("crash");
  ({ dataDir, env } = storage);
  await createAdmin(ADMIN, env);
}, 120_000);

afterAll(() => killAllSitesAndDispose(storage));

/** Every file in the data folder an hour older, as if the crash were an hour ago. */
function backdateFiles() {
  const anHourAgo = new Date(Date.now() - 60 * 60_000);
  for (const folder of ["uploads", "tmp"]) {
    const root = path.join(dataDir, folder);
    for (const key of filesUnder(root)) fs.utimesSync(path.join(root, key), anHourAgo, anHourAgo);
  }
}

describe(`kill -9 in the middle of writes (${databaseLabel})`, () => {
  it(`loses no acknowledged write and leaves nothing half-done, over ${ROUNDS} rounds`, async () => {
    const ledger = newLedger();
    const assets = await testAssets();
    /** Files interrupted uploads left, removed by the restarted server. */
    let leftBehind = 0;
    let site = await startSite(env);
    for (let round = 1; round <= ROUNDS; round++) {
      const { cookie, userId } = await signIn(site.url, ADMIN.username, ADMIN.password);
      const before = {
        acknowledged: ledger.acknowledged,
        lost: ledger.lost,
        ids: new Set([...ledger.posts.keys(), ...ledger.journals.keys()]),
      };

      const writers = SIMPLE_SECTIONS.slice(0, WRITERS).map((section) =>
        adminWriter({ site: site.url, cookie, userId, section, ledger, assets }).run(() => false),
      );
      // Once a few writes are through (however slow the machine), at a random moment after.
      const deadline = Date.now() + 60_000;
      while (ledger.acknowledged - before.acknowledged < 3 && Date.now() < deadline)
        await new Promise((r) => setTimeout(r, 20));
      await new Promise((r) => setTimeout(r, Math.random() * 1500));
      await site.crash();
      await Promise.all(writers);

      expect(ledger.errors, "no write was refused").toEqual([]);
      expect(
        ledger.acknowledged - before.acknowledged,
        `round ${round}: writes were acknowledged before the kill`,
      ).toBeGreaterThan(0);
      expect(ledger.lost - before.lost, `round ${round}: the kill cut writes short`).toBeGreaterThan(0);

      // On PostgreSQL another server could be mid-upload, so files younger than 15 minutes are
      // left alone at start: the clock is moved on for them.
      if (onPostgres) backdateFiles();
      // The database opens again (startSite waits for /healthz), and this round's writes show.
      site = await startSite(env);
      const checked = await site.waitForOutput(/^Uploads checked: \d+ unreferenced files? removed\.$/);
      leftBehind += Number(/\d+/.exec(checked)![0]);
      const pages = await checkPages(site.url, ledger, { only: (id) => !before.ids.has(id) });
      expect(pages.problems, `round ${round}: pages`).toEqual([]);
    }
    expect(await site.stop(), "a clean stop after the last restart").toBe(0);

    // Everything acknowledged in every round, whole records, and no file that no record uses.
    const database = await storage.open();
    try {
      const { problems } = await checkDatabase(database.db, ledger, path.join(dataDir, "uploads"));
      expect(problems, "database and files").toEqual([]);
    } finally {
      await database.close();
    }
    expect(filesUnder(path.join(dataDir, "tmp")), "no scratch file of an interrupted upload is left").toEqual([]);
    reportCount(
      "reliability",
      ROUNDS,
      `kill -9 crash rounds on ${databaseLabel} (${leftBehind} files of interrupted uploads cleaned up at restart)`,
    );
    reportCount(
      "reliability",
      ledger.acknowledged,
      `acknowledged writes found after kill -9 on ${databaseLabel} (${ledger.lost} cut short)`,
    );
  }, 300_000);
});
