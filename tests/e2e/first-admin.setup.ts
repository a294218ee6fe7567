import { expectNoViolations, switchTheme, THEMES } from "./a11y";
import { expect, SITE_ADMIN, test } from "./fixtures";

test("the installer creates the first admin on /setup, which then disappears", async ({ page }) => {
  const response = await page.goto("/setup");
  expect(response?.status()).toBe(200);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Set up the site");
  const username = page.getByLabel("Username");
  const email = page.getByLabel("Email");
  const password = page.getByLabel("Password", { exact: true });
  const confirm = page.getByLabel("Confirm password");

  // Every field's problem is told at once, each under its field.
  await email.fill("not-an-address");
  await password.fill("short");
  await confirm.fill("shorter");
  await page.getByRole("button", { name: "Create admin account" }).click();
  await expect(page.getByText("Please correct the fields marked below.")).toBeVisible();
  await expect(username).toHaveAccessibleDescription("please fill all fields");
  await expect(email).toHaveAccessibleDescription("Enter a valid email address");
  await expect(password).toHaveAccessibleDescription(/Password must be at least 8 characters/);
  await expect(confirm).toHaveAccessibleDescription("The two passwords do not match.");
  await expect(email).toHaveValue("not-an-address");
  // The page with its problems told passes axe in both themes, on a phone and a desktop.
  for (const theme of THEMES) {
    await switchTheme(page, theme);
    for (const width of [390, 1366]) {
      await page.setViewportSize({ width, height: 844 });
      await expectNoViolations(page, `/setup with its problems told (${theme} theme, ${width} px)`);
    }
  }

  await username.fill(SITE_ADMIN.username);
  await email.fill(SITE_ADMIN.email);
  await password.fill(SITE_ADMIN.password);
  await confirm.fill(SITE_ADMIN.password);
  await page.getByRole("button", { name: "Create admin account" }).click();
  await expect(page).toHaveURL(/\/signin\?setup=1$/);
  await expect(page.getByText("The admin account has been created. Sign in to continue.")).toBeVisible();

  expect((await page.goto("/setup"))?.status()).toBe(404);
  const post = await page.request.post("/setup", {
    form: {
      username: "intruder",
      email: "i@example.edu",
      password: "long enough pw",
      confirmPassword: "long enough pw",
    },
  });
  expect(post.status()).toBe(404);
});
