/**
 * Security suite, what the site keeps on disk (the built site as its own process, on PGlite and on
 * PostgreSQL): everything in DATA_DIR is readable by the server's user only, also in a data
 * directory an older version left open; an account that is not an admin cannot fill the disk (an
 * hourly number of uploads and a stored-bytes quota, counted in the database); and uploads no
 * content uses any more (a replaced photo, an upload never attached) are swept after their grace,
 * while every upload content uses stays.
 */
import { randomBytes, randomUUID } from "node:crypto";
import fs from "node:fs";
import path from "node:path";

import { eq, inArray } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { type DatabaseHandle, openDatabase } from "~/db/client.server";
import { media, users } from "~/db/schema";
import { renderPdf } from "~/demo/pdf.server";
import { mediaOptions } from "~/registry.server";
import { mediaService, storedKeysOf, UPLOAD_QUOTA_BYTES, UPLOADS_PER_HOUR } from "~/services/media.server";
import { UNUSED_UPLOAD_GRACE_MS, UPLOAD_GRACE_MS } from "~/services/uploads-cleanup.server";

import { browserRequest, type BrowserRequestOptions } from "../support/browser-request";
import { reportCount } from "../support/counts";
import {
  killAllSitesAndDispose,
  sessionCookieOf as cookieOf,
  type SiteProcess,
  startSite,
} from "../support/site-process";
import { createAdmin, databaseLabel as label, onPostgres, type SiteStorage, siteStorage } from "../support/site-suite";

const ADMIN = { username: "disk.admin", email: "disk.admin@example.edu", password: "disk admin password" };
const SITE_ENV = { TRUST_PROXY: "true" };

let site: SiteProcess;
let storage: SiteStorage;

type Caller = { id: string; cookie: string };
let admin: Caller;

async function send(method: string, pathname: string, options: BrowserRequestOptions = {}) {
  // A browser on this site, each request from an address of its own (sign-in limits count by address).
  const { response, text } = await browserRequest(site.url, method, pathname, options);
  expect(response.status, `${method} ${pathname} must not fail on the server: ${text.slice(0, 200)}`).toBeLessThan(500);
  return { status: response.status, text, headers: response.headers };
}

async function signIn(username: string, password: string): Promise<Caller> {
  const reply = await send("POST", "/api/auth/signin", { json: { username, password } });
  expect(reply.status, reply.text).toBe(200);
  return { id: (JSON.parse(reply.text) as { user: { _id: string } }).user._id, cookie: cookieOf(reply.headers) };
}

async function newUser(prefix: string): Promise<Caller> {
  const username = `${prefix}.${randomBytes(3).toString("hex")}`;
  const password = `pw ${randomBytes(6).toString("hex")}`;
  const created = await send("POST", "/signup", { form: { username, email: `${username}@example.edu`, password } });
  expect(created.status, `sign-up of ${username}: ${created.text.slice(0, 200)}`).toBe(302);
  return signIn(username, password);
}

const photo = (seed: number) =>
  sharp({ create: { width: 64, height: 64, channels: 3, background: { r: seed % 256, g: 90, b: 140 } } })
    .png()
    .toBuffer();

async function upload(caller: Caller, purpose: "avatar" | "image" | "pdf", bytes: Uint8Array) {
  return send("POST", `/api/uploads?purpose=${purpose}`, {
    cookie: caller.cookie,
    body: bytes,
    headers: {
      "content-type": purpose === "pdf" ? "application/pdf" : "image/png",
      "x-file-name": `file.${purpose === "pdf" ? "pdf" : "png"}`,
    },
  });
}

/** A post or journal article the admin creates through the API: answered 201. */
async function adminCreates(pathname: string, json: unknown) {
  const reply = await send("POST", pathname, { cookie: admin.cookie, json });
  expect(reply.status, reply.text).toBe(201);
}

