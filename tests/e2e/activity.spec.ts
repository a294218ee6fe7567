import { expect, test, uniqueName } from "./fixtures";

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
    const rows = page.locator("tbody tr");

    // Who: the name that was tried.
    await page.getByLabel("Who").fill(tried);
    await page.getByRole("button", { name: "Apply", exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`actor=${encodeURIComponent(tried).replace(/\./g, "\\.")}`));
    await expect(rows).toHaveCount(1);
    await expect(rows.first()).toContainText("sign-in.failed");
    await expect(rows.first()).toContainText("Refused");
    await expect(page.locator("table")).not.toContainText("a wrong password");

    // Who and what: this admin's writes to the academics, done.
    await page.getByLabel("Who").fill(admin.username);
    await page.getByLabel("What").selectOption("academics");
    await page.getByLabel("Outcome").selectOption("ok");
    await page.getByRole("button", { name: "Apply", exact: true }).click();
    await expect(rows).toHaveCount(2);
    await expect(rows.nth(0)).toContainText("academics.deleteFaculty");
    await expect(rows.nth(1)).toContainText("academics.createFaculty");
    await expect(rows.nth(1)).toContainText(facultyName);
    await expect(rows.nth(1)).toContainText("Done");
    // The filters stay in the form.
    await expect(page.getByLabel("Who")).toHaveValue(admin.username);
    await expect(page.getByLabel("What")).toHaveValue("academics");

    // A page at a time: the older entry is on the next page.
    await page.goto(`/dashboard?tab=activity&actor=${admin.username}&action=academics&limit=1`);
    await expect(rows).toHaveCount(1);
    await expect(rows.first()).toContainText("academics.deleteFaculty");
    await page.getByRole("link", { name: "Older entries" }).click();
    await expect(rows).toHaveCount(1);
    await expect(rows.first()).toContainText("academics.createFaculty");
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
