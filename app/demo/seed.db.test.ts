import fs from "node:fs";
import path from "node:path";

import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { POST_CATEGORIES, SETTINGS_SECTIONS } from "~/domain/vocabulary";
import { mediaOptions } from "~/registry.server";

import { openTestDatabase, type TestDatabase, testDatabaseKind, testServices } from "../../tests/support/database";
import { seedDemoContent } from "./seed.server";

let database: TestDatabase;

beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(async () => {
  await database?.dispose();
});

describe(`demo content (${testDatabaseKind})`, () => {
  it("fills an empty database with the whole demo centre, once", async () => {
    expect(await seedDemoContent(database.db, mediaOptions(database.dataDir))).toBe("seeded");
    const s = testServices(database);

    const posts = await s.posts.list({ limit: 50 });
    expect(posts.items.length).toBeGreaterThanOrEqual(12);
    expect(new Set(posts.items.map((p) => p.category))).toEqual(new Set(POST_CATEGORIES));

    const articles = await s.articles.list({ limit: 50 });
    expect(articles.items.length).toBeGreaterThanOrEqual(10);
    for (const article of articles.items) {
      const file = path.join(database.dataDir, article.pdf.replace(/^\//, ""));
      expect(fs.readFileSync(file).subarray(0, 5).toString()).toBe("%PDF-");
    }

    const faculties = await s.academics.facultiesWithDepartments();
    expect(faculties).toHaveLength(3);
    const departments = faculties.flatMap((f) => f.departments);
    expect(departments).toHaveLength(6);
    expect(departments.reduce((n, d) => n + d.courseCount, 0)).toBeGreaterThanOrEqual(20);

    for (const section of SETTINGS_SECTIONS) {
      const fields = await s.siteContent.settings(section);
      expect(fields.title, section).not.toBe("");
    }
    const staff = await s.siteContent.staff();
    expect(staff.every((p) => p.name && p.photo)).toBe(true);
    // The one call for papers is the journal's (decision 040).
    expect((await s.journal.call()).title).not.toBe("");
    expect((await s.siteContent.focus("aboutPage")).content).toContain("<p>");
    const links = await s.siteContent.siteLinks();
    expect(links.footerColumns.length).toBeGreaterThan(0);

    // A second start on the same database adds nothing.
    expect(await seedDemoContent(database.db, mediaOptions(database.dataDir))).toBe("skipped");
    expect((await s.posts.list({ limit: 50 })).items).toHaveLength(posts.items.length);
  });
});
