import type { IncomingMessage } from "node:http";

import { describe, expect, it } from "vitest";

import { pageCacheKey } from "./page-cache.server";

const request = (url: string) => ({ method: "GET", url, headers: { host: "site.test" } }) as unknown as IncomingMessage;

describe("the page cache's addresses", () => {
  it("keeps an open officer on the call-for-papers page (the cards are links), and only a real role", () => {
    expect(pageCacheKey(request("/admision?officer=registrar&utm_source=x"))?.url).toBe("/admision?officer=registrar");
    expect(pageCacheKey(request("/admision.data?officer=vc"))?.url).toBe("/admision.data?officer=vc");
    expect(pageCacheKey(request("/admision?officer=nobody"))?.url).toBe("/admision");
    expect(pageCacheKey(request("/about?officer=vc"))?.url).toBe("/about");
  });

  it("keeps the feeds, the sitemap index, its pages child and robots.txt, not the large children (decision 026)", () => {
    for (const url of [
      "/rss.xml",
      "/atom.xml",
      "/feed.json",
      "/posts/category/fees/rss.xml",
      "/journals/atom.xml",
      "/journals/issues/feed.json",
      "/sitemap.xml",
      "/sitemaps/pages.xml",
      "/robots.txt",
    ])
      expect(pageCacheKey(request(`${url}?utm_source=x`))?.url, url).toBe(url);
    expect(pageCacheKey(request("/sitemaps/posts-1.xml"))).toBeUndefined();
    expect(pageCacheKey(request("/feed"))).toBeUndefined();
  });

  it("keeps a page apart for each chosen theme and for a visitor who chose none (it follows the device)", () => {
    const withTheme = (theme?: string) =>
      pageCacheKey({
        method: "GET",
        url: "/about",
        headers: { host: "site.test", cookie: theme ? `theme=${btoa(JSON.stringify(theme))}` : undefined },
      } as unknown as IncomingMessage)?.key;
    expect(new Set([withTheme(), withTheme("light"), withTheme("dark")]).size).toBe(3);
    expect(withTheme("blue")).toBeUndefined();
  });

  it("never keeps search results: every query would be a page of its own (decision 025)", () => {
    expect(pageCacheKey(request("/search?q=peace"))).toBeFalsy();
    expect(pageCacheKey(request("/search.data?q=peace"))).toBeFalsy();
    expect(pageCacheKey(request("/api/search?q=peace"))).toBeFalsy();
  });

  it("never keeps a reviewer's pages: the token in their address is a key to one review (issue 34)", () => {
    const token = "A".repeat(43);
    for (const url of [
      `/review/${token}`,
      `/review/${token}.data`,
      `/review/${token}/certificate.pdf`,
      `/review/${token}/files/00000000-0000-4000-8000-000000000000`,
      "/my-reviews",
    ])
      expect(pageCacheKey(request(url)), url).toBeUndefined();
  });
});
