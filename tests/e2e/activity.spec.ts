import type { Page } from "@playwright/test";

import { expectNoViolations } from "./a11y";
import { expect, test, uniqueName } from "./fixtures";

/** The log's entries on the page. */
const entriesOf = (page: Page) => page.getByRole("list", { name: "Activity log, newest first" }).getByRole("listitem");

/**
 * The Activity tab (issue 21): an admin finds who did what, when and from where, with the filters of
 * a plain GET form, so it all works before (or without) the page's scripts.
 */
test.describe("the activity log", () => {
  test.use({ javaScriptEnabled: false });

  test("filters by who, what and outcome, pages, and says which filter is wrong", async ({
    admin,
    adminPage: page,
  }) => {
    // A failed sign-in with this test's own admin's address (a name that is no account's is logged
    // as "unknown account"), and two admin writes through the API.
    const tried = admin.email;
    const failed = await page.request.post("/api/auth/signin", {
      data: { username: tried, password: "a wrong password" },
    });
    expect(failed.status()).toBe(401);
    const facultyName = uniqueName("Faculty of Logs");
    const created = await page.request.post("/api/faculty/create", { data: { name: facultyName } });
    expect(created.status(), await created.text()).toBe(201);
    const { _id: facultyId } = (await created.json()) as { _id: string };
    expect((await page.request.delete(`/api/faculty/${facultyId}`)).status()).toBe(200);

    await page.goto("/dashboard?tab=activity");
    await expect(page.getByRole("heading", { name: "Activity", level: 2 })).toBeVisible();
    const rows = entriesOf(page);

    // Who: the name that was tried.
    await page.getByLabel("Who").fill(tried);
    await page.getByRole("button", { name: "Apply", exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`actor=${encodeURIComponent(tried).replace(/\./g, "\\.")}`));
    await expect(rows).toHaveCount(1);
    // A sentence, not the log's code for it.
    await expect(rows.first()).toContainText(`A sign-in as '${tried}' failed.`);
    await expect(rows.first()).toContainText("Refused");
    await expect(page.getByRole("list", { name: "Activity log, newest first" })).not.toContainText("a wrong password");

    // Who and what: this admin's writes to the academics, done.
    await page.getByLabel("Who").fill(admin.username);
    await page.getByLabel("What").selectOption("academics");
    await page.getByLabel("Outcome").selectOption("ok");
    await page.getByRole("button", { name: "Apply", exact: true }).click();
    await expect(rows).toHaveCount(2);
    await expect(rows.nth(0)).toContainText(`${admin.username} deleted a faculty.`);
    await expect(rows.nth(1)).toContainText(`${admin.username} created the faculty '${facultyName}'.`);
    await expect(rows.nth(1)).toContainText("Done");
    // The filters stay in the form.
    await expect(page.getByLabel("Who")).toHaveValue(admin.username);
    await expect(page.getByLabel("What")).toHaveValue("academics");

    // A page at a time: the older entry is on the next page.
    await page.goto(`/dashboard?tab=activity&actor=${admin.username}&action=academics&limit=1`);
    await expect(rows).toHaveCount(1);
    await expect(rows.first()).toContainText("deleted a faculty");
    await page.getByRole("link", { name: "Older entries" }).click();
    await expect(rows).toHaveCount(1);
    await expect(rows.first()).toContainText("created the faculty");
    await expect(page.getByRole("link", { name: "Newest entries" })).toBeVisible();

    // A filter that is not a date is said, and left out.
    await page.goto("/dashboard?tab=activity&from=last-tuesday");
    await expect(page.getByRole("alert")).toContainText("from must be a date such as 2026-11-24.");
    await expect(rows.first()).toBeVisible();

    // The dates: nothing before the site existed.
    await page.getByLabel("To (UTC)").fill("2000-01-01");
    await page.getByRole("button", { name: "Apply", exact: true }).click();
    await expect(page.getByText("No activity matches.")).toBeVisible();
  });

  test("is for admins only", async ({ page }) => {
    await page.goto("/dashboard?tab=activity");
    await expect(page).toHaveURL(/\/signin/);
  });
});

test("the log reads as sentences by username, and fits a laptop and a phone without being cut off", async ({
  admin,
  adminPage: page,
}) => {
  const title = `Logged notice ${uniqueName("l")}`;
  const created = await page.request.post("/api/post/create", {
    data: { title, category: "news", content: "<p>Logged</p>" },
  });
  expect(created.status(), await created.text()).toBe(201);
  const { post } = (await created.json()) as { post: { _id: string; userId: string } };
  expect((await page.request.delete(`/api/post/deletepost/${post._id}/${post.userId}`)).status()).toBe(200);

  for (const { width, height } of [
    { width: 1366, height: 768 },
    { width: 390, height: 844 },
  ]) {
    await page.setViewportSize({ width, height });
    await page.goto(`/dashboard?tab=activity&actor=${admin.username}&action=posts`);
    const rows = entriesOf(page);
    await expect(rows.first()).toContainText(`${admin.username} deleted the post '${title}'.`);
    await expect(rows.nth(1)).toContainText(`${admin.username} published the post '${title}'.`);
    // Named, never by the id of the account or the post.
    await expect(page.getByText(post.userId)).toHaveCount(0);
    // Nothing runs past the window's edge, and the log scrolls with the page, not sideways.
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow, `at ${width} px`).toBeLessThanOrEqual(0);
    const log = page.getByRole("list", { name: "Activity log, newest first" });
    const box = (await log.boundingBox())!;
    expect(box.x + box.width, `at ${width} px`).toBeLessThanOrEqual(width);
    await expectNoViolations(page, `the activity log at ${width} px`);
  }
});
