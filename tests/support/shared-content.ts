// The site's shared content in the end-to-end tests: the records there is one of, which many pages
// show and several specs rewrite (the settings sections, the staff records, the announcement, the
// focus pages, the journal's settings and current issue). Everything else a test makes for itself.
//
// The specs run side by side in two workers with no order between them, so a test that rewrites the
// shared content must not do it while another reads it. Each test says how it uses that content
// (`sharedContent` in tests/e2e/fixtures.ts): "read" (the default) tests hold a shared lock, a
// "rewrite" test holds it alone, and a "none" test takes no lock. The lock is a readers-writer lock
// across the workers' processes, kept in a small state file under a mutex directory (mkdir is
// atomic); a waiting rewrite goes before new readers, so it is never starved.
//
// A rewrite also puts the site's words and the journal's settings back as it found them when it
// ends, passed or failed (`keepSharedContent`), so the next reader sees the demo content again.
import fs from "node:fs";
import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { isDeepStrictEqual } from "node:util";

import { type APIRequestContext, type Browser, request } from "@playwright/test";

import { FOCUS_KEYS, SETTINGS_SECTIONS, STAFF_ROLES } from "../../app/domain/vocabulary";
import { SETTINGS_FIELDS } from "../../app/lib/site-content";
import { createAdmin, deleteAccount } from "./e2e-accounts";

export type SharedContentUse = "read" | "rewrite" | "none";

const LOCK_DIR = path.resolve(".tmp/e2e-shared-content");
const STATE_FILE = path.join(LOCK_DIR, "state.json");
const MUTEX = path.join(LOCK_DIR, "mutex");

type Holder = { id: string; pid: number; mode: "read" | "rewrite"; title: string };
/** Who holds the lock, and the rewrites waiting for it in the order they came. */
type LockState = { holders: Holder[]; waiting: Holder[] };

/** Playwright's global setup: a run starts with no lock held (an earlier run may have been killed). */
export default function resetSharedContentLock() {
  fs.rmSync(LOCK_DIR, { recursive: true, force: true });
  fs.mkdirSync(LOCK_DIR, { recursive: true });
}

