import { execFile } from "node:child_process";
import { promisify } from "node:util";

import { expect, type Page, test as base } from "@playwright/test";

export { expect };

let counter = 0;

/** Each test is its own client (its own address, through X-Forwarded-For), so rate limits are per test. */
export const test = base.extend({
  // eslint-disable-next-line no-empty-pattern -- Playwright fixtures take their dependencies as a pattern
  extraHTTPHeaders: async ({}, provide, testInfo) => {
    const n = testInfo.workerIndex * 10_000 + ++counter + Math.floor(Math.random() * 1000) * 100;
    await provide({ "X-Forwarded-For": `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}` });
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

/** A username no other test uses. */
export function uniqueName(prefix: string) {
  return `${prefix}.${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
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

export async function signIn(page: Page, username: string, password = PASSWORD) {
  await page.goto("/signin");
  await page.getByLabel("Username").fill(username);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Sign In" }).click();
  await expect(page).toHaveURL(/\/dashboard\?tab=profile$/);
}

/** The admin made on /setup by the setup project. */
export const SITE_ADMIN = {
  username: "site.admin",
  email: "admin@cpscr.example.edu",
  password: "first admin password",
};

/** `npm run create-admin` against the running test server's data folder. */
export async function createAdminCli(args: string[]) {
  try {
    const { stdout, stderr } = await promisify(execFile)(process.execPath, ["scripts/create-admin.mjs", ...args], {
      env: { ...process.env, DATA_DIR: ".tmp/e2e-data" },
    });
    return { code: 0, out: `${stdout}${stderr}` };
  } catch (error) {
    const failed = error as { code?: number; stdout?: string; stderr?: string };
    return { code: failed.code ?? 1, out: `${failed.stdout ?? ""}${failed.stderr ?? ""}` };
  }
}
