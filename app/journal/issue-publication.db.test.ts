import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";

import { rowsOf } from "~/db/client.server";
import { articles as articlesTable, journalWithdrawals } from "~/db/schema";
import { renderPdf } from "~/demo/pdf.server";
import type { IssueInput } from "~/journal/forms";
import { ISSUE_ALREADY_PUBLISHED, ISSUE_GONE } from "~/journal/messages";
import { isPublic } from "~/services/editorial.server";

import { setUpDashboardWorld } from "../../tests/support/dashboard-world";
import { testDatabaseKind } from "../../tests/support/database";
import { issueInput as newIssue } from "../../tests/support/journal-issues";

/**
 * Issue 31: an article in a forthcoming issue was public at once. The one visibility rule now
 * waits for the issue, and "Publish issue" publishes the issue and its articles together.
 */
const world = setUpDashboardWorld();
const SITE = { siteUrl: "https://journal.example.org/" };

let nextVolume = 300;
/** A forthcoming issue of a volume no other test of the file has used. */
const issueInput = (extra: Partial<IssueInput> = {}) => newIssue({ volume: nextVolume++, ...extra });

async function storedPdf(title: string) {
  const bytes = renderPdf([{ text: title, style: "title" }], { title, author: "Tests" });
  return (await world.services.media.ingestBuffer(bytes, { purpose: "pdf", fileName: "a.pdf" })).url;
}

/** A new forthcoming issue, and a stored PDF named `title` for an article in it. */
async function issueWithPdf(title: string, input: IssueInput = issueInput()) {
  return { issue: await world.services.journal.createIssue(input), file: await storedPdf(title) };
}

/** The OAI-PMH header of an article in an answer, if it has one, and whether it says deleted. */
function oaiHeader(xml: string, id: string) {
  const header = new RegExp(`<header( status="deleted")?>\\s*<identifier>[^<]*article/${id}</identifier>`).exec(xml);
  return header ? { deleted: Boolean(header[1]) } : undefined;
}

/** Every public read of articles: which of them show this one (by id, slug and a word of its title). */
async function seenBy(article: { id: string; slug: string }, word: string) {
  const { articles, search, sitemaps, oai } = world.services;
  const listed = await articles.list({ limit: 100 });
  const chunks = await sitemaps.chunks("journals");
  const sitemapSlugs = (await Promise.all(chunks.map((c) => sitemaps.chunk("journals", c.page)))).flat();
  const records = await oai.respond(
    [
      ["verb", "ListRecords"],
      ["metadataPrefix", "oai_dc"],
    ],
    SITE,
  );
  const identifiers = await oai.respond(
    [
      ["verb", "ListIdentifiers"],
      ["metadataPrefix", "oai_dc"],
    ],
    SITE,
  );
  const record = await oai.respond(
    [
      ["verb", "GetRecord"],
      ["metadataPrefix", "oai_dc"],
      ["identifier", `oai:journal.example.org:article/${article.id}`],
    ],
    SITE,
  );
  const found = await search.search({ q: word });
  const seen = {
    list: listed.items.some((a) => a.id === article.id),
    bySlug: (await articles.bySlug(article.slug)) !== undefined,
    byId: (await articles.byId(article.id)) !== undefined,
    sitemap: sitemapSlugs.some((entry) => entry?.slug === article.slug),
    oaiList: oaiHeader(records, article.id)?.deleted === false,
    oaiIdentifiers: oaiHeader(identifiers, article.id)?.deleted === false,
    oaiRecord: oaiHeader(record, article.id)?.deleted === false,
    search: JSON.stringify(found).includes(article.slug),
  };
  return seen;
}

/** The reads that do not show it (none, when it is public). */
const missedBy = (seen: Record<string, boolean>) => Object.keys(seen).filter((read) => !seen[read]);
/** The reads that show it (none, when it is not public). */
const shownBy = (seen: Record<string, boolean>) => Object.keys(seen).filter((read) => seen[read]);

async function datestampOf(id: string) {
  const [row] = await world.database.db
    .select({ at: articlesTable.metadataChangedAt })
    .from(articlesTable)
    .where(eq(articlesTable.id, id));
  return row.at;
}

async function withdrawn(id: string) {
  const rows = await world.database.db.select().from(journalWithdrawals).where(eq(journalWithdrawals.articleId, id));
  return rows.length === 1;
}

