// Accessibility suite, keyboard part: the mobile menu, the account menu, every dialog and the
// editor's toolbar, used with the keyboard alone (Tab, Shift+Tab, Enter, Space, Escape, arrows).
import type { Locator, Page } from "@playwright/test";

import { addToTally } from "../support/tally";
import { adminTest, firstHref, waitForHydration } from "./a11y";
import { expect, test } from "./fixtures";

const SUITE = "accessibility";
const WHAT = "keyboard walk-throughs passed (mobile menu, account menu, each dialog, editor toolbar)";

/** Presses Tab (or Shift+Tab) until `target` has focus, as a keyboard user would reach it. */
async function tabTo(page: Page, target: Locator, { backwards = false, max = 80 } = {}) {
  for (let presses = 0; presses < max; presses++) {
    if (await target.evaluate((el) => el === document.activeElement)) return;
    await page.keyboard.press(backwards ? "Shift+Tab" : "Tab");
  }
  await expect(target, `reached by ${backwards ? "Shift+Tab" : "Tab"} within ${max} presses`).toBeFocused();
}

const focusIsInside = (container: Locator) => container.evaluate((el) => el.contains(document.activeElement));

/**
 * Opens the dialog from `opener` with `key` and walks it: see expectTrappedAndReturned.
 */
async function walkDialog(page: Page, opener: Locator, dialog: Locator, key: "Enter" | "Space" = "Enter") {
  await tabTo(page, opener);
  await page.keyboard.press(key);
  await expectTrappedAndReturned(page, dialog, opener);
}

/**
 * What every dialog must do: focus moves into it; Tab goes round its controls and comes back to
 * where it started without leaving it, and so does Shift+Tab; Escape closes it and focus is back
 * on the control that opened it.
 */
async function expectTrappedAndReturned(page: Page, dialog: Locator, opener: Locator) {
  await expect(dialog).toBeVisible();
  await expect.poll(() => focusIsInside(dialog), { message: "focus moves into the dialog" }).toBe(true);

  const start = await page.evaluateHandle(() => document.activeElement);
  for (const direction of ["Tab", "Shift+Tab"]) {
    const visited = new Set<string>();
    let back = false;
    for (let presses = 0; presses < 40 && !back; presses++) {
      await page.keyboard.press(direction);
      expect(await focusIsInside(dialog), `${direction} keeps focus inside the dialog (press ${presses + 1})`).toBe(
        true,
      );
      visited.add(await page.evaluate(() => document.activeElement?.outerHTML.slice(0, 200) ?? ""));
      back = await page.evaluate((el) => document.activeElement === el, start);
    }
    expect(back, `${direction} comes round to where it started`).toBe(true);
    expect(visited.size, `${direction} visits the dialog's controls`).toBeGreaterThanOrEqual(2);
  }

  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();
  await expect(opener, "focus is back on the control that opened the dialog").toBeFocused();
}

