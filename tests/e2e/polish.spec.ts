import type { Page } from "@playwright/test";

import { demoJournal, demoPost, firstHref } from "./a11y";
import { expect, login, signUp, test, uniqueName } from "./fixtures";

/** Clicks the registrar's card on the call-for-papers page; her dialog. */
async function openRegistrar(page: Page) {
  await page.goto("/admision");
  await page.getByRole("link", { name: /Mrs Grace Adeyemi/ }).click();
  return page.getByRole("dialog", { name: "Mrs Grace Adeyemi" });
}

// Public pages load their scripts after the first paint: every control must work before they run.
test.describe("controls without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("a department's course dialog opens from its link and both its close controls close it", async ({ page }) => {
    const department = await firstHref(page, "/programmes", "/programmes/", /Peace and Conflict Studies/);
    for (const close of ["Close", "Close dialog"]) {
      await page.goto(department);
      await page.getByRole("link", { name: "Negotiation and Mediation" }).click();
      await expect(page).toHaveURL(/\?course=[0-9a-f-]{36}$/);
      const dialog = page.getByRole("dialog", { name: "Negotiation and Mediation" });
      await expect(dialog).toBeVisible();
      await expect(dialog.getByText("Credits")).toBeVisible();
      await dialog.getByRole("link", { name: close, exact: true }).click();
      await expect(page).toHaveURL(new RegExp(`${department}#courses$`));
      await expect(page.getByRole("dialog")).toHaveCount(0);
      await expect(page.getByRole("heading", { name: "Courses Offered" })).toBeInViewport();
    }
  });

  test("an officer's card on the call-for-papers page opens their details, and Close returns to the list", async ({
    page,
  }) => {
    const dialog = await openRegistrar(page);
    await expect(page).toHaveURL(/\/admision\?officer=registrar$/);
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole("link", { name: "registrar@lakeland.example.edu" })).toBeVisible();
    await dialog.getByRole("link", { name: "Close", exact: true }).click();
    await expect(page).toHaveURL(/\/admision#officers$/);
    await expect(page.getByRole("dialog")).toHaveCount(0);
    await expect(page.getByRole("heading", { name: "Principal Officers" })).toBeInViewport();
  });
});

test.describe("the dashboard without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("Make admin asks first, as a link to the question and a plain form", async ({ admin, page }) => {
    const member = uniqueName("member");
    await signUp(page, member);
    await login(page, admin);
    await page.goto("/dashboard?tab=users");
    const row = page.locator("tbody tr", { hasText: `${member}@example.edu` });
    await row.getByRole("link", { name: `Make admin: ${member}` }).click();
    await expect(page).toHaveURL(/[?&]promote=[0-9a-zA-Z-]+$/);
    const question = page.getByRole("alertdialog");
    await expect(question.getByRole("heading", { name: `Make ${member} an admin?` })).toBeVisible();
    await question.getByRole("link", { name: "No,Cancel" }).click();
    await expect(page.getByRole("alertdialog")).toHaveCount(0);
    await expect(row.getByRole("img", { name: "Admin: no" })).toBeVisible();

    await row.getByRole("link", { name: `Make admin: ${member}` }).click();
    await question.getByRole("button", { name: "Yes, make admin" }).click();
    await expect(page.getByRole("status")).toHaveText(`${member} is now an admin.`);
    await expect(row.getByRole("img", { name: "Admin: yes" })).toBeVisible();
  });
});

test("with JavaScript, an officer's card opens the dialog in place and closing it leaves the address clean", async ({
  page,
}) => {
  const dialog = await openRegistrar(page);
  await expect(dialog).toBeVisible();
  await dialog.getByRole("button", { name: "Close", exact: true }).click();
  await expect(dialog).toBeHidden();
  await expect(page).toHaveURL(/\/admision$/);
});

/** Whether anything on the page is wider than the window (the page scrolls sideways). */
async function overflowsSideways(page: Page) {
  return page.evaluate(() => document.documentElement.scrollWidth > document.documentElement.clientWidth);
}

const PHONE = { width: 375, height: 740 };
const LAPTOP = { width: 1440, height: 900 };

