import fs from "node:fs";
import path from "node:path";

import { ObjectId } from "bson";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from "vitest";

import { type Database, rowsOf } from "~/db/client.server";

import {
  CONTENT_TABLES,
  openTestDatabase,
  tableFingerprints,
  testDatabaseKind,
  testServices,
} from "../../../tests/support/database";
import {
  type Collections,
  legacyCollections,
  startImageHost,
  writeArchive,
  writeDumpFolder,
  writeExportFolder,
} from "../../../tests/support/legacy-export";
import { scratchDirectory } from "../../../tests/support/site-process";
import { importEarlierSystem, type ImportOptions, ImportRefusedError } from "./import.server";
import { openExport } from "./readers.server";

/**
 * The importer over the earlier system's data in every export shape an operator can make, with
 * hostile content: scripts in HTML, duplicate slugs and titles, dangling references, missing
 * fields, and files on a local image host that answer 404, slowly or with the wrong type.
 */

let host: Awaited<ReturnType<typeof startImageHost>>;
let fixture: ReturnType<typeof legacyCollections>;
let folder: string;

beforeAll(async () => {
  host = await startImageHost();
  fixture = legacyCollections(host.base);
  folder = scratchDirectory("import");
});
afterAll(async () => {
  await host?.close();
  fs.rmSync(folder, { recursive: true, force: true });
});

/** A new site for one test: its database goes back when the test ends, and the next test's is that one emptied. */
async function freshSite() {
  const database = await openTestDatabase();
  onTestFinished(() => database.dispose());
  return { database, services: testServices(database) };
}

// The stand-in image host listens on this machine's loopback address, which only an operator's
// --allow-private-hosts lets the importer reach.
const FAST: ImportOptions["fetchLimits"] = { timeoutMs: 1000, allowPrivateHosts: true };

async function runImport(site: Awaited<ReturnType<typeof freshSite>>, given: string, options: ImportOptions = {}) {
  return importEarlierSystem(
    site.database.db,
    await openExport(given),
    async (bytes, purpose, fileName) => (await site.services.media.ingestBuffer(bytes, { purpose, fileName })).url,
    { fetchLimits: FAST, ...options },
  );
}

/** The content, and the import's own records of old addresses and ids. */
const TABLES = [...CONTENT_TABLES, "slug_history", "legacy_ids"];

/** Every table's rows, as text: equal before and after means nothing changed. */
const fingerprint = (db: Database) => tableFingerprints(db, TABLES);

async function rows<T>(db: Database, query: string) {
  return rowsOf<T>(await db.execute(sql.raw(query)));
}

const UNSAFE = /<script|onerror|onclick|onload|javascript:|<iframe|<style|evil\.example/i;

function shapes(collections: Collections): [string, () => string][] {
  return [
    ["a mongodump folder", () => (writeDumpFolder(path.join(folder, "dump"), collections), path.join(folder, "dump"))],
    [
      "a gzipped mongodump folder",
      () => (writeDumpFolder(path.join(folder, "dump-gz"), collections, { gzip: true }), path.join(folder, "dump-gz")),
    ],
    [
      "a mongodump archive",
      () => (writeArchive(path.join(folder, "site.archive"), collections), path.join(folder, "site.archive")),
    ],
    [
      "a gzipped mongodump archive",
      () => (
        writeArchive(path.join(folder, "site.archive.gz"), collections, { gzip: true }),
        path.join(folder, "site.archive.gz")
      ),
    ],
    [
      "a mongoexport folder of canonical JSON Lines",
      () => (
        writeExportFolder(path.join(folder, "export-canonical"), collections, { canonical: true }),
        path.join(folder, "export-canonical")
      ),
    ],
    [
      "a mongoexport folder of relaxed JSON arrays",
      () => (
        writeExportFolder(path.join(folder, "export-relaxed"), collections, { array: true }),
        path.join(folder, "export-relaxed")
      ),
    ],
  ];
}

