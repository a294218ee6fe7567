import fs from "node:fs";
import os from "node:os";
import path from "node:path";

import type { PGlite } from "@electric-sql/pglite";
import { sql } from "drizzle-orm";
import { drizzle } from "drizzle-orm/pglite";
import { migrate } from "drizzle-orm/pglite/migrator";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { journalJson } from "~/journal/api.server";
import { ARTICLE_API_KEYS } from "~/journal/article-fields";
import { articlesService } from "~/journal/articles.server";

import { openEmptyPglite } from "../../tests/support/database";
import { type Database, migrationsFolder, rowsOf } from "./client.server";
import * as schema from "./schema";

/** The checked-in migrations up to (not including) `tag`, as a folder of their own. */
function migrationsBefore(tag: string) {
  const source = migrationsFolder();
  const target = fs.mkdtempSync(path.join(os.tmpdir(), "migrations-"));
  fs.mkdirSync(path.join(target, "meta"));
  const journal = JSON.parse(fs.readFileSync(path.join(source, "meta", "_journal.json"), "utf8")) as {
    entries: { tag: string }[];
  };
  const cut = journal.entries.findIndex((entry) => entry.tag === tag);
  const kept = journal.entries.slice(0, cut);
  fs.writeFileSync(path.join(target, "meta", "_journal.json"), JSON.stringify({ ...journal, entries: kept }));
  for (const entry of kept)
    fs.copyFileSync(path.join(source, `${entry.tag}.sql`), path.join(target, `${entry.tag}.sql`));
  return target;
}

/** Brings `client` to the schema as it stood just before migration `tag`. */
async function migrateUpTo(client: PGlite, tag: string) {
  const before = migrationsBefore(tag);
  try {
    await migrate(drizzle(client), { migrationsFolder: before });
  } finally {
    fs.rmSync(before, { recursive: true, force: true });
  }
}

/** `check` on a database of its own, its schema as it stood before migration `tag`; `migrateToNow` runs the rest. */
async function onDatabaseBefore(
  tag: string,
  check: (db: Database, migrateToNow: () => Promise<void>) => Promise<void>,
) {
  const fresh = await openEmptyPglite();
  try {
    await migrateUpTo(fresh, tag);
    const db = drizzle(fresh, { schema }) as unknown as Database;
    await check(db, () => migrate(drizzle(fresh), { migrationsFolder: migrationsFolder() }));
  } finally {
    await fresh.close();
  }
}

let client: PGlite;
let db: Database;
beforeAll(async () => {
  client = await openEmptyPglite();
  db = drizzle(client, { schema }) as unknown as Database;
});
afterAll(() => client?.close());

describe("migration 0006 (the scholarly journal)", () => {
  it("keeps every existing article at its address, with its PDF and its API shape", async () => {
    await migrateUpTo(client, "0006_scholarly_journal");
    // Articles as the site stored them before: a title, a description, a PDF.
    await db.execute(sql`insert into journals (slug, filename, details, file, created_at, updated_at)
      values ('peace-in-practice', 'Peace in practice', '<p>About peace.</p>', '/uploads/old.pdf',
              '2024-03-01T10:00:00Z', '2024-03-02T10:00:00Z'),
             ('a-trashed-one', 'A trashed one', '', '/uploads/gone.pdf',
              '2024-01-01T10:00:00Z', '2024-01-01T10:00:00Z')`);
    await db.execute(sql`update journals set deleted_at = now() where slug = 'a-trashed-one'`);
    const [oldShape] = rowsOf<Record<string, unknown>>(
      await db.execute(sql`select * from journals where slug = 'peace-in-practice'`),
    );

    await migrate(drizzle(client), { migrationsFolder: migrationsFolder() });

    const files = { isStored: async () => true, claimNamedIn: async () => {}, removeByUrl: async () => {} };
    const articles = articlesService(db, files);
    const article = await articles.bySlug("peace-in-practice");
    expect(article).toBeDefined();
    expect(article!.pdf).toBe("/uploads/old.pdf");
    expect(article!.abstract).toBe("<p>About peace.</p>");
    // An article without an issue ("online first"), in the default section, with no authors yet.
    expect(article!.issueId).toBeNull();
    expect(article!.section).toBe("research");
    expect(article!.authors).toEqual([]);
    // Its datestamp for harvesters is its last change, not the migration's time.
    expect(article!.metadataChangedAt.toISOString()).toBe("2024-03-02T10:00:00.000Z");
    expect(article!.updatedAt.toISOString()).toBe(new Date(oldShape.updated_at as string).toISOString());
    // The JSON API answers with every field it answered with before, and the scholarly fields
    // under their own names beside them (issue 32).
    expect(Object.keys(journalJson(article!)).sort()).toEqual(
      [
        ...ARTICLE_API_KEYS,
        "_id",
        "id",
        "slug",
        "filename",
        "details",
        "file",
        "userId",
        "createdAt",
        "updatedAt",
        "status",
        "publishAt",
        "version",
      ].sort(),
    );
    // A trashed article that was public is reported to harvesters as withdrawn.
    const withdrawn = rowsOf<{ slug: string }>(await db.execute(sql`select slug from journal_withdrawals`));
    expect(withdrawn.map((row) => row.slug)).toEqual(["a-trashed-one"]);
  });
});

