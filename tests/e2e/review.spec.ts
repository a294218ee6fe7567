import type { Browser, BrowserContext, Page, TestInfo } from "@playwright/test";

import { renderPdf } from "../../app/demo/pdf.server";
import { waitForMail } from "../support/mailbox";
import { checkThisView } from "./a11y";
import { type Account, expect, hydrated, login, test, uniqueName } from "./fixtures";
import {
  confirmedReader,
  deskAction,
  downloadFromReview,
  invite,
  person,
  reviewLinkIn,
  submitManuscript,
} from "./submission-steps";

/**
 * The reviewer's side of peer review (issue 34), as reviewers live it: they follow the link in the
 * invitation mail with no account. One accepts, downloads the anonymised manuscript and sends a
 * review, then downloads the certificate; one declines with a reason; a cancelled link says it no
 * longer works. Every page passes axe in both themes at a phone's and a desktop's width, and the
 * review form works with JavaScript off.
 *
 * The submission under review is made the way the site makes one: an author with a confirmed
 * address submits through the wizard, and the test's admin sends it to review and invites the
 * reviewers through the desk's own actions (posted as its forms post them).
 */

const AUTHOR = { given: "Amina", family: "Okafor" };

/** A submission under review by the test's own author and admin, and the admin's desk page. */
async function underReview(browser: Browser, testInfo: TestInfo, admin: Account) {
  const title = `Ceasefire monitors ${uniqueName("r")}`;
  const author = await person(browser, testInfo);
  await confirmedReader(author.page);
  const id = await submitManuscript(author.page, title, AUTHOR);
  await author.context.close();
  const desk = await person(browser, testInfo);
  await login(desk.page, admin);
  await deskAction(desk.page, id, { intent: "decide", decision: "send-to-review", letter: "Sent to reviewers." });
  return { id, title, editor: desk.page, deskContext: desk.context };
}

/** Nothing a reviewer reads names the author. */
async function expectNoAuthor(page: Page) {
  const text = await page.locator("body").innerText();
  expect(text).not.toContain(AUTHOR.family);
  expect(text).not.toContain("rauthor");
}