describe(`an issue's articles wait for it (${testDatabaseKind})`, () => {
  it("keeps an article of a forthcoming issue from visitors everywhere, whatever its own status", async () => {
    const { journal, articles } = world.services;
    const { issue, file } = await issueWithPdf("Waiting");
    // The editor's old default: published, in a forthcoming issue.
    const article = await articles.create({
      title: "Quillwort governance waiting",
      abstract: "",
      pdf: file,
      issueId: issue.id,
      doi: "10.5555/jpss.waiting.1",
      status: "published",
    });
    expect(shownBy(await seenBy(article, "Quillwort"))).toEqual([]);
    expect(isPublic(article, new Date(), issue)).toBe(false);
    expect((await articles.inIssue(issue.id)).map((a) => a.id)).not.toContain(article.id);
    expect(await articles.count()).toBe((await articles.list({ limit: 100 })).items.length);
    // Admins see it, on its page (with a notice) and in the issue being put together.
    expect((await articles.bySlug(article.slug, "admin"))?.id).toBe(article.id);
    expect((await articles.inIssue(issue.id, "admin")).map((a) => a.id)).toEqual([article.id]);
    expect((await journal.issues({ includeForthcoming: true })).find((i) => i.id === issue.id)?.articles).toBe(1);
    // Never public, so never withdrawn either: harvesters have nothing to drop.
    expect(await withdrawn(article.id)).toBe(false);
    // An online-first article (no issue) is public as before.
    const online = await articles.create({ title: "Quillwort online first", abstract: "", pdf: file });
    expect(missedBy(await seenBy(online, "Quillwort"))).toEqual([]);
  });

  it("publishes an issue and its articles together, once, and harvesters pick them up", async () => {
    const { journal, articles } = world.services;
    const { db } = world.database;
    const { issue, file } = await issueWithPdf("Together");
    const inIssue = { abstract: "", pdf: file, issueId: issue.id };
    const draft = await articles.create({ ...inIssue, title: "Marram draft", status: "draft" });
    const waiting = await articles.create({ ...inIssue, title: "Marram waiting", status: "published" });
    const later = new Date(Date.now() + 3_600_000);
    const scheduled = await articles.create({
      ...inIssue,
      title: "Marram scheduled",
      status: "scheduled",
      publishAt: later,
    });
    const trashed = await articles.create({ ...inIssue, title: "Marram trashed", status: "draft" });
    await articles.remove(trashed.id);
    // Public before (online first, 2024), then placed in the forthcoming issue: withdrawn meanwhile.
    const earlier = await articles.create(
      { abstract: "", pdf: file, title: "Marram online first", status: "published" },
      new Date("2024-02-01T10:00:00Z"),
    );
    await articles.update(earlier.id, { abstract: "", pdf: file, title: earlier.title, issueId: issue.id });
    expect(await withdrawn(earlier.id)).toBe(true);
    for (const article of [draft, waiting, earlier]) expect(shownBy(await seenBy(article, "Marram"))).toEqual([]);
    const before = new Map(
      await Promise.all([draft, waiting, earlier].map(async (a) => [a.id, await datestampOf(a.id)] as const)),
    );
    // A harvester's last visit: an incremental harvest from here must bring the issue's articles.
    const [{ since }] = rowsOf<{ since: string }>(
      await db.execute(sql`select to_char(now() at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') as since`),
    );
    await new Promise((resolve) => setTimeout(resolve, 1100));

    const { issue: published, articles: wentPublic } = await journal.publishIssue(issue.id);
    const today = new Date().toISOString().slice(0, 10);
    expect(published).toMatchObject({ status: "published", publishedOn: today });
    expect(wentPublic.map((a) => a.title).sort()).toEqual(["Marram draft", "Marram online first", "Marram waiting"]);

    for (const article of [draft, waiting, earlier]) {
      expect(missedBy(await seenBy(article, "Marram"))).toEqual([]);
      expect((await datestampOf(article.id)).getTime()).toBeGreaterThan(before.get(article.id)!.getTime());
      expect(await withdrawn(article.id)).toBe(false);
    }
    const incremental = await world.services.oai.respond(
      [
        ["verb", "ListIdentifiers"],
        ["metadataPrefix", "oai_dc"],
        ["from", since],
      ],
      SITE,
    );
    for (const article of [draft, waiting, earlier])
      expect(oaiHeader(incremental, article.id)).toEqual({ deleted: false });

    // Going public now: today's date in lists, the issue's date as their publication date.
    const stored = async (id: string) => (await articles.byId(id, "admin"))!;
    for (const article of [draft, waiting]) {
      const row = await stored(article.id);
      expect(row).toMatchObject({ status: "published", publishedOn: today });
      expect(Date.now() - row.createdAt.getTime()).toBeLessThan(60_000);
      expect(row.version).toBe(article.version + 1);
    }
    // Public before: it keeps its dates.
    expect(await stored(earlier.id)).toMatchObject({
      createdAt: new Date("2024-02-01T10:00:00Z"),
      publishedOn: null,
    });
    // A scheduled article keeps its time; the trash keeps what it holds.
    expect(await stored(scheduled.id)).toMatchObject({ status: "scheduled", publishAt: later });
    expect(shownBy(await seenBy(scheduled, "Marram"))).toEqual([]);
    const [inTrash] = await db.select().from(articlesTable).where(eq(articlesTable.id, trashed.id));
    expect(inTrash.status).toBe("draft");

    // Twice is refused, as is an issue that does not exist.
    await expect(journal.publishIssue(issue.id)).rejects.toMatchObject({
      status: 409,
      message: ISSUE_ALREADY_PUBLISHED,
    });
    await expect(journal.publishIssue("00000000-0000-4000-8000-000000000000")).rejects.toMatchObject({
      status: 404,
      message: ISSUE_GONE,
    });
  });

  it("publishes an issue once when two editors press at once", async () => {
    const { journal, articles } = world.services;
    const { issue, file } = await issueWithPdf("Race", issueInput({ publishedOn: "2026-03-01" }));
    await articles.create({ title: "Raced draft", abstract: "", pdf: file, issueId: issue.id, status: "draft" });
    const outcomes = await Promise.allSettled([journal.publishIssue(issue.id), journal.publishIssue(issue.id)]);
    expect(outcomes.filter((o) => o.status === "fulfilled")).toHaveLength(1);
    expect(
      outcomes.filter((o) => o.status === "rejected").map((o) => (o as PromiseRejectedResult).reason.status),
    ).toEqual([409]);
    const [done] = outcomes.filter((o) => o.status === "fulfilled") as PromiseFulfilledResult<
      Awaited<ReturnType<typeof journal.publishIssue>>
    >[];
    // The issue's own date stays; its articles take it.
    expect(done.value.issue.publishedOn).toBe("2026-03-01");
    expect((await articles.inIssue(issue.id)).map((a) => a.publishedOn)).toEqual(["2026-03-01"]);
  });

  it("publishes the articles when an issue is saved as published, withdraws them when it goes back, and moves their datestamps on any change", async () => {
    const { journal, articles } = world.services;
    const input = issueInput();
    const { issue, file } = await issueWithPdf("Saved", input);
    const article = await articles.create({
      title: "Sedge saved with its issue",
      abstract: "",
      pdf: file,
      issueId: issue.id,
      status: "draft",
    });
    await journal.updateIssue(issue.id, { ...input, status: "published", publishedOn: "2026-05-04" });
    expect(missedBy(await seenBy(article, "Sedge"))).toEqual([]);
    expect((await articles.byId(article.id))?.publishedOn).toBe("2026-05-04");

    // Any change of the issue is a change of its articles' metadata for harvesters.
    const stamp = await datestampOf(article.id);
    await journal.updateIssue(issue.id, {
      ...input,
      status: "published",
      publishedOn: "2026-05-04",
      title: "Sedges",
    });
    expect((await datestampOf(article.id)).getTime()).toBeGreaterThan(stamp.getTime());

    // Taken back to forthcoming: hidden again, and reported withdrawn to harvesters.
    await journal.updateIssue(issue.id, { ...input, status: "forthcoming", publishedOn: null });
    expect(shownBy(await seenBy(article, "Sedge"))).toEqual([]);
    expect(await withdrawn(article.id)).toBe(true);
    const deleted = await world.services.oai.respond(
      [
        ["verb", "GetRecord"],
        ["metadataPrefix", "oai_dc"],
        ["identifier", `oai:journal.example.org:article/${article.id}`],
      ],
      SITE,
    );
    expect(oaiHeader(deleted, article.id)).toEqual({ deleted: true });
    // Published again: back, and no longer withdrawn.
    await journal.publishIssue(issue.id);
    expect(missedBy(await seenBy(article, "Sedge"))).toEqual([]);
    expect(await withdrawn(article.id)).toBe(false);
  });

  it("hides an article moved into a forthcoming issue, and reports it withdrawn", async () => {
    const { articles } = world.services;
    const { issue, file } = await issueWithPdf("Moved");
    const article = await articles.create({ title: "Rush moved", abstract: "", pdf: file });
    expect(missedBy(await seenBy(article, "Rush"))).toEqual([]);
    await articles.update(article.id, { title: "Rush moved", abstract: "", pdf: file, issueId: issue.id });
    expect(shownBy(await seenBy(article, "Rush"))).toEqual([]);
    expect(await withdrawn(article.id)).toBe(true);
  });
});
