import { randomBytes } from "node:crypto";

import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { renderPdf } from "~/demo/pdf.server";

import { killAllSites, signIn, startSite } from "../tests/support/site-process";
import { createAdmin, onPostgres, operator, type SiteStorage, siteStorage } from "../tests/support/site-suite";

/**
 * The page cache forgets a page the moment content it shows changes: every kind of content is
 * changed through the API on one server, and the next signed-out request shows it. On PostgreSQL
 * a second server process shares the database and must show it too (LISTEN/NOTIFY).
 */

let storage: SiteStorage;

let first: string;
let second: string | undefined;
let cookie = "";
const ADMIN = { username: "cache.admin", email: "cache.admin@example.edu", password: "cache admin password" };

async function api(method: string, pathname: string, body?: unknown) {
  const response = await fetch(`${first}${pathname}`, {
    method,
    headers: { cookie, ...(body !== undefined ? { "content-type": "application/json" } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const json = await response.json();
  if (!response.ok) throw new Error(`${method} ${pathname}: ${response.status} ${JSON.stringify(json)}`);
  return json;
}

async function page(base: string, pathname: string) {
  const response = await fetch(`${base}${pathname}`);
  return { html: await response.text(), cache: response.headers.get("x-page-cache") };
}

/** The page is served from the cache on every server, before the change. */
async function warm(pathname: string) {
  for (const base of [first, second].filter(Boolean) as string[]) {
    await page(base, pathname);
    expect((await page(base, pathname)).cache, `${base}${pathname} comes from the cache`).toBe("hit");
  }
}

/** After the change: the first server shows it at once; the second within moments (a notification away). */
async function expectShown(pathname: string, text: string) {
  expect((await page(first, pathname)).html).toContain(text);
  if (second) {
    const deadline = Date.now() + 2000;
    let html = "";
    while (Date.now() < deadline) {
      html = (await page(second, pathname)).html;
      if (html.includes(text)) break;
      await new Promise((r) => setTimeout(r, 20));
    }
    expect(html, `the second server shows the change on ${pathname}`).toContain(text);
  }
}

beforeAll(async () => {
  storage = await siteStorage("cache");
  if (onPostgres) {
    // Both servers share the database, and an S3 store in a real deployment; here a second folder.
    await operator("seed-demo", [], storage.env);
    await createAdmin(ADMIN, storage.env);
    first = (await startSite(storage.env)).url;
    second = (await startSite(storage.env)).url;
  } else {
    first = (await startSite({ ...storage.env, DEMO_CONTENT: "true" })).url;
    await createAdmin(ADMIN, storage.env);
  }
  cookie = (await signIn(first, ADMIN.username, ADMIN.password)).cookie;
}, 180_000);

afterAll(async () => {
  killAllSites();
  await storage?.dispose();
});

const mark = () => `Mark ${randomBytes(4).toString("hex")}`;

describe(`the page cache (${onPostgres ? "two servers on PostgreSQL" : "PGlite"})`, () => {
  it("a signed-in visitor is never served from it", async () => {
    await warm("/posts");
    const response = await fetch(`${first}/posts`, { headers: { cookie } });
    expect(response.headers.get("x-page-cache")).toBeNull();
    expect(response.headers.get("etag")).toBeNull();
  });

  it("answers a repeat visit with 304 Not Modified", async () => {
    const { html } = await page(first, "/journals");
    const response = await fetch(`${first}/journals`);
    const etag = response.headers.get("etag")!;
    expect(response.headers.get("cache-control")).toBe("public, max-age=0, must-revalidate");
    expect((await fetch(`${first}/journals`, { headers: { "if-none-match": etag } })).status).toBe(304);
    expect(html.length).toBeGreaterThan(1000);
  });

  it("a HEAD request for a page not yet kept does not leave an empty page behind", async () => {
    const head = await fetch(`${first}/about`, { method: "HEAD" });
    expect(head.status).toBe(200);
    const { html, cache } = await page(first, "/about");
    expect(html).toContain("</html>");
    expect(cache).toBe("miss");
    expect((await page(first, "/about")).html).toBe(html);
  });

  /** Each kind of content: the pages that show it, and a change that puts `text` on them. */
  const changes: { name: string; pages: string[]; change: (text: string) => Promise<unknown> }[] = [
    {
      name: "posts: a new post is on the news page and the home page",
      pages: ["/posts", "/"],
      change: (title) => api("POST", "/api/post/create", { title, category: "exams", content: "<p>x</p>" }),
    },
    {
      name: "journals: a new article is on the journals page",
      pages: ["/journals"],
      async change(title) {
        const upload = await fetch(`${first}/api/uploads?purpose=pdf`, {
          method: "POST",
          headers: { cookie, "content-type": "application/pdf", "x-file-name": "cache.pdf" },
          body: new Uint8Array(
            renderPdf([{ text: "Cache test", style: "title" }], { title: "Cache test", author: "Tests" }),
          ),
        });
        expect(upload.status).toBe(201);
        await api("POST", "/api/journal/create", { filename: title, details: "", file: (await upload.json()).url });
      },
    },
    {
      name: "settings: a new news-page title",
      pages: ["/posts"],
      change: (title) => api("PUT", "/api/settings/blog", { title, subtitle: "Updates from the centre" }),
    },
    {
      name: "staff: the director's new name on the home page",
      pages: ["/"],
      async change(name) {
        const director = await api("GET", "/api/staff/director");
        await api("PUT", "/api/staff/director", { ...director, name });
      },
    },
    {
      name: "announcement: on the admissions page",
      pages: ["/admision"],
      change: (title) => api("PUT", "/api/announce", { title, content: "<p>Soon.</p>" }),
    },
    {
      name: "focus: the about page's heading",
      pages: ["/about"],
      change: (title) =>
        api("POST", "/api/focus", { key: "aboutPage", title, subtitle: "Who we are", content: "<p>About.</p>" }),
    },
    {
      name: "academics: a new faculty on the programmes page",
      pages: ["/programmes"],
      change: (name) => api("POST", "/api/faculty/create", { name }),
    },
  ];
  for (const { name, pages, change } of changes)
    it(name, async () => {
      for (const pathname of pages) await warm(pathname);
      const text = mark();
      await change(text);
      for (const pathname of pages) await expectShown(pathname, text);
    });

  it("a change to one kind leaves pages that do not show it in the cache", async () => {
    await warm("/journals");
    // The news heading's settings show on /posts only (the announcement is the journal's call for
    // papers now, decision 040, and the journal's pages show it).
    await api("PUT", "/api/settings/blog", { title: mark(), subtitle: "Updates from the centre" });
    expect((await page(first, "/journals")).cache).toBe("hit");
  });
});
