import { randomBytes, randomUUID } from "node:crypto";
import fs from "node:fs";

import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import {
  killAllSites,
  scratchDirectory,
  scratchPostgres,
  signIn,
  type SiteProcess,
  startSite,
} from "../support/site-process";
import { createAdmin } from "../support/site-suite";
import { startTcpProxy, type TcpProxy } from "../support/tcp-proxy";

/**
 * PostgreSQL stops while the site runs (a relay between the two is cut, so the PostgreSQL the other
 * tests use keeps running): pages answer 503 with a calm message, the JSON API a JSON 503, /healthz
 * 503, and the process stays up. When PostgreSQL is back the site answers again without a restart,
 * and forgets the pages it kept, since it cannot know what changed meanwhile.
 */

const ADMIN = { username: "outage.admin", email: "outage.admin@example.edu", password: "outage admin password" };
let database: Awaited<ReturnType<typeof scratchPostgres>>;
let proxy: TcpProxy;
let site: SiteProcess;
/** The server process at the start: the same one must serve throughout (npm start would restart a dead one). */
let serverPid = 0;
let dataDir: string;
let cookie: string;
/** Writes that reach PostgreSQL directly, as another app server still connected to it would. */
let direct: pg.Client;

beforeAll(async () => {
  database = await scratchPostgres("outage");
  const target = new URL(database.url);
  proxy = await startTcpProxy({ host: target.hostname, port: Number(target.port || 5432) });
  dataDir = scratchDirectory("outage");
  await createAdmin(ADMIN, { DATABASE_URL: database.url, DATA_DIR: dataDir });
  site = await startSite({ DATABASE_URL: database.urlThrough(proxy.port), DATA_DIR: dataDir });
  serverPid = site.serverPid();
  ({ cookie } = await signIn(site.url, ADMIN.username, ADMIN.password));
  direct = new pg.Client({ connectionString: database.url });
  await direct.connect();
}, 180_000);

afterAll(async () => {
  killAllSites();
  await direct?.end();
  await proxy?.close();
  await database?.drop();
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
});

