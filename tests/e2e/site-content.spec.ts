import type { Page } from "@playwright/test";

import { expect, PASSWORD, signIn, signUp, test, uniqueName } from "./fixtures";

// These tests rewrite the site's words, which other specs read (and the last one tries to): each
// runs while no other test holds the site's shared content, which is put back as it was afterwards
// (`sharedContent`, tests/e2e/fixtures.ts).
test.use({ sharedContent: "rewrite" });

/** Opens a page and waits until it runs (so typing is not undone by the page starting up). */
async function open(page: Page, url: string) {
  await page.goto(url);
  await page.waitForLoadState("networkidle");
}

/** Fills one field of a dashboard form, saves it, and expects the form's success message. */
async function saveField(page: Page, url: string, label: string, value: string, message: string) {
  await open(page, url);
  await page.getByLabel(label, { exact: true }).fill(value);
  await page.getByRole("button", { name: "Save", exact: true }).click();
  await expect(page.getByRole("status")).toHaveText(message);
}

test("every settings section: each change shows on the page that uses it", async ({ adminPage: page }) => {
  test.setTimeout(120_000);
  // Each section's Title, and where the site then shows it.
  const title = "New hero title";
  const checks: [section: string, url: string, shows: () => Promise<void>][] = [
    ["homepage", "/", () => expect(page.getByRole("heading", { level: 1 })).toHaveText(title)],
    ["about", "/", () => expect(page.locator("#about-teaser h2")).toHaveText(title)],
    ["howtoapplyone", "/", () => expect(page.locator("#how-to-apply h3").nth(0)).toHaveText(title)],
    ["howtoapplytwo", "/", () => expect(page.locator("#how-to-apply h3").nth(1)).toHaveText(title)],
    ["howtoapplythree", "/", () => expect(page.locator("#how-to-apply h3").nth(2)).toHaveText(title)],
    ["programmes", "/programmes", () => expect(page.getByRole("heading", { level: 1 })).toHaveText(title)],
    ["blog", "/posts", () => expect(page.getByRole("heading", { level: 1 })).toHaveText(title)],
    ["calltoaction", "/", () => expect(page.getByRole("heading", { name: title }).last()).toBeVisible()],
  ];
  for (const [section, url, shows] of checks) {
    await saveField(page, `/dashboard?tab=about&section=${section}`, "Title", title, "Section updated successfully!");
    await page.goto(url);
    await shows();
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

test("every staff role, the announcement and every focus page", async ({ adminPage: page }) => {
  test.setTimeout(120_000);
  const roles = ["vc", "director", "deputy", "bursar", "registrar", "library", "depIct", "acad"];
  for (const role of roles) {
    await saveField(
      page,
      `/dashboard?tab=staff&role=${role}`,
      "Name",
      `Dr ${role} Renamed`,
      "Staff updated successfully!",
    );
  }
  await page.goto("/admision");
  for (const role of roles)
    await expect(page.getByRole("link", { name: new RegExp(`Dr ${role} Renamed`) })).toBeVisible();
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
  const mainHeadingReads = (text: string) => expect(page.getByRole("heading", { level: 1 })).toHaveText(text);
  const hasHeading = (text: string) => expect(page.getByRole("heading", { name: text })).toBeVisible();
  const focus: [key: string, title: string, url: string, shows: (title: string) => Promise<void>][] = [
    ["homePage", "Our journal", "/journals", mainHeadingReads],
    ["aboutPage", "About us, rewritten", "/about", hasHeading],
    ["submitPage", "How to send a paper", "/admision", hasHeading],
    ["focusPage", "What we research", "/", (title) => expect(page.locator("#focus h2")).toHaveText(title)],
  ];
  for (const [key, title, url, shows] of focus) {
    await open(page, `/dashboard?tab=focus&page=${key}`);
    await expect(page.getByRole("link", { name: key })).toHaveAttribute("aria-current", "page");
    await page.getByLabel("Title", { exact: true }).fill(title);
    await page.getByRole("button", { name: "Submit" }).click();
    await expect(page.getByRole("status")).toHaveText("Form submitted successfully");
    await page.goto(url);
    await shows(title);
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