test.describe("a reviewer's link", () => {
  test("accept, download, review and certificate with no account; decline with a reason; a cancelled link is gone", async ({
    browser,
    admin,
  }, testInfo) => {
    test.setTimeout(300_000);
    const { id, title, editor, deskContext } = await underReview(browser, testInfo, admin);
    const rosa = `${uniqueName("rosa")}@review.example.net`;
    const omar = `${uniqueName("omar")}@review.example.net`;
    const carla = `${uniqueName("carla")}@review.example.net`;
    const invited = await invite(editor, id, "Rosa Mendes", rosa);
    expect(invited.mail.text).toContain(title);
    expect(invited.mail.text).not.toContain(AUTHOR.family);
    const declined = await invite(editor, id, "Omar Haddad", omar);
    const cancelled = await invite(editor, id, "Carla Ruiz", carla);

    // Rosa: the invitation, with no account.
    const reviewer = await person(browser, testInfo);
    const page = reviewer.page;
    const opened = await page.goto(invited.link);
    expect(opened!.headers()["referrer-policy"]).toBe("same-origin");
    expect(opened!.headers()["cache-control"]).toContain("no-store");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Invitation to review");
    await expect(page.getByText(title)).toBeVisible();
    await expect(page.getByRole("heading", { name: "The journal's guidelines for reviewers" })).toBeVisible();
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", /noindex/);
    await expectNoAuthor(page);
    await checkThisView(page, "the invitation");

    // One click accepts: the files and the form.
    await page.getByRole("button", { name: "Accept the invitation" }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Your review");
    await expect(page.getByRole("heading", { name: "Review form" })).toBeVisible();
    await expectNoAuthor(page);
    await checkThisView(page, "the review form");
    const file = await downloadFromReview(page);
    expect(file.suggestedFilename()).toBe("manuscript-round-1.pdf");

    // The review, with an annotated file.
    await page.getByLabel("Minor revisions").check();
    await page.getByLabel("Comments for the author").fill("The monitors' reports deserve a table of their own.");
    await page.getByLabel("Confidential comments for the editor (optional)").fill("A solid study.");
    await page.getByLabel(/An annotated copy/).setInputFiles({
      name: "notes.pdf",
      mimeType: "application/pdf",
      buffer: renderPdf([{ text: "Notes on the manuscript" }], { title: "Notes", author: "Rosa Mendes" }),
    });
    await page.getByRole("button", { name: "Send my review" }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Thank you for your review");
    await expect(page.getByRole("heading", { name: "Review form" })).toHaveCount(0);
    await checkThisView(page, "the thanks");
    const certificate = page.waitForEvent("download");
    await page.getByRole("link", { name: "Download your certificate" }).click();
    expect((await certificate).suggestedFilename()).toBe("review-certificate.pdf");
    const thanks = await waitForMail(rosa, /thank you for your review/);
    expect(thanks.text).toContain(invited.link);

    // Omar declines, with a reason and a colleague.
    const second = await person(browser, testInfo);
    await second.page.goto(declined.link);
    await second.page.getByLabel("Why you decline (optional)").fill("On fieldwork until March.");
    await second.page.getByLabel(/A colleague who could review it/).fill("Lena Vogel, lena@example.org");
    await second.page.getByRole("button", { name: "Decline the invitation" }).click();
    await expect(second.page.getByRole("heading", { level: 1 })).toHaveText("You declined this invitation");
    await checkThisView(second.page, "the declined invitation");
    await editor.goto(`/desk/submissions/${id}`);
    await expect(editor.getByText("Reason: On fieldwork until March.")).toBeVisible();

    // Carla's invitation is cancelled: her link says so, in words, with a 404.
    await editor
      .getByRole("article")
      .filter({ hasText: carla })
      .getByRole("button", { name: "Cancel this review" })
      .click();
    await expect(editor.getByText("The review has been cancelled")).toBeVisible();
    const third = await person(browser, testInfo);
    const gone = await third.page.goto(cancelled.link);
    expect(gone!.status()).toBe(404);
    await expect(third.page.getByRole("heading", { level: 1 })).toHaveText("This review link no longer works");
    await checkThisView(third.page, "a cancelled link");

    for (const context of [reviewer.context, second.context, third.context, deskContext] as BrowserContext[])
      await context.close();
  });

  test("a reviewer with an account finds the review under My reviews and has its link mailed again", async ({
    browser,
    admin,
  }, testInfo) => {
    test.setTimeout(180_000);
    const { id, title, editor, deskContext } = await underReview(browser, testInfo, admin);
    const { context, page } = await person(browser, testInfo);
    const reader = await confirmedReader(page, "e2e.reviewer");
    const { link } = await invite(editor, id, "Rami Reader", reader.email);
    await page.goto("/");
    await hydrated(page);
    await page.getByRole("button", { name: `Account menu for ${reader.username}` }).click();
    await page.getByRole("menuitem", { name: "My reviews" }).click();
    await expect(page).toHaveURL(/\/my-reviews$/);
    await hydrated(page);
    const row = page.getByRole("listitem").filter({ hasText: title });
    await expect(row).toContainText("Awaiting your answer");
    await checkThisView(page, "my reviews");
    await row.getByRole("button", { name: /Send me my link again/ }).click();
    await expect(page.getByText(`We have sent the link to ${reader.email}`)).toBeVisible();
    const again = await waitForMail(reader.email, /your review link/);
    expect(reviewLinkIn(again)).toBe(link);
    await context.close();
    await deskContext.close();
  });

  test("the review form works with JavaScript off", async ({ browser, admin }, testInfo) => {
    test.setTimeout(180_000);
    const { id, editor, deskContext } = await underReview(browser, testInfo, admin);
    const email = `${uniqueName("nojs")}@review.example.net`;
    const { link } = await invite(editor, id, "Nadia Plain", email);
    const { context, page } = await person(browser, testInfo, { javaScriptEnabled: false });
    await page.goto(link);
    await page.getByRole("button", { name: "Accept the invitation" }).click();
    await expect(page.getByRole("heading", { name: "Review form" })).toBeVisible();
    await page.getByLabel("Comments for the author").fill("Typed with no script.");
    await page.getByLabel("Major revisions").check();
    await page.getByRole("button", { name: "Send my review" }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Thank you for your review");
    await expect(page.getByRole("link", { name: "Download your certificate" })).toBeVisible();
    await context.close();
    await deskContext.close();
  });
});
