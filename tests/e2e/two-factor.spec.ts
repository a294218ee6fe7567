import type { Browser, Page } from "@playwright/test";
import * as OTPAuth from "otpauth";

import { expectNoViolations } from "./a11y";
import {
  expect,
  newClientAddress,
  PASSWORD,
  signedInNewUser,
  signInAtProvider,
  signInAtProviderToHome,
  signUp,
  test,
  uniqueName,
} from "./fixtures";

/**
 * Two-factor sign-in as a person uses it, with codes computed from the key the profile shows (as an
 * authenticator app would): turning it on, signing in with a code, with a backup code (once), trusting
 * the device; without JavaScript too; through the OIDC provider; and ending another device's session.
 */

/** The code an authenticator app shows now for this otpauth:// address. */
const codeFor = (totpURI: string) => (OTPAuth.URI.parse(totpURI) as OTPAuth.TOTP).generate();

const twoFactor = (page: Page) => page.locator("#two-factor");

/** Turns two factors on in the profile; the otpauth address and the backup codes shown. */
async function turnOn(page: Page, { password = PASSWORD as string | null } = {}) {
  await page.goto("/dashboard?tab=profile");
  const section = twoFactor(page);
  await expect(section).toContainText("Off: signing in needs only your password.");
  if (password) await section.getByLabel("Your password").fill(password);
  else await expect(section.getByLabel("Your password")).toHaveCount(0);
  await section.getByRole("button", { name: "Turn on two-factor sign-in" }).click();
  await expect(section.getByRole("img", { name: "QR code for your authenticator app" })).toBeVisible();
  await expectNoViolations(page, "the two-factor setup step");
  const totpURI = (await section.getByTestId("totp-uri").textContent())!.trim();
  expect(totpURI).toMatch(/^otpauth:\/\/totp\/CPSCR:/);
  // The key as typed into an app is the same secret.
  const key = (await section.getByTestId("totp-key").textContent())!.replace(/\s+/g, "");
  expect(new URL(totpURI).searchParams.get("secret")).toBe(key);
  await section.getByLabel("Code from the app").fill(codeFor(totpURI));
  await section.getByRole("button", { name: "Confirm and turn on" }).click();
  await expect(section.getByText("Two-factor sign-in is on. Keep your backup codes somewhere safe.")).toBeVisible();
  const backupCodes = await section.getByTestId("backup-codes").locator("li").allTextContents();
  expect(backupCodes).toHaveLength(10);
  await expect(section).toContainText("On: signing in asks for a code");
  return { totpURI, backupCodes };
}

async function signOut(page: Page) {
  await page.goto("/dashboard?tab=profile");
  await page.locator('form[action="/signout"]').getByRole("button", { name: "Sign out", exact: true }).click();
  await expect(page).toHaveURL(/127\.0\.0\.1:\d+\/$/);
}

/** The password step; lands on the second step unless the device is trusted. */
async function enterPassword(page: Page, username: string) {
  await page.goto("/signin");
  await page.getByLabel("Username").fill(username);
  await page.getByLabel("Password").fill(PASSWORD);
  await page.getByRole("button", { name: "Sign In" }).click();
}

async function secondStep(page: Page, code: string, { trust = false } = {}) {
  await expect(page).toHaveURL(/\/signin\/two-factor\?redirectTo=/);
  await page.getByLabel("Code").fill(code);
  if (trust) await page.getByLabel("Trust this device for 30 days").check();
  await page.getByRole("button", { name: "Verify" }).click();
}

