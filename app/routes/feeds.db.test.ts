import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";

import { posts } from "~/db/schema";
import { renderPdf } from "~/demo/pdf.server";
import { DEFAULT_JOURNAL_PROFILE } from "~/journal/vocabulary";
import { decodeEntities } from "~/lib/text";
import { recording } from "~/services/request-record.server";

import { setUpDashboardWorld } from "../../tests/support/dashboard-world";
import { testDatabaseKind } from "../../tests/support/database";
import { feedProblems, readWithFeedparser, readWithRssParser } from "../../tests/support/feeds";
import { routeAnswer } from "../../tests/support/route-runtime";
import { loader } from "./feeds";

const world = setUpDashboardWorld();

/** The feed route's answer to a GET of `url`, as the server would give it. */
async function get(url: string, headers: Record<string, string> = {}): Promise<Response> {
  const { pathname } = new URL(url, "http://localhost");
  const category = /^\/posts\/category\/([^/]+)\//.exec(pathname)?.[1];
  const params = category ? { category, feedFile: pathname.split("/").pop() } : {};
  return routeAnswer(loader, url, params, headers);
}

const FORMATS = [
  { format: "rss", file: "rss.xml", type: "application/rss+xml; charset=utf-8" },
  { format: "atom", file: "atom.xml", type: "application/atom+xml; charset=utf-8" },
  { format: "json", file: "feed.json", type: "application/feed+json; charset=utf-8" },
] as const;

/** The entries' titles whatever the format, as a feed reader lists them. */
async function titlesIn(body: string, format: "rss" | "atom" | "json"): Promise<string[]> {
  if (format === "json") return (JSON.parse(body) as { items: { title: string }[] }).items.map((item) => item.title);
  // Atom's titles are HTML (type="html"): a reader shows them unescaped.
  const titles = (await readWithRssParser(body)).items.map((item) => item.title ?? "");
  return format === "atom" ? titles.map(decodeEntities) : titles;
}

/** rss-parser gives a category with a domain as { _: name, $: { domain } }. */
const categoryName = (category: unknown) => (typeof category === "string" ? category : (category as { _: string })._);

let seeded: Awaited<ReturnType<typeof seed>> | undefined;

/** Public, draft, scheduled and trashed posts and articles, with a published and a forthcoming issue. */
async function seed() {
  const { posts: postsService, articles, journal, media } = world.services;
  const image = await world.uploadedImage();
  const lead = await postsService.create({
    title: "Fees & <dates> for 2027",
    category: "fees",
    image,
    content: `<p>See <a href="/journals">the journal</a> and <a href="https://example.org/x">elsewhere</a>.</p><p><img src="${image}" alt="A chart"></p>`,
  });
  await world.database.db.update(posts).set({ excerpt: "The editors' own summary." }).where(eq(posts.id, lead.id));
  const exams = await postsService.create({
    title: "Examination timetable",
    category: "exams",
    image: "",
    content: "<p>The timetable of the examinations is out.</p>",
  });
  await postsService.create({
    title: "A draft nobody may see",
    category: "fees",
    image: "",
    content: "<p>Draft</p>",
    status: "draft",
  });
  const scheduled = await postsService.create({
    title: "Scheduled for next week",
    category: "fees",
    image: "",
    content: "<p>Later</p>",
    status: "scheduled",
    publishAt: new Date(Date.now() + 7 * 24 * 3600_000),
  });
  const trashed = await postsService.create({
    title: "A post in the trash",
    category: "fees",
    image: "",
    content: "<p>Gone</p>",
  });
  await postsService.remove(trashed.id);

  await journal.saveProfile({ ...DEFAULT_JOURNAL_PROFILE, publisher: "The Centre's Press" });
  const issue = await journal.createIssue({
    volume: 4,
    number: 2,
    year: 2026,
    title: "Borders",
    description: "<p>An issue about <strong>borders</strong>.</p>",
    cover: "",
    publishedOn: "2026-06-01",
    status: "published",
  });
  const forthcoming = await journal.createIssue({
    volume: 4,
    number: 3,
    year: 2026,
    title: "Not out yet",
    description: "",
    cover: "",
    publishedOn: null,
    status: "forthcoming",
  });
  const pdf = renderPdf([{ text: "Feeds", style: "title" }], { title: "Feeds", author: "Tests" });
  const file = (await media.ingestBuffer(pdf, { purpose: "pdf", fileName: "f.pdf" })).url;
  const author = { affiliation: "Lakeland", orcid: "", email: "", corresponding: false };
  const article = await articles.create({
    title: "Pastoralists and the state",
    abstract: "<p>An abstract with a <a href='/journals/issues'>link</a>.</p>",
    pdf: file,
    issueId: issue.id,
    doi: "10.5555/feeds.1",
    keywords: ["pastoralism", "borders"],
    authors: [
      { ...author, given: "Amina", family: "Yusuf", corresponding: true, email: "amina@lakeland.example.edu" },
      { ...author, given: "Kofi", family: "Mensah" },
    ],
  });
  await articles.create({ title: "A draft article", abstract: "", pdf: file, status: "draft" });
  const gone = await articles.create({ title: "A trashed article", abstract: "", pdf: file });
  await articles.trash([gone.id]);
  return { lead, exams, scheduled, issue, forthcoming, article };
}

