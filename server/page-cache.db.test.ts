import { randomBytes } from "node:crypto";
import fs from "node:fs";

import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { renderPdf } from "~/demo/pdf.server";

import {
  killAllSites,
  runScript,
  scratchDirectory,
  scratchPostgres,
  signIn,
  startSite,
} from "../tests/support/site-process";

/**
 * The page cache forgets a page the moment content it shows changes: every kind of content is
 * changed through the API on one server, and the next signed-out request shows it. On PostgreSQL
 * a second server process shares the database and must show it too (LISTEN/NOTIFY).
 */

const onPostgres = process.env.TEST_DB === "postgres";
let dataDir: string;
let database: Awaited<ReturnType<typeof scratchPostgres>> | undefined;

async function run(script: string, args: string[], env: Record<string, string>) {
  const { code, out } = await runScript(script, args, env);
  if (code !== 0) throw new Error(`${script} failed: ${out}`);
}

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
  dataDir = scratchDirectory("cache");
  const adminArgs = ["--username", ADMIN.username, "--email", ADMIN.email, "--password", ADMIN.password];
  if (onPostgres) {
    database = await scratchPostgres("cache");
    // Both servers share the database, and an S3 store in a real deployment; here a second folder.
    const env = { DATABASE_URL: database.url, DATA_DIR: dataDir };
    await run("seed-demo", [], env);
    await run("create-admin", adminArgs, env);
    first = (await startSite(env)).url;
    second = (await startSite(env)).url;
  } else {
    first = (await startSite({ DATA_DIR: dataDir, DEMO_CONTENT: "true" })).url;
    await run("create-admin", adminArgs, { DATA_DIR: dataDir });
  }
  cookie = (await signIn(first, ADMIN.username, ADMIN.password)).cookie;
}, 180_000);

afterAll(async () => {
  killAllSites();
  fs.rmSync(dataDir, { recursive: true, force: true });
  await database?.drop();
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

  it("posts: a new post is on the news page and the home page", async () => {
    await warm("/posts");
    await warm("/");
    const title = mark();
    await api("POST", "/api/post/create", { title, category: "exams", content: "<p>x</p>" });
    await expectShown("/posts", title);
    await expectShown("/", title);
  });

  it("journals: a new article is on the journals page", async () => {
    await warm("/journals");
    const upload = await fetch(`${first}/api/uploads?purpose=pdf`, {
      method: "POST",
      headers: { cookie, "content-type": "application/pdf", "x-file-name": "cache.pdf" },
      body: new Uint8Array(
        renderPdf([{ text: "Cache test", style: "title" }], { title: "Cache test", author: "Tests" }),
      ),
    });
    expect(upload.status).toBe(201);
    const title = mark();
    await api("POST", "/api/journal/create", { filename: title, details: "", file: (await upload.json()).url });
    await expectShown("/journals", title);
  });

  it("settings: a new news-page title", async () => {
    await warm("/posts");
    const title = mark();
    await api("PUT", "/api/settings/blog", { title, subtitle: "Updates from the centre" });
    await expectShown("/posts", title);
  });

  it("staff: the director's new name on the home page", async () => {
    await warm("/");
    const director = await api("GET", "/api/staff/director");
    const name = mark();
    await api("PUT", "/api/staff/director", { ...director, name });
    await expectShown("/", name);
  });

  it("announcement: on the admissions page", async () => {
    await warm("/admision");
    const title = mark();
    await api("PUT", "/api/announce", { title, content: "<p>Soon.</p>" });
    await expectShown("/admision", title);
  });

  it("focus: the about page's heading", async () => {
    await warm("/about");
    const title = mark();
    await api("POST", "/api/focus", { key: "aboutPage", title, subtitle: "Who we are", content: "<p>About.</p>" });
    await expectShown("/about", title);
  });

  it("academics: a new faculty on the programmes page", async () => {
    await warm("/programmes");
    const name = mark();
    await api("POST", "/api/faculty/create", { name });
    await expectShown("/programmes", name);
  });

  it("a change to one kind leaves pages that do not show it in the cache", async () => {
    await warm("/journals");
    await api("PUT", "/api/announce", { title: mark(), content: "" });
    expect((await page(first, "/journals")).cache).toBe("hit");
  });
});
