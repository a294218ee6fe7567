// Accessibility suite, axe part: axe-core (WCAG 2.2 A and AA) on every public page and every
// dashboard tab and editor, in the light and dark themes, at phone and desktop widths, and again
// with each dialog and menu open.
import type { Locator, Page } from "@playwright/test";

import { DASHBOARD_TABS } from "../../app/dashboard/registry";
import { demoJournals, demoPosts } from "../../app/demo/content";
import { addToTally } from "../support/tally";
import { adminTest, checkEveryView, checkOpen, demoJournal, demoPost, firstHref } from "./a11y";
import { expect, test } from "./fixtures";

const SUITE = "accessibility";
const WHAT =
  "page views checked with axe for WCAG 2.2 A/AA (each page and dashboard tab × 2 themes × 2 widths, each open dialog and menu × 2 themes)";

const heading = (text: string | RegExp) => async (page: Page) => {
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(text);
};
const anyHeading = async (page: Page) => {
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
};
/** Quill replaces the plain field once the page runs: check the editor people actually use. */
const editorReady = async (page: Page) => {
  await expect(page.getByRole("toolbar", { name: "Formatting" }).first()).toBeVisible();
};

test.describe("public pages: no WCAG 2.2 A/AA violation in either theme, on a phone or a desktop", () => {
  const pages: {
    name: string;
    path: string | ((page: Page) => Promise<string>);
    ready: (page: Page) => Promise<void>;
  }[] = [
    { name: "home", path: "/", ready: heading("Research that builds lasting peace") },
    { name: "about", path: "/about", ready: heading("Centre for Peace, Security and Conflict Resolution") },
    { name: "news list", path: "/posts", ready: heading("News and Stories") },
    { name: "a post", path: async (page) => (await demoPost(page)).page, ready: heading(demoPosts[0].title) },
    { name: "journals list", path: "/journals", ready: heading("Journal Articles") },
    {
      name: "a journal article",
      path: async (page) => (await demoJournal(page)).page,
      ready: heading(demoJournals[0].title),
    },
    { name: "the journal's archive", path: "/journals/issues", ready: heading("Archive") },
    { name: "an issue's table of contents", path: "/journals/issue/1/2", ready: heading("Vol. 1 No. 2 (2024)") },
    { name: "the journal in numbers", path: "/journal-in-numbers", ready: heading(/ in numbers$/) },
    {
      name: "call for papers",
      path: "/admision",
      ready: async (page) => expect(page.getByRole("link", { name: "Apply Now" })).toBeVisible(),
    },
    { name: "programmes", path: "/programmes", ready: heading("Programmes") },
    { name: "search results", path: "/search?q=peace", ready: heading("Search the site") },
    {
      name: "a department with courses",
      path: (page) => firstHref(page, "/programmes", "/programmes/", /Peace and Conflict Studies/),
      ready: heading("Peace and Conflict Studies"),
    },
    {
      name: "a department without image or courses, at SPEC.md's /journals/{id}",
      path: async (page) =>
        (await firstHref(page, "/programmes", "/programmes/", /Criminology and Intelligence Studies/)).replace(
          "/programmes/",
          "/journals/",
        ),
      ready: heading("Criminology and Intelligence Studies"),
    },
    {
      name: "sign in",
      path: "/signin",
      ready: async (page) => expect(page.getByRole("button", { name: "Sign In" })).toBeVisible(),
    },
    {
      name: "sign up",
      path: "/signup",
      ready: async (page) => expect(page.getByRole("button", { name: "Sign Up" })).toBeVisible(),
    },
    {
      name: "forgot password",
      path: "/forgot-password",
      ready: async (page) => expect(page.getByRole("button", { name: "Send me a link" })).toBeVisible(),
    },
    {
      name: "a reset link that no longer works",
      path: "/reset-password?token=used-or-expired-token",
      ready: heading("Choose a new password"),
    },
    { name: "a confirmation link that no longer works", path: "/verify-email?token=x", ready: anyHeading },
    { name: "the 404 page", path: "/no-such-page", ready: heading("Page not found") },
    { name: "a missing post", path: "/post/no-such-post", ready: heading("Post not found") },
    { name: "a missing journal article", path: "/journal/no-such-article", ready: anyHeading },
    { name: "the API documentation", path: "/api/docs", ready: anyHeading },
    { name: "privacy", path: "/privacy", ready: heading("What we count, and what we keep") },
  ];

  for (const { name, path, ready } of pages) {
    test(name, async ({ page }, testInfo) => {
      const address = typeof path === "string" ? path : await path(page);
      addToTally(testInfo, SUITE, await checkEveryView(page, address, ready), WHAT);
    });
  }

  test("call for papers with an officer's dialog open", async ({ page }, testInfo) => {
    const checked = await checkOpen(page, "/admision", async () => {
      await page.getByRole("link", { name: /Mrs Grace Adeyemi/ }).click();
      return page.getByRole("dialog", { name: "Mrs Grace Adeyemi" });
    });
    addToTally(testInfo, SUITE, checked, WHAT);
  });

  test("a department with a course's dialog open", async ({ page }, testInfo) => {
    const department = await firstHref(page, "/programmes", "/programmes/", /Peace and Conflict Studies/);
    const checked = await checkOpen(page, department, async () => {
      await page.getByRole("link", { name: "Negotiation and Mediation" }).click();
      return page.getByRole("dialog", { name: "Negotiation and Mediation" });
    });
    addToTally(testInfo, SUITE, checked, WHAT);
  });

  test("the mobile menu open on a phone", async ({ page }, testInfo) => {
    const checked = await checkOpen(page, "/", async () => {
      await page.getByLabel("Menu").click();
      return page.getByRole("navigation", { name: "Mobile" });
    });
    addToTally(testInfo, SUITE, checked, WHAT);
  });
});

