import { execFile } from "node:child_process";
import { promisify } from "node:util";

import { expect, type Locator, type Page, test as base } from "@playwright/test";

import { type Account, createAdmin, deleteAccount, E2E_DATA_DIR } from "../support/e2e-accounts";
import { keepSharedContent, lockSharedContent, type SharedContentUse } from "../support/shared-content";

export { type Account, expect, type SharedContentUse };

let counter = 0;

/** A client address no other test in this run uses (X-Forwarded-For), so rate limits are per test. */
export function newClientAddress(workerIndex: number) {
  const n = workerIndex * 10_000 + ++counter + Math.floor(Math.random() * 1000) * 100;
  return `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`;
}

export const test = base.extend<{
  admin: Account;
  adminPage: Page;
  sharedContent: SharedContentUse;
  sharedContentLock: void;
}>({
  /**
   * How the test uses the site's shared content, the records there is one of (settings sections,
   * staff, the announcement, focus pages, the journal's settings and current issue;
   * tests/support/shared-content.ts). "read": it may read them, and nothing rewrites them while it
   * runs. "rewrite": it changes what other tests read, so it runs while no other test holds the
   * lock, and the settings, staff, announcement, focus pages and journal's settings are put back as
   * they were when it ends (anything else it changes, it puts back itself). "none": it neither reads
   * nor changes them.
   */
  sharedContent: ["read", { option: true }],
  sharedContentLock: [
    async ({ sharedContent, baseURL, browser }, provide, testInfo) => {
      if (sharedContent === "none") return provide();
      const started = Date.now();
      const release = await lockSharedContent(sharedContent, testInfo.titlePath.slice(1).join(" › "));
      const waited = Math.round((Date.now() - started) / 1000);
      if (waited > 0) testInfo.annotations.push({ type: "shared content", description: `waited ${waited} s for it` });
      try {
        const address = () => newClientAddress(testInfo.workerIndex);
        const putBack = sharedContent === "rewrite" ? await keepSharedContent(browser, baseURL!, address) : undefined;
        await provide();
        const saved = await putBack?.();
        if (saved?.length)
          testInfo.annotations.push({ type: "shared content", description: `put back ${saved.join(", ")}` });
      } finally {
        await release();
      }
    },
    // Its own time limit: waiting for a rewrite elsewhere is not the test's time.
    { auto: true, timeout: 15 * 60_000, title: "shared content" },
  ],
  // eslint-disable-next-line no-empty-pattern -- Playwright fixtures take their dependencies as a pattern
  extraHTTPHeaders: async ({}, provide, testInfo) => {
    await provide({ "X-Forwarded-For": newClientAddress(testInfo.workerIndex) });
  },
  // A fresh admin of this test's own, made through the running server's services and deleted
  // afterwards, so a spec needs no setup project and no shared account (tests/support/e2e-accounts.ts).
  admin: async ({ baseURL }, provide, testInfo) => {
    const account = await createAdmin(uniqueName("e2e.admin"));
    await provide(account);
    await deleteAccount(baseURL!, account, newClientAddress(testInfo.workerIndex));
  },
  // The page signed in as that admin, for the tests that start there (`login`).
  adminPage: async ({ page, admin }, provide) => {
    await login(page, admin);
    await provide(page);
  },
  // Reading pages start their JavaScript after the first paint, which may come after `load`
  // (decision 012): goto waits until such a page is hydrated, as the tests use it hydrated.
  page: async ({ page, javaScriptEnabled }, provide) => {
    const goto = page.goto.bind(page);
    page.goto = async (...args) => {
      const response = await goto(...args);
      if (javaScriptEnabled !== false) await waitForHydration(page);
      return response;
    };
    await provide(page);
  },
});

/** Until the page's app has hydrated (the theme switch's `js` field is set then), on reading pages. */
export async function waitForHydration(page: Page) {
  await page.waitForFunction(
    () =>
      !document.getElementById("rr-deferred-module") ||
      document.querySelector<HTMLInputElement>('input[name="js"]')?.value === "1",
  );
}

/**
 * Holds every script of the site until `release` is called: the page is drawn by the server and
 * the person can type and choose, but React has not started. Returns the release.
 */
export async function holdScripts(page: Page) {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/assets\/.*\.js$/, async (route) => {
    await released;
    await route.continue();
  });
  return release;
}

/** Until React has taken over the page (the theme switch's `js` field is set then). */
export async function hydrated(page: Page) {
  await page.waitForFunction(() => document.querySelector<HTMLInputElement>('input[name="js"]')?.value === "1");
}

/**
 * The dashboard's journal tabs, in the sidebar's order: the articles and issues, submissions and peer
 * review (issue 34), and readership (issue 35).
 */
export const JOURNAL_TABS = [
  "Articles",
  "Journal settings",
  "Issues",
  "Submissions",
  "Submission settings",
  "Analytics",
] as const;

/** A delete confirmed: the page says `done`, and the deleted thing's page at `url` is gone (404). */
export async function expectGone(page: Page, done: string, url: string) {
  await expect(page.getByRole("status")).toHaveText(done);
  expect((await page.goto(url))?.status()).toBe(404);
}

