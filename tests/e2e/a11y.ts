// Shared by the accessibility specs: axe-core against WCAG 2.2 A and AA, the themes and widths
// every page is checked in, and a signed-in admin for the dashboard.
import AxeBuilder from "@axe-core/playwright";
import type { Locator, Page } from "@playwright/test";

import { demoJournals, demoPosts } from "../../app/demo/content";
import { slugify } from "../../app/lib/text";
import { createAdmin, deleteAccount } from "../support/e2e-accounts";
import { expect, test, uniqueName } from "./fixtures";

export const WCAG_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"];

export const THEMES = ["light", "dark"] as const;
export type ThemeName = (typeof THEMES)[number];

export const WIDTHS = [
  { name: "phone", width: 390, height: 844 },
  { name: "desktop", width: 1280, height: 800 },
] as const;

/** Runs axe on the whole page and fails with one readable line per violation and element. */
export async function expectNoViolations(page: Page, where: string) {
  // Legacy mode runs axe in the page itself (two to three times faster than opening a blank page per
  // run to merge frame results). It reaches same-origin frames only: what it leaves out (a video
  // site's player, the browser's PDF viewer) is not the site's to fix.
  // Only violations are read, so axe skips listing every passing element.
  const { violations } = await new AxeBuilder({ page })
    .setLegacyMode(true)
    .options({ resultTypes: ["violations"] })
    .withTags(WCAG_TAGS)
    .analyze();
  const report = violations.map(
    (v) =>
      `${v.id} (${v.impact ?? "unknown impact"}): ${v.help}\n` +
      v.nodes
        .map(
          (n) => `      ${n.target.join(" ")}${n.failureSummary ? `: ${n.failureSummary.replace(/\s+/g, " ")}` : ""}`,
        )
        .join("\n"),
  );
  expect(report, `axe found WCAG 2.2 A/AA violations on ${where}:\n  ${report.join("\n  ")}\n`).toEqual([]);
}

async function expectTheme(page: Page, theme: ThemeName) {
  if (theme === "dark") await expect(page.locator("html")).toHaveClass(/\bdark\b/);
  else await expect(page.locator("html")).not.toHaveClass(/\bdark\b/);
}

/** Switches to the theme with the top bar's toggle, as a visitor does, once the server has kept it. */
export async function switchTheme(page: Page, theme: ThemeName) {
  const toggle = page.getByRole("button", { name: `Switch to ${theme} theme` });
  if ((await toggle.count()) === 0) return expectTheme(page, theme);
  const stored = page.waitForResponse((r) => r.url().includes("/theme") && r.request().method() === "POST");
  await toggle.click();
  expect((await stored).ok(), `the server keeps the ${theme} theme`).toBe(true);
  await expectTheme(page, theme);
}

/** The page's script has taken over (the theme toggle marks its form once it runs). */
export async function waitForHydration(page: Page) {
  await expect(page.locator('form[action="/theme"] input[name="js"]')).toHaveValue("1");
}

/**
 * axe on the page as it is, in each theme at each width; then the page at `viewport`, if given.
 */
export async function checkThisView(page: Page, where: string, viewport?: { width: number; height: number }) {
  for (const theme of THEMES) {
    await switchTheme(page, theme);
    for (const size of WIDTHS) {
      await page.setViewportSize({ width: size.width, height: size.height });
      await expectNoViolations(page, `${where} (${theme} theme, ${size.name})`);
    }
  }
  if (viewport) await page.setViewportSize(viewport);
}

/**
 * Opens the address and checks it in each theme at each width; `ready` waits for what the page
 * must show first. Returns how many views were checked.
 */
export async function checkEveryView(page: Page, path: string, ready: (page: Page) => Promise<void> = async () => {}) {
  let checked = 0;
  await page.setViewportSize({ width: WIDTHS[0].width, height: WIDTHS[0].height });
  await page.goto(path);
  await waitForHydration(page);
  await ready(page);
  for (const theme of THEMES) {
    await switchTheme(page, theme);
    for (const size of WIDTHS) {
      await page.setViewportSize({ width: size.width, height: size.height });
      await expectNoViolations(page, `${path} (${theme} theme, ${size.name} ${size.width}px)`);
      checked++;
    }
  }
  return checked;
}

/**
 * The page at phone width (the tightest layout) in each theme with something open: `open` opens it
 * (a dialog, a menu) and returns it; Escape closes it again. The page under it has its own check at
 * every width.
 */
