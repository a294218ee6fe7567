import { and, eq, inArray, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { readershipDaily, readershipEvents, readershipRobots } from "~/db/schema";
import { renderPdf } from "~/demo/pdf.server";
import { sumReadership } from "~/readership/summing.server";

import { killAllSitesAndDispose, signIn, type SiteProcess, startSite } from "../support/site-process";
import { createAdmin, databaseLabel, type SiteStorage, siteStorage } from "../support/site-suite";

/**
 * COUNTER's processing rules through real requests to the running server (issue 35): readers with
 * their own browsers read articles, click twice, download, come back 35 seconds later, get a 304,
 * hit a missing page; robots from COUNTER's list read too. The server is then stopped (which sends
 * its spool) and the figures are summed from its database as the server's own pass would.
 */

const ADMIN = { username: "readership.admin", email: "readership.admin@example.edu", password: "readership password" };

let storage: SiteStorage;
let site: SiteProcess;
let cookie: string;

beforeAll(async () => {
  storage = await siteStorage("readership");
  await createAdmin(ADMIN, storage.env);
  site = await startSite(storage.env);
  ({ cookie } = await signIn(site.url, ADMIN.username, ADMIN.password));
}, 180_000);

afterAll(() => killAllSitesAndDispose(storage));

/**
 * fetch, once more when the connection was reset before any answer: a kept-alive connection the
 * server closed after its idle timeout (5 s) just as the request went out, HTTP/1.1's race.
 */
async function send(url: string, init: RequestInit): Promise<Response> {
  try {
    return await fetch(url, init);
  } catch (error) {
    if ((error as { cause?: { code?: string } }).cause?.code !== "ECONNRESET") throw error;
    return fetch(url, init);
  }
}

/** A published article with a PDF, made through the JSON API: its slug and id. */
async function newArticle(title: string) {
  const pdf = renderPdf([{ text: title, style: "title" }], { title, author: "Readership test" });
  const upload = await send(`${site.url}/api/uploads?purpose=pdf`, {
    method: "POST",
    headers: { cookie, "content-type": "application/pdf", "x-file-name": "article.pdf" },
    body: new Uint8Array(pdf),
  });
  expect(upload.status).toBe(201);
  const { url } = (await upload.json()) as { url: string };
  const made = await send(`${site.url}/api/journal/create`, {
    method: "POST",
    headers: { cookie, "content-type": "application/json" },
    body: JSON.stringify({ filename: title, details: `<p>${title}</p>`, file: url, status: "published" }),
  });
  expect(made.status, await made.clone().text()).toBe(201);
  const { slug, journal } = (await made.json()) as { slug: string; journal: { _id: string } };
  return { slug, id: journal._id };
}

let browsers = 0;
/** A person's browser: its own user agent is its own session (all readers here share 127.0.0.1). */
function browser() {
  const userAgent = `Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36 Reader${++browsers}`;
  return async (path: string, headers: Record<string, string> = {}, method = "GET") => {
    const response = await send(`${site.url}${path}`, {
      method,
      headers: { "user-agent": userAgent, "sec-fetch-dest": "document", ...headers },
      redirect: "manual",
    });
    await response.arrayBuffer();
    // A public read sets no cookie.
    expect(response.headers.getSetCookie(), path).toEqual([]);
    return response;
  };
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Waits, when the clock's hour turns within `ms`, until it has turned: a session is the reader and
 * the hour (COUNTER's surrogate), so one reader's reads a little apart would be two sessions, and
 * two unique items, if they fell either side of it (a CI run at 03:59 did just that).
 */
async function sameHourFor(ms: number) {
  const untilNextHour = 3_600_000 - (Date.now() % 3_600_000);
  if (untilNextHour < ms) await pause(untilNextHour + 1_000);
}

describe(`readership by COUNTER's rules, through the running server (${databaseLabel})`, () => {
  it("counts double clicks once, unique items per session, 200 and 304 only, and robots apart", async () => {
    const [doubleClick, apart, investigated, conditional, robots, missing] = await Promise.all(
      ["Double click", "Apart", "Investigated", "Conditional", "Robots", "Missing"].map((title) =>
        newArticle(`${title} ${Date.now()}`),
      ),
    );

    // The reads below take some 35 s; 40 s more leaves room for slow answers on a busy machine.
    await sameHourFor(75_000);
    await Promise.all([
      // As COUNTER's example (10:01:00 and 10:01:29): two clicks within 30 seconds are one action.
      // 20 s apart here, so that a slow answer on a busy machine does not take them past 30.
      (async () => {
        const read = browser();
        expect((await read(`/journal/${doubleClick.slug}`)).status).toBe(200);
        await pause(20_000);
        expect((await read(`/journal/${doubleClick.slug}`)).status).toBe(200);
      })(),
      // ... and at 10:01:00 and 10:01:35, two.
      (async () => {
        const read = browser();
        expect((await read(`/journal/${apart.slug}`)).status).toBe(200);
        await pause(35_000);
        expect((await read(`/journal/${apart.slug}`)).status).toBe(200);
      })(),
      // One reader reads the abstract and downloads the PDF twice in a row; another reads it too.
      (async () => {
        const read = browser();
        expect((await read(`/journal/${investigated.slug}`)).status).toBe(200);
        expect((await read(`/journal/${investigated.slug}/pdf`)).status).toBe(200);
        expect((await read(`/journal/${investigated.slug}/pdf`)).status).toBe(200);
        // The PDF the page shows inside itself is not a download (another reader's: it would count if it were).
        expect((await browser()(`/journal/${investigated.slug}/pdf`, { "sec-fetch-dest": "object" })).status).toBe(200);
        expect((await browser()(`/journal/${investigated.slug}`)).status).toBe(200);
      })(),
      // A 304 is a read; a HEAD is not.
      (async () => {
        const first = await browser()(`/journal/${conditional.slug}`);
        const second = await browser()(`/journal/${conditional.slug}`);
        const etag = second.headers.get("etag") ?? first.headers.get("etag");
        expect(etag).toBeTruthy();
        expect((await browser()(`/journal/${conditional.slug}`, { "if-none-match": etag! })).status).toBe(304);
        expect((await browser()(`/journal/${conditional.slug}`, {}, "HEAD")).status).toBe(200);
      })(),
      // Robots by COUNTER's list (Buck/) and by isbot (Googlebot): counted apart.
      (async () => {
        for (const agent of [
          "Buck/2.2; (+https://app.hypefactors.com/)",
          "Googlebot/2.1 (+http://www.google.com/bot.html)",
        ]) {
          const response = await fetch(`${site.url}/journal/${robots.slug}/pdf`, { headers: { "user-agent": agent } });
          expect(response.status).toBe(200);
          await response.arrayBuffer();
        }
      })(),
      // A page that is not there is not a read; nor is a page after its article is gone.
      (async () => {
        expect((await browser()(`/journal/${missing.slug}-nowhere`)).status).toBe(404);
        expect((await browser()(`/journal/nothing-here`)).status).toBe(404);
      })(),
    ]);

    // A clean stop sends the spool; the figures are then summed as the server's own pass does.
    expect(await site.stop()).toBe(0);
    const database = await storage.open();
    try {
      await sumReadership(database.db, { now: new Date(Date.now() + 5 * 60_000) });
      const figuresOf = async (id: string) => {
        const rows = await database.db
          .select({ metric: readershipDaily.metric, count: sql<number>`sum(${readershipDaily.count})::int` })
          .from(readershipDaily)
          .where(and(eq(readershipDaily.itemType, "article"), eq(readershipDaily.itemKey, id)))
          .groupBy(readershipDaily.metric);
        return Object.fromEntries(rows.map((row) => [row.metric, row.count]));
      };
      expect(await figuresOf(doubleClick.id)).toEqual({
        views: 1,
        unique_views: 1,
        investigations: 1,
        unique_investigations: 1,
      });
      expect(await figuresOf(apart.id)).toEqual({
        views: 2,
        unique_views: 1,
        investigations: 2,
        unique_investigations: 1,
      });
      expect(await figuresOf(investigated.id)).toEqual({
        views: 2,
        unique_views: 2,
        investigations: 3,
        unique_investigations: 2,
        requests: 1,
        unique_requests: 1,
      });
      expect(await figuresOf(conditional.id)).toEqual({
        views: 3,
        unique_views: 3,
        investigations: 3,
        unique_investigations: 3,
      });
      expect(await figuresOf(robots.id)).toEqual({});
      expect(await figuresOf(missing.id)).toEqual({});
      // The answers that were not 200 or 304 left no read at all.
      const notFound = await database.db
        .select()
        .from(readershipEvents)
        .where(inArray(readershipEvents.target, [`${missing.slug}-nowhere`, "nothing-here"]));
      expect(notFound).toEqual([]);
      const [robotReads] = await database.db
        .select({ count: sql<number>`sum(${readershipRobots.count})::int` })
        .from(readershipRobots);
      expect(robotReads.count).toBeGreaterThanOrEqual(2);
    } finally {
      await database.close();
    }
  }, 330_000);
});