async function uploaded(caller: Caller, purpose: "avatar" | "image" | "pdf", bytes: Uint8Array): Promise<string> {
  const reply = await upload(caller, purpose, bytes);
  expect(reply.status, reply.text).toBe(201);
  return (JSON.parse(reply.text) as { url: string }).url;
}

async function setProfilePhoto(caller: Caller, url: string) {
  const reply = await send("PUT", `/api/users/update/${caller.id}`, {
    cookie: caller.cookie,
    json: { profilePhoto: url },
  });
  expect(reply.status, reply.text).toBe(200);
}

/** Every file and folder under DATA_DIR (DATA_DIR included) with its permission bits. */
function modesUnder(root: string) {
  const entries: { path: string; mode: number; directory: boolean }[] = [];
  const visit = (entry: string) => {
    // The running server may rename or remove a file meanwhile (an upload put in place).
    const stat = fs.lstatSync(entry, { throwIfNoEntry: false });
    if (!stat) return;
    entries.push({ path: path.relative(root, entry) || ".", mode: stat.mode & 0o777, directory: stat.isDirectory() });
    if (stat.isDirectory()) for (const name of fs.readdirSync(entry)) visit(path.join(entry, name));
  };
  visit(root);
  return entries;
}

function expectPrivate(root: string) {
  const entries = modesUnder(root);
  const open = entries.filter((e) => e.mode & 0o077).map((e) => `${e.path} ${e.mode.toString(8)}`);
  expect(open, "files and folders in DATA_DIR that other accounts may use").toEqual([]);
  return entries;
}

/** The site stopped, its database opened here (PGlite allows one process at a time), then started again. */
async function whileStopped<T>(work: (database: DatabaseHandle) => Promise<T>): Promise<T> {
  expect(await site.stop()).toBe(0);
  const database = await openDatabase(
    storage.database
      ? { kind: "postgres", url: storage.database.url, poolSize: 2 }
      : { kind: "pglite", dataDir: path.join(storage.dataDir, "pglite") },
  );
  try {
    return await work(database);
  } finally {
    await database.close();
    site = await startSite({ ...storage.env, ...SITE_ENV });
  }
}

beforeAll(async () => {
  storage = await siteStorage("storage");
  site = await startSite({ ...storage.env, ...SITE_ENV });
  // Through the running server's operator socket on PGlite; straight to the database otherwise.
  await createAdmin(ADMIN, storage.env);
  admin = await signIn(ADMIN.username, ADMIN.password);
}, 240_000);

afterAll(() => killAllSitesAndDispose(storage));

