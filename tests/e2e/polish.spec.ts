import type { Page } from "@playwright/test";

import { firstHref } from "./a11y";
import { expect, test } from "./fixtures";

// Public pages load their scripts after the first paint: every control must work before they run.
test.describe("controls without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("a department's course dialog opens from its link and both its close controls close it", async ({ page }) => {
    const department = await firstHref(page, "/programmes", "/programmes/", /Peace and Conflict Studies/);
    for (const close of ["Close", "Close dialog"]) {
      await page.goto(department);
      await page.getByRole("link", { name: "Negotiation and Mediation" }).click();
      await expect(page).toHaveURL(/\?course=[0-9a-f-]{36}$/);
      const dialog = page.getByRole("dialog", { name: "Negotiation and Mediation" });
      await expect(dialog).toBeVisible();
      await expect(dialog.getByText("Credits")).toBeVisible();
      await dialog.getByRole("link", { name: close, exact: true }).click();
      await expect(page).toHaveURL(new RegExp(`${department}#courses$`));
      await expect(page.getByRole("dialog")).toHaveCount(0);
      await expect(page.getByRole("heading", { name: "Courses Offered" })).toBeInViewport();
    }
  });

  test("an officer's card on the call-for-papers page opens their details, and Close returns to the list", async ({
    page,
  }) => {
    await page.goto("/admision");
    await page.getByRole("link", { name: /Mrs Grace Adeyemi/ }).click();
    await expect(page).toHaveURL(/\/admision\?officer=registrar$/);
    const dialog = page.getByRole("dialog", { name: "Mrs Grace Adeyemi" });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole("link", { name: "registrar@lakeland.example.edu" })).toBeVisible();
    await dialog.getByRole("link", { name: "Close", exact: true }).click();
    await expect(page).toHaveURL(/\/admision#officers$/);
    await expect(page.getByRole("dialog")).toHaveCount(0);
    await expect(page.getByRole("heading", { name: "Principal Officers" })).toBeInViewport();
  });
});

test("with JavaScript, an officer's card opens the dialog in place and closing it leaves the address clean", async ({
  page,
}) => {
  await page.goto("/admision");
  await page.getByRole("link", { name: /Mrs Grace Adeyemi/ }).click();
  const dialog = page.getByRole("dialog", { name: "Mrs Grace Adeyemi" });
  await expect(dialog).toBeVisible();
  await dialog.getByRole("button", { name: "Close", exact: true }).click();
  await expect(dialog).toBeHidden();
  await expect(page).toHaveURL(/\/admision$/);
});

/** Whether anything on the page is wider than the window (the page scrolls sideways). */
export async function overflowsSideways(page: Page) {
  return page.evaluate(() => document.documentElement.scrollWidth > document.documentElement.clientWidth);
}