const api = (method: string, pathname: string, body?: unknown) =>
  fetch(`${site.url}${pathname}`, {
    method,
    headers: { cookie, ...(body === undefined ? {} : { "content-type": "application/json" }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });

/** A post or journal article written straight into the database by "another server", which announces it. */
async function writtenElsewhere(kind: "posts" | "journals", title: string) {
  const slug = `elsewhere-${randomBytes(4).toString("hex")}`;
  if (kind === "posts") {
    await direct.query(
      "insert into posts (id, slug, title, category, content) values ($1, $2, $3, 'exams', '<p>x</p>')",
      [randomUUID(), slug, title],
    );
  } else {
    await direct.query(
      "insert into articles (id, slug, title, pdf) values ($1, $2, $3, '/uploads/2026-01/00000000-0000-4000-8000-000000000000.pdf')",
      [randomUUID(), slug, title],
    );
  }
  await direct.query("select pg_notify('cpscr_changes', $1)", [`another-server:${kind}`]);
}

/** Fetches a signed-out page until it contains `text` (or the time is up), and returns its HTML. */
async function pageShowing(pathname: string, text: string, withinMs: number) {
  const until = Date.now() + withinMs;
  for (;;) {
    const html = await (await fetch(`${site.url}${pathname}`)).text();
    if (html.includes(text) || Date.now() > until) return html;
    await new Promise((r) => setTimeout(r, 50));
  }
}

async function expectCached(pathname: string) {
  await fetch(`${site.url}${pathname}`);
  expect(
    (await fetch(`${site.url}${pathname}`)).headers.get("x-page-cache"),
    `${pathname} is served from the page cache`,
  ).toBe("hit");
}

function expectCalmPage(status: number, html: string) {
  expect(status).toBe(503);
  expect(html).toContain("Temporarily unavailable");
  expect(html).toContain("The site is briefly unavailable. Please try again in a moment.");
  expect(html).not.toContain("Something went wrong");
  expect(html).not.toMatch(/\n\s+at |Failed query|ECONNREFUSED/);
}

async function expectJson503(response: Response) {
  expect(response.status).toBe(503);
  expect(response.headers.get("content-type")).toContain("application/json");
  expect(await response.json()).toEqual({
    success: false,
    statusCode: 503,
    message: "The site is briefly unavailable. Please try again in a moment.",
  });
}

describe("PostgreSQL stops while the site runs", () => {
  let facultyId: string;
  const kept = `Kept page ${randomBytes(3).toString("hex")}`;
  const missed = `Missed change ${randomBytes(3).toString("hex")}`;

  it("gives calm 503 pages, JSON 503s and /healthz 503, keeps serving the pages it holds, and stays up", async () => {
    expect(
      (await api("POST", "/api/post/create", { title: kept, category: "exams", content: "<p>x</p>" })).status,
    ).toBe(201);
    const faculty = await api("POST", "/api/faculty/create", { name: `Faculty ${randomBytes(3).toString("hex")}` });
    facultyId = ((await faculty.json()) as { _id: string })._id;
    // Signed-out visitors' pages, kept in the page cache.
    await expectCached("/posts");
    await expectCached("/journals");

    // A delete waits inside its transaction for a row another connection holds: the connection it
    // has checked out is the one that breaks, which would end the process without an error listener.
    await direct.query("begin");
    await direct.query("select id from faculties where id = $1 for update", [facultyId]);
    const deleting = api("DELETE", `/api/faculty/${facultyId}`);
    let waiting = 0;
    for (const until = Date.now() + 20_000; waiting === 0 && Date.now() < until;) {
      await new Promise((r) => setTimeout(r, 25));
      const { rows } = await direct.query(
        "select count(*)::int as n from pg_stat_activity where wait_event_type = 'Lock' and datname = current_database()",
      );
      waiting = rows[0].n;
    }
    expect(waiting, "the delete is waiting inside its transaction").toBe(1);

    await proxy.cut();
    await direct.query("rollback");

    await expectJson503(await deleting);
    const health = await fetch(`${site.url}/healthz`);
    expect(health.status).toBe(503);
    expect(await health.json()).toEqual({ status: "unavailable", database: "not answering" });

    const about = await fetch(`${site.url}/about`);
    expectCalmPage(about.status, await about.text());
    const dashboard = await fetch(`${site.url}/dashboard`, { headers: { cookie } });
    expectCalmPage(dashboard.status, await dashboard.text());
    const signedIn = await fetch(`${site.url}/posts`, { headers: { cookie } });
    expectCalmPage(signedIn.status, await signedIn.text());

    // Signed out, the pages the server holds are still served as they were.
    const cached = await fetch(`${site.url}/posts`);
    expect(cached.status).toBe(200);
    expect(await cached.text()).toContain(kept);
    expect((await fetch(`${site.url}/journals`)).status).toBe(200);

    await expectJson503(await api("GET", "/api/post/getposts"));
    await expectJson503(
      await api("POST", "/api/post/create", { title: "During the outage", category: "exams", content: "" }),
    );
    await expectJson503(await api("PUT", "/api/settings/blog", { title: "During the outage", subtitle: "x" }));
    await expectJson503(
      await fetch(`${site.url}/api/auth/signin`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ username: ADMIN.username, password: ADMIN.password }),
      }),
    );
    await expectJson503(
      await fetch(`${site.url}/api/uploads?purpose=pdf`, {
        method: "POST",
        headers: { cookie, "content-type": "application/pdf" },
        body: "%PDF-1.4 x %%EOF",
      }),
    );

    // Another server, still connected, publishes a journal article; its announcement cannot reach this one.
    await writtenElsewhere("journals", missed);

    expect(site.child.exitCode, "npm start is still running").toBeNull();
    expect(site.serverPid(), "the same server process is still running").toBe(serverPid);
    expect(site.output()).not.toMatch(/Unhandled 'error' event|uncaught/i);
  });

  it("answers again once PostgreSQL is back, without a restart, and forgets the pages it kept", async () => {
    await proxy.restore();
    const deadline = Date.now() + 20_000;
    while ((await fetch(`${site.url}/healthz`)).status !== 200) {
      expect(Date.now(), "/healthz is 200 again within 20 s").toBeLessThan(deadline);
      await new Promise((r) => setTimeout(r, 100));
    }
    // The change made while this server was cut off shows: the pages it kept were dropped.
    expect(await pageShowing("/journals", missed, 10_000)).toContain(missed);

    expect((await api("GET", "/api/post/getposts")).status).toBe(200);
    expect(
      (await api("POST", "/api/post/create", { title: "After the outage", category: "exams", content: "" })).status,
    ).toBe(201);

    // It hears the other servers again: an announced change shows within moments.
    await expectCached("/posts");
    const announced = `Announced ${randomBytes(3).toString("hex")}`;
    await writtenElsewhere("posts", announced);
    expect(await pageShowing("/posts", announced, 5000)).toContain(announced);
    expect(site.child.exitCode).toBeNull();
    expect(site.serverPid(), "the same server process, never restarted").toBe(serverPid);
  });
});