describe(`importing the earlier system's data (${testDatabaseKind})`, () => {
  it("imports a mongodump folder: every record with its dates, files stored, HTML safe, old ids and slugs kept", async () => {
    const site = await freshSite();
    const given = shapes(fixture.collections)[0][1]();
    const report = await runImport(site, given);
    const { db } = site.database;

    expect(report.shape).toBe("mongodump folder");
    expect(report.counts.users).toMatchObject({ read: 4, imported: 3, skipped: 1 });
    expect(report.counts.faculties).toMatchObject({ read: 3, imported: 2, skipped: 1 });
    expect(report.counts.departments).toMatchObject({ read: 3, imported: 2, skipped: 1 });
    expect(report.counts.courses).toMatchObject({ read: 4, imported: 2, skipped: 2 });
    expect(report.counts.posts).toMatchObject({ read: 5, imported: 5, skipped: 0 });
    expect(report.counts.journals).toMatchObject({ read: 2, imported: 2 });
    expect(report.counts.focus).toMatchObject({ read: 2, imported: 1, skipped: 1 });
    expect(report.media, JSON.stringify(report.problems, null, 1)).toMatchObject({ downloaded: 10, failed: 6 });

    // Every problem names the record it came from.
    const problems = report.problems.map((p) => `${p.collection} ${p.record}: ${p.message}`).join("\n");
    for (const expected of [
      `users ${fixture.ids.noEmail.toHexString()}: The user "ghost" has no usable e-mail address`,
      `departments ${fixture.ids.orphanDepartment.toHexString()}: The department "Lost Department" names a faculty`,
      'The category "Campus Life" is not one of this site\'s',
      "The course code PCS101 is already used",
      "had 12 credits; it now has 6",
      `/v1/missing.png was not downloaded: the host answered 404`,
      `/v1/wrong-type.png was not downloaded: it is text/html`,
      `/v1/slow.png was not downloaded: no answer within 1 s`,
      `/v1/fake.png was not downloaded: its content is not an image`,
      'The slug "welcome-back" is used by another record; this one is now at "welcome-back-2"',
    ])
      expect(problems).toContain(expected);

    // Posts: dates, slugs, authors, categories, stored files, sanitised HTML.
    type PostRow = Record<"id" | "slug" | "title" | "category" | "image" | "content", string> & {
      user_id: string | null;
      created_at: Date;
      updated_at: Date;
    };
    const posts = await rows<PostRow>(db, "select * from posts order by created_at");
    expect(posts).toHaveLength(5);
    const bySlug = Object.fromEntries(posts.map((p) => [p.slug, p]));
    expect(Object.keys(bySlug).sort()).toEqual(
      ["by-someone-gone", "uncategories-post", "untitled-post", "welcome-back", "welcome-back-2"].sort(),
    );
    const welcome = bySlug["welcome-back"];
    expect(new Date(welcome.created_at).toISOString()).toBe("2023-01-11T09:30:00.000Z");
    expect(new Date(welcome.updated_at).toISOString()).toBe("2023-01-12T09:30:00.000Z");
    expect(welcome.category).toBe("uncategorized");
    expect(welcome.image).toMatch(/^\/uploads\//);
    expect(welcome.content).toMatch(/<img src="\/uploads\/[^"]+"/);
    expect(bySlug["welcome-back-2"].category).toBe("exams");
    expect(bySlug["welcome-back-2"].image).toBe(`${host.base}/v1/missing.png`);
    expect(bySlug["by-someone-gone"]).toMatchObject({ user_id: null, category: "uncategorized" });
    expect(bySlug["by-someone-gone"].content).toMatch(/href="\/uploads\/[^"]+"/);
    expect(bySlug["untitled-post"].title).toBe("Untitled post");
    // Without timestamps, the ObjectId's own time.
    expect(new Date(bySlug["untitled-post"].created_at).getTime()).toBe(fixture.ids.posts[3].getTimestamp().getTime());

    // Nothing unsafe survives in any stored HTML.
    const html = await rows<{ html: string }>(
      db,
      `select content as html from posts union all select abstract from articles
       union all select fields->>'callText' from journal_profile union all select content from focus_pages`,
    );
    expect(html.length).toBe(9);
    for (const { html: stored } of html) expect(stored).not.toMatch(UNSAFE);

    // Journals (articles): the PDF stored, a missing one listed and its address kept.
    const articles = await rows<{ slug: string; title: string; pdf: string; created_at: Date }>(
      db,
      "select * from articles order by slug",
    );
    expect(articles.map((a) => a.slug)).toEqual(["conflict-and-cooperation", "missing-file"]);
    expect(articles[0].pdf).toMatch(/^\/uploads\/.+\.pdf$/);
    expect(new Date(articles[0].created_at).toISOString()).toBe("2023-01-06T09:30:00.000Z");

    // Users: names, roles, confirmed addresses, bcrypt hashes kept until a sign-in.
    const users = await rows<{ username: string; role: string; email_verified: boolean; image: string | null }>(
      db,
      "select * from users order by username",
    );
    expect(users.map((u) => [u.username, u.role, u.email_verified])).toEqual([
      ["ama.mensah", "user", true],
      ["oldadmin", "admin", true],
      ["writer", "user", true],
    ]);
    expect(users[1].image).toMatch(/^\/uploads\//);
    const hashes = await rows<{ password: string }>(db, "select password from accounts");
    expect(hashes).toHaveLength(3);
    for (const { password } of hashes) expect(password).toMatch(/^\$2[ab]\$/);

    // Academics: a duplicate faculty joins its namesake; codes upper-case; bad values mended.
    const courses = await rows<{ code: string; credits: number; semester: string }>(
      db,
      "select * from courses order by code",
    );
    expect(courses.map((c) => [c.code, c.credits, c.semester])).toEqual([
      ["LAW200", 6, "Both"],
      ["PCS101", 3, "First"],
    ]);
    const programmes = await site.services.academics.facultiesWithDepartments();
    const law = programmes.find((f) => f.name === "Faculty of Law");
    expect(law?.departments.map((d) => d.name)).toEqual(["Human Rights Law"]);

    // Site content.
    expect(await site.services.siteContent.settings("about")).toMatchObject({
      title: "About the centre",
      mission: "Peace",
    });
    expect((await site.services.siteContent.settings("homepage")).homeimage).toMatch(/^\/uploads\//);
    const staff = await site.services.siteContent.staff();
    expect(staff.find((s) => s.role === "vc")).toMatchObject({ name: "Prof. A. Vice", post: "Vice-Chancellor" });
    // The announcement is the journal's call for papers (decision 040).
    expect((await site.services.journal.call()).title).toBe("Announcement");

    // Old ids answer for the records they became.
    const post = await site.services.posts.bySlug("welcome-back", "public");
    expect(await site.services.legacyIds.resolve(fixture.ids.posts[0].toHexString())).toBe(post?.id);
    const department = await site.services.academics.departmentPage(
      await site.services.legacyIds.resolve(fixture.ids.department.toHexString()),
    );
    expect(department?.name).toBe("Peace Studies");
    expect(department?.courses.map((c) => c.code)).toEqual(["PCS101"]);

    // A second run changes nothing and downloads nothing.
    const before = await fingerprint(db);
    const fetched = host.requests.length;
    const again = await runImport(site, given);
    expect(await fingerprint(db)).toEqual(before);
    expect(host.requests.length).toBe(fetched);
    for (const count of Object.values(again.counts)) expect(count.imported).toBe(0);
    expect(again.counts.posts.alreadyImported).toBe(5);

    // A new record that uses a file an earlier run stored gets that copy; one the sweep of unused
    // uploads removed since is fetched again.
    const cover = `${host.base}/v1/good-cover.png`;
    const inline = `${host.base}/v1/good-inline.png`;
    const later = path.join(folder, "later");
    writeExportFolder(later, {
      posts: [
        {
          _id: new ObjectId(),
          title: "Later post",
          slug: "later-post",
          image: cover,
          content: `<img src="${inline}">`,
        },
      ],
    });
    const storedInline = bySlug["welcome-back"].content.match(/src="\/uploads\/([^"]+)"/)![1];
    await db.execute(sql`delete from media where storage_key = ${storedInline}`);
    const third = await runImport(site, later);
    expect(third.counts.posts.imported).toBe(1);
    expect(third.media).toMatchObject({ reused: 1, downloaded: 1 });
    const [laterPost] = await rows<{ image: string; content: string }>(
      db,
      "select * from posts where slug = 'later-post'",
    );
    expect(laterPost.image).toBe(welcome.image);
    expect(laterPost.content).toMatch(/src="\/uploads\//);
    expect(laterPost.content).not.toContain(storedInline);
  });

  it.each(
    shapes({})
      .map(([name], index) => [name, index])
      .slice(1),
  )("reads %s the same way", async (_name, index) => {
    const site = await freshSite();
    const given = shapes(fixture.collections)[index as number][1]();
    const report = await runImport(site, given, { skipMedia: true });
    expect(report.counts.users).toMatchObject({ read: 4, imported: 3 });
    expect(report.counts.posts).toMatchObject({ read: 5, imported: 5 });
    expect(report.counts.courses).toMatchObject({ read: 4, imported: 2 });
    expect(report.counts.sitesettings).toMatchObject({ read: 1, imported: 1 });
    expect(report.media.downloaded).toBe(0);
    const [post] = await rows<{ created_at: Date; image: string; content: string }>(
      site.database.db,
      "select * from posts where slug = 'welcome-back'",
    );
    expect(new Date(post.created_at).toISOString()).toBe("2023-01-11T09:30:00.000Z");
    // --skip-media keeps the old addresses.
    expect(post.image).toBe(`${host.base}/v1/good-cover.png`);
    expect(post.content).not.toMatch(UNSAFE);
    expect(await site.services.legacyIds.resolve(fixture.ids.admin.toHexString())).toMatch(/^[0-9a-f-]{36}$/);
  });

  it("stores text with NUL or half of a surrogate pair (a \\ud800 escape in JSON) as the text it can hold (issue 31)", async () => {
    const site = await freshSite();
    const given = path.join(folder, "unstorable");
    const [settings] = fixture.collections.sitesettings;
    const [first, ...posts] = fixture.collections.posts;
    writeExportFolder(given, {
      ...fixture.collections,
      // A JSON column (the settings' fields) refuses a lone half; a text column refuses NUL.
      sitesettings: [{ ...settings, about: { ...(settings.about as object), title: "About \uD800 the centre" } }],
      posts: [{ ...first, title: "Welcome\u0000 back" }, ...posts],
    });
    const report = await runImport(site, given, { skipMedia: true });
    expect(report.counts.sitesettings).toMatchObject({ read: 1, imported: 1 });
    expect(report.counts.posts).toMatchObject({ read: 5, imported: 5 });
    const [about] = await rows<{ title: string }>(
      site.database.db,
      "select fields->>'title' as title from site_settings where section = 'about'",
    );
    expect(about.title).toBe("About \uFFFD the centre");
    const titles = await rows<{ title: string }>(site.database.db, "select title from posts order by title");
    expect(titles.map((row) => row.title)).toContain("Welcome back");
  });

  it("a dry run reports what it would import and every problem, and changes nothing", async () => {
    const site = await freshSite();
    const given = path.join(folder, "dry");
    writeExportFolder(given, fixture.collections);
    const before = await fingerprint(site.database.db);
    const fetched = host.requests.length;
    const report = await runImport(site, given, { dryRun: true });
    expect(report.dryRun).toBe(true);
    expect(report.counts.posts).toMatchObject({ read: 5, imported: 5 });
    expect(report.media.kept).toBe(16);
    expect(report.problems.some((p) => p.record === fixture.ids.orphanDepartment.toHexString())).toBe(true);
    expect(await fingerprint(site.database.db)).toEqual(before);
    expect(host.requests.length).toBe(fetched);
  });

  it("refuses a site with content of its own unless --merge, and a failed run leaves the database as it was", async () => {
    const site = await freshSite();
    const given = path.join(folder, "refuse");
    writeExportFolder(given, fixture.collections);
    await site.database.db.execute(sql`insert into faculties (name) values ('Faculty of Arts')`);
    await expect(runImport(site, given, { skipMedia: true })).rejects.toThrow(ImportRefusedError);

    // A file cut short is found before anything is written.
    const broken = path.join(folder, "broken");
    writeDumpFolder(broken, fixture.collections);
    const file = path.join(broken, "cpscr", "journals.bson");
    fs.truncateSync(file, fs.statSync(file).size - 10);
    const before = await fingerprint(site.database.db);
    await expect(runImport(site, broken, { merge: true, skipMedia: true })).rejects.toThrow(/ends in the middle/);
    expect(await fingerprint(site.database.db)).toEqual(before);

    // An export that breaks off while the records are written (after users, faculties, departments,
    // courses and posts went in) leaves the database as it was.
    const whole = await openExport(given);
    let reads = 0;
    const failing = {
      ...whole,
      async *documents(collection: Parameters<typeof whole.documents>[0]) {
        if (collection === "journals" && ++reads === 2) throw new Error("the disk went away");
        yield* whole.documents(collection);
      },
    };
    await expect(
      importEarlierSystem(site.database.db, failing, () => Promise.reject(new Error("no files")), {
        merge: true,
        skipMedia: true,
      }),
    ).rejects.toThrow("the disk went away");
    expect(await fingerprint(site.database.db)).toEqual(before);

    const merged = await runImport(site, given, { merge: true, skipMedia: true });
    expect(merged.counts.faculties.imported).toBe(2);
    const names = await rows<{ name: string }>(site.database.db, "select name from faculties order by name");
    expect(names.map((n) => n.name)).toEqual(["Faculty of Arts", "Faculty of Law", "Faculty of Social Sciences"]);
  });
});
