import type { Browser, TestInfo } from "@playwright/test";

import { linkIn, waitForMail } from "../support/mailbox";
import { expect, newClientAddress, PASSWORD, signIn, signInAtProvider, signUp, test, uniqueName } from "./fixtures";

/**
 * The account mails as a person gets them: the site sends them to a real SMTP server that the tests
 * started (tests/support/smtp-sink.mjs), and each flow goes on from the link in the mail.
 */

/** Another person's browser, from an address of its own (rate limits count per client). */
const otherBrowser = (browser: Browser, testInfo: TestInfo, options: { javaScriptEnabled?: boolean } = {}) =>
  browser.newContext({
    ...options,
    extraHTTPHeaders: { "X-Forwarded-For": newClientAddress(testInfo.workerIndex) },
  });

test.describe("mails from the site", () => {
  test("sign up, then confirm the address from the mail's link", async ({ page }) => {
    const username = uniqueName("mailed");
    const email = `${username}@example.edu`;
    await signUp(page, username, email);
    const mail = await waitForMail(email, /^Confirm your email address for /);
    expect(mail.text).toContain(`Hello ${username},`);
    expect(mail.html).toContain("Confirm my email address");

    await signIn(page, username);
    await expect(page.getByRole("region", { name: "Address status" })).toContainText("not confirmed yet");
    await page.goto(linkIn(mail, "/verify-email"));
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Email address confirmed");
    await expect(page.getByText("Thank you: your email address is confirmed.")).toBeVisible();
    await page.getByRole("link", { name: "Go to your profile" }).click();
    await expect(page.getByRole("region", { name: "Address status" })).toHaveCount(0);

    // The link works once.
    await page.goto(linkIn(mail, "/verify-email"));
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("This link does not work");
  });

  test("forgot password: the link in the mail sets a new one, the old one stops working, other sessions end", async ({
    page,
    browser,
  }, testInfo) => {
    const username = uniqueName("forgetful");
    const email = `${username}@example.edu`;
    await signUp(page, username, email);
    // Signed in elsewhere, on another device.
    const elsewhere = await otherBrowser(browser, testInfo);
    const other = await elsewhere.newPage();
    await signIn(other, username);

    await page.goto("/signin");
    await page.getByRole("link", { name: "Forgot password?" }).click();
    await expect(page).toHaveURL(/\/forgot-password$/);
    await page.getByLabel("Email or username").fill(email);
    await page.getByRole("button", { name: "Send me a link" }).click();
    const answer =
      "If an account uses that email address or username, we have sent it a link to choose a new password. Check your email.";
    await expect(page.getByText(answer)).toBeVisible();
    // The same answer for an address with no account.
    await page.getByLabel("Email or username").fill(`nobody.${username}@example.edu`);
    await page.getByRole("button", { name: "Send me a link" }).click();
    await expect(page.getByText(answer)).toBeVisible();

    const mail = await waitForMail(email, /^Reset your password for /);
    await page.goto(linkIn(mail, "/reset-password"));
    await page.getByLabel("New password", { exact: true }).fill("a fresh password 2026");
    await page.getByLabel("Confirm new password").fill("a different one");
    await page.getByRole("button", { name: "Change password" }).click();
    await expect(page.getByRole("alert")).toHaveText("The two passwords do not match.");
    await page.getByLabel("Confirm new password").fill("a fresh password 2026");
    await page.getByRole("button", { name: "Change password" }).click();
    await expect(page).toHaveURL(/\/signin\?reset=1$/);
    await expect(page.getByText("Your password has been changed. Sign in with your new password.")).toBeVisible();

    // The old password no longer signs in; the new one does.
    await page.getByLabel("Username").fill(username);
    await page.getByLabel("Password").fill(PASSWORD);
    await page.getByRole("button", { name: "Sign In" }).click();
    await expect(page.getByRole("alert")).toHaveText("Invalid username or password");
    await signIn(page, username, "a fresh password 2026");

    // The other device was signed out.
    await other.goto("/dashboard");
    await expect(other).toHaveURL(/\/signin\?redirectTo=%2Fdashboard$/);
    await elsewhere.close();

    // The link was used: it does not work again.
    await page.goto(linkIn(mail, "/reset-password"));
    await expect(page.getByRole("alert")).toHaveText(
      "This link has expired or has already been used. Please ask for a new one.",
    );
  });

  test("forgot password works without JavaScript", async ({ browser }, testInfo) => {
    const context = await otherBrowser(browser, testInfo, { javaScriptEnabled: false });
    const page = await context.newPage();
    const username = uniqueName("noscript");
    const email = `${username}@example.edu`;
    await signUp(page, username, email);
    await page.goto("/forgot-password");
    await page.getByLabel("Email or username").fill(username);
    await page.getByRole("button", { name: "Send me a link" }).click();
    await expect(page.getByText(/we have sent it a link/)).toBeVisible();
    const mail = await waitForMail(email, /^Reset your password for /);
    await page.goto(linkIn(mail, "/reset-password"));
    await page.getByLabel("New password", { exact: true }).fill("no script password");
    await page.getByLabel("Confirm new password").fill("no script password");
    await page.getByRole("button", { name: "Change password" }).click();
    await expect(page).toHaveURL(/\/signin\?reset=1$/);
    await signIn(page, username, "no script password");
    await context.close();
  });

  test("an admin sends a colleague a reset link from Users", async ({ adminPage: page, browser }, testInfo) => {
    const colleague = uniqueName("colleague");
    const email = `${colleague}@example.edu`;
    const context = await otherBrowser(browser, testInfo);
    await signUp(await context.newPage(), colleague, email);
    await context.close();

    await page.goto("/dashboard?tab=users");
    await page.getByRole("button", { name: `Send reset link to ${colleague}` }).click();
    await expect(page.getByRole("status")).toHaveText(`A link to choose a new password has been sent to ${colleague}.`);
    const mail = await waitForMail(email, /^Reset your password for /);
    expect(mail.text).toMatch(/an administrator of .* sent you this link/);
    // The admin sees it in the Outbox tab.
    await page.goto("/dashboard?tab=outbox");
    await expect(page.getByRole("table", { name: "Recent mails" })).toContainText(email);
  });

  test("change the e-mail: the new address takes effect from its link", async ({ page }) => {
    const username = uniqueName("mover");
    await signUp(page, username);
    await signIn(page, username);
    const moved = `${username}.new@example.edu`;
    await page.getByLabel("Email").fill(moved);
    await page.getByLabel("Current password").fill(PASSWORD);
    await page.getByRole("button", { name: "Update" }).click();
    await expect(page.getByRole("status")).toHaveText(
      `We have sent a link to ${moved}. Your new address takes effect once you click it.`,
    );
    const status = page.getByRole("region", { name: "Address status" });
    await expect(status).toContainText(`Your new address ${moved} is waiting`);
    await expect(page.getByLabel("Email")).toHaveValue(`${username}@example.edu`);

    const mail = await waitForMail(moved, /^Confirm your new email address for /);
    await page.goto(linkIn(mail, "/verify-email"));
    await expect(page.getByText(`Your email address is now ${moved}.`)).toBeVisible();
    await page.goto("/dashboard?tab=profile");
    await expect(page.getByLabel("Email")).toHaveValue(moved);
    await expect(page.getByRole("region", { name: "Address status" })).toHaveCount(0);
    // The old address is told, with a way back.
    const notice = await waitForMail(`${username}@example.edu`, /has changed$/);
    expect(notice.text).toContain(`is now ${moved}`);
  });

  test("a squatted address: a sign-up confirmed from the mailbox takes it, and so does a verified OIDC sign-in", async ({
    browser,
  }, testInfo) => {
    // Someone registers an address that is not theirs.
    const squatterContext = await otherBrowser(browser, testInfo);
    const squatterPage = await squatterContext.newPage();
    const squatter = uniqueName("squatter");
    const victim = `${uniqueName("victim")}@example.edu`;
    await signUp(squatterPage, squatter, victim);

    // Its owner signs up with it: it looks like any sign-up, and the mail makes the account.
    const ownerContext = await otherBrowser(browser, testInfo);
    const page = await ownerContext.newPage();
    const owner = uniqueName("owner");
    await signUp(page, owner, victim);
    const mail = await waitForMail(victim, /^Confirm your new account on /);
    await page.goto(linkIn(mail, "/verify-email"));
    await expect(
      page.getByText("Your account has been created and your email address confirmed. Sign in to continue."),
    ).toBeVisible();
    await signIn(page, owner);
    await expect(page.getByLabel("Email")).toHaveValue(victim);

    // The squatter keeps the account, without the address.
    await signIn(squatterPage, squatter);
    await expect(squatterPage.getByRole("region", { name: "Address status" })).toContainText(
      "the one it had was confirmed by its owner for another account",
    );

    // The same with an OpenID Connect provider that vouches for the address.
    const login = uniqueName("oidcowner");
    const oidcAddress = `${login}@oidc.example.edu`;
    const another = uniqueName("oidcsquat");
    const secondContext = await otherBrowser(browser, testInfo);
    await signUp(await secondContext.newPage(), another, oidcAddress);
    const oidcContext = await otherBrowser(browser, testInfo);
    const oidcPage = await oidcContext.newPage();
    await signInAtProvider(oidcPage, login);
    await expect(oidcPage).toHaveURL(/127\.0\.0\.1:\d+\/$/);
    // Signed in as a new account of the owner's, not the squatter's.
    // (Its username is made from the provider's name, cut to 24 characters.)
    await expect(oidcPage.getByRole("button", { name: /^Account menu for test\.oidcowner/ })).toBeVisible();
    await oidcPage.goto("/dashboard?tab=profile");
    await expect(oidcPage.getByLabel("Email")).toHaveValue(oidcAddress);

    await Promise.all([squatterContext.close(), ownerContext.close(), secondContext.close(), oidcContext.close()]);
  });
});