test.describe("two-factor sign-in", () => {
  test("turned on in the profile; then a code, a backup code (once) and a trusted device sign in", async ({ page }) => {
    // Eleven page loads and two accessibility checks: more than the usual 30 seconds on a busy machine.
    test.setTimeout(90_000);
    const username = await signedInNewUser(page, "tf");
    const { totpURI, backupCodes } = await turnOn(page);

    await signOut(page);
    await enterPassword(page, username);
    await expect(page.getByRole("heading", { name: "Two-factor sign-in" })).toBeVisible();
    await expectNoViolations(page, "the second sign-in step");
    await secondStep(page, "000000");
    await expect(page.getByRole("alert")).toContainText("That code is not right.");
    await secondStep(page, codeFor(totpURI));
    await expect(page).toHaveURL(/\/dashboard\?tab=profile$/);

    await signOut(page);
    await enterPassword(page, username);
    await secondStep(page, backupCodes[0]);
    await expect(page).toHaveURL(/\/dashboard\?tab=profile$/);

    await signOut(page);
    await enterPassword(page, username);
    await secondStep(page, backupCodes[0]);
    await expect(page.getByRole("alert")).toContainText("already been used");
    await secondStep(page, codeFor(totpURI), { trust: true });
    await expect(page).toHaveURL(/\/dashboard\?tab=profile$/);

    // Trusted: the password alone signs this browser in for 30 days.
    await signOut(page);
    await enterPassword(page, username);
    await expect(page).toHaveURL(/\/dashboard\?tab=profile$/);

    // New backup codes replace the old, then two factors are turned off.
    const section = twoFactor(page);
    await section.getByRole("form", { name: "Make new backup codes" }).getByLabel("Your password").fill(PASSWORD);
    await section.getByRole("button", { name: "Make new backup codes" }).click();
    await expect(section.getByText("New backup codes made")).toBeVisible();
    const fresh = await section.getByTestId("backup-codes").locator("li").allTextContents();
    expect(fresh).toHaveLength(10);
    expect(fresh).not.toContain(backupCodes[1]);
    await section.getByRole("form", { name: "Turn off two-factor sign-in" }).getByLabel("Your password").fill(PASSWORD);
    await section.getByRole("button", { name: "Turn off two-factor sign-in" }).click();
    await expect(section.getByText("Two-factor sign-in is off.")).toBeVisible();
    await expect(section).toContainText("Off: signing in needs only your password.");
  });

  test("works without JavaScript: turning on, and the second step", async ({ browser }, testInfo) => {
    const context = await browser.newContext({
      javaScriptEnabled: false,
      extraHTTPHeaders: { "X-Forwarded-For": newClientAddress(testInfo.workerIndex) },
    });
    const page = await context.newPage();
    const username = uniqueName("tf.nojs");
    await signUp(page, username);
    await enterPassword(page, username);
    await expect(page).toHaveURL(/\/dashboard\?tab=profile$/);
    const section = twoFactor(page);
    // A wrong first code shows the same QR code again.
    await section.getByLabel("Your password").fill(PASSWORD);
    await section.getByRole("button", { name: "Turn on two-factor sign-in" }).click();
    const totpURI = (await section.getByTestId("totp-uri").textContent())!.trim();
    await section.getByLabel("Code from the app").fill("000000");
    await section.getByRole("button", { name: "Confirm and turn on" }).click();
    await expect(section).toContainText("That code is not right.");
    expect((await section.getByTestId("totp-uri").textContent())!.trim()).toBe(totpURI);
    await section.getByLabel("Code from the app").fill(codeFor(totpURI));
    await section.getByRole("button", { name: "Confirm and turn on" }).click();
    await expect(section.getByTestId("backup-codes").locator("li")).toHaveCount(10);

    await signOut(page);
    await enterPassword(page, username);
    await secondStep(page, codeFor(totpURI));
    await expect(page).toHaveURL(/\/dashboard\?tab=profile$/);
    await context.close();
  });

  test("an account from the OIDC provider turns it on without a password, and the provider alone no longer signs it in", async ({
    page,
  }) => {
    const login = uniqueName("tf.oidc");
    await signInAtProviderToHome(page, login);
    const { totpURI } = await turnOn(page, { password: null });
    await signOut(page);

    await signInAtProvider(page, login);
    await expect(page).toHaveURL(/\/signin\/two-factor\?redirectTo=%2F$/);
    await expect(page.getByRole("banner").getByRole("link", { name: "Sign in" })).toBeVisible();
    await secondStep(page, codeFor(totpURI));
    await expect(page).toHaveURL(/127\.0\.0\.1:\d+\/$/);
    await expect(page.getByRole("button", { name: /^Account menu for test\./ })).toBeVisible();
  });
});

test.describe("signed-in devices", () => {
  test("the profile lists each device, marks this one, and signs out another", async ({ page, browser }, testInfo) => {
    const username = await signedInNewUser(page, "dev");
    const phone = await otherBrowser(browser, testInfo.workerIndex);
    await enterPassword(phone, username);
    await expect(phone).toHaveURL(/\/dashboard\?tab=profile$/);

    await page.goto("/dashboard?tab=profile");
    const devices = page.locator("#devices");
    await expect(devices.getByTestId("devices").locator("li")).toHaveCount(2);
    await expect(devices.getByText("This device")).toHaveCount(1);
    await expectNoViolations(page, "the profile with two devices");
    await expect(devices).toContainText("Chrome");
    await devices.getByRole("button", { name: /^Sign out Chrome/ }).click();
    await expect(devices.getByText("That device has been signed out.")).toBeVisible();
    await expect(devices.getByTestId("devices").locator("li")).toHaveCount(1);

    // The other browser is signed out.
    await phone.goto("/dashboard?tab=profile");
    await expect(phone).toHaveURL(/\/signin\?redirectTo=/);

    // "Sign out everywhere else" leaves only this one.
    const third = await otherBrowser(browser, testInfo.workerIndex);
    await enterPassword(third, username);
    await expect(third).toHaveURL(/\/dashboard\?tab=profile$/);
    await page.goto("/dashboard?tab=profile");
    await devices.getByRole("button", { name: "Sign out everywhere else" }).click();
    await expect(devices.getByText("Every other device has been signed out.")).toBeVisible();
    await third.goto("/dashboard?tab=profile");
    await expect(third).toHaveURL(/\/signin\?redirectTo=/);
    await phone.context().close();
    await third.context().close();
  });
});

async function otherBrowser(browser: Browser, workerIndex: number) {
  const context = await browser.newContext({
    extraHTTPHeaders: { "X-Forwarded-For": newClientAddress(workerIndex) },
  });
  return context.newPage();
}
