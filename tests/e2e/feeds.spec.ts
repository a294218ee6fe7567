import type { APIRequestContext } from "@playwright/test";

import { feedProblems, locsOf, xmllintProblems } from "../support/feeds";
import { demoPost } from "./a11y";
import { expect, test } from "./fixtures";

/** GET `path`, which must answer 200 with this content type; its text. */
async function fetchText(request: APIRequestContext, path: string, type: string) {
  const answer = await request.get(path);
  expect(answer.status(), path).toBe(200);
  expect(answer.headers()["content-type"], path).toBe(type);
  return answer.text();
}

/** Feeds, sitemaps and robots.txt from the running server, as readers and crawlers fetch them (decision 026). */
test.describe("found by readers and crawlers", () => {
  test("the news, category and journal feeds answer with their types, valid, and 304 once read", async ({
    request,
  }) => {
    const typeOf = {
      rss: "application/rss+xml; charset=utf-8",
      atom: "application/atom+xml; charset=utf-8",
      json: "application/feed+json; charset=utf-8",
    };
    const feeds = [
      ["/rss.xml", "rss"],
      ["/atom.xml", "atom"],
      ["/feed.json", "json"],
      ["/posts/category/uncategorized/atom.xml", "atom"],
      ["/journals/rss.xml", "rss"],
      ["/journals/issues/atom.xml", "atom"],
    ] as const;
    for (const [path, format] of feeds) {
      const type = typeOf[format];
      const answer = await request.get(path);
      expect(answer.status(), path).toBe(200);
      expect(answer.headers()["content-type"], path).toBe(type);
      const body = await answer.text();
      expect(await feedProblems(body, format), path).toEqual([]);
      expect(body, path).toMatch(/https?:\/\/[^"<\s]+\/(post|journal)\//);
      const again = await request.get(path, { headers: { "If-None-Match": answer.headers().etag } });
      expect(again.status(), path).toBe(304);
      if (answer.headers()["last-modified"]) {
        const since = await request.get(path, { headers: { "If-Modified-Since": answer.headers()["last-modified"] } });
        expect(since.status(), path).toBe(304);
      }
    }
    // The address people try first: the news in RSS.
    const feed = await request.get("/feed");
    expect(feed.status()).toBe(200);
    expect(feed.url()).toMatch(/\/rss\.xml$/);
    expect(feed.headers()["content-type"]).toBe("application/rss+xml; charset=utf-8");
    expect((await request.get("/posts/category/nothing/rss.xml")).status()).toBe(404);
  });

  test("the sitemap index and its children are valid sitemaps of the public pages", async ({ request }) => {
    const body = await fetchText(request, "/sitemap.xml", "application/xml; charset=utf-8");
    expect(xmllintProblems(body, "siteindex.xsd")).toBe("");
    const children = locsOf(body).map((loc) => new URL(loc).pathname);
    expect(children).toEqual(
      expect.arrayContaining(["/sitemaps/pages.xml", "/sitemaps/posts-1.xml", "/sitemaps/journals-1.xml"]),
    );
    const listed: string[] = [];
    for (const child of children) {
      const xml = await fetchText(request, child, "application/xml; charset=utf-8");
      expect(xmllintProblems(xml, "sitemap.xsd"), child).toBe("");
      listed.push(...locsOf(xml).map((loc) => new URL(loc).pathname));
    }
    expect(listed).toEqual(expect.arrayContaining(["/", "/about", "/posts", "/journals", "/programmes"]));
    expect(listed.some((path) => path.startsWith("/post/"))).toBe(true);
    expect(listed.some((path) => path.startsWith("/journal/"))).toBe(true);
    // Every address listed is a page that answers.
    const post = listed.find((path) => path.startsWith("/post/"))!;
    expect((await request.get(post)).status()).toBe(200);
    expect((await request.get("/sitemaps/posts-999.xml")).status()).toBe(404);
  });

  test("robots.txt names the sitemap and keeps crawlers out of the dashboard and the API", async ({ request }) => {
    const text = await fetchText(request, "/robots.txt", "text/plain; charset=utf-8");
    expect(text).toMatch(/^Sitemap: https?:\/\/[^/\s]+\/sitemap\.xml$/m);
    expect(text).toContain("Disallow: /dashboard\n");
    expect(text).toContain("Disallow: /api/\n");
  });

  test("every page tells browsers and readers where its feeds are", async ({ page }) => {
    const feedLinks = () =>
      page
        .locator('head link[rel="alternate"]')
        .evaluateAll((links) => links.map((link) => `${link.getAttribute("type")} ${link.getAttribute("href")}`));
    await page.goto("/");
    expect(await feedLinks()).toEqual([
      "application/rss+xml /rss.xml",
      "application/atom+xml /atom.xml",
      "application/feed+json /feed.json",
    ]);
    await page.goto("/journals");
    expect(await feedLinks()).toEqual(
      expect.arrayContaining(["application/rss+xml /journals/rss.xml", "application/rss+xml /journals/issues/rss.xml"]),
    );
    // A demo post's page (the newest may be another spec's, deleted meanwhile).
    await page.goto((await demoPost(page)).page);
    expect(
      (await feedLinks()).some((link) => /^application\/rss\+xml \/posts\/category\/[a-z]+\/rss\.xml$/.test(link)),
    ).toBe(true);
  });

  test("the news list and the journal's pages show a reader where to subscribe, and the links give feeds", async ({
    page,
    request,
  }) => {
    const subscriptions: [string, string, [string, string][]][] = [
      [
        "/posts",
        "Subscribe to the news:",
        [
          ["RSS feed of the news", "/rss.xml"],
          ["Atom feed of the news", "/atom.xml"],
          ["JSON Feed of the news", "/feed.json"],
        ],
      ],
      [
        "/journals",
        "Subscribe to new articles:",
        [
          ["RSS feed of new articles", "/journals/rss.xml"],
          ["Atom feed of new articles", "/journals/atom.xml"],
        ],
      ],
      ["/journals/issues", "Subscribe to new issues:", [["RSS feed of new issues", "/journals/issues/rss.xml"]]],
    ];
    for (const [path, lead, links] of subscriptions) {
      await page.goto(path);
      await expect(page.getByText(lead, { exact: true }), path).toBeVisible();
      for (const [name, href] of links) {
        const link = page.getByRole("link", { name, exact: true });
        await expect(link, `${path}: ${name}`).toBeVisible();
        await expect(link).toHaveAttribute("href", href);
        const answer = await request.get(href);
        expect(answer.status(), href).toBe(200);
        expect(answer.headers()["content-type"], href).toMatch(/^application\/(rss\+xml|atom\+xml|feed\+json)/);
      }
    }
  });
});
