import type { Page } from "@playwright/test";

import { expect, localTimeIn, startPost, test, uniqueName } from "./fixtures";

// Issue 31: an autosave on its way when Submit was pressed made two posts (an orphan draft, and the
// post at a "-2" address); restoring a revision of a scheduled post was refused.

/** The dashboard's list of posts (drafts and scheduled ones too) searched for `title`: its rows. */
async function dashboardRows(page: Page, title: string) {
  await page.goto(`/dashboard?tab=posts&q=${encodeURIComponent(title)}`);
  return page.locator("tbody tr", { hasText: title });
}

test("an autosave still on its way when Submit is pressed: one post, at its own address, no draft left", async ({
  adminPage: page,
}) => {
  test.setTimeout(60_000);
  const title = `One post ${uniqueName("o")}`;
  // The autosave's answer is slow: Submit is pressed while it is still on its way.
  await page.route(/[?&]autosave/, async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    await route.continue();
  });
  await startPost(page, title, "Written once, published once");
  // Autosave sends a changed form every few seconds.
  await page.waitForRequest(/[?&]autosave/, { timeout: 20_000 });
  await page.waitForTimeout(200);
  await page.getByRole("button", { name: "Publish", exact: true }).click();

  await expect(page).toHaveURL(/\/post\/[a-z0-9-]+$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(title);
  const slug = new URL(page.url()).pathname.split("/").pop()!;
  expect(slug, "the post's own address, not a second one").not.toMatch(/-2$/);

  // Every post with that title, drafts included: one, published.
  const rows = await dashboardRows(page, title);
  await expect(rows).toHaveCount(1);
  await expect(rows).toContainText("Published");
  // And through the JSON API.
  const found = (await (await page.request.get(`/api/post/getposts?searchTerm=${encodeURIComponent(title)}`)).json())
    .posts as { title: string; slug: string }[];
  expect(found.filter((p) => p.title === title).map((p) => p.slug)).toEqual([slug]);
});

test("restoring an earlier revision of a scheduled post keeps it scheduled at its time", async ({
  adminPage: page,
}) => {
  const title = `Scheduled post ${uniqueName("s")}`;
  const publishAt = await localTimeIn(page, 3 * 86_400);
  await page.goto("/create-post");
  await page.getByLabel("Title").fill(title);
  await page.getByLabel("Status").selectOption("scheduled");
  await page.getByLabel("Publish at").fill(publishAt);
  await expect(page.locator(".ql-editor")).toBeVisible();
  await page.getByRole("textbox", { name: "Content" }).click();
  await page.keyboard.type("The first words");
  // The button follows the status chosen (SPEC-NOTES.md).
  await page.getByRole("button", { name: "Schedule", exact: true }).click();
  await expect(page).toHaveURL(/\/post\//);
  await expect(page.getByRole("status").filter({ hasText: /^Scheduled for/ })).toBeVisible();
  const notice = await page
    .getByRole("status")
    .filter({ hasText: /^Scheduled for/ })
    .textContent();

  // Edit it: new words, the same schedule.
  const rows = await dashboardRows(page, title);
  await rows.getByRole("link", { name: `Edit ${title}` }).click();
  await expect(page).toHaveURL(/\/update-post\//);
  const editor = page.url();
  await expect(page.locator(".ql-editor")).toBeVisible();
  await page.getByLabel("Title").fill(`${title} (edited)`);
  await page.locator(".ql-editor").fill("The second words");
  await page.getByRole("button", { name: "Schedule", exact: true }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(`${title} (edited)`);

  // Restore the first version from the history page.
  await page.goto(`${editor}/history`);
  await page.getByRole("button", { name: "Restore version 1" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Revision restored." })).toBeVisible();
  await expect(page.getByRole("alert")).toHaveCount(0);

  // The first words are back, and the post is still scheduled for the same time.
  await page.goto(editor);
  await expect(page.getByLabel("Title")).toHaveValue(title);
  await expect(page.locator(".ql-editor")).toHaveText("The first words");
  await expect(page.getByLabel("Status")).toHaveValue("scheduled");
  await expect(page.getByLabel("Publish at")).toHaveValue(publishAt);
  const slug = await page.getByLabel("Address").inputValue();
  await page.goto(`/post/${slug}`);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(title);
  await expect(page.getByRole("status").filter({ hasText: /^Scheduled for/ })).toHaveText(notice!);
  const rowsAfter = await dashboardRows(page, title);
  await expect(rowsAfter).toHaveCount(1);
  await expect(rowsAfter).toContainText("Scheduled");
});
