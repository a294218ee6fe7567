import fs from "node:fs";
import path from "node:path";

import { describe, expect, it } from "vitest";

import { countryOf, isRobot, readOf, referrerHostOf } from "./classify";
import COUNTER_ROBOTS from "./counter-robots.json";

const BROWSER = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36";
const get = (url: string, headers: Record<string, string> = {}) => ({
  method: "GET",
  url,
  headers: { "user-agent": BROWSER, ...headers },
});

describe("what a request counts as", () => {
  /** A page's data, as the client router fetches it. */
  const DATA = { "sec-fetch-dest": "empty" };
  it.each([
    ["/", {}, "home", "/"],
    ["/_root.data", {}, "home", "/"],
    ["/_.data", DATA, "home", "/"],
    ["/post/ceasefire-talks", {}, "post", "ceasefire-talks"],
    ["/journal/peace", {}, "article", "peace"],
    ["/journal/peace.data", DATA, "article", "peace"],
    // A page's data with the shell's is a read (the shell's alone is not: below).
    ["/journal/peace.data?_routes=root,routes/article", DATA, "article", "peace"],
    ["/journals/issue/3/2", {}, "issue", "3/2"],
    ["/programmes/6630d1", {}, "department", "6630d1"],
    ["/programmes/6630d1?course=c42", {}, "course", "c42"],
    ["/about", {}, "page", "/about"],
    ["/journals/issues", {}, "page", "/journals/issues"],
  ])(
    "names each public page kind, with the target the double-click rule compares: %s %o",
    (url, headers, itemType, target) => {
      expect(readOf(get(url, headers))).toEqual({ kind: "view", itemType, target });
    },
  );

  it("takes the shell's data alone (after the theme switch) for no read", () => {
    expect(readOf(get("/journal/peace.data?_routes=root", DATA))).toBeNull();
  });

  it("counts an article's PDF opened or downloaded as a Request, not the copy its page shows inside itself", () => {
    expect(readOf(get("/journal/peace/pdf"))).toEqual({ kind: "download", itemType: "article", target: "peace" });
    expect(readOf(get("/journal/peace/pdf?download=1"))?.kind).toBe("download");
    expect(readOf(get("/journal/peace/pdf", { "sec-fetch-dest": "object" }))).toBeNull();
    expect(readOf(get("/journal/peace/pdf", { "sec-fetch-dest": "iframe" }))).toBeNull();
  });

  it("counts searches with words and feed fetches; the same words are the same target", () => {
    const search = readOf(get("/search?q=Peace%20talks"));
    expect(search).toMatchObject({ kind: "search", itemType: "search" });
    expect(readOf(get("/search?q=peace++TALKS"))?.target).toBe(search?.target);
    expect(readOf(get("/search?q=war"))?.target).not.toBe(search?.target);
    expect(readOf(get("/search?q="))).toBeNull();
    expect(readOf(get("/rss.xml"))).toEqual({ kind: "feed", itemType: "feed", target: "/rss.xml" });
    expect(readOf(get("/journals/feed.json"))?.kind).toBe("feed");
    expect(readOf(get("/posts/tag/mediation/atom.xml"))?.kind).toBe("feed");
  });

  it("counts nothing that is not someone reading: a HEAD, a prefetch, a sub-request, the dashboard, accounts, machines' exports", () => {
    expect(readOf({ ...get("/journal/peace"), method: "HEAD" })).toBeNull();
    expect(readOf({ ...get("/journal/peace"), method: "POST" })).toBeNull();
    expect(readOf(get("/journal/peace", { "sec-purpose": "prefetch" }))).toBeNull();
    expect(readOf(get("/journal/peace", { "sec-fetch-dest": "image" }))).toBeNull();
    for (const url of [
      "/dashboard",
      "/dashboard?tab=posts",
      "/signin",
      "/submit",
      "/my-submissions",
      "/review/abc",
      "/api/posts",
      "/uploads/2026-01/x.png",
      "/assets/app.js",
      "/journal/peace/crossref.xml",
      "/journal/peace/cite/bibtex",
      "/oai?verb=Identify",
      "/sitemap.xml",
      "/robots.txt",
      "/healthz",
      "/%E0%A4%A",
    ]) {
      expect(readOf(get(url)), url).toBeNull();
    }
  });
});

describe("robots", () => {
  it("uses COUNTER's list as published (the copy in the project is the list in the standards folder)", () => {
    const published = JSON.parse(
      fs.readFileSync(path.resolve("../shared/standards/counter/robots/COUNTER_Robots_list.json"), "utf8"),
    ) as { pattern: string }[];
    expect(COUNTER_ROBOTS).toEqual(published.map((entry) => entry.pattern));
  });

  it("finds robots by the list and by isbot, and takes browsers for people", () => {
    for (const agent of [
      "Googlebot/2.1 (+http://www.google.com/bot.html)",
      "Buck/2.2; (+https://app.hypefactors.com/media-monitoring/about.html)",
      "Zotero/5.0",
      "python-requests/2.31",
      "curl/8.5.0",
      "",
    ]) {
      expect(isRobot(agent), agent).toBe(true);
    }
    for (const agent of [
      BROWSER,
      "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1",
      "Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0",
    ]) {
      expect(isRobot(agent), agent).toBe(false);
    }
  });
});

describe("what is kept of a reader", () => {
  it("keeps the referring site's host only, none for this site itself", () => {
    expect(referrerHostOf("https://www.Google.com/search?q=peace+journal", "centre.example.edu")).toBe(
      "www.google.com",
    );
    expect(referrerHostOf("", "centre.example.edu")).toBe("");
    expect(referrerHostOf("not a url", "centre.example.edu")).toBe("");
    expect(referrerHostOf("https://centre.example.edu/journals", "centre.example.edu:443")).toBeNull();
  });

  it("keeps a country only as a two-letter code", () => {
    expect(countryOf("de")).toBe("DE");
    expect(countryOf("XX")).toBeNull();
    expect(countryOf("T1")).toBeNull();
    expect(countryOf("Germany")).toBeNull();
  });
});
