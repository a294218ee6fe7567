import { expect, OIDC_ISSUER, signInAtProviderToHome, test, uniqueName } from "./fixtures";

test.describe("sign-in with an OpenID Connect provider", () => {
  test("a first sign-in creates the user with a username from the name and the provider's photo; a later one signs into the same user", async ({
    page,
  }) => {
    const login = uniqueName("oidc");
    await signInAtProviderToHome(page, login);
    const username = `test.${login}`;
    const menuButton = page.getByRole("button", { name: `Account menu for ${username}` });
    await expect(menuButton).toBeVisible();
    await expect(menuButton.locator("img")).toHaveAttribute("src", `${OIDC_ISSUER}/avatar/${login}.png`);
    await menuButton.click();
    await expect(page.getByRole("menu")).toContainText(`${login}@oidc.example.edu`);
    await page.getByRole("menuitem", { name: "Sign out" }).click();
    await expect(page.getByRole("banner").getByRole("link", { name: "Sign in" })).toBeVisible();

    // Returning: the same account, not a new one.
    await signInAtProviderToHome(page, login);
    await expect(page.getByRole("button", { name: `Account menu for ${username}` })).toBeVisible();
    await page.goto("/dashboard?tab=profile");
    await expect(page.getByLabel("Username")).toHaveValue(username);
    await expect(page.getByLabel("Email")).toHaveValue(`${login}@oidc.example.edu`);
  });

  test("a refusal at the provider comes back to /signin with a message", async ({ page }) => {
    await page.goto("/signin");
    await page.getByRole("button", { name: "Continue with Lakeland ID" }).click();
    await expect(page).toHaveURL(new RegExp(`^${OIDC_ISSUER}/`));
    await page.getByRole("link", { name: "[ Cancel ]" }).click();
    await expect(page).toHaveURL(/\/signin\?error=access_denied/);
    await expect(page.getByRole("alert")).toHaveText(
      "Sign-in was cancelled: the provider did not share your account with us.",
    );
    await expect(page.getByRole("banner").getByRole("link", { name: "Sign in" })).toBeVisible();
  });

  test("the button is on both forms and works without JavaScript", async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto("/signup");
    await page.getByRole("button", { name: "Continue with Lakeland ID" }).click();
    await expect(page).toHaveURL(new RegExp(`^${OIDC_ISSUER}/`));
    await context.close();
  });
});
