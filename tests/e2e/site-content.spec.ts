import type { Page } from "@playwright/test";

import { expect, login, PASSWORD, signIn, signUp, test, uniqueName } from "./fixtures";

// This file runs after every other browser test (its own project): it rewrites the site's words.
test.describe.configure({ mode: "serial" });

/** Opens a page and waits until it runs (so typing is not undone by the page starting up). */
async function open(page: Page, url: string) {
  await page.goto(url);
  await page.waitForLoadState("networkidle");
}

async function saveField(page: Page, url: string, label: string, value: string, button: string, message: string) {
  await open(page, url);
  await page.getByLabel(label, { exact: true }).fill(value);
  await page.getByRole("button", { name: button, exact: true }).click();
  await expect(page.getByRole("status")).toHaveText(message);
}

test("every settings section: each change shows on the page that uses it", async ({ admin, page }) => {
  test.setTimeout(120_000);
  await login(page, admin);
  const checks: [string, string, () => Promise<void>][] = [
    [
      "homepage",
      "Title",
      async () => {
        await page.goto("/");
        await expect(page.getByRole("heading", { level: 1 })).toHaveText("New hero title");
      },
    ],
    [
      "about",
      "Title",
      async () => {
        await page.goto("/");
        await expect(page.locator("#about-teaser h2")).toHaveText("New hero title");
      },
    ],
    [
      "howtoapplyone",
      "Title",
      async () => {
        await page.goto("/");
        await expect(page.locator("#how-to-apply h3").nth(0)).toHaveText("New hero title");
      },
    ],
    [
      "howtoapplytwo",
      "Title",
      async () => {
        await page.goto("/");
        await expect(page.locator("#how-to-apply h3").nth(1)).toHaveText("New hero title");
      },
    ],
    [
      "howtoapplythree",
      "Title",
      async () => {
        await page.goto("/");
        await expect(page.locator("#how-to-apply h3").nth(2)).toHaveText("New hero title");
      },
    ],
    [
      "programmes",
      "Title",
      async () => {
        await page.goto("/programmes");
        await expect(page.getByRole("heading", { level: 1 })).toHaveText("New hero title");
      },
    ],
    [
      "blog",
      "Title",
      async () => {
        await page.goto("/posts");
        await expect(page.getByRole("heading", { level: 1 })).toHaveText("New hero title");
      },
    ],
    [
      "calltoaction",
      "Title",
      async () => {
        await page.goto("/");
        await expect(page.getByRole("heading", { name: "New hero title" }).last()).toBeVisible();
      },
    ],
  ];
  for (const [section, label, check] of checks) {
    await saveField(
      page,
      `/dashboard?tab=about&section=${section}`,
      label,
      "New hero title",
      "Save",
      "Section updated successfully!",
    );
    await check();
  }

  // Switching sections never carries values across: programmes has its own fields.
  await open(page, "/dashboard?tab=about&section=about");
  await page.getByLabel("Section").selectOption("programmes");
  await page.getByRole("button", { name: "Load", exact: true }).click();
  await expect(page).toHaveURL(/section=programmes/);
  await expect(page.getByLabel("Intro Title")).toBeVisible();
  await expect(page.getByLabel("Mission")).toHaveCount(0);
  await expect(page.getByLabel("VC Image")).toHaveCount(0);

  // A required field left empty: the message, and nothing changes.
  await open(page, "/dashboard?tab=about&section=blog");
  await page.getByLabel("Title", { exact: true }).fill("");
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page.getByRole("alert")).toHaveText("Please fill all fields");
  await page.goto("/posts");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("New hero title");
});

