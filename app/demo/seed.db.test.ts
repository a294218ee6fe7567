import fs from "node:fs";
import path from "node:path";

import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { POST_CATEGORIES, SETTINGS_SECTIONS } from "~/domain/vocabulary";
import { presetPeriod } from "~/readership/period";
import { mediaOptions, privateFileOptions } from "~/registry.server";
import { QUEUE_FILTERS } from "~/submissions/words";

import { openTestDatabase, type TestDatabase, testDatabaseKind, testServices } from "../../tests/support/database";
import { seedDemoContent } from "./seed.server";
import { demoReviewers, demoSubmissions } from "./submissions";

let database: TestDatabase;

beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(async () => {
  await database?.dispose();
});

describe(`demo content (${testDatabaseKind})`, () => {
  it("fills an empty database with the whole demo centre, once", async () => {
    expect(
      await seedDemoContent(database.db, mediaOptions(database.dataDir), privateFileOptions(database.dataDir)),
    ).toBe("seeded");
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

    // The editorial office: every stage, every filter of the desk, and a year of figures.
    const editor = { id: "demo-test-editor", roles: ["journal-manager" as const] };
    const queue = await s.submissions.queue(editor, {});
    for (const [stage, n] of Object.entries(queue.stages)) expect(n, stage).toBeGreaterThan(0);
    for (const filter of QUEUE_FILTERS) expect(queue.filters[filter], filter).toBeGreaterThan(0);
    for (const filter of QUEUE_FILTERS) {
      const page = await s.submissions.queue(editor, { filter });
      expect(page.rows.length, filter).toBe(queue.filters[filter]);
    }
    // A year of readership (issue 35): every month read, weekends quieter, articles with their downloads.
    const today = new Date().toISOString().slice(0, 10);
    const year = await s.readership.overTime(presetPeriod("12m", today));
    expect(year.points.every((p) => p.views > 0 && p.requests > 0)).toBe(true);
    expect(year.totals.uniqueViews).toBeLessThan(year.totals.views);
    const month = await s.readership.overTime(presetPeriod("30d", today));
    const weekend = month.points.filter((p) => [0, 6].includes(new Date(p.bucket).getUTCDay()));
    const week = month.points.filter((p) => ![0, 6].includes(new Date(p.bucket).getUTCDay()));
    const mean = (points: typeof weekend) => points.reduce((n, p) => n + p.views, 0) / points.length;
    expect(mean(weekend)).toBeLessThan(mean(week) * 0.8);
    const { top, issues } = await s.readership.articles(presetPeriod("12m", today));
    expect(top.length).toBeGreaterThanOrEqual(5);
    expect(top[0].requests).toBeGreaterThan(0);
    expect(issues.filter((i) => i.investigations > 0).length).toBeGreaterThanOrEqual(3);
    const referrers = await s.readership.referrers(presetPeriod("30d", today));
    expect(referrers.map((r) => r.host)).toContain("scholar.google.com");
    expect(referrers.reduce((n, r) => n + r.views, 0)).toBe(month.totals.views);
    expect(await s.readership.spikes(presetPeriod("30d", today))).toHaveLength(1);
    expect((await s.readership.articleTotals(top[0].id)).investigations).toBeGreaterThan(0);

    const figures = await s.submissions.journalFigures();
    expect(figures.received).toBe(demoSubmissions.length);
    for (const value of [
      figures.daysToDeskDecision,
      figures.daysToFirstDecision,
      figures.acceptanceRate,
      figures.reviewDays,
    ])
      expect(value).not.toBeNull();
    expect(figures.daysToDeskDecision).toBeGreaterThan(1);
    expect(figures.daysToDeskDecision).toBeLessThan(15);
    expect(figures.acceptanceRate).toBeGreaterThan(0.2);
    expect(figures.acceptanceRate).toBeLessThan(0.8);
    expect(figures.reviewDays).toBeGreaterThan(10);
    expect(figures.reviewDays).toBeLessThan(40);
    // The desk's: the same, and per handling editor (no demo submission has one: no demo accounts).
    const desk = await s.submissions.deskFigures(editor);
    expect(desk.journal).toEqual(figures);
    expect(desk.editors).toEqual([{ name: "No editor assigned", figures }]);

    // A submission's page: its files in the private store, the reviewers' copy anonymised.
    const underReview = queue.rows.find((row) => row.stage === "review")!;
    const record = await s.submissions.submission(editor, underReview.id);
    expect(record.reviews.length).toBeGreaterThan(0);
    expect(record.history.map((event) => event.kind)).toContain("reviewer-invited");
    const manuscript = record.files.find((file) => file.kind === "manuscript")!;
    expect(manuscript.anonymised).toBe(true);
    const [original, copy] = await Promise.all(
      (["original", "anonymised"] as const).map(async (which) => {
        const file = await s.submissions.deskFile(editor, underReview.id, manuscript.id, which);
        const chunks: Buffer[] = [];
        for await (const chunk of file.body) chunks.push(Buffer.from(chunk as Uint8Array));
        return Buffer.concat(chunks).toString("latin1");
      }),
    );
    const corresponding = record.authors.find((a) => a.corresponding)!;
    expect(original).toContain(corresponding.family);
    expect(copy).not.toContain(corresponding.family);
    // The whole pool, with a conflict where a reviewer shares an author's university.
    const pool = await s.submissions.pool(editor, underReview.id, "");
    expect(pool).toHaveLength(Object.keys(demoReviewers).length);
    const newest = queue.rows.find((row) => row.title.startsWith("Memory Activism"))!;
    const conflicts = (await s.submissions.pool(editor, newest.id, "Sarajevo")).flatMap((r) => r.conflicts);
    expect(conflicts.join(" ")).toContain("unsa.example.edu");

    // No demo reviewer reviews their own paper.
    const reviewerNames = new Set(Object.values(demoReviewers).map((r) => r.name.toLowerCase()));
    for (const submission of demoSubmissions)
      for (const author of submission.authors)
        expect(reviewerNames.has(`${author.given} ${author.family}`.toLowerCase()), author.family).toBe(false);

    // A second start on the same database adds nothing.
    expect(
      await seedDemoContent(database.db, mediaOptions(database.dataDir), privateFileOptions(database.dataDir)),
    ).toBe("skipped");
    expect((await s.posts.list({ limit: 50 })).items).toHaveLength(posts.items.length);
  });
});
