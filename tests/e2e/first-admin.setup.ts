import { expect, SITE_ADMIN, test } from "./fixtures";

test("the installer creates the first admin on /setup, which then disappears", async ({ page }) => {
  const response = await page.goto("/setup");
  expect(response?.status()).toBe(200);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Set up the site");
  await page.getByLabel("Username").fill(SITE_ADMIN.username);
  await page.getByLabel("Email").fill(SITE_ADMIN.email);
  await page.getByLabel("Password").fill(SITE_ADMIN.password);
  await page.getByRole("button", { name: "Create admin account" }).click();
  await expect(page).toHaveURL(/\/signin\?setup=1$/);
  await expect(page.getByText("The admin account has been created. Sign in to continue.")).toBeVisible();

  expect((await page.goto("/setup"))?.status()).toBe(404);
  const post = await page.request.post("/setup", {
    form: { username: "intruder", email: "i@example.edu", password: "long enough pw" },
  });
  expect(post.status()).toBe(404);
});
