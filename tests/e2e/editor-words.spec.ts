import { createIssue, startArticle } from "../support/e2e-articles";
import { expectNoViolations } from "./a11y";
import { expect, startPost, test, uniqueName } from "./fixtures";

/**
 * Issue 33, the editor's words: the dashboard calls an article an article (SPEC-NOTES.md), lists
 * it with its issue, its own authors, status and publication date, and confirms a save with the
 * way to the article's page; both editors open with the publishing box, whose button follows the
 * status chosen.
 */

test("the Articles tab: an article's issue, authors, status, date and PDF by its own name; a filter by issue; a confirmation with View", async ({
  adminPage: page,
}) => {
  test.setTimeout(90_000);
  const volume = String(1000 + Math.floor(Math.random() * 3900));
  const label = `Vol. ${volume} No. 1 (2026)`;
  await createIssue(page, volume);

  await page.goto("/dashboard?tab=journals");
  await expect(page.getByRole("heading", { name: "Articles", level: 2 })).toBeVisible();
  await page.getByRole("link", { name: "New article" }).click();
  await expect(page.getByRole("heading", { name: "New article", level: 1 })).toBeVisible();

  const title = `Harbour patrols ${uniqueName("w")}`;
  await startArticle(page, title, "How harbour patrols changed.");
  // The PDF by the name it had on the editor's computer.
  await expect(page.getByText("Uploaded: article.pdf")).toBeVisible();
  await page.getByLabel("Issue", { exact: true }).selectOption({ label });
  const author = page.getByRole("group", { name: "Author 1", exact: true });
  await author.getByLabel("Given name").fill("Efua");
  await author.getByLabel("Family name").fill("Asante");

  // The publishing box comes first, and its button says what the save will do.
  const box = page.getByRole("group", { name: "Publishing" });
  const boxTop = (await box.boundingBox())!.y;
  expect(boxTop).toBeLessThan((await page.getByLabel("Article title").boundingBox())!.y);
  await expect(box.getByRole("button", { name: "Save draft", exact: true })).toBeVisible();
  await box.getByLabel("Status").selectOption("scheduled");
  await expect(box.getByRole("button", { name: "Schedule", exact: true })).toBeVisible();
  await box.getByLabel("Status").selectOption("published");
  await box.getByRole("button", { name: "Publish", exact: true }).click();

  // The list says what was saved, with the way to it.
  await expect(page).toHaveURL(/\/dashboard\?tab=journals&saved=/);
  const saved = page.getByRole("status").filter({ hasText: `Article "${title}" is published.` });
  await expect(saved).toBeVisible();
  await expectNoViolations(page, "the Articles tab with a save's confirmation");

  // The issue's articles only, with this article's own authors (not who uploaded it).
  await page.getByLabel("Issue").selectOption({ label });
  await page.getByRole("button", { name: "Apply", exact: true }).click();
  await expect(page).toHaveURL(/issue=/);
  await expect(page.getByRole("columnheader")).toHaveText([
    "Select",
    "Date Updated",
    "Article title",
    "Issue",
    "Authors",
    "Status",
    "Published",
    "PDF",
    "Edit",
    "Delete",
  ]);
  const rows = page.locator("tbody tr");
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText(title);
  await expect(rows.first()).toContainText(label);
  await expect(rows.first()).toContainText("Efua Asante");
  await expect(rows.first()).toContainText("Published");
  await expect(rows.first().getByRole("link", { name: `Download article.pdf, the PDF of ${title}` })).toHaveText(
    "article.pdf",
  );

  // Edited again: the editor names the stored PDF by its own name, and a published article is updated.
  await rows
    .first()
    .getByRole("link", { name: `Edit ${title}` })
    .click();
  await expect(page.getByRole("heading", { name: "Edit article", level: 1 })).toBeVisible();
  await expect(page.getByText("Uploaded: article.pdf")).toBeVisible();
  await expectNoViolations(page, "the article editor");
  await page.getByRole("button", { name: "Update", exact: true }).click();
  await page
    .getByRole("status")
    .filter({ hasText: `Article "${title}" is published.` })
    .getByRole("link", { name: "View" })
    .click();
  await expect(page).toHaveURL(/\/journal\//);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(title);

  // Tidy: the article goes to the trash.
  await page.goto(`/dashboard?tab=journals&q=${encodeURIComponent(title)}`);
  await page.getByRole("link", { name: `Delete ${title}` }).click();
  await page.getByRole("alertdialog").getByRole("button", { name: "Yes am sure!" }).click();
  await expect(page.getByRole("status")).toHaveText("Journal deleted successfully!");
});

test("the post editor opens with the publishing box; its button follows the status", async ({ adminPage: page }) => {
  const title = `Exam timetable ${uniqueName("b")}`;
  await startPost(page, title, "The timetable is out.");
  const box = page.getByRole("group", { name: "Publishing" });
  expect((await box.boundingBox())!.y).toBeLessThan((await page.getByLabel("Title", { exact: true }).boundingBox())!.y);
  // A new post is published unless another status is chosen.
  await expect(box.getByRole("button", { name: "Publish", exact: true })).toBeVisible();
  await box.getByLabel("Status").selectOption("draft");
  await expect(box.getByRole("button", { name: "Save draft", exact: true })).toBeVisible();
  await box.getByLabel("Status").selectOption("scheduled");
  await expect(box.getByRole("button", { name: "Schedule", exact: true })).toBeVisible();
  await box.getByLabel("Status").selectOption("published");
  await expectNoViolations(page, "the post editor");
  await box.getByRole("button", { name: "Publish", exact: true }).click();
  // SPEC.md: a saved post opens at its address.
  await expect(page).toHaveURL(/\/post\//);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(title);

  // Already published: Update.
  await page.goto(`/dashboard?tab=posts&q=${encodeURIComponent(title)}`);
  await page.getByRole("link", { name: `Edit ${title}` }).click();
  await expect(page.getByRole("button", { name: "Update", exact: true })).toBeVisible();

  // Tidy: the post goes to the trash.
  await page.goto(`/dashboard?tab=posts&q=${encodeURIComponent(title)}`);
  await page.getByRole("link", { name: `Delete ${title}` }).click();
  await page.getByRole("alertdialog").getByRole("button", { name: "Yes am sure!" }).click();
  await expect(page.getByRole("status")).toHaveText("Post deleted successfully!");
});

test("site settings: each section named by what it is and where it shows, its key still what the form sends", async ({
  adminPage: page,
}) => {
  await page.goto("/dashboard?tab=about&section=about");
  const section = page.getByLabel("Section");
  await expect(section.locator("option")).toHaveText([
    "About us (About page)",
    "Hero (Home page)",
    "How to submit, step 1 (Home page)",
    "How to submit, step 2 (Home page)",
    "How to submit, step 3 (Home page)",
    "Programmes heading (Programmes page)",
    "News heading (News page)",
    "Call to action (Home and About pages)",
  ]);
  await expect(page.getByText(/howtoapplyone|calltoaction/)).toHaveCount(0);
  // Chosen by its name, it is the section whose key the form sends.
  await section.selectOption({ label: "How to submit, step 1 (Home page)" });
  await expect(section).toHaveValue("howtoapplyone");
  await expect(page.getByTestId("place-note")).toContainText("Home page: How to submit, step 1");
  await expectNoViolations(page, "the site settings tab");
});