test("every staff role, the announcement and every focus page", async ({ admin, page }) => {
  test.setTimeout(120_000);
  await login(page, admin);
  const roles = ["vc", "director", "deputy", "bursar", "registrar", "library", "depIct", "acad"];
  for (const role of roles) {
    await saveField(
      page,
      `/dashboard?tab=staff&role=${role}`,
      "Name",
      `Dr ${role} Renamed`,
      "Save",
      "Staff updated successfully!",
    );
  }
  await page.goto("/admision");
  for (const role of roles)
    await expect(page.getByRole("button", { name: new RegExp(`Dr ${role} Renamed`) })).toBeVisible();
  await page.goto("/");
  await expect(page.getByRole("list", { name: "Leadership" })).toContainText("Dr vc Renamed");
  await expect(page.locator("#welcome figcaption")).toContainText("Dr director Renamed");

  await open(page, "/dashboard?tab=staff&role=bursar");
  await page.getByLabel("Email").fill("not an email");
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page.getByRole("alert")).toHaveText("Enter a valid email address");

  // The announcement is what /admision shows.
  await open(page, "/dashboard?tab=announce");
  await expect(page.locator(".ql-editor")).toBeVisible();
  await page.getByLabel("Title", { exact: true }).fill("");
  await page.getByRole("button", { name: "Submit" }).click();
  await expect(page.getByRole("alert")).toHaveText("The announcement title is required");
  await page.getByLabel("Title", { exact: true }).fill("Deadline extended to 30 April");
  await page.getByRole("textbox", { name: "Content" }).click();
  await page.keyboard.press("Control+A");
  await page.keyboard.type("Authors now have until the end of April.");
  await page.getByRole("button", { name: "Submit" }).click();
  await expect(page.getByRole("status")).toHaveText("Announcement updated successfully!");
  await page.goto("/admision");
  await expect(page.getByRole("heading", { name: "Deadline extended to 30 April" })).toBeVisible();
  await expect(page.getByText("Authors now have until the end of April.")).toBeVisible();

  // Focus pages: each saves under its own key and feeds its page.
  const focus: [string, string, () => Promise<void>][] = [
    [
      "homePage",
      "Our journal",
      async () => {
        await page.goto("/journals");
        await expect(page.getByRole("heading", { level: 1 })).toHaveText("Our journal");
      },
    ],
    [
      "aboutPage",
      "About us, rewritten",
      async () => {
        await page.goto("/about");
        await expect(page.getByRole("heading", { name: "About us, rewritten" })).toBeVisible();
      },
    ],
    [
      "submitPage",
      "How to send a paper",
      async () => {
        await page.goto("/admision");
        await expect(page.getByRole("heading", { name: "How to send a paper" })).toBeVisible();
      },
    ],
    [
      "focusPage",
      "What we research",
      async () => {
        await page.goto("/");
        await expect(page.locator("#focus h2")).toHaveText("What we research");
      },
    ],
  ];
  for (const [key, title, check] of focus) {
    await open(page, `/dashboard?tab=focus&page=${key}`);
    await expect(page.getByRole("link", { name: key })).toHaveAttribute("aria-current", "page");
    await page.getByLabel("Title", { exact: true }).fill(title);
    await page.getByRole("button", { name: "Submit" }).click();
    await expect(page.getByRole("status")).toHaveText("Form submitted successfully");
    await check();
  }
  // Choosing a page loads its own saved content.
  await page.goto("/dashboard?tab=focus&page=aboutPage");
  await expect(page.getByLabel("Title", { exact: true })).toHaveValue("About us, rewritten");
  await page.getByRole("link", { name: "submitPage" }).click();
  await expect(page.getByLabel("Title", { exact: true })).toHaveValue("How to send a paper");
});

test("non-admins are refused by the server on every site-content action", async ({ page }) => {
  const username = uniqueName("visitor");
  await signUp(page, username);
  await signIn(page, username, PASSWORD);
  const attempts: Record<string, string>[] = [
    { intent: "save-settings", section: "homepage", title: "x", subtitle: "x", intro: "x", homeimage: "x" },
    { intent: "save-staff", role: "vc", name: "x", post: "x", email: "x@example.edu", description: "x", photo: "x" },
    { intent: "save-announcement", title: "Hacked", content: "x" },
    { intent: "save-focus", key: "aboutPage", title: "Hacked", subtitle: "", content: "" },
  ];
  for (const form of attempts) {
    const response = await page.request.post("/dashboard?tab=profile", { form });
    expect(response.status(), form.intent).toBe(403);
  }
  await page.goto("/admision");
  await expect(page.getByRole("heading", { name: "Hacked" })).toHaveCount(0);
});
