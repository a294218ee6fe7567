import { describe, expect, it } from "vitest";

import {
  atomProblems,
  feedProblems,
  jsonFeedProblems,
  readWithRssParser,
  rssProblems,
  xmlWellFormednessProblems,
} from "../../../tests/support/feeds";
import { type FeedChannel, type FeedEntry, renderFeed } from "./feeds.server";
import { sitemapIndexXml, sitemapXml } from "./sitemap-xml.server";

const site = "https://centre.example.edu";
const channel: FeedChannel = {
  title: "Centre: News",
  description: "News from the Centre.",
  link: `${site}/posts`,
  self: { rss: `${site}/rss.xml`, atom: `${site}/atom.xml`, json: `${site}/feed.json` },
  publisher: { name: "The Centre", link: `${site}/` },
  updated: new Date("2026-11-20T10:00:00Z"),
  language: "en",
};
const entry: FeedEntry = {
  id: "urn:uuid:8b7c5a52-3d4f-4d8e-9a55-1d1f8c0e2b11",
  title: `Keywords: "peace" & <security>`,
  url: `${site}/post/peace`,
  published: new Date("2026-11-19T09:30:00Z"),
  updated: new Date("2026-11-20T10:00:00Z"),
  summary: "A summary.",
  contentHtml: `<p>Text with <a href="${site}/about">a link</a>.</p>`,
  authors: ["Amina Yusuf"],
  categories: [{ term: "fees", label: "Fees & <dues>", scheme: `${site}/posts/category/` }],
  image: { url: `${site}/uploads/2026-11/a-800w.webp`, type: "image/webp" },
};

describe("feeds as documents", () => {
  it("writes RSS 2.0, Atom 1.0 and JSON Feed 1.1 that keep their rules, even with markup in titles and labels", async () => {
    for (const format of ["rss", "atom", "json"] as const)
      expect(await feedProblems(renderFeed(channel, [entry, { ...entry, authors: [] }], format), format)).toEqual([]);
    expect(await feedProblems(renderFeed(channel, [], "atom"), "atom")).toEqual([]);
  });

  it("the checks find what breaks each format's rules", () => {
    const rss = renderFeed(channel, [entry], "rss");
    expect(rssProblems(rss.replace(/<guid[^>]*>[^<]*<\/guid>/, ""))).toEqual(["item 1 has no guid"]);
    expect(rssProblems(rss.replace(/<pubDate>[^<]*</, "<pubDate>2026-11-19<"))).toEqual([
      "item 1's pubDate is not RFC 822",
    ]);
    expect(rssProblems(rss.replace("</item>", "<author>Amina</author></item>"))).toEqual([
      "item 1 has an <author> (RSS wants an e-mail address there)",
    ]);
    const atom = renderFeed(channel, [{ ...entry, authors: [] }], "atom");
    expect(atomProblems(atom.replace(/<author>[\s\S]*?<\/author>/, ""))).toEqual([
      "entry 1 has no author, nor has the feed",
    ]);
    expect(atomProblems(atom.replace(/<id>urn:uuid:[^<]*<\/id>/, ""))).toEqual(["entry 1's id is not an IRI"]);
    expect(atomProblems(atom.replace("</entry>", `<link href="${site}/other"/></entry>`))).toEqual([
      "entry 1 has 2 alternate links, not one",
    ]);
    const json = renderFeed(channel, [entry], "json");
    expect(jsonFeedProblems(json.replace("version/1.1", "version/1"))).toEqual([
      "the version is https://jsonfeed.org/version/1",
    ]);
  });

  it("Atom titles are escaped HTML; RSS names authors in dc:creator; JSON Feed 1.1 has authors", () => {
    const atom = renderFeed(channel, [entry], "atom");
    expect(atom).toContain("<![CDATA[Keywords: &quot;peace&quot; &amp; &lt;security&gt;]]>");
    expect(atom).toContain('label="Fees dues"');
    const rss = renderFeed(channel, [entry], "rss");
    expect(rss).toContain("<dc:creator>Amina Yusuf</dc:creator>");
    expect(rss).toContain('xmlns:dc="http://purl.org/dc/elements/1.1/"');
    const json = JSON.parse(renderFeed(channel, [entry], "json")) as Record<string, unknown> & {
      items: Record<string, unknown>[];
    };
    expect(json.version).toBe("https://jsonfeed.org/version/1.1");
    expect(json.authors).toEqual([{ name: "The Centre", url: `${site}/` }]);
    expect(json.items[0].authors).toEqual([{ name: "Amina Yusuf" }]);
    expect(json.items[0].date_published).toBe("2026-11-19T09:30:00.000Z");
  });

  it("leaves out of every format the characters XML cannot carry (issue 31)", async () => {
    // Every C0 control but tab, LF and CR, U+FFFE, U+FFFF and lone surrogates of both halves.
    const forbidden = `${Array.from({ length: 32 }, (_, code) => String.fromCharCode(code))
      .filter((c) => !"\t\n\r".includes(c))
      .join("")}\uFFFE\uFFFF\uD800`;
    const dirty = (text: string) => `${text}\uDC00${forbidden}`;
    const hostile: FeedEntry = {
      ...entry,
      title: dirty("Ceasefire talks"),
      summary: dirty("A summary."),
      contentHtml: `<p>${dirty("Talks resume.")}</p>`,
      authors: [dirty("Amina Yusuf")],
      categories: [{ term: dirty("fees"), label: dirty("Fees"), scheme: `${site}/posts/category/` }],
    };
    for (const format of ["rss", "atom", "json"] as const) {
      const document = renderFeed({ ...channel, title: dirty("Centre: News") }, [hostile], format);
      expect(await feedProblems(document, format)).toEqual([]);
      expect(document).not.toMatch(/(?![\t\n\r])\p{Cc}|[\uFFFE\uFFFF]|\p{Cs}/u);
      if (format !== "json") expect((await readWithRssParser(document)).items[0].title).toBe("Ceasefire talks");
    }
    const sitemap = sitemapXml([{ loc: `${site}/a${forbidden}` }]);
    expect(xmlWellFormednessProblems(sitemap)).toBe("");
    expect(sitemap).toContain(`<loc>${site}/a</loc>`);
  });

  it("sitemaps escape their addresses", () => {
    expect(sitemapXml([{ loc: `${site}/a?b=1&c=<2>`, lastmod: "2026-11-20T10:00:00Z" }])).toContain(
      "<loc>https://centre.example.edu/a?b=1&amp;c=&lt;2&gt;</loc><lastmod>2026-11-20T10:00:00Z</lastmod>",
    );
    expect(sitemapIndexXml([{ loc: `${site}/sitemaps/pages.xml` }])).toContain(
      "<sitemap><loc>https://centre.example.edu/sitemaps/pages.xml</loc></sitemap>",
    );
  });
});