describe("migration 0012 (an issue's articles wait for it)", () => {
  it("keeps every public issue public, and withdraws what a forthcoming issue had leaked", async () => {
    await onDatabaseBefore("0012_issue_publication", async (freshDb, migrateToNow) => {
      // As the site stood: a published issue and a forthcoming one, each with a published article.
      await freshDb.execute(sql`insert into journal_issues (id, volume, number, year, published_on, status) values
      ('00000000-0000-4000-8000-000000000001', 1, 1, 2025, '2025-06-30', 'published'),
      ('00000000-0000-4000-8000-000000000002', 1, 2, 2025, null, 'forthcoming')`);
      await freshDb.execute(sql`insert into journals (slug, filename, file, issue_id, status) values
      ('in-the-published-issue', 'In the published issue', '/uploads/a.pdf', '00000000-0000-4000-8000-000000000001', 'published'),
      ('leaked-early', 'Leaked early', '/uploads/b.pdf', '00000000-0000-4000-8000-000000000002', 'published'),
      ('a-draft-there', 'A draft there', '/uploads/c.pdf', '00000000-0000-4000-8000-000000000002', 'draft')`);

      await migrateToNow();

      const files = { isStored: async () => true, claimNamedIn: async () => {}, removeByUrl: async () => {} };
      const articles = articlesService(freshDb, files);
      const issues = rowsOf<{ number: number; status: string }>(
        await freshDb.execute(sql`select number, status from journal_issues order by number`),
      );
      expect(issues).toEqual([
        { number: 1, status: "published" },
        { number: 2, status: "forthcoming" },
      ]);
      expect((await articles.list({ limit: 10 })).items.map((a) => a.slug)).toEqual(["in-the-published-issue"]);
      expect(await articles.bySlug("leaked-early")).toBeUndefined();
      // Harvesters may have taken it: they are told it is withdrawn (the draft was never public).
      const withdrawn = rowsOf<{ slug: string }>(await freshDb.execute(sql`select slug from journal_withdrawals`));
      expect(withdrawn.map((row) => row.slug)).toEqual(["leaked-early"]);
    });
  });
});

