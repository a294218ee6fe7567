import fs from "node:fs";
import path from "node:path";

import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { type DatabaseOptions, openDatabase } from "~/db/client.server";
import { POST_CATEGORIES } from "~/domain/vocabulary";
import { localStore } from "~/services/storage/local-store.server";

import { adminWriter, filesUnder, newLedger, testAssets } from "../support/admin-writes";
import { storeContents, tableContents } from "../support/backups";
import { killAllSites, runScript, scratchDirectory, scratchPostgres, signIn, startSite } from "../support/site-process";

/**
 * `npm run backup` and `npm run restore` as an operator runs them: a backup of a site with content
 * (taken while it runs), restored into a new data directory or database, gives the same rows and
 * the same files, and a site that serves them. A target with content is refused unless --force; a
 * damaged archive changes nothing.
 */

const onPostgres = process.env.TEST_DB === "postgres";
const databaseName = onPostgres ? "PostgreSQL" : "PGlite";
const ADMIN = { username: "backup.admin", email: "backup.admin@example.edu", password: "backup admin password" };

type Site = { env: Record<string, string>; dataDir: string; database: DatabaseOptions };
const scratch: string[] = [];
const databases: Awaited<ReturnType<typeof scratchPostgres>>[] = [];
let archives: string;

/** A new, empty site: a data directory, and on PostgreSQL a database of its own. */
async function newSite(label: string, kind: "pglite" | "postgres" = onPostgres ? "postgres" : "pglite"): Promise<Site> {
  const dataDir = scratchDirectory(label);
  scratch.push(dataDir);
  if (kind === "pglite")
    return { env: { DATA_DIR: dataDir }, dataDir, database: { kind: "pglite", dataDir: path.join(dataDir, "pglite") } };
  const database = await scratchPostgres(label);
  databases.push(database);
  return {
    env: { DATA_DIR: dataDir, DATABASE_URL: database.url },
    dataDir,
    database: { kind: "postgres", url: database.url, poolSize: 2 },
  };
}

/** Every row of every table of the site's database. */
async function contentOf(site: Site) {
  const database = await openDatabase(site.database);
  try {
    return await tableContents(database.db);
  } finally {
    await database.close();
  }
}

/** Each uploaded file's checksum, by key. */
function uploadsOf(site: Site) {
  return storeContents(localStore(path.join(site.dataDir, "uploads")));
}

const lastLine = (out: string) => out.trim().split("\n").at(-1) ?? "";

let source: Site;
let archive: string;
let sourceContent: Awaited<ReturnType<typeof contentOf>>;
let writtenPost: { slug: string; title: string };

beforeAll(async () => {
  archives = scratchDirectory("archives");
  scratch.push(archives);
  source = await newSite("backup-source");
  // The demo fills every kind of content (the embedded database gets it when the server first starts).
  if (onPostgres) {
    const seeded = await runScript("seed-demo", [], source.env);
    expect(seeded.code, seeded.out).toBe(0);
  }
  const admin = await runScript(
    "create-admin",
    ["--username", ADMIN.username, "--email", ADMIN.email, "--password", ADMIN.password],
    source.env,
  );
  expect(admin.code, admin.out).toBe(0);
}, 180_000);

afterAll(async () => {
  killAllSites();
  for (const database of databases) await database.drop();
  for (const folder of scratch) fs.rmSync(folder, { recursive: true, force: true });
});