function alive(pid: number) {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

/** Runs `change` on the lock's state with the mutex held; the state is written back after it. */
async function withState<T>(change: (state: LockState) => T): Promise<T> {
  for (;;) {
    try {
      fs.mkdirSync(MUTEX);
      break;
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      if (code === "ENOENT") {
        fs.mkdirSync(LOCK_DIR, { recursive: true });
        continue;
      }
      if (code !== "EEXIST") throw error;
      // The mutex is held for a few file operations: one seconds old was left by a process that died.
      try {
        if (Date.now() - fs.statSync(MUTEX).mtimeMs > 5_000) fs.rmdirSync(MUTEX);
      } catch {
        // Gone meanwhile: try again.
      }
      await sleep(5);
    }
  }
  try {
    let state: LockState = { holders: [], waiting: [] };
    try {
      state = JSON.parse(fs.readFileSync(STATE_FILE, "utf8")) as LockState;
    } catch {
      // No state yet: nobody holds the lock.
    }
    // A worker that died (a crash, a kill after a timeout) holds nothing and waits for nothing.
    const live = (h: Holder) => alive(h.pid);
    state = { holders: state.holders.filter(live), waiting: state.waiting.filter(live) };
    const result = change(state);
    fs.writeFileSync(`${STATE_FILE}.new`, JSON.stringify(state));
    fs.renameSync(`${STATE_FILE}.new`, STATE_FILE);
    return result;
  } finally {
    fs.rmdirSync(MUTEX);
  }
}

/**
 * Takes the lock on the shared content, shared ("read") or alone ("rewrite"), waiting as long as it
 * must (the caller's timeout bounds the wait); returns its release.
 */
export async function lockSharedContent(mode: "read" | "rewrite", title: string): Promise<() => Promise<void>> {
  const me: Holder = { id: `${process.pid}-${Math.random().toString(36).slice(2)}`, pid: process.pid, mode, title };
  // A worker runs one test at a time: what it still holds or waits for was left by an earlier test.
  await withState((state) => {
    state.holders = state.holders.filter((h) => h.pid !== me.pid);
    state.waiting = state.waiting.filter((h) => h.pid !== me.pid);
  });
  for (;;) {
    const granted = await withState((state) => {
      if (mode === "read") {
        if (state.waiting.length > 0 || state.holders.some((h) => h.mode === "rewrite")) return false;
        state.holders.push(me);
        return true;
      }
      if (!state.waiting.some((h) => h.id === me.id)) state.waiting.push(me);
      if (state.holders.length > 0 || state.waiting[0].id !== me.id) return false;
      state.waiting.shift();
      state.holders.push(me);
      return true;
    });
    if (granted) break;
    await sleep(100);
  }
  return async () => {
    await withState((state) => {
      state.holders = state.holders.filter((h) => h.id !== me.id);
    });
  };
}

const STAFF_FIELDS = ["name", "post", "email", "description", "photo"] as const;
const FOCUS_FIELDS = ["title", "subtitle", "content"] as const;

/** The site's words: every settings section, staff record and focus page, and the announcement. */
export type SiteWords = {
  settings: Record<string, Record<string, string>>;
  staff: Record<string, Record<string, string>>;
  announcement: Record<string, string>;
  focus: Record<string, Record<string, string>>;
};

function pick(record: Record<string, unknown>, fields: readonly string[]) {
  return Object.fromEntries(fields.map((field) => [field, String(record[field] ?? "")]));
}

async function getJson(api: APIRequestContext, address: string) {
  const answer = await api.get(address);
  if (!answer.ok()) throw new Error(`GET ${address}: ${answer.status()} ${await answer.text()}`);
  return (await answer.json()) as Record<string, unknown>;
}

/** The site's words as the public JSON API gives them. */
export async function readSiteWords(api: APIRequestContext): Promise<SiteWords> {
  const [settings, staff, announcement, focus] = await Promise.all([
    Promise.all(
      SETTINGS_SECTIONS.map(async (section) => [
        section,
        pick(await getJson(api, `/api/settings/${section}`), SETTINGS_FIELDS[section]),
      ]),
    ),
    getJson(api, "/api/staff"),
    getJson(api, "/api/announce"),
    Promise.all(FOCUS_KEYS.map(async (key) => [key, pick(await getJson(api, `/api/focus/${key}`), FOCUS_FIELDS)])),
  ]);
  return {
    settings: Object.fromEntries(settings),
    staff: Object.fromEntries(
      STAFF_ROLES.map((role) => [role, pick(staff[role] as Record<string, unknown>, STAFF_FIELDS)]),
    ),
    announcement: pick(announcement, ["title", "content"]),
    focus: Object.fromEntries(focus),
  };
}

/** Each record of the site's words that differs from `before`: how to save it back. */
function differences(before: SiteWords, now: SiteWords) {
  const saves: { what: string; method: "put" | "post"; address: string; data: Record<string, string> }[] = [];
  for (const [section, fields] of Object.entries(before.settings))
    if (!isDeepStrictEqual(fields, now.settings[section]))
      saves.push({ what: `settings ${section}`, method: "put", address: `/api/settings/${section}`, data: fields });
  for (const [role, fields] of Object.entries(before.staff))
    if (!isDeepStrictEqual(fields, now.staff[role]))
      saves.push({ what: `staff ${role}`, method: "put", address: `/api/staff/${role}`, data: fields });
  if (!isDeepStrictEqual(before.announcement, now.announcement))
    saves.push({ what: "the announcement", method: "put", address: "/api/announce", data: before.announcement });
  for (const [key, fields] of Object.entries(before.focus))
    if (!isDeepStrictEqual(fields, now.focus[key]))
      saves.push({ what: `focus ${key}`, method: "post", address: "/api/focus", data: { key, ...fields } });
  return saves;
}

const JOURNAL_SETTINGS = "/dashboard?tab=journal";

/**
 * The journal's settings as their form holds them, read as the server draws the form (without
 * scripts, so the rich-text fields are their stored HTML): every field the form posts.
 */
async function journalSettingsForm(browser: Browser, api: APIRequestContext, baseURL: string) {
  const context = await browser.newContext({
    baseURL,
    javaScriptEnabled: false,
    storageState: await api.storageState(),
  });
  try {
    const page = await context.newPage();
    const answer = await page.goto(JOURNAL_SETTINGS);
    if (answer?.status() !== 200) throw new Error(`GET ${JOURNAL_SETTINGS}: ${answer?.status()}`);
    return await page
      .locator('form:has(button[value="save-journal-settings"])')
      .evaluate((form: HTMLFormElement) =>
        Object.fromEntries([...new FormData(form)].map(([name, value]) => [name, String(value)])),
      );
  } finally {
    await context.close();
  }
}

/**
 * Keeps the shared content as it is now: returns a function that saves back whatever then differs
 * (the site's words through the JSON API, the journal's settings through their form), checks that
 * it all reads as before again, and says what it saved. Both act as an admin of their own, made
 * here and deleted by the second.
 */
export async function keepSharedContent(browser: Browser, baseURL: string, clientAddress: () => string) {
  const admin = await createAdmin(`e2e.restorer.${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`);
  // A request context with that admin's session: a new one each time, as the server closes the
  // connections of one left idle while the test runs (a reused one then fails with ECONNRESET).
  const signedIn = (storageState?: Awaited<ReturnType<APIRequestContext["storageState"]>>) =>
    request.newContext({ baseURL, storageState, extraHTTPHeaders: { "X-Forwarded-For": clientAddress() } });
  let session: Awaited<ReturnType<APIRequestContext["storageState"]>>;
  let words: SiteWords;
  let journal: Record<string, string>;
  const api = await signedIn();
  try {
    const reply = await api.post("/api/auth/signin", { data: { username: admin.username, password: admin.password } });
    if (reply.status() !== 200) throw new Error(`signing in to keep the shared content: ${reply.status()}`);
    session = await api.storageState();
    words = await readSiteWords(api);
    journal = await journalSettingsForm(browser, api, baseURL);
  } catch (error) {
    await deleteAccount(baseURL, admin, clientAddress());
    throw error;
  } finally {
    await api.dispose();
  }
  return async function putBack() {
    const api = await signedIn(session);
    try {
      const saves = differences(words, await readSiteWords(api));
      for (const { what, method, address, data } of saves) {
        const saved = await api[method](address, { data });
        if (!saved.ok()) throw new Error(`putting back ${what}: ${saved.status()} ${await saved.text()}`);
      }
      const left = differences(words, await readSiteWords(api));
      if (left.length) throw new Error(`after being put back, these read differently: ${left.map((s) => s.what)}`);
      const put = saves.map((s) => s.what);
      if (!isDeepStrictEqual(await journalSettingsForm(browser, api, baseURL), journal)) {
        const saved = await api.post(JOURNAL_SETTINGS, { form: { ...journal, intent: "save-journal-settings" } });
        if (saved.status() !== 200) throw new Error(`putting back the journal's settings: ${saved.status()}`);
        if (!isDeepStrictEqual(await journalSettingsForm(browser, api, baseURL), journal))
          throw new Error("after being put back, the journal's settings read differently");
        put.push("the journal's settings");
      }
      return put;
    } finally {
      await api.dispose();
      await deleteAccount(baseURL, admin, clientAddress());
    }
  };
}