/** A username no other test uses. */
export function uniqueName(prefix: string) {
  return `${prefix}.${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
}

/** Presses a list's Show More until it goes; each press must add cards, at most a page (9) of them. */
export async function showAllCards(page: Page, cards: Locator) {
  const more = page.getByRole("link", { name: "Show More" });
  for (let presses = 0; (await more.count()) > 0; presses++) {
    expect(presses, "Show More ends").toBeLessThan(20);
    const shown = await cards.count();
    await more.click();
    await expect(cards).not.toHaveCount(shown);
    expect(await cards.count()).toBeLessThanOrEqual(shown + 9);
  }
}

/**
 * A datetime-local value about `seconds` from now, in the browser's own time zone. The field holds
 * whole minutes, so the time is up to a minute earlier: ask for two to be sure of one.
 */
export async function localTimeIn(page: Page, seconds: number) {
  return page.evaluate((s) => {
    const at = new Date(Date.now() + s * 1000);
    const shifted = new Date(at.getTime() - at.getTimezoneOffset() * 60_000);
    return shifted.toISOString().slice(0, 16);
  }, seconds);
}

/** The post editor on a new post, `title` in its title and `words` typed into its content. */
export async function startPost(page: Page, title: string, words: string) {
  await page.goto("/create-post");
  await page.getByLabel("Title").fill(title);
  await expect(page.locator(".ql-editor")).toBeVisible();
  await page.getByRole("textbox", { name: "Content" }).click();
  await page.keyboard.type(words);
}

export const PASSWORD = "peace-and-security-2026";

export async function signUp(page: Page, username: string, email = `${username}@example.edu`, password = PASSWORD) {
  await page.goto("/signup");
  await page.getByLabel("Username").fill(username);
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Sign Up" }).click();
  await expect(page).toHaveURL(/\/signin\?registered=1$/);
}

/** A new account (its username made from `prefix`), signed up and then signed in on `page`: its username. */
export async function signedInNewUser(page: Page, prefix: string) {
  const username = uniqueName(prefix);
  await signUp(page, username);
  await signIn(page, username);
  return username;
}

export async function signIn(page: Page, username: string, password = PASSWORD) {
  await page.goto("/signin");
  await page.getByLabel("Username").fill(username);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Sign In" }).click();
  await expect(page).toHaveURL(/\/dashboard\?tab=profile$/);
}

/**
 * Signs the page's browser context in as `account` through the sign-in API (the cookie lands in the
 * context), then opens the dashboard where a sign-in through the form lands.
 */
export async function login(page: Page, account: Pick<Account, "username" | "password">) {
  const reply = await page.request.post("/api/auth/signin", {
    data: { username: account.username, password: account.password },
  });
  expect(reply.status(), await reply.text()).toBe(200);
  await page.goto("/dashboard?tab=profile");
  await expect(page).toHaveURL(/\/dashboard\?tab=profile$/);
}

/** The admin made on /setup by the setup project (first-admin.setup.ts). */
export const SITE_ADMIN = {
  username: "site.admin",
  email: "admin@cpscr.example.edu",
  password: "first admin password",
};

/** `npm run create-admin` against the running test server's data folder. */
export async function createAdminCli(args: string[]) {
  try {
    const { stdout, stderr } = await promisify(execFile)(process.execPath, ["scripts/create-admin.mjs", ...args], {
      env: { ...process.env, DATA_DIR: E2E_DATA_DIR },
    });
    return { code: 0, out: `${stdout}${stderr}` };
  } catch (error) {
    const failed = error as { code?: number; stdout?: string; stderr?: string };
    return { code: failed.code ?? 1, out: `${failed.stdout ?? ""}${failed.stderr ?? ""}` };
  }
}

/** The tests' own OpenID Connect provider (tests/support/oidc-provider.mjs). */
export const OIDC_ISSUER = `http://127.0.0.1:${process.env.E2E_OIDC_PORT ?? 3290}`;

/**
 * "Continue with Lakeland ID" on /signin, through the provider's own login and consent pages as the
 * person would, until the browser is back on this site. A returning person may still be signed in
 * at the provider and come straight back.
 */
export async function signInAtProvider(page: Page, login: string) {
  await page.goto("/signin");
  await page.getByRole("button", { name: "Continue with Lakeland ID" }).click();
  await page.waitForURL((url) => url.origin === OIDC_ISSUER || url.pathname !== "/signin");
  if (new URL(page.url()).origin !== OIDC_ISSUER) return;
  const loginField = page.locator('input[name="login"]');
  if (await loginField.isVisible()) {
    await loginField.fill(login);
    await page.locator('input[name="password"]').fill("any password");
    await page.getByRole("button", { name: "Sign-in" }).click();
  }
  const consent = page.getByRole("button", { name: "Continue" });
  if (await consent.isVisible().catch(() => false)) await consent.click();
  await page.waitForURL((url) => url.origin !== OIDC_ISSUER);
}

/** {@link signInAtProvider} for a person the site signs straight in: the browser ends on its home page. */
export async function signInAtProviderToHome(page: Page, login: string) {
  await signInAtProvider(page, login);
  await expect(page).toHaveURL(/127\.0\.0\.1:\d+\/$/);
}
