/**
 * Issue 31: a title with control characters made the RSS and Atom feeds invalid XML (and the page
 * cache then kept the broken feed). Every XML answer of the site must stay XML 1.0 whatever a title,
 * a text or a name holds: read here through the routes, as readers, harvesters and registries do.
 */
import { describe, expect, it } from "vitest";

import { renderPdf } from "~/demo/pdf.server";
import { loader as exportsLoader } from "~/journal/routes/exports";
import { loader as oaiLoader } from "~/journal/routes/oai";
import { DEFAULT_JOURNAL_PROFILE } from "~/journal/vocabulary";

import { setUpDashboardWorld } from "../../tests/support/dashboard-world";
import { testDatabaseKind } from "../../tests/support/database";
import { feedProblems, readWithRssParser, xmlWellFormednessProblems } from "../../tests/support/feeds";
import { routeAnswer } from "../../tests/support/route-runtime";
import { loader as feedLoader } from "./feeds";
import { loader as sitemapLoader } from "./sitemaps";

const world = setUpDashboardWorld();

/**
 * Characters XML 1.0 forbids: the C0 controls but tab, LF and CR, U+FFFE and U+FFFF. Not NUL: no
 * text column holds it, and the site refuses it as it comes in; nor lone surrogates, which are
 * stored as U+FFFD. The renderers' own tests give them both.
 */
const FORBIDDEN = [
  ...Array.from({ length: 31 }, (_, code) => String.fromCharCode(code + 1)).filter((c) => !"\t\n\r".includes(c)),
  "\uFFFE",
  "\uFFFF",
].join("");

/** The answer a route gives to a GET of `url` (a thrown answer too). */
async function get(
  loader: (args: never) => unknown,
  url: string,
  params: Record<string, string | undefined> = {},
  cookie = "",
): Promise<Response> {
  return routeAnswer(loader, url, params, cookie ? { cookie } : undefined);
}

let seeded: Awaited<ReturnType<typeof seed>> | undefined;

/** A public post and a public article whose every text carries the forbidden characters. */
async function seed() {
  const { posts, articles, media, journal } = world.services;
  await journal.saveProfile({ ...DEFAULT_JOURNAL_PROFILE, issnOnline: "2756-3316", publisher: "The Centre" });
  const post = await posts.create({
    title: `Ceasefire${FORBIDDEN} talks\tresume`,
    category: "fees",
    image: "",
    content: `<p>Talks${FORBIDDEN} resume at the border.</p>`,
  });
  const pdf = renderPdf([{ text: "XML", style: "title" }], { title: "XML", author: "Tests" });
  const file = (await media.ingestBuffer(pdf, { purpose: "pdf", fileName: "x.pdf" })).url;
  const author = { affiliation: `Lake${FORBIDDEN}land`, orcid: "", email: "", corresponding: true };
  const article = await articles.create({
    title: `Pastoral${FORBIDDEN} borders`,
    abstract: `<p>An abstract${FORBIDDEN} about borders.</p>`,
    pdf: file,
    status: "published",
    doi: "10.5555/xml.safe.1",
    keywords: [`graz${FORBIDDEN}ing`, "borders"],
    authors: [{ ...author, given: `Ami${FORBIDDEN}na`, family: "Yusuf" }],
  });
  return { post, article };
}

const seeded_ = async () => (seeded ??= await seed());

const FEEDS = [
  { url: "/rss.xml", format: "rss" },
  { url: "/atom.xml", format: "atom" },
  { url: "/feed.json", format: "json" },
  { url: "/posts/category/fees/rss.xml", format: "rss", params: { category: "fees", feedFile: "rss.xml" } },
  { url: "/posts/category/fees/atom.xml", format: "atom", params: { category: "fees", feedFile: "atom.xml" } },
  { url: "/posts/category/fees/feed.json", format: "json", params: { category: "fees", feedFile: "feed.json" } },
  { url: "/journals/rss.xml", format: "rss" },
  { url: "/journals/atom.xml", format: "atom" },
  { url: "/journals/feed.json", format: "json" },
] as const;

describe(`XML answers with characters XML cannot carry in titles and texts (${testDatabaseKind})`, () => {
  for (const feed of FEEDS) {
    it(`${feed.url} is a valid ${feed.format} feed that readers read, with the title's words`, async () => {
      const { post, article } = await seeded_();
      const answer = await get(feedLoader, feed.url, "params" in feed ? feed.params : {});
      expect(answer.status).toBe(200);
      const body = await answer.text();
      expect(await feedProblems(body, feed.format)).toEqual([]);
      const title = feed.url.startsWith("/journals") ? "Pastoral borders" : "Ceasefire talks\tresume";
      if (feed.format === "json") {
        const items = (JSON.parse(body) as { items: { title: string }[] }).items;
        expect(items.map((item) => item.title)).toContain(title);
      } else {
        const items = (await readWithRssParser(body)).items;
        expect(items.map((item) => item.title)).toContain(title);
      }
      expect(body).not.toMatch(/[\uFFFE\uFFFF]|\p{Cs}/u);
      expect(post.id && article.id).toBeTruthy();
    });
  }

  it("OAI-PMH records, the Crossref deposit, the DOAJ file and the sitemaps are XML", async () => {
    const { article } = await seeded_();
    const answers = [
      await get(oaiLoader, "/oai?verb=ListRecords&metadataPrefix=oai_dc"),
      await get(oaiLoader, "/oai?verb=ListRecords&metadataPrefix=oai_openaire"),
      await get(
        exportsLoader,
        `/journal/${article.slug}/crossref.xml`,
        { journalSlug: article.slug },
        world.admin.cookie,
      ),
      await get(exportsLoader, `/journal/${article.slug}/doaj.xml`, { journalSlug: article.slug }, world.admin.cookie),
      await get(sitemapLoader, "/sitemap.xml"),
      await get(sitemapLoader, "/sitemaps/journals-1.xml", { sitemapFile: "journals-1.xml" }),
    ];
    for (const answer of answers) {
      expect(answer.status, answer.url).toBe(200);
      const body = await answer.text();
      expect(xmlWellFormednessProblems(body)).toBe("");
    }
    const crossref = await (
      await get(
        exportsLoader,
        `/journal/${article.slug}/crossref.xml`,
        { journalSlug: article.slug },
        world.admin.cookie,
      )
    ).text();
    expect(crossref).toContain("Pastoral borders");
    expect(crossref).toContain("<given_name>Amina</given_name>");
  });
});