describe(`what the site keeps on disk (${label})`, () => {
  it("a new DATA_DIR: every file and folder the server writes in it is for the server's user only", async () => {
    // Some of everything: accounts, sessions, a profile photo, images, a PDF, a post and a journal.
    const user = await newUser("disk");
    await setProfilePhoto(user, await uploaded(user, "avatar", await photo(1)));
    const image = await uploaded(admin, "image", await photo(2));
    const pdf = await uploaded(
      admin,
      "pdf",
      renderPdf([{ text: "Modes", style: "title" }], { title: "Modes", author: "Tests" }),
    );
    await adminCreates("/api/post/create", { title: "On disk", category: "exams", image, content: "<p>x</p>" });
    await adminCreates("/api/journal/create", { filename: "On disk", details: "", file: pdf });

    const entries = expectPrivate(storage.dataDir);
    const names = new Set(entries.map((e) => e.path.split(path.sep).join("/")));
    // The uploads, their scratch folder and, on the embedded database, its files, lock and operator socket.
    for (const expected of [
      "uploads",
      "tmp",
      ...(onPostgres ? [] : ["pglite", "pglite/PG_VERSION", "pglite/server.lock", "control.sock"]),
    ])
      expect(names, expected).toContain(expected);
    expect(entries.find((e) => e.path === ".")!.mode).toBe(0o700);
    reportCount(
      "security",
      entries.length,
      `files and folders in a new DATA_DIR checked: none readable by other accounts (${label})`,
    );
  });

  it("a data directory an older version left open (0666 files, 0777 folders) is tightened at start, and the log says so", async () => {
    expect(await site.stop()).toBe(0);
    // As `chmod -R go+rwX`: what an older version's files may look like (and worse).
    let opened = 0;
    for (const entry of modesUnder(storage.dataDir)) {
      fs.chmodSync(
        path.join(storage.dataDir, entry.path),
        entry.mode | (entry.directory || entry.mode & 0o100 ? 0o077 : 0o066),
      );
      opened++;
    }
    expect(modesUnder(storage.dataDir).filter((e) => e.mode & 0o077).length).toBe(opened);

    site = await startSite({ ...storage.env, ...SITE_ENV });
    const line = await site.waitForOutput(
      /^Tightened permissions of \d+ files? in DATA_DIR \(readable by this user only\)\.$/,
    );
    expect(Number(/of (\d+) file/.exec(line)![1])).toBe(opened);
    const entries = expectPrivate(storage.dataDir);
    reportCount(
      "security",
      opened,
      `files and folders of an old, world-readable DATA_DIR tightened at start (${label})`,
    );
    // Sessions made before still work: only modes changed.
    expect((await send("GET", "/dashboard?tab=profile", { cookie: admin.cookie })).status).toBe(200);
    expect(entries.length).toBeGreaterThanOrEqual(opened);
  });

  it(`an account that is not an admin: ${UPLOADS_PER_HOUR} uploads an hour, then 429 with Retry-After; an admin is not limited`, async () => {
    const user = await newUser("burst");
    for (let i = 0; i < UPLOADS_PER_HOUR; i++) await uploaded(user, "avatar", await photo(i));
    const refused = await upload(user, "avatar", await photo(99));
    expect(refused.status).toBe(429);
    const retryAfter = Number(refused.headers.get("retry-after"));
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(3600);
    const { message } = JSON.parse(refused.text) as { message: string };
    expect(message).toMatch(
      new RegExp(
        `^You have uploaded ${UPLOADS_PER_HOUR} files in the last hour, the most an account may\\. Try again in \\d+ minutes?\\.$`,
      ),
    );

    // An admin publishing a long article with many images is not held back.
    for (let i = 0; i <= UPLOADS_PER_HOUR; i++) await uploaded(admin, "image", await photo(i));
    reportCount(
      "security",
      UPLOADS_PER_HOUR + 1,
      `uploads by one account in an hour: ${UPLOADS_PER_HOUR} stored, the next answered 429 (an admin's as many and one more all stored, ${label})`,
    );
  });

  it(`an account that is not an admin: at most ${UPLOAD_QUOTA_BYTES / 1024 / 1024} MB stored, then 413 with what to do; an admin is not limited`, async () => {
    const user = await newUser("full");
    // Earlier uploads, made more than an hour ago (so the hourly limit is not what refuses), that
    // together fill the quota; the admin has even more.
    await whileStopped(async ({ db }) => {
      const earlier = (userId: string, files: number, bytes: number) =>
        Array.from({ length: files }, () => ({
          storageKey: `2020-01/${randomUUID()}.pdf`,
          kind: "pdf",
          contentType: "application/pdf",
          sizeBytes: bytes,
          uploadedBy: userId,
          createdAt: new Date(Date.now() - 2 * 3600_000),
          claimedAt: new Date(Date.now() - 2 * 3600_000),
        }));
      await db
        .insert(media)
        .values([...earlier(user.id, 10, UPLOAD_QUOTA_BYTES / 10), ...earlier(admin.id, 12, UPLOAD_QUOTA_BYTES / 10)]);
    });
    const refused = await upload(user, "avatar", await photo(7));
    expect(refused.status).toBe(413);
    expect((JSON.parse(refused.text) as { message: string }).message).toMatch(
      /^There is no room for this file: your uploads already take 50 MB of the 50 MB an account may store\. Photos you replaced or never used are removed a day after their upload, which frees room\.$/,
    );
    await uploaded(admin, "image", await photo(8));
    reportCount("security", 1, `upload refused with 413 once an account's stored files reach its quota (${label})`);
  });

  it("uploads no content uses (a replaced photo, one never attached) are swept after their grace; every upload in use stays", async () => {
    const user = await newUser("sweep");
    const replaced = await uploaded(user, "avatar", await photo(30));
    await setProfilePhoto(user, replaced);
    const current = await uploaded(user, "avatar", await photo(31));
    await setProfilePhoto(user, current);
    const abandoned = await uploaded(user, "avatar", await photo(32));
    const postImage = await uploaded(admin, "image", await photo(33));
    const inText = await uploaded(admin, "image", await photo(34));
    const pdf = await uploaded(
      admin,
      "pdf",
      renderPdf([{ text: "Kept", style: "title" }], { title: "Kept", author: "Tests" }),
    );
    const neverUsed = await uploaded(admin, "image", await photo(35));
    await adminCreates("/api/post/create", {
      title: "Sweep",
      category: "exams",
      image: postImage,
      content: `<p>See <img src="${inText}" alt="a chart"></p>`,
    });
    await adminCreates("/api/journal/create", { filename: "Sweep", details: "", file: pdf });

    const keyOf = (url: string) => url.slice("/uploads/".length);
    const onDisk = (url: string) =>
      storedKeysOf(keyOf(url)).every((key) => fs.existsSync(path.join(storage.dataDir, "uploads", ...key.split("/"))));
    const unused = [replaced, abandoned, neverUsed];
    const inUse = [current, postImage, inText, pdf];
    for (const url of [...unused, ...inUse]) expect(onDisk(url), url).toBe(true);

    const recorded = await whileStopped(async ({ db }) => {
      const service = mediaService(db, mediaOptions(storage.dataDir));
      // With the server's own grace: all of them are younger than a day, so nothing goes.
      await service.removeUnreferenced(new Date(Date.now() - UPLOAD_GRACE_MS), {
        unusedBefore: new Date(Date.now() - UNUSED_UPLOAD_GRACE_MS),
      });
      const young = await db
        .select({ key: media.storageKey })
        .from(media)
        .where(inArray(media.storageKey, unused.map(keyOf)));
      expect(young.length, "uploads younger than the grace stay").toBe(unused.length);
      // Once past the grace (a cutoff in the future): the unused go, records and files.
      const inAMinute = new Date(Date.now() + 60_000);
      const removed = await service.removeUnreferenced(inAMinute, { unusedBefore: inAMinute });
      expect(removed).toBeGreaterThanOrEqual(unused.length);
      const [profile] = await db.select({ image: users.image }).from(users).where(eq(users.id, user.id));
      expect(profile.image).toBe(current);
      return (
        await db
          .select({ key: media.storageKey })
          .from(media)
          .where(inArray(media.storageKey, [...unused, ...inUse].map(keyOf)))
      ).map((r) => r.key);
    });
    expect(recorded.sort()).toEqual(inUse.map(keyOf).sort());
    for (const url of unused) expect(onDisk(url), `${url} is removed`).toBe(false);
    for (const url of inUse) expect(onDisk(url), `${url} stays`).toBe(true);
    // The restarted site serves what is in use and no longer what was swept.
    for (const url of inUse) expect((await fetch(`${site.url}${url}`)).status, url).toBe(200);
    for (const url of unused) expect((await fetch(`${site.url}${url}`)).status, url).toBe(404);
    reportCount(
      "security",
      unused.length + inUse.length,
      `uploads checked by the sweep: ${unused.length} unused ones removed, ${inUse.length} in use kept (${label})`,
    );
  });
});
