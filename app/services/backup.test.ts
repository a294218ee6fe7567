import fs from "node:fs";
import path from "node:path";
import zlib from "node:zlib";

import { PGlite } from "@electric-sql/pglite";
import { sql } from "drizzle-orm";
import { drizzle } from "drizzle-orm/pglite";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import type { Database } from "~/db/client.server";
import { appliedMigrations, applyMigrations, knownMigrations } from "~/db/dump.server";
import * as schema from "~/db/schema";
import { renderPdf } from "~/demo/pdf.server";
import { tarWriter } from "~/lib/tar.server";
import { createServices, privateStore, siteStores } from "~/registry.server";

import { storeContents, tableContents } from "../../tests/support/backups";
import { openTestDatabase, type TestDatabase } from "../../tests/support/database";
import { startS3Server } from "../../tests/support/s3-server";
import { BACKUP_FORMAT, BackupError, readManifest, restoreBackup, writeBackup } from "./backup.server";

/**
 * The archive itself, without the commands around it: uploads kept in an S3-compatible bucket are
 * backed up and restored like files on disk (into another bucket, or onto disk), a bucket that
 * already holds uploads is refused, and a backup made before a later migration restores into this
 * version, which then applies that migration. The private files (submitted manuscripts, decision 042)
 * travel with them, from the bucket's private/ prefix or DATA_DIR/private.
 */

let s3: Awaited<ReturnType<typeof startS3Server>>;
const opened: TestDatabase[] = [];
let folder: string;

beforeAll(async () => {
  s3 = await startS3Server("backup-source", "backup-target");
});
afterAll(async () => {
  await s3?.stop();
  for (const database of opened) await database.dispose();
});

async function database() {
  const handle = await openTestDatabase();
  opened.push(handle);
  folder ??= handle.dataDir;
  return handle;
}

const bucket = (name: string) => ({
  maxImageBytes: 10 << 20,
  maxPdfBytes: 10 << 20,
  s3: {
    bucket: name,
    endpoint: s3.endpoint,
    region: "us-east-1",
    accessKeyId: s3.accessKeyId,
    secretAccessKey: s3.secretAccessKey,
    forcePathStyle: true,
  },
});