describe("migration 0013 (articles under their true names)", () => {
  it("renames the articles' table and columns, and keeps every row, revision, preview, count and trigger", async () => {
    await onDatabaseBefore("0013_articles_true_names", async (freshDb, migrateToNow) => {
      // As the site stood: an article with its revision, a preview link, its views, and a post's revision.
      const id = "00000000-0000-4000-8000-0000000000a1";
      await freshDb.execute(sql`insert into journals (id, slug, filename, details, file, doi, status) values
      (${id}, 'borders', 'Borders and patrols', '<p>How borders are lived.</p>', '/uploads/a.pdf', '10.5555/b.1', 'published')`);
      await freshDb.execute(sql`insert into revisions (kind, record_id, version, data) values
      ('journal', ${id}, 1, ${JSON.stringify({ filename: "Borders", details: "<p>First.</p>", file: "/uploads/0.pdf", slug: "borders", status: "published", doi: "10.5555/b.1" })}::jsonb),
      ('post', 'a-post', 1, ${JSON.stringify({ title: "A post", content: "<p>Text</p>" })}::jsonb)`);
      await freshDb.execute(sql`insert into preview_tokens (token, kind, record_id, data, expires_at) values
      ('preview-token-of-the-migration-test', 'journal', ${id},
       ${JSON.stringify({ kind: "journal", recordId: id, filename: "Previewed", details: "<p>P</p>", file: "" })}::jsonb,
       now() + interval '1 day')`);
      await freshDb.execute(sql`insert into article_usage (journal_id, views, downloads) values (${id}, 7, 2)`);

      await migrateToNow();

      const [row] = rowsOf<Record<string, unknown>>(
        await freshDb.execute(sql`select title, abstract, pdf from articles where id = ${id}`),
      );
      expect(row).toEqual({
        title: "Borders and patrols",
        abstract: "<p>How borders are lived.</p>",
        pdf: "/uploads/a.pdf",
      });
      const files = { isStored: async () => true, claimNamedIn: async () => {}, removeByUrl: async () => {} };
      const articles = articlesService(freshDb, files);
      // The revision kept before holds the fields under their new names, and restores as it did.
      const [revision] = await articles.revisions(id);
      expect((await articles.revision(id, revision.id)).data).toEqual({
        title: "Borders",
        abstract: "<p>First.</p>",
        pdf: "/uploads/0.pdf",
        slug: "borders",
        status: "published",
        doi: "10.5555/b.1",
      });
      const restored = await articles.restoreRevision(id, revision.id);
      expect(journalJson(restored)).toMatchObject({
        filename: "Borders",
        details: "<p>First.</p>",
        file: "/uploads/0.pdf",
      });
      const rest = rowsOf<{ kind: string; data: Record<string, unknown> }>(
        await freshDb.execute(sql`select kind, data from revisions where kind = 'post' or version = 2 order by kind`),
      );
      expect(
        rest.map((r) => [r.kind, Object.keys(r.data).filter((k) => /^(title|filename|abstract|details)$/.test(k))]),
      ).toEqual([
        ["journal", ["title", "abstract"]],
        ["post", ["title"]],
      ]);
      const [preview] = rowsOf<{ data: Record<string, unknown> }>(
        await freshDb.execute(sql`select data from preview_tokens`),
      );
      expect(preview.data).toEqual({
        kind: "journal",
        recordId: id,
        title: "Previewed",
        abstract: "<p>P</p>",
        pdf: "",
      });
      expect(
        rowsOf(await freshDb.execute(sql`select views, downloads from article_usage where article_id = ${id}`)),
      ).toEqual([{ views: 7, downloads: 2 }]);

      // The triggers work under the new names: a change moves the datestamp, the trash withdraws.
      const stamp = async () =>
        rowsOf<{ at: string }>(await freshDb.execute(sql`select metadata_changed_at::text as at from articles`))[0].at;
      const was = await stamp();
      await freshDb.execute(sql`update articles set title = 'Borders, retitled' where id = ${id}`);
      expect(await stamp()).not.toBe(was);
      await articles.remove(id);
      expect(
        rowsOf<{ slug: string }>(
          await freshDb.execute(sql`select slug from journal_withdrawals where article_id = ${id}`),
        ),
      ).toEqual([{ slug: "borders" }]);
      const functions = rowsOf<{ name: string }>(
        await freshDb.execute(
          sql`select proname as name from pg_proc where pronamespace = 'public'::regnamespace order by 1`,
        ),
      );
      expect(functions.map((f) => f.name)).toEqual([
        // Migration 0023's (decision 050), like readership_article_daily_roll_up and readership_issue_sums_add.
        "articles_move_readership",
        "articles_track_metadata",
        "articles_track_withdrawals",
        "journal_issues_track_articles",
        "readership_article_daily_roll_up",
        // Migrations 0020's and 0022's (decisions 045 and 047), not leftovers of the rename.
        "readership_daily_articles_roll_up",
        "readership_daily_roll_up",
        "readership_issue_sums_add",
      ]);
    });
  });

  it("0017: a saved announcement becomes the journal's call for papers, unless the journal has one (decision 040)", async () => {
    await onDatabaseBefore("0017_one_call_for_papers", async (freshDb, migrateToNow) => {
      await freshDb.execute(
        sql`insert into announcement (id, title, content) values (1, 'Call 2027', '<p>Send it.</p>')`,
      );
      await freshDb.execute(
        sql`insert into journal_profile (id, fields) values (1, '{"title": "J", "callDeadline": "2027-01-31"}')`,
      );
      await migrateToNow();
      const [row] = rowsOf<{ fields: Record<string, string> }>(
        await freshDb.execute(sql`select fields from journal_profile`),
      );
      expect(row.fields).toMatchObject({
        title: "J",
        callTitle: "Call 2027",
        callText: "<p>Send it.</p>",
        callDeadline: "2027-01-31",
      });
    });
    await onDatabaseBefore("0017_one_call_for_papers", async (freshDb, migrateToNow) => {
      await freshDb.execute(sql`insert into announcement (id, title, content) values (1, 'Old notice', '')`);
      await freshDb.execute(
        sql`insert into journal_profile (id, fields) values (1, '{"callTitle": "The journal''s own call"}')`,
      );
      await migrateToNow();
      const [row] = rowsOf<{ fields: Record<string, string> }>(
        await freshDb.execute(sql`select fields from journal_profile`),
      );
      expect(row.fields.callTitle).toBe("The journal's own call");
    });
  });
});