test.describe("at real widths", () => {
  test("the Users table fits a 1440 px window without scrolling sideways", async ({ adminPage: page }) => {
    await page.setViewportSize(LAPTOP);
    await page.goto("/dashboard?tab=users");
    const table = page.getByRole("table");
    await expect(table.getByRole("columnheader", { name: "Email" })).toBeVisible();
    const scroller = table.locator("xpath=..");
    expect(await scroller.evaluate((el) => el.scrollWidth - el.clientWidth)).toBeLessThanOrEqual(0);
    await expect(table.getByRole("button", { name: /^Revoke admin/ }).first()).toBeInViewport({
      ratio: 1,
    });
    expect(await overflowsSideways(page)).toBe(false);
  });

  test("on a phone, the Course tab's forms and tables stay inside their card", async ({ adminPage: page }) => {
    await page.setViewportSize(PHONE);
    await page.goto("/dashboard?tab=course");
    const card = page.locator("section[aria-labelledby=course-title]").locator("xpath=..");
    await expect(card.getByRole("heading", { name: "Create Course" })).toBeVisible();
    expect(await card.evaluate((el) => el.scrollWidth - el.clientWidth)).toBeLessThanOrEqual(0);
    // Every form field is inside the card, not cut by its edge.
    const box = (await card.boundingBox())!;
    for (const field of await card.locator("form input:visible, form select:visible, form button:visible").all()) {
      const b = (await field.boundingBox())!;
      expect(b.x, "a field starts inside the card").toBeGreaterThanOrEqual(box.x);
      expect(b.x + b.width, "a field ends inside the card").toBeLessThanOrEqual(box.x + box.width + 0.5);
    }
    expect(await overflowsSideways(page)).toBe(false);
  });

  test("on a phone, the dashboard's tab strip shows that it scrolls, and stops saying so at its end", async ({
    adminPage: page,
  }) => {
    await page.setViewportSize(PHONE);
    await page.goto("/dashboard?tab=profile");
    const strip = page.getByRole("navigation", { name: "Dashboard" }).getByRole("list");
    expect(await strip.evaluate((el) => el.scrollWidth > el.clientWidth)).toBe(true);
    const more = page.getByTestId("tabs-more");
    await expect(more).toBeVisible();
    await strip.evaluate((el) => el.scrollTo({ left: el.scrollWidth }));
    await expect(more).toBeHidden();
    expect(await overflowsSideways(page)).toBe(false);
    // A wide window lists the tabs down the side, with nothing to scroll.
    await page.setViewportSize(LAPTOP);
    await expect(more).toBeHidden();
  });

  test("on a phone, a journal article offers a Download PDF card instead of an empty preview", async ({ page }) => {
    const journal = await demoJournal(page);
    await page.setViewportSize(PHONE);
    await page.goto(journal.page);
    const card = page.getByRole("region", { name: "Read the full article" });
    await expect(card).toBeVisible();
    await expect(card.getByRole("link", { name: "Download PDF" })).toHaveAttribute(
      "href",
      /\/pdf\?v=[a-z0-9]+&download$/,
    );
    await expect(page.getByTestId("pdf-preview")).toBeHidden();
    expect(await overflowsSideways(page)).toBe(false);
    // A wider screen shows the preview, and no card.
    await page.setViewportSize(LAPTOP);
    await expect(page.getByTestId("pdf-preview")).toBeVisible();
    await expect(card).toBeHidden();
  });

  test("printing a post or a journal article leaves out the header, footer and buttons, in black on white", async ({
    page,
  }) => {
    for (const address of [(await demoPost(page)).page, (await demoJournal(page)).page]) {
      await page.goto(address);
      await page.emulateMedia({ media: "print" });
      await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
      await expect(page.getByRole("banner")).toBeHidden();
      await expect(page.getByRole("contentinfo")).toBeHidden();
      await expect(page.getByRole("navigation", { name: "Main" })).toBeHidden();
      await expect(page.getByRole("link", { name: "Download PDF" })).toHaveCount(0);
      expect(await page.getByRole("heading", { level: 1 }).evaluate((h) => getComputedStyle(h).color)).toBe(
        "rgb(0, 0, 0)",
      );
      await expect(page.getByRole("heading", { name: "Related Articles" })).toBeHidden();
      await page.emulateMedia({ media: "screen" });
    }
  });
});

test.describe("the rich-text editor", () => {
  for (const theme of ["light", "dark"] as const) {
    test(`uses the site's fonts and follows the ${theme} theme`, async ({ adminPage: page, context, baseURL }) => {
      const cookie = Buffer.from(JSON.stringify(theme)).toString("base64");
      await context.addCookies([{ name: "theme", value: cookie, url: baseURL! }]);
      await page.goto("/create-post");
      const editor = page.locator(".ql-editor");
      await expect(editor).toBeVisible();
      const look = await editor.evaluate((el) => {
        const shell = el.closest(".editor-shell")!;
        return {
          font: getComputedStyle(el).fontFamily,
          text: getComputedStyle(el).color,
          background: getComputedStyle(shell).backgroundColor,
          icon: getComputedStyle(document.querySelector(".ql-toolbar .ql-stroke")!).stroke,
        };
      });
      expect(look.font).toContain("system-ui");
      expect(look.font).not.toContain("Helvetica, Arial");
      const light = (rgb: string) =>
        rgb
          .match(/\d+/g)!
          .slice(0, 3)
          .reduce((sum, n) => sum + Number(n), 0) > 600;
      expect(light(look.background), `background ${look.background}`).toBe(theme === "light");
      expect(light(look.text), `text ${look.text}`).toBe(theme === "dark");
      expect(light(look.icon), `toolbar icons ${look.icon}`).toBe(theme === "dark");
    });
  }
});