describe("backup archives", () => {
  it("carry uploads and private files from an S3-compatible bucket into another bucket or onto disk, and refuse a bucket that holds uploads", async () => {
    const source = await database();
    const services = createServices(source.db, {
      dataDir: source.dataDir,
      auth: { secret: "test-secret-test-secret-test-secret-0123" },
      uploads: bucket("backup-source"),
    });
    const image = await sharp({ create: { width: 800, height: 450, channels: 3, background: { r: 90, g: 30, b: 30 } } })
      .png()
      .toBuffer();
    const photo = await services.media.ingestBuffer(image, { purpose: "image", fileName: "photo.png" });
    const pdf = await services.media.ingestBuffer(
      renderPdf([{ text: "An article", style: "title" }], { title: "A", author: "B" }),
      { purpose: "pdf", fileName: "a.pdf" },
    );
    await services.posts.create({
      title: "A post with a photo",
      category: "exams",
      image: photo.url,
      content: "<p>Hello</p>",
    });
    const article = await services.articles.create({ title: "An article", abstract: "", pdf: pdf.url });
    await services.siteContent.saveSettings("blog", { title: "News", subtitle: "From the centre" });
    const manuscript = await services.manuscriptFiles.saveBuffer(
      renderPdf([{ text: "A manuscript", style: "title" }], { title: "M", author: "C" }),
      { name: "manuscript.pdf", allow: ["pdf"] },
    );
    const copy = await services.manuscriptFiles.anonymise(manuscript.key);
    // Readership figures: their monthly and site sums are derived (decision 045), not archived, and
    // the restore makes them again from the daily rows.
    await source.db.insert(schema.readershipDaily).values([
      { day: "2026-10-30", metric: "views", itemType: "home", itemKey: "/", count: 7 },
      { day: "2026-11-02", metric: "views", itemType: "home", itemKey: "/", count: 5 },
      // The articles' and the issues' sums too (decisions 047 and 050).
      { day: "2026-11-02", metric: "investigations", itemType: "article", itemKey: article.id, count: 3 },
    ]);
    const issueSums = await source.db.select().from(schema.readershipIssueMonthly);
    expect(issueSums).toMatchObject([{ month: "2026-11-01", investigations: 3 }]);

    const archive = path.join(source.dataDir, "site.tar.gz");
    const sourceStores = { uploads: services.media.store, private: services.manuscriptFiles.store };
    await writeBackup(source.db, sourceStores, fs.createWriteStream(archive), {
      database: "pglite",
      uploads: "s3",
    });
    const manifest = await readManifest(archive);
    expect(manifest.source).toEqual({ database: "pglite", uploads: "s3" });
    expect(manifest.tables.find((table) => table.name === "posts")?.columns).not.toContain("search_vector");
    expect(manifest.tables.map((table) => table.name)).not.toContain("readership_monthly");
    expect(manifest.files.length).toBe(5); // the photo, its two smaller copies, its link-preview JPEG, the PDF
    expect(manifest.privateFiles?.map((file) => file.key).sort()).toEqual([manuscript.key, copy.key].sort());

    // Into another bucket, and onto local disk: the same rows, the same bytes.
    const sourceFiles = await storeContents(services.media.store);
    const sourcePrivateFiles = await storeContents(services.manuscriptFiles.store);
    // The bucket's private/ keys are the private store's alone: the uploads' listing (and its sweep) never sees them.
    expect(Object.keys(sourceFiles).some((key) => key.includes(manuscript.key))).toBe(false);
    expect(Object.keys(sourcePrivateFiles).sort()).toEqual([manuscript.key, copy.key].sort());
    for (const target of [siteStores(folder, bucket("backup-target")), siteStores(path.join(folder, "restored"))]) {
      const restored = await database();
      await restoreBackup(restored.db, target, fs.createReadStream(archive), { force: false });
      expect(await tableContents(restored.db)).toEqual(await tableContents(source.db));
      expect(await storeContents(target.uploads)).toEqual(sourceFiles);
      expect(await storeContents(target.private)).toEqual(sourcePrivateFiles);
      // The search documents are not in the archive (generated columns): the restore made them again.
      const search = createServices(restored.db, {
        dataDir: restored.dataDir,
        auth: { secret: "test-secret-test-secret-test-secret-0123" },
      }).search;
      expect((await search.search({ q: "photos" })).hits.map((hit) => hit.title)).toEqual(["A post with a photo"]);
    }

    // A bucket that already holds uploads is someone's site: refused, and nothing is written.
    const another = await database();
    // What a migrated database holds from the start (the starting categories), and nothing more.
    const untouched = await tableContents(another.db);
    const refusal = await restoreBackup(
      another.db,
      siteStores(folder, bucket("backup-target")),
      fs.createReadStream(archive),
      { force: false },
    ).catch((error) => error);
    expect(refusal).toBeInstanceOf(BackupError);
    expect(refusal.message).toBe(
      "The target already has content (uploaded files, private files), which a restore would replace. Restore into a new DATA_DIR or an empty database, or add --force to replace everything in it.",
    );
    expect(await tableContents(another.db)).toEqual(untouched);

    // A folder whose only content is private files is someone's site too.
    const onlyPrivate = path.join(folder, "only-private");
    await privateStore(onlyPrivate).putBuffer(manuscript.key, Buffer.from("%PDF-1.7"), "application/pdf");
    await expect(
      restoreBackup(another.db, siteStores(onlyPrivate), fs.createReadStream(archive), { force: false }),
    ).rejects.toThrow("The target already has content (private files)");
  });

  it("refuse an archive whose files would land outside the uploads or private folder, and write nothing", async () => {
    const target = await database();
    const uploads = path.join(folder, "crafted-uploads");
    const outside = path.join(uploads, "outside.txt");
    const cases = [
      ...["../outside.txt", "../../etc/cron.d/x", "2026-01/not-a-key.sh"].map((key) => ({ key, entry: "uploads" })),
      // A private file's key must be one the private store makes (an upload's key is not one).
      ...[
        "../outside.txt",
        "manuscripts/../../outside.txt",
        "manuscripts/2026-01/not-a-key.sh",
        "2026-01/0b6a3c52-52c5-4cbb-9a0a-5d3e2a4f7c10.pdf",
      ].map((key) => ({ key, entry: "private" })),
    ];
    for (const { key, entry } of cases) {
      const manifest = {
        format: BACKUP_FORMAT,
        version: 1,
        createdAt: new Date().toISOString(),
        source: { database: "pglite", uploads: "local" },
        migrations: [],
        tables: [],
        files: entry === "uploads" ? [{ key, size: 4 }] : [],
        privateFiles: entry === "private" ? [{ key, size: 4 }] : [],
      };
      const archive = path.join(folder, "crafted.tar.gz");
      const gzip = zlib.createGzip();
      const written = new Promise<void>((resolve) =>
        gzip.pipe(fs.createWriteStream(archive)).on("close", () => resolve()),
      );
      const tar = tarWriter(gzip);
      const text = Buffer.from(JSON.stringify(manifest));
      await tar.add("manifest.json", text.length, text);
      await tar.add(`${entry}/${key}`, 4, Buffer.from("evil"));
      await tar.finish();
      gzip.end();
      await written;
      await expect(
        restoreBackup(target.db, siteStores(uploads), fs.createReadStream(archive), { force: true }),
      ).rejects.toThrow(BackupError);
      expect(fs.existsSync(outside)).toBe(false);
      expect(fs.existsSync(path.join(folder, "outside.txt"))).toBe(false);
    }
  });

  it("restore a backup made before a later migration, and then apply it", async () => {
    const known = knownMigrations();
    expect(known.length).toBeGreaterThan(1);
    // A database as an earlier version of the site left it: every migration but the last.
    const client = await PGlite.create();
    const older = drizzle(client, { schema }) as unknown as Database;
    await older.execute(sql`create schema drizzle`);
    await older.execute(
      sql`create table drizzle.__drizzle_migrations (id serial primary key, hash text not null, created_at bigint)`,
    );
    await applyMigrations(older, known.slice(0, -1));
    await older.execute(
      sql`insert into posts (slug, title, category) values ('from-before', 'Written before the upgrade', 'fees')`,
    );
    const archive = path.join(folder, "older.tar.gz");
    await writeBackup(older, siteStores(path.join(folder, "older")), fs.createWriteStream(archive), {
      database: "pglite",
      uploads: "local",
    });
    expect((await readManifest(archive)).migrations.length).toBe(known.length - 1);
    const before = await tableContents(older);
    await client.close();

    const current = await database();
    await restoreBackup(current.db, siteStores(path.join(folder, "current")), fs.createReadStream(archive), {
      force: false,
    });
    expect(await appliedMigrations(current.db)).toEqual(known.map(({ hash, createdAt }) => ({ hash, createdAt })));
    // The row as it was, with what later migrations added (an excerpt, a search document) beside it.
    const [was] = before.posts.map((line) => JSON.parse(line) as Record<string, unknown>);
    const [now] = (await tableContents(current.db)).posts.map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(now).toMatchObject(was);
    expect(now.search_vector).toContain("'upgrad'");
    expect(before.posts).toHaveLength(1);
  });
});