adminTest.describe("dashboard and editors, signed in as an admin: no WCAG 2.2 A/AA violation", () => {
  for (const tab of DASHBOARD_TABS) {
    adminTest(`dashboard tab: ${tab.label}`, async ({ page }, testInfo) => {
      const checked = await checkEveryView(page, `/dashboard?tab=${tab.id}`, async (p) => {
        await expect(
          p.getByRole("navigation", { name: "Dashboard" }).getByRole("link", { name: tab.label }),
        ).toHaveAttribute("aria-current", "page");
        if (tab.id === "announce" || tab.id === "focus") await editorReady(p);
      });
      addToTally(testInfo, SUITE, checked, WHAT);
    });
  }

  // The editors as they are for an existing record (a new one is the same form, empty).
  adminTest("post editor", async ({ page }, testInfo) => {
    addToTally(testInfo, SUITE, await checkEveryView(page, (await demoPost(page)).editor, editorReady), WHAT);
  });

  adminTest("journal editor", async ({ page }, testInfo) => {
    addToTally(testInfo, SUITE, await checkEveryView(page, (await demoJournal(page)).editor, editorReady), WHAT);
  });

  adminTest("the account menu open", async ({ page }, testInfo) => {
    const checked = await checkOpen(page, "/dashboard?tab=profile", async () => {
      await page.getByRole("button", { name: /^Account menu for / }).click();
      return page.getByRole("menu");
    });
    addToTally(testInfo, SUITE, checked, WHAT);
  });

  /** Clicks the trigger and returns the dialog it opens. */
  const opens =
    (
      trigger: (page: Page) => Locator,
      dialog: { role?: "dialog" | "alertdialog"; name: string } = { name: "Are you sure?" },
    ) =>
    async (page: Page) => {
      await trigger(page).click();
      return page.getByRole(dialog.role ?? "alertdialog", { name: dialog.name });
    };
  const firstDelete = (page: Page) => page.getByRole("link", { name: /^Delete / }).first();
  const confirmations: { name: string; path: string; open: (page: Page) => Promise<Locator> }[] = [
    {
      name: "delete-account confirmation (profile)",
      path: "/dashboard?tab=profile",
      open: opens((page) => page.getByRole("link", { name: "Delete Account" })),
    },
    { name: "delete-post confirmation", path: "/dashboard?tab=posts", open: opens(firstDelete) },
    { name: "delete-journal confirmation", path: "/dashboard?tab=journals", open: opens(firstDelete) },
    { name: "delete-user confirmation", path: "/dashboard?tab=users", open: opens(firstDelete) },
    {
      name: "delete-faculty confirmation (course tab)",
      path: "/dashboard?tab=course",
      open: opens((page) => page.getByRole("button", { name: "Delete Faculty of Law" }), {
        name: "Are you sure you want to delete this faculty?",
      }),
    },
    { name: "delete-file confirmation (media tab)", path: "/dashboard?tab=media", open: opens(firstDelete) },
    {
      name: "media library picker (post editor)",
      path: "/create-post",
      open: opens((page) => page.getByRole("button", { name: "Choose from library" }), {
        role: "dialog",
        name: "Choose an image from the library",
      }),
    },
    {
      name: "edit-department dialog (course tab)",
      path: "/dashboard?tab=course",
      open: opens((page) => page.getByRole("button", { name: "Edit Peace and Conflict Studies" }), {
        role: "dialog",
        name: "Edit department",
      }),
    },
  ];
  for (const { name, path, open } of confirmations) {
    adminTest(`with the ${name} open`, async ({ page }, testInfo) => {
      addToTally(testInfo, SUITE, await checkOpen(page, path, open), WHAT);
    });
  }
});
