import type { Page } from "@playwright/test";

import { expect, login, test, uniqueName } from "./fixtures";

/**
 * Holds every script of the site until `release` is called: the page is drawn by the server and
 * the person can type, but React has not started. Returns the release.
 */
async function holdScripts(page: Page) {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/assets\/.*\.js$/, async (route) => {
    await released;
    await route.continue();
  });
  return release;
}

/** Until React has taken over the page (the theme switch's `js` field is set then). */
async function hydrated(page: Page) {
  await page.waitForFunction(() => document.querySelector<HTMLInputElement>('input[name="js"]')?.value === "1");
}

test.describe("typed before the scripts loaded", () => {
  test("a post's title and text typed before hydration are what is saved", async ({ admin, page }) => {
    await login(page, admin);
    const reply = await page.request.post("/api/post/create", {
      data: { title: `Old title ${uniqueName("t")}`, category: "exams", content: "<p>Old text</p>" },
    });
    expect(reply.status()).toBe(201);
    const { post } = await reply.json();

    const release = await holdScripts(page);
    await page.goto(`/update-post/${post._id}`, { waitUntil: "commit" });
    const title = `New title ${uniqueName("t")}`;
    await page.getByLabel("Title", { exact: true }).fill(title);
    await page.getByLabel("Content").fill("<p>Typed before the scripts</p>");
    release();
    await hydrated(page);
    await expect(page.locator(".ql-editor")).toBeVisible();
    await expect(page.getByLabel("Title", { exact: true })).toHaveValue(title);
    await expect(page.locator(".ql-editor")).toHaveText("Typed before the scripts");
    await page.getByRole("button", { name: "Update Post" }).click();
    await expect(page).toHaveURL(/\/post\//);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(title);
    await expect(page.getByText("Typed before the scripts")).toBeVisible();
  });

  test("a focus page's title typed before hydration is what is saved", async ({ admin, page }) => {
    await login(page, admin);
    const release = await holdScripts(page);
    await page.goto("/dashboard?tab=focus&page=homePage", { waitUntil: "commit" });
    const title = `Focus ${uniqueName("f")}`;
    await page.getByLabel("Title", { exact: true }).fill(title);
    await page.getByLabel("Content").fill(`<p>${title} in the text</p>`);
    release();
    await hydrated(page);
    await expect(page.locator(".ql-editor")).toHaveText(`${title} in the text`);
    await expect(page.getByLabel("Title", { exact: true })).toHaveValue(title);
    await page.getByRole("button", { name: "Submit" }).click();
    await expect(page.getByText("Form submitted successfully")).toBeVisible();
    await page.reload();
    await expect(page.getByLabel("Title", { exact: true })).toHaveValue(title);
    await expect(page.locator(".ql-editor")).toHaveText(`${title} in the text`);
  });
});