test.describe("keyboard walk-throughs on public pages", () => {
  test.describe("on a phone", () => {
    test.use({ viewport: { width: 390, height: 844 }, hasTouch: true });

    test("mobile menu: opens from the keyboard, its links in order, Escape closes it and focus is back on Menu", async ({
      page,
    }, testInfo) => {
      await page.goto("/");
      await waitForHydration(page);
      const menuButton = page.getByLabel("Menu");
      const mobileNav = page.getByRole("navigation", { name: "Mobile" });
      await tabTo(page, menuButton);
      await page.keyboard.press("Enter");
      await expect(mobileNav).toBeVisible();
      for (const name of ["Home", "Journal Articles", "About", "News and Stories"]) {
        await page.keyboard.press("Tab");
        await expect(mobileNav.getByRole("link", { name, exact: true })).toBeFocused();
      }
      await page.keyboard.press("Shift+Tab");
      await expect(mobileNav.getByRole("link", { name: "About", exact: true })).toBeFocused();
      await page.keyboard.press("Escape");
      await expect(mobileNav).toBeHidden();
      await expect(menuButton).toBeFocused();
      // Space opens it too, and Enter on a link follows it (and the menu closes behind it).
      await page.keyboard.press("Space");
      await expect(mobileNav).toBeVisible();
      await page.keyboard.press("Tab");
      await page.keyboard.press("Tab");
      await page.keyboard.press("Enter");
      await expect(page).toHaveURL(/\/journals$/);
      await expect(mobileNav).toBeHidden();
      addToTally(testInfo, SUITE, 1, WHAT);
    });
  });

  test("staff directory: an officer's dialog on the call-for-papers page", async ({ page }, testInfo) => {
    await page.goto("/admision");
    await waitForHydration(page);
    // The cards are links (they work before the scripts run), opened with Enter as links are.
    const opener = page.getByRole("link", { name: /Mrs Grace Adeyemi/ });
    await walkDialog(page, opener, page.getByRole("dialog", { name: "Mrs Grace Adeyemi" }));
    await expect(page).not.toHaveURL(/officer=/);
    addToTally(testInfo, SUITE, 1, WHAT);
  });

  test("department page: a course's dialog", async ({ page }, testInfo) => {
    await page.goto(await firstHref(page, "/programmes", "/programmes/", /Peace and Conflict Studies/));
    await waitForHydration(page);
    const dialog = page.getByRole("dialog", { name: "Negotiation and Mediation" });
    await walkDialog(page, page.getByRole("link", { name: "Negotiation and Mediation" }), dialog);
    await expect(page).not.toHaveURL(/course=/);
    addToTally(testInfo, SUITE, 1, WHAT);
  });
});