describe(`backup and restore (${databaseName})`, () => {
  it("npm run backup writes one archive of the running site: its database and every uploaded file", async () => {
    const site = await startSite({ ...source.env, DEMO_CONTENT: "true" });
    const { cookie, userId } = await signIn(site.url, ADMIN.username, ADMIN.password);
    // An admin publishes a post with an image, an article with its PDF, and a new news-page title.
    const ledger = newLedger();
    const writer = adminWriter({ site: site.url, cookie, userId, section: "blog", ledger, assets: await testAssets() });
    // Until there is a post still standing (the writer also deletes some), an article and a new title.
    const standing = (records: Map<string, { deleted: boolean }>) => [...records.values()].some((r) => !r.deleted);
    await writer.run(
      () => standing(ledger.posts) && standing(ledger.journals) && ledger.settings.get("blog")?.acked !== undefined,
    );
    expect(ledger.errors).toEqual([]);
    const post = [...ledger.posts.values()].find((p) => !p.deleted)!;
    writtenPost = { slug: post.slug, title: post.title };

    archive = path.join(archives, "site.tar.gz");
    // On the embedded database the running server holds it: the backup goes through its operator socket.
    const backup = await runScript("backup", [archive], source.env);
    expect(backup.code, backup.out).toBe(0);
    expect(lastLine(backup.out)).toMatch(
      new RegExp(
        `^Backup of .* written to ${archive.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}: \\d+ rows in \\d+ tables, \\d+ files \\([\\d.]+ MB of uploads\\), \\d+ private files \\([\\d.]+ MB\\)\\.$`,
      ),
    );
    expect(fs.readdirSync(archives)).toEqual(["site.tar.gz"]);
    expect(fs.statSync(archive).mode & 0o777, "readable by its owner only").toBe(0o600);
    expect(await site.stop()).toBe(0);

    sourceContent = await contentOf(source);
    expect(sourceContent.posts.length).toBeGreaterThan(12);
    expect(sourceContent.users.length).toBe(1);
  }, 150_000);

  it("npm run restore brings a new data directory or database to the same content, and the site serves it", async () => {
    const target = await newSite("backup-target");
    const restore = await runScript("restore", [archive], target.env);
    expect(restore.code, restore.out).toBe(0);
    expect(lastLine(restore.out)).toMatch(
      /^Restored site\.tar\.gz \(made .*\) into .*: \d+ rows in \d+ tables, \d+ files/,
    );

    expect(await contentOf(target)).toEqual(sourceContent);
    expect(await uploadsOf(target)).toEqual(await uploadsOf(source));

    const site = await startSite(target.env);
    const page = await fetch(`${site.url}/post/${writtenPost.slug}`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain(writtenPost.title);
    // The same accounts and passwords, and the same session secret.
    await signIn(site.url, ADMIN.username, ADMIN.password);
    expect(await site.stop()).toBe(0);

    // A target with content is refused, and left as it was.
    const before = await contentOf(target);
    const again = await runScript("restore", [archive], target.env);
    expect(again.code).not.toBe(0);
    expect(lastLine(again.out)).toMatch(
      /^The target already has content \(.*posts.*uploaded files.*\), which a restore would replace\. .* add --force to replace everything in it\.$/,
    );
    expect(await contentOf(target)).toEqual(before);

    // Told explicitly, it replaces everything: a post added since is gone again.
    const database = await openDatabase(target.database);
    await database.db.execute(sql`insert into posts (slug, title) values ('added-since', 'Added since the restore')`);
    await database.close();
    const forced = await runScript("restore", [archive, "--force"], target.env);
    expect(forced.code, forced.out).toBe(0);
    expect(await contentOf(target)).toEqual(sourceContent);
  }, 150_000);

  if (onPostgres) {
    it("moves a site from PostgreSQL to the embedded database and back", async () => {
      const embedded = await newSite("backup-embedded", "pglite");
      const toEmbedded = await runScript("restore", [archive], embedded.env);
      expect(toEmbedded.code, toEmbedded.out).toBe(0);
      expect(await contentOf(embedded)).toEqual(sourceContent);
      expect(await uploadsOf(embedded)).toEqual(await uploadsOf(source));

      const again = path.join(archives, "from-embedded.tar.gz");
      const backup = await runScript("backup", [again], embedded.env);
      expect(backup.code, backup.out).toBe(0);
      const postgres = await newSite("backup-back", "postgres");
      const back = await runScript("restore", [again], postgres.env);
      expect(back.code, back.out).toBe(0);
      expect(await contentOf(postgres)).toEqual(sourceContent);
      expect(await uploadsOf(postgres)).toEqual(await uploadsOf(source));
    }, 150_000);
  }

  it("a damaged archive is refused with a plain message and changes nothing", async () => {
    const target = await newSite("backup-damaged");
    const bytes = fs.readFileSync(archive);
    const cut = path.join(archives, "cut.tar.gz");
    // Cut after the database, in the middle of the uploaded files.
    fs.writeFileSync(cut, bytes.subarray(0, Math.floor(bytes.length * 0.6)));
    const restore = await runScript("restore", [cut], target.env);
    expect(restore.code).not.toBe(0);
    expect(lastLine(restore.out)).toBe(
      "The archive cannot be read: it is not a .tar.gz file, or it is damaged or incomplete.",
    );
    // A migrated site's own rows only: the starting categories (migration 0016).
    const { categories, ...rest } = await contentOf(target);
    expect(Object.values(rest).flat()).toEqual([]);
    expect(categories.map((line) => (JSON.parse(line) as { slug: string }).slug).sort()).toEqual(
      [...POST_CATEGORIES].sort(),
    );
    expect(filesUnder(path.join(target.dataDir, "uploads"))).toEqual([]);
  }, 150_000);
});