async function seeded_() {
  seeded ??= await seed();
  return seeded;
}

const HIDDEN = ["A draft nobody may see", "Scheduled for next week", "A post in the trash"];

describe(`news feeds (${testDatabaseKind})`, () => {
  for (const { format, file, type } of FORMATS) {
    it(`/${file}: ${format}, valid, read by feed readers, only public posts`, async () => {
      const { lead, exams } = await seeded_();
      const answer = await get(`/${file}`);
      expect(answer.status).toBe(200);
      expect(answer.headers.get("content-type")).toBe(type);
      expect(answer.headers.get("etag")).toMatch(/^"[\w-]+"$/);
      expect(new Date(answer.headers.get("last-modified")!).getTime()).toBeGreaterThan(Date.now() - 60_000);
      const body = await answer.text();
      expect(await feedProblems(body, format)).toEqual([]);
      expect(await titlesIn(body, format)).toEqual([exams.title, lead.title]);
      for (const hidden of HIDDEN) expect(body).not.toContain(hidden);
      // Addresses are absolute; the editors' summary is the summary; the picture travels along.
      expect(body).toContain(`http://localhost/post/${lead.slug}`);
      expect(body).toContain("The editors' own summary.");
      expect(body).toContain(
        format === "json" ? 'href=\\"http://localhost/journals\\"' : 'href="http://localhost/journals"',
      );
      expect(body).toContain(`urn:uuid:${lead.id}`);
      expect(body).not.toMatch(/(src|href)=\\?"\/(?!\/)/);
    });
  }

  it("reads as a feed reader shows it: guid, date, link, summary and picture of each post", async () => {
    const { lead } = await seeded_();
    const rss = await readWithRssParser(await (await get("/rss.xml")).text());
    const item = rss.items.find((i) => i.title === lead.title)!;
    expect(item.guid).toBe(`urn:uuid:${lead.id}`);
    expect(item.link).toBe(`http://localhost/post/${lead.slug}`);
    expect(new Date(item.isoDate!).getTime()).toBe(Math.floor(lead.createdAt.getTime() / 1000) * 1000);
    expect(item.contentSnippet).toBe("The editors' own summary.");
    expect(item.enclosure?.url).toMatch(/^http:\/\/localhost\/uploads\/.+\.webp$/);
    expect(item.enclosure?.type).toBe("image/webp");
    expect(item.categories?.map(categoryName)).toEqual(["Fees"]);
    expect(rss.title).toContain("News");
    expect(rss.link).toBe("http://localhost/posts");

    const atom = readWithFeedparser(await (await get("/atom.xml")).text());
    const entry = atom.entries.find((e) => e.id === `urn:uuid:${lead.id}`)!;
    // Atom's titles are HTML: the title's < and & are escaped text, not markup.
    expect(entry.title).toBe("Fees &amp; &lt;dates&gt; for 2027");
    expect(entry.link).toBe(`http://localhost/post/${lead.slug}`);
  });

  it("one category's feeds hold that category alone; unknown categories and files are 404", async () => {
    const { lead, exams } = await seeded_();
    for (const { format, file, type } of FORMATS) {
      const answer = await get(`/posts/category/fees/${file}`);
      expect(answer.status).toBe(200);
      expect(answer.headers.get("content-type")).toBe(type);
      const body = await answer.text();
      expect(await feedProblems(body, format)).toEqual([]);
      expect(await titlesIn(body, format)).toEqual([lead.title]);
      expect(body).not.toContain(exams.title);
      expect(body).toContain(`http://localhost/posts/category/fees/${file}`);
    }
    expect((await get("/posts/category/exams/rss.xml")).status).toBe(200);
    expect((await get("/posts/category/gossip/rss.xml")).status).toBe(404);
    expect((await get("/posts/category/fees/feed.xml")).status).toBe(404);
  });

  it("a feed's render notes what it read, and no session: the page cache keeps it and drops it on a change", async () => {
    await seeded_();
    for (const [url, kind] of [
      ["/rss.xml", "posts"],
      ["/posts/category/fees/atom.xml", "posts"],
      ["/journals/feed.json", "journals"],
      ["/journals/issues/rss.xml", "journals"],
    ] as const) {
      const { result, record } = await recording(() => get(url));
      expect(result.status, url).toBe(200);
      expect([...record.tags], url).toContain(kind);
      expect(record.session, url).toBe("not-read");
    }
  });

  it("/feed sends readers to the news in RSS", async () => {
    const answer = await get("/feed");
    expect(answer.status).toBe(301);
    expect(answer.headers.get("location")).toBe("/rss.xml");
  });

  it("answers 304 to a reader that has the feed, and a new feed once a post is published or trashed", async () => {
    const { scheduled, exams } = await seeded_();
    const first = await get("/rss.xml");
    const etag = first.headers.get("etag")!;
    const lastModified = first.headers.get("last-modified")!;
    expect((await get("/rss.xml", { "If-None-Match": etag })).status).toBe(304);
    expect((await get("/rss.xml", { "If-Modified-Since": lastModified })).status).toBe(304);
    // Never dated in the future (the scheduled post's own date is a week ahead).
    expect(new Date(lastModified).getTime()).toBeLessThanOrEqual(Date.now());
    expect(
      (await get("/rss.xml", { "If-None-Match": '"something else"', "If-Modified-Since": lastModified })).status,
    ).toBe(200);

    // The scheduled post's time comes (before any publishing tick): it is in the feed at once.
    await world.database.db.execute(
      sql`update posts set publish_at = now() - interval '1 second', created_at = now() - interval '1 second' where id = ${scheduled.id}`,
    );
    const published = await get("/rss.xml", { "If-None-Match": etag });
    expect(published.status).toBe(200);
    expect(await titlesIn(await published.text(), "rss")).toContain(scheduled.title);

    // A trashed post leaves the feed; a reader asking by date alone is not told "unchanged".
    const before = await get("/rss.xml");
    await new Promise((resolve) => setTimeout(resolve, 1100));
    await world.services.posts.remove(exams.id);
    const after = await get("/rss.xml", { "If-Modified-Since": before.headers.get("last-modified")! });
    expect(after.status).toBe(200);
    expect(after.headers.get("etag")).not.toBe(before.headers.get("etag"));
    expect(await titlesIn(await after.text(), "rss")).not.toContain(exams.title);
    await world.services.posts.restore([exams.id]);
  });
});

describe(`journal feeds (${testDatabaseKind})`, () => {
  for (const { format, file, type } of FORMATS) {
    it(`/journals/${file}: the public articles with authors, abstract, PDF and DOI`, async () => {
      const { article } = await seeded_();
      const answer = await get(`/journals/${file}`);
      expect(answer.status).toBe(200);
      expect(answer.headers.get("content-type")).toBe(type);
      const body = await answer.text();
      expect(await feedProblems(body, format)).toEqual([]);
      expect(await titlesIn(body, format)).toEqual([article.title]);
      expect(body).not.toContain("A draft article");
      expect(body).not.toContain("A trashed article");
      expect(body).not.toContain("amina@");
      expect(body).toContain("Amina Yusuf");
      expect(body).toContain(`http://localhost/journal/${article.slug}/pdf`);
      expect(body).toContain("https://doi.org/10.5555/feeds.1");
      expect(body).toContain("Vol. 4 No. 2 (2026): Borders");
    });
  }

  it("names each author and carries the PDF as RSS's enclosure and JSON Feed's attachment", async () => {
    const { article } = await seeded_();
    const rss = await (await get("/journals/rss.xml")).text();
    expect(rss).toContain("<dc:creator>Amina Yusuf</dc:creator>");
    expect(rss).toContain("<dc:creator>Kofi Mensah</dc:creator>");
    const item = (await readWithRssParser(rss)).items[0];
    expect(item.enclosure).toMatchObject({
      url: `http://localhost/journal/${article.slug}/pdf`,
      type: "application/pdf",
    });
    expect(item.categories?.map(categoryName)).toEqual(
      expect.arrayContaining(["Research Articles", "pastoralism", "borders"]),
    );
    const json = JSON.parse(await (await get("/journals/feed.json")).text()) as {
      items: { authors: { name: string }[]; attachments: { mime_type: string }[]; external_url: string }[];
    };
    expect(json.items[0].authors).toEqual([{ name: "Amina Yusuf" }, { name: "Kofi Mensah" }]);
    expect(json.items[0].attachments[0].mime_type).toBe("application/pdf");
    expect(json.items[0].external_url).toBe("https://doi.org/10.5555/feeds.1");
    const atom = await (await get("/journals/atom.xml")).text();
    expect(atom).toMatch(/<author>\s*<name>Amina Yusuf<\/name>\s*<\/author>/);
  });

  for (const { format, file, type } of FORMATS) {
    it(`/journals/issues/${file}: published issues with their contents`, async () => {
      const { article } = await seeded_();
      const answer = await get(`/journals/issues/${file}`);
      expect(answer.status).toBe(200);
      expect(answer.headers.get("content-type")).toBe(type);
      const body = await answer.text();
      expect(await feedProblems(body, format)).toEqual([]);
      expect(await titlesIn(body, format)).toEqual(["Vol. 4 No. 2 (2026): Borders"]);
      expect(body).not.toContain("Not out yet");
      expect(body).toContain("http://localhost/journals/issue/4/2");
      expect(body).toContain(article.title);
    });
  }

  it("a trashed article leaves the articles feed and its issue's contents", async () => {
    const { article } = await seeded_();
    await world.services.articles.trash([article.id]);
    try {
      expect(await titlesIn(await (await get("/journals/rss.xml")).text(), "rss")).toEqual([]);
      expect(await (await get("/journals/issues/rss.xml")).text()).not.toContain(article.title);
      expect(await feedProblems(await (await get("/journals/atom.xml")).text(), "atom")).toEqual([]);
    } finally {
      await world.services.articles.restore([article.id]);
    }
  });
});