adminTest.describe("keyboard walk-throughs signed in as an admin", () => {
  adminTest(
    "account menu: Enter opens it, arrows move, Escape closes it and focus is back on the avatar",
    async ({ page }, testInfo) => {
      await page.goto("/about");
      await waitForHydration(page);
      const trigger = page.getByRole("button", { name: /^Account menu for / });
      const menu = page.getByRole("menu");
      await tabTo(page, trigger);
      await page.keyboard.press("Enter");
      await expect(menu).toBeVisible();
      await expect(menu.getByRole("menuitem", { name: "Profile" })).toBeFocused();
      // Each arrow is pressed once the last has moved focus: the menu moves focus a tick after
      // the key (Radix defers it), so a second key sent at once would still reach "Sign out".
      for (const [key, item] of [
        ["ArrowDown", "My submissions"],
        ["ArrowDown", "Dashboard"],
        ["ArrowDown", "Sign out"],
        ["ArrowUp", "Dashboard"],
        ["ArrowUp", "My submissions"],
        ["ArrowUp", "Profile"],
      ]) {
        await page.keyboard.press(key);
        await expect(menu.getByRole("menuitem", { name: item }), `${key} to ${item}`).toBeFocused();
      }
      await page.keyboard.press("Escape");
      await expect(menu).toBeHidden();
      await expect(trigger).toBeFocused();
      // Space opens it too; Enter on an item chooses it.
      await page.keyboard.press("Space");
      await expect(menu.getByRole("menuitem", { name: "Profile" })).toBeFocused();
      await page.keyboard.press("Enter");
      await expect(page).toHaveURL(/\/dashboard\?tab=profile$/);
      await expect(menu).toBeHidden();
      addToTally(testInfo, SUITE, 1, WHAT);
    },
  );

  const confirmations: { name: string; path: string; opener: (page: Page) => Locator }[] = [
    {
      name: "delete account (profile tab)",
      path: "/dashboard?tab=profile",
      opener: (page) => page.getByRole("link", { name: "Delete Account" }),
    },
    {
      name: "delete a post (posts tab)",
      path: "/dashboard?tab=posts",
      opener: (page) => page.getByRole("link", { name: /^Delete / }).first(),
    },
    {
      name: "delete a journal article (journals tab)",
      path: "/dashboard?tab=journals",
      opener: (page) => page.getByRole("link", { name: /^Delete / }).first(),
    },
    {
      name: "delete a user (users tab)",
      path: "/dashboard?tab=users",
      opener: (page) => page.getByRole("link", { name: /^Delete / }).first(),
    },
    {
      name: "delete a faculty (course tab)",
      path: "/dashboard?tab=course",
      opener: (page) => page.getByRole("button", { name: "Delete Faculty of Law" }),
    },
    {
      name: "delete a course (course tab)",
      path: "/dashboard?tab=course",
      opener: (page) => page.getByRole("button", { name: /^Delete PCS / }).first(),
    },
  ];
  for (const { name, path, opener } of confirmations) {
    adminTest(`confirmation dialog: ${name}`, async ({ page }, testInfo) => {
      await page.goto(path);
      await waitForHydration(page);
      await walkDialog(page, opener(page), page.getByRole("alertdialog"));
      addToTally(testInfo, SUITE, 1, WHAT);
    });
  }

  for (const [kind, name] of [
    ["faculty", "Faculty of Law"],
    ["department", "Peace and Conflict Studies"],
    ["course", "PCS 705"],
  ] as const) {
    adminTest(`edit dialog: ${kind} (course tab)`, async ({ page }, testInfo) => {
      await page.goto("/dashboard?tab=course");
      await waitForHydration(page);
      await walkDialog(
        page,
        page.getByRole("button", { name: `Edit ${name}` }),
        page.getByRole("dialog", { name: `Edit ${kind}` }),
      );
      addToTally(testInfo, SUITE, 1, WHAT);
    });
  }

  adminTest(
    "the 'not empty' dialog that follows a faculty's confirmation (nothing is deleted)",
    async ({ page }, testInfo) => {
      await page.goto("/dashboard?tab=course");
      await waitForHydration(page);
      // The server only asks again (and deletes nothing) because this faculty still holds a department.
      await expect(page.getByRole("row", { name: /^Public Law and Human Rights Faculty of Law/ })).toBeVisible();
      const opener = page.getByRole("button", { name: "Delete Faculty of Law" });
      await tabTo(page, opener);
      await page.keyboard.press("Enter");
      const confirm = page.getByRole("alertdialog", { name: "Are you sure you want to delete this faculty?" });
      await expect(confirm.getByRole("button", { name: "Yes am sure!" })).toBeFocused();
      await page.keyboard.press("Enter");
      const holds = page.getByRole("alertdialog", { name: "This faculty is not empty" });
      await expect(holds).toContainText("Delete them all together?");
      await expectTrappedAndReturned(page, holds, opener);
      await expect(page.getByRole("row", { name: /^Public Law and Human Rights Faculty of Law/ })).toBeVisible();
      addToTally(testInfo, SUITE, 1, WHAT);
    },
  );

  adminTest(
    "editor toolbar: reached with Tab, Bold applied from the keyboard, Tab leaves the editor",
    async ({ page }, testInfo) => {
      await page.goto("/create-post");
      const toolbar = page.getByRole("toolbar", { name: "Formatting" });
      await expect(toolbar).toBeVisible();
      const editor = page.getByRole("textbox", { name: "Content" });

      // The toolbar comes after the post's other fields, and every control in it has a name.
      await tabTo(page, page.getByLabel("Title"));
      await tabTo(page, toolbar.getByRole("button", { name: "Bold" }));
      await tabTo(page, editor);
      await page.keyboard.type("Peace talks resume");
      await page.keyboard.press("Shift+Home");
      // Back to Bold with Shift+Tab; the editor keeps its selection while the toolbar has focus.
      await tabTo(page, toolbar.getByRole("button", { name: "Bold" }), { backwards: true });
      await page.keyboard.press("Enter");
      await expect(editor.locator("strong")).toHaveText("Peace talks resume");
      await expect(toolbar.getByRole("button", { name: "Bold" })).toHaveClass(/ql-active/);

      // Tab from the text goes on to the next control rather than typing a tab into the post.
      await tabTo(page, editor);
      await page.keyboard.press("End");
      await page.keyboard.press("Tab");
      await expect(editor).not.toBeFocused();
      await expect(editor).toHaveText("Peace talks resume");
      // The next control after the text is the editor's own "Insert image from library".
      await expect(page.getByRole("button", { name: "Insert image from library" })).toBeFocused();
      addToTally(testInfo, SUITE, 1, WHAT);
    },
  );
});