test.describe("in the editor's words", () => {
  test("an admin's avatar menu has Dashboard; public pages show an admin an Edit link to what changes them", async ({
    adminPage: page,
    browser,
  }) => {
    // Ten public pages and the dashboard, each loaded and checked: more than 30 s on a loaded machine.
    test.slow();
    const post = await demoPost(page);
    const journal = await demoJournal(page);
    await page.goto(post.page);
    await page.getByRole("button", { name: /^Account menu for / }).click();
    await expect(page.getByRole("menuitem", { name: "Dashboard" })).toHaveAttribute("href", "/dashboard?tab=posts");
    await page.keyboard.press("Escape");

    const edits: [string, string, string | RegExp][] = [
      [post.page, "Edit this post", post.editor],
      [journal.page, "Edit this journal article", journal.editor],
      ["/", "Edit the home page's hero", "/dashboard?tab=about&section=homepage"],
      ["/about", "Edit the About page's text", "/dashboard?tab=about&section=about"],
      ["/admision", "Edit the call for papers", "/dashboard?tab=journal"],
      ["/programmes", "Edit the faculties and departments", "/dashboard?tab=course"],
      ["/posts", "Edit the news posts", "/dashboard?tab=posts"],
      ["/journals", "Edit the journal articles", "/dashboard?tab=journals"],
    ];
    for (const [address, name, href] of edits) {
      const response = await page.goto(address);
      // An admin's page is never kept for others (the page cache keeps signed-out renders only).
      expect(response!.headers()["cache-control"]).toContain("no-store");
      await expect(page.getByRole("link", { name, exact: true })).toHaveAttribute("href", href);
    }
    await page.getByRole("link", { name: "Edit the journal articles", exact: true }).click();
    await expect(page).toHaveURL(/\/dashboard\?tab=journals$/);

    // A visitor who is not signed in never sees it, from the cache or not.
    const visitor = await browser.newPage();
    for (const [address] of edits) {
      await visitor.goto(address);
      // (An article called "Editorial: …" is not an Edit link.)
      await expect(visitor.getByRole("link", { name: /^Edit (this|the) / })).toHaveCount(0);
    }
    await visitor.close();
  });

  test("settings sections and focus pages say which place on the site they change, with a link to it", async ({
    adminPage: page,
  }) => {
    await page.goto("/dashboard?tab=about&section=homepage");
    // The section is named by what it is and where it shows (issue 33); the place note follows.
    await expect(page.getByLabel("Section").locator("option:checked")).toHaveText("Hero (Home page)");
    await expect(page.getByTestId("place-note")).toHaveText("Shown on: Home page: hero (opens in a new tab) · History");
    await expect(page.getByTestId("place-note").getByRole("link", { name: /Home page: hero/ })).toHaveAttribute(
      "href",
      "/",
    );
    // And where its earlier versions are (compare, restore).
    await expect(page.getByTestId("place-note").getByRole("link", { name: "History" })).toHaveAttribute(
      "href",
      "/history/settings/homepage",
    );
    await page.getByLabel("Section").selectOption("howtoapplyone");
    await expect(page.getByTestId("place-note")).toContainText("Home page: How to submit, step 1");

    await page.goto("/dashboard?tab=focus&page=homePage");
    await expect(page.getByRole("link", { name: "homePage Journals page heading" })).toHaveAttribute(
      "aria-current",
      "page",
    );
    await expect(page.getByTestId("place-note").getByRole("link", { name: /Journals page heading/ })).toHaveAttribute(
      "href",
      "/journals",
    );
    await page.getByRole("link", { name: /^submitPage/ }).click();
    await expect(page.getByTestId("place-note")).toContainText("Call for Papers page: submission guidelines");

    await page.goto("/dashboard?tab=announce");
    await expect(page.getByTestId("place-note")).toContainText(
      "Call for Papers page and its banner: the call for papers",
    );
  });

  test("a video address that cannot be embedded is refused with a message, not left as an empty frame", async ({
    adminPage: page,
  }) => {
    await page.goto("/create-post");
    const editor = page.locator(".ql-editor");
    await editor.click();
    await page.getByRole("button", { name: "Insert video" }).click();
    const address = page.locator(".ql-tooltip input[type=text]");
    await address.fill("https://example.com/lecture.mp4");
    await address.press("Enter");
    await expect(page.getByRole("alert")).toContainText(
      "That video address cannot be shown in the page: only YouTube and Vimeo video links can be embedded.",
    );
    await expect(editor.locator("iframe")).toHaveCount(0);

    await editor.click();
    await page.getByRole("button", { name: "Insert video" }).click();
    await address.fill("https://www.youtube.com/watch?v=dQw4w9WgXcQ");
    await address.press("Enter");
    await expect(editor.locator("iframe")).toHaveAttribute("src", "https://www.youtube.com/embed/dQw4w9WgXcQ");
  });

  test("a department's description is edited as text, never as HTML tags", async ({ adminPage: page }) => {
    await page.goto("/dashboard?tab=course");
    await page.getByRole("button", { name: "Edit Peace and Conflict Studies" }).click();
    const description = page.getByRole("dialog").getByLabel("Description");
    await expect(description).toHaveValue(/^The department offers the Centre's flagship postgraduate programmes/);
    await expect(description).not.toHaveValue(/</);
  });
});
