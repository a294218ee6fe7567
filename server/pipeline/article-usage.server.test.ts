import { describe, expect, it } from "vitest";

import { articleUseOf } from "./article-usage.server";

const PERSON = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Safari/537.36";
const get = (url: string, headers: Record<string, string> = {}) => ({
  method: "GET",
  url,
  headers: { "user-agent": PERSON, ...headers },
});

describe("which requests are a person reading an article", () => {
  it("counts the article page, its data on a move within the site, and the PDF opened or downloaded", () => {
    expect(articleUseOf(get("/journal/peace"))).toEqual({ slug: "peace", use: "view" });
    expect(articleUseOf(get("/journal/peace.data"))).toEqual({ slug: "peace", use: "view" });
    expect(articleUseOf(get("/journal/peace/pdf?download"))).toEqual({ slug: "peace", use: "download" });
    expect(articleUseOf(get("/journal/peace/pdf", { range: "bytes=0-" }))).toEqual({ slug: "peace", use: "download" });
  });

  it("leaves out robots, prefetches, HEAD, the PDF the page embeds, later ranges and other addresses", () => {
    const googlebot = "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)";
    expect(articleUseOf(get("/journal/peace", { "user-agent": googlebot }))).toBeNull();
    expect(articleUseOf(get("/journal/peace", { "user-agent": "" }))).toBeNull();
    expect(articleUseOf(get("/journal/peace", { "sec-purpose": "prefetch" }))).toBeNull();
    expect(articleUseOf({ ...get("/journal/peace"), method: "HEAD" })).toBeNull();
    expect(articleUseOf(get("/journal/peace/pdf?v=1", { "sec-fetch-dest": "object" }))).toBeNull();
    expect(articleUseOf(get("/journal/peace/pdf", { range: "bytes=5000-" }))).toBeNull();
    expect(articleUseOf(get("/journal/peace/cite/ris"))).toBeNull();
    expect(articleUseOf(get("/journals"))).toBeNull();
  });

  it("takes a malformed address in its stride (the router answers it)", () => {
    expect(articleUseOf(get("/journals/%E0%A4%A"))).toBeNull();
    expect(articleUseOf(get("/journal/%E0%A4%A"))).toEqual({ slug: "%E0%A4%A", use: "view" });
  });
});