export async function checkOpen(page: Page, path: string, open: (page: Page) => Promise<Locator>) {
  let checked = 0;
  const phone = WIDTHS[0];
  await page.setViewportSize({ width: phone.width, height: phone.height });
  await page.goto(path);
  await waitForHydration(page);
  for (const theme of THEMES) {
    await switchTheme(page, theme);
    const opened = await open(page);
    await expect(opened).toBeVisible();
    await expectNoViolations(
      page,
      `${path} with ${await describe(opened)} open (${theme} theme, ${phone.name} ${phone.width}px)`,
    );
    checked++;
    await page.keyboard.press("Escape");
    await expect(opened).toBeHidden();
  }
  return checked;
}

async function describe(opened: Locator) {
  const [role, name] = await opened.evaluate((el) => [
    el.getAttribute("role") ?? el.tagName.toLowerCase(),
    el.getAttribute("aria-label") ?? el.querySelector("h1,h2,h3")?.textContent ?? "",
  ]);
  return `the ${role}${name ? ` "${name}"` : ""}`;
}

/** The address of the first link in the page's main content starting with `prefix` (optionally with this text). */
export async function firstHref(page: Page, listPath: string, prefix: string, text?: RegExp) {
  await page.goto(listPath);
  const links = page.locator(`main a[href^="${prefix}"]`);
  const href = await (text ? links.filter({ hasText: text }) : links).first().getAttribute("href");
  expect(href, `a link to ${prefix}… on ${listPath}`).toBeTruthy();
  return href!;
}

// Pages of the demo content rather than the newest records, which other tests write as they run.

/** The first demo post: its page and its editor. */
export async function demoPost(page: Page) {
  const slug = slugify(demoPosts[0].title);
  const { posts } = (await (await page.request.get(`/api/post/getposts?slug=${slug}`)).json()) as {
    posts: { _id: string }[];
  };
  expect(posts, `the demo post ${slug}`).toHaveLength(1);
  return { page: `/post/${slug}`, editor: `/update-post/${posts[0]._id}` };
}

/** The first demo journal article: its page and its editor. */
export async function demoJournal(page: Page) {
  const title = demoJournals[0].title;
  // The largest pages, so that articles published or deleted meanwhile seldom shift one across pages.
  for (let start = 0; ; start += 50) {
    const list = (await (await page.request.get(`/api/journal/getjournals?startIndex=${start}&limit=50`)).json()) as {
      journals: { _id: string; slug: string; filename: string }[];
      hasMore: boolean;
    };
    const found = list.journals.find((j) => j.filename === title);
    if (found) return { page: `/journal/${found.slug}`, editor: `/update-journal/${found._id}` };
    expect(list.hasMore, `the demo journal article "${title}" is listed`).toBe(true);
  }
}

type StorageState = Awaited<ReturnType<import("@playwright/test").BrowserContext["storageState"]>>;

/**
 * Tests signed in as an admin of this worker's own (made, then deleted, through the e2e server's
 * services): signed in once per worker, each test in a fresh context.
 */
export const adminTest = test.extend<object, { adminState: StorageState }>({
  adminState: [
    async ({ browser }, provide, workerInfo) => {
      const admin = await createAdmin(uniqueName("a11y.admin"));
      const context = await browser.newContext({
        baseURL: workerInfo.project.use.baseURL,
        // Its own client address, so signing in counts against no test's rate limit.
        extraHTTPHeaders: {
          "X-Forwarded-For": `10.251.${workerInfo.parallelIndex}.${(workerInfo.workerIndex % 250) + 1}`,
        },
      });
      const page = await context.newPage();
      await page.goto("/signin");
      await page.getByLabel("Username").fill(admin.username);
      await page.getByLabel("Password").fill(admin.password);
      await page.getByRole("button", { name: "Sign In" }).click();
      await expect(page).toHaveURL(/\/dashboard\?tab=profile$/);
      const state = await context.storageState();
      await context.close();
      await provide(state);
      const address = `10.252.${workerInfo.parallelIndex}.${(workerInfo.workerIndex % 250) + 1}`;
      await deleteAccount(String(workerInfo.project.use.baseURL), admin, address);
    },
    { scope: "worker" },
  ],
  storageState: async ({ adminState }, provide) => provide(adminState),
});
