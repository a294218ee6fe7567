import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";

import { journalWithdrawals } from "~/db/schema";
import { renderPdf } from "~/demo/pdf.server";
import { DEFAULT_JOURNAL_PROFILE } from "~/journal/vocabulary";

import { setUpDashboardWorld } from "../../tests/support/dashboard-world";
import { testDatabaseKind } from "../../tests/support/database";

const world = setUpDashboardWorld();

async function storedPdf(title: string) {
  const bytes = renderPdf([{ text: title, style: "title" }], { title, author: "Tests" });
  return (await world.services.media.ingestBuffer(bytes, { purpose: "pdf", fileName: "a.pdf" })).url;
}

const issue = (volume: number, number: number, extra: Record<string, unknown> = {}) => ({
  volume,
  number,
  year: 2025,
  title: "",
  description: "",
  cover: "",
  publishedOn: "2025-06-30",
  status: "published" as const,
  ...extra,
});

describe(`the scholarly journal (${testDatabaseKind})`, () => {
  it("keeps the journal's settings, read through defaults until saved", async () => {
    const { journal } = world.services;
    expect((await journal.profile()).title).toBe(DEFAULT_JOURNAL_PROFILE.title);
    const saved = await journal.saveProfile({
      ...DEFAULT_JOURNAL_PROFILE,
      issnOnline: "2049-3630",
      board: [{ name: "Prof. Amina Yusuf", role: "Editor-in-Chief", affiliation: "The Centre" }],
      focusScope: "<p>Peace<script>alert(1)</script></p>",
    });
    expect(saved.focusScope).not.toContain("script");
    const read = await journal.profile();
    expect(read.issnOnline).toBe("2049-3630");
    expect(read.board).toHaveLength(1);
  });

  it("keeps every save of the journal's settings, who made it, and restores an earlier one", async () => {
    const { journal } = world.services;
    const before = await journal.profile();
    await journal.saveProfile({ ...before, publisher: "First publisher", board: [] }, world.admin.id);
    await journal.saveProfile(
      { ...before, publisher: "Second publisher", board: [{ name: "Dr A", role: "Editor", affiliation: "" }] },
      world.admin.id,
    );
    const revisions = await journal.profileRevisions();
    expect(revisions.length).toBeGreaterThanOrEqual(3);
    const datas = await Promise.all(revisions.map(async (r) => (await journal.profileRevision(r.id)).data));
    const firstSave = revisions[datas.findIndex((d) => (d as Record<string, string>).publisher === "First publisher")];
    const restored = await journal.restoreProfileRevision(firstSave.id, world.admin.id);
    expect(restored.publisher).toBe("First publisher");
    expect(restored.board).toEqual([]);
    expect((await journal.profile()).publisher).toBe("First publisher");
    // The restore is itself a save that can be undone.
    expect((await journal.profileRevisions()).length).toBe(revisions.length + 1);
    await expect(journal.profileRevision("00000000-0000-4000-8000-000000000000")).rejects.toMatchObject({
      status: 404,
    });
  });

  it("numbers issues once per volume, lists published ones, and orders a table of contents by section and page", async () => {
    const { journal, articles } = world.services;
    const first = await journal.createIssue(issue(71, 1));
    await expect(journal.createIssue(issue(71, 1))).rejects.toMatchObject({ status: 409, field: "number" });
    const forthcoming = await journal.createIssue(issue(71, 2, { status: "forthcoming", publishedOn: null }));
    const publicIssues = await journal.issues();
    expect(publicIssues.some((i) => i.id === first.id)).toBe(true);
    expect(publicIssues.some((i) => i.id === forthcoming.id)).toBe(false);
    expect((await journal.issues({ includeForthcoming: true })).some((i) => i.id === forthcoming.id)).toBe(true);

    const file = await storedPdf("TOC");
    const made = async (title: string, section: "editorial" | "research" | "review", firstPage: number | null) =>
      articles.create({ title: title, abstract: "", pdf: file, issueId: first.id, section, firstPage });
    await made("Review at page 40", "review", 40);
    await made("Research at page 30", "research", 30);
    await made("Research at page 5", "research", 5);
    await made("Editorial", "editorial", 1);
    const toc = await articles.inIssue(first.id);
    expect(toc.map((a) => a.title)).toEqual([
      "Editorial",
      "Research at page 5",
      "Research at page 30",
      "Review at page 40",
    ]);
    expect((await journal.issues()).find((i) => i.id === first.id)?.articles).toBe(4);
    await expect(journal.removeIssue(first.id)).rejects.toMatchObject({ status: 409 });
    await journal.removeIssue(forthcoming.id);
  });

  it("refuses a DOI another article has, in the editor's words", async () => {
    const { articles } = world.services;
    const file = await storedPdf("DOI");
    await articles.create({ title: "First with DOI", abstract: "", pdf: file, doi: "10.5555/jpss.test.1" });
    await expect(
      articles.create({ title: "Second with DOI", abstract: "", pdf: file, doi: "10.5555/jpss.test.1" }),
    ).rejects.toMatchObject({ status: 409, field: "doi" });
  });

  it("keeps authors, keywords and references through a save and a restored revision", async () => {
    const { articles } = world.services;
    const file = await storedPdf("Authors");
    const authors = [
      {
        given: "Ngozi",
        family: "Okafor",
        affiliation: "Lagos",
        orcid: "0000-0002-1825-0097",
        email: "n@x.org",
        corresponding: true,
      },
    ];
    const article = await articles.create({
      title: "With authors",
      abstract: "",
      pdf: file,
      authors,
      keywords: ["peace", "peace", " security "],
    });
    expect(article.keywords).toEqual(["peace", "security"]);
    const edited = await articles.update(
      article.id,
      { title: "With authors", abstract: "", pdf: file, authors: [] },
      { version: article.version },
    );
    expect(edited.authors).toEqual([]);
    const [, original] = await articles.revisions(article.id);
    const restored = await articles.restoreRevision(article.id, original.id);
    expect(restored.authors[0].family).toBe("Okafor");
  });

  it("remembers for good that a public article was withdrawn, and forgets it when it is public again", async () => {
    const { articles } = world.services;
    const { db } = world.database;
    const withdrawn = async (id: string) =>
      (await db.select().from(journalWithdrawals).where(eq(journalWithdrawals.articleId, id))).length === 1;
    const file = await storedPdf("Withdrawn");
    const article = await articles.create({ title: "Soon withdrawn", abstract: "", pdf: file });
    const draft = await articles.create({ title: "Never public", abstract: "", pdf: file, status: "draft" });
    expect(await withdrawn(article.id)).toBe(false);
    await articles.remove(article.id);
    expect(await withdrawn(article.id)).toBe(true);
    await articles.restore([article.id]);
    expect(await withdrawn(article.id)).toBe(false);
    await articles.remove(article.id);
    await articles.purge([article.id]);
    expect(await withdrawn(article.id)).toBe(true);
    await articles.remove(draft.id);
    await articles.purge([draft.id]);
    expect(await withdrawn(draft.id)).toBe(false);
  });
});
