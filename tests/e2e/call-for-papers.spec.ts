import { expect, test, uniqueName } from "./fixtures";

// One call for papers (issue 33, decision 040): the journal's settings hold it; SPEC.md's Announcement
// tab and /api/announce edit and read the same record, and every place that shows the call reads it.
// These tests rewrite the call, which other specs read: they run alone and it is put back afterwards.
test.use({ sharedContent: "rewrite" });

test("the Announcement tab and Journal settings edit one call for papers, which /admision, its banner and the API show", async ({
  adminPage: page,
}) => {
  test.setTimeout(90_000);
  const title = `Call ${uniqueName("c")}`;

  // The Announcement tab, with SPEC.md's words, says where the rest of the call is set.
  await page.goto("/dashboard?tab=announce");
  await expect(page.getByRole("heading", { name: "Announcement", level: 2 })).toBeVisible();
  await expect(page.getByRole("link", { name: "Journal settings" }).last()).toHaveAttribute(
    "href",
    "/dashboard?tab=journal",
  );
  await page.getByLabel("Title").fill(title);
  await expect(page.locator(".ql-editor")).toBeVisible();
  await page.locator(".ql-editor").fill("Papers on borders and mobility are welcome.");
  await page.getByRole("button", { name: "Submit", exact: true }).click();
  await expect(page.getByRole("status")).toHaveText("Announcement updated successfully!");

  // Journal settings shows what the Announcement saved; its deadline is set there.
  await page.goto("/dashboard?tab=journal");
  await expect(page.getByLabel("Call title")).toHaveValue(title);
  await page.getByLabel("Deadline").fill("2027-04-30");
  await page.getByRole("button", { name: "Save", exact: true }).click();
  await expect(page.getByRole("status")).toHaveText("Journal settings saved.");

  // The call-for-papers page: one call, its banner's deadline with it, no second announcement.
  await page.goto("/admision");
  await expect(page.getByRole("heading", { name: title })).toHaveCount(1);
  await expect(page.getByText("Papers on borders and mobility are welcome.")).toBeVisible();
  await expect(page.getByText("Submissions close 30 April 2027")).toBeVisible();
  await expect(page.getByRole("heading", { name: "Announcement" })).toHaveCount(0);

  // The JSON API reads the same record.
  const api = await (await page.request.get("/api/announce")).json();
  expect(api).toEqual({ title, content: expect.stringContaining("Papers on borders and mobility") });

  // A change in Journal settings is what the Announcement tab shows next.
  await page.goto("/dashboard?tab=journal");
  await page.getByLabel("Call title").fill(`${title} (extended)`);
  await page.getByRole("button", { name: "Save", exact: true }).click();
  await expect(page.getByRole("status")).toHaveText("Journal settings saved.");
  await page.goto("/dashboard?tab=announce");
  await expect(page.getByLabel("Title")).toHaveValue(`${title} (extended)`);
  await page.goto("/admision");
  await expect(page.getByRole("heading", { name: `${title} (extended)` })).toBeVisible();
});
