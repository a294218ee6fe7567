import type { Browser, Page, TestInfo } from "@playwright/test";

import { renderPdf } from "../../app/demo/pdf.server";
import { waitForMail } from "../support/mailbox";
import { checkEveryView } from "./a11y";
import { expect, holdScripts, hydrated, newClientAddress, PASSWORD, test, uniqueName } from "./fixtures";
import { confirmedReader } from "./submission-steps";

/**
 * Online submission, the author's side (issue 34): a reader with a confirmed address starts a
 * submission, goes through every step of the wizard (one typed into before its scripts ran),
 * uploads the manuscript, submits and follows it; a step works with JavaScript off; and every page
 * of the wizard passes axe in both themes at a phone's and a desktop's width.
 */

/** The manuscript, its metadata naming its author (the site warns the author). */
const manuscript = (author: string) => ({
  name: "borders-and-mobility.pdf",
  mimeType: "application/pdf",
  buffer: renderPdf(
    [
      { text: "Borders and mobility in the Lake Chad basin", style: "title" },
      { text: "We study how closed borders change where people move." },
    ],
    { title: "Borders and mobility", author },
  ),
});

/** Starts a draft from /submit; its address without the step. */
async function startDraft(page: Page): Promise<string> {
  await page.goto("/submit");
  await page.getByRole("button", { name: "Start a new submission" }).click();
  await expect(page).toHaveURL(/\/submit\/[0-9a-f-]{36}\/start$/);
  return new URL(page.url()).pathname.replace(/\/start$/, "");
}

async function confirmChecklist(page: Page) {
  for (const box of await page.getByRole("checkbox").all()) await box.check();
  await page.getByRole("button", { name: "Save and continue" }).click();
}

const saveAndContinue = (page: Page) => page.getByRole("button", { name: "Save and continue" }).click();

test.describe("submitting a manuscript", () => {
  test("a confirmed reader goes through every step, uploads the manuscript, submits and sees its number", async ({
    page,
  }) => {
    test.setTimeout(180_000);
    const reader = await confirmedReader(page, "e2e.author");
    const title = `Borders and mobility ${uniqueName("t")}`;

    // The call for papers leads to the submission page.
    await page.goto("/admision");
    await page.getByRole("link", { name: "Submit a manuscript" }).first().click();
    await expect(page).toHaveURL(/\/submit$/);
    await expect(page.getByRole("heading", { name: "Before you start" })).toBeVisible();
    const base = await startDraft(page);

    // 1. The checklist: Save and continue is refused until each item is confirmed.
    await expect(page.getByRole("navigation", { name: "Steps of your submission" })).toBeVisible();
    await expect(page.getByRole("link", { name: /Checklist/ })).toHaveAttribute("aria-current", "step");
    await saveAndContinue(page);
    await expect(page.getByText("Confirm each item of the checklist.").first()).toBeVisible();
    await confirmChecklist(page);
    await expect(page).toHaveURL(`${base}/details`);

    // 2. Title and abstract, typed before the page's scripts ran: nothing typed is lost.
    const release = await holdScripts(page);
    await page.goto(`${base}/details`, { waitUntil: "commit" });
    await page.getByLabel("Title").fill(title);
    await page.getByLabel("Abstract").fill("How closed borders change where people move, and why.");
    await page.getByLabel("Keywords").fill("borders; mobility; Lake Chad");
    release();
    await hydrated(page);
    await expect(page.getByLabel("Title")).toHaveValue(title);
    await expect(page.getByLabel("Abstract")).toHaveValue("How closed borders change where people move, and why.");
    await saveAndContinue(page);
    await expect(page).toHaveURL(`${base}/authors`);

    // 3. The authors: the reader is the first, corresponding author; a co-author is added.
    const first = page.getByRole("group", { name: "Author 1" });
    await expect(first.getByLabel("E-mail")).toHaveValue(reader.email);
    await first.getByLabel("Given name").fill("Amina");
    await first.getByLabel("Family name").fill("Okafor");
    await first.getByLabel("Affiliation").fill("University of Maiduguri");
    const second = page.getByRole("group", { name: "Author 2" });
    await second.getByLabel("Given name").fill("Chidi");
    await second.getByLabel("Family name").fill("Eze");
    // With no corresponding author the step is refused at that box, which a screen reader hears.
    const correspondingBox = first.getByLabel("Corresponding author");
    await correspondingBox.uncheck();
    await saveAndContinue(page);
    await expect(page.getByText("Choose the corresponding author.").first()).toBeVisible();
    await expect(correspondingBox).toHaveAttribute("aria-invalid", "true");
    await expect(correspondingBox).toHaveAccessibleDescription(/Choose the corresponding author\./);
    await correspondingBox.check();
    await saveAndContinue(page);
    await expect(page).toHaveURL(`${base}/files`);

    // 4. Files: continuing without the manuscript is refused; the upload names its author, and says so.
    await page.getByLabel("Competing interests").fill("None.");
    await saveAndContinue(page);
    await expect(page.getByText("Upload the anonymised manuscript (PDF or DOCX).")).toBeVisible();
    await page.getByLabel("Choose the anonymised manuscript").setInputFiles(manuscript("Amina Okafor"));
    await page.getByRole("button", { name: "Upload" }).first().click();
    await expect(page.getByText("borders-and-mobility.pdf has been uploaded.")).toBeVisible();
    await expect(page.getByRole("listitem").filter({ hasText: "borders-and-mobility.pdf" }).first()).toContainText(
      /\(\d+(\.\d)? KB\)/,
    );
    await expect(page.getByRole("note")).toContainText("Your manuscript names");
    await expect(page.getByRole("note")).toContainText("reviewers must not learn who wrote it");
    await page.getByLabel("Competing interests").fill("None.");
    await saveAndContinue(page);
    await expect(page).toHaveURL(`${base}/reviewers`);

    // 5. Reviewers suggested and opposed.
    const suggested = page.getByRole("group", { name: "Suggested reviewer 1" });
    await suggested.getByLabel("Name").fill("Fatima Bello");
    await suggested.getByLabel("E-mail").fill("fatima.bello@example.org");
    await suggested.getByLabel("Why").fill("Works on border governance");
    await page.getByRole("group", { name: "Opposed reviewer 1" }).getByLabel("Name").fill("A. Rival");
    await saveAndContinue(page);
    await expect(page).toHaveURL(`${base}/letter`);

    // 6. The cover letter; Back keeps it and goes to the reviewers, who are kept too.
    await page.getByLabel("Cover letter").fill("Dear editors, we submit our study of borders.");
    await page.getByRole("button", { name: "Back" }).click();
    await expect(page).toHaveURL(`${base}/reviewers`);
    await expect(page.getByRole("group", { name: "Suggested reviewer 1" }).getByLabel("Name")).toHaveValue(
      "Fatima Bello",
    );
    await saveAndContinue(page);
    await expect(page.getByLabel("Cover letter")).toHaveValue("Dear editors, we submit our study of borders.");
    await saveAndContinue(page);
    await expect(page).toHaveURL(`${base}/review`);

    // 7. Everything shown before Submit.
    const main = page.getByRole("main");
    await expect(main).toContainText(title);
    await expect(main).toContainText("Amina Okafor, University of Maiduguri");
    await expect(main).toContainText("Chidi Eze");
    await expect(main).toContainText("Fatima Bello");
    await expect(main).toContainText("Dear editors, we submit our study of borders.");
    await expect(page.getByText("Still missing")).toHaveCount(0);
    await page.getByRole("button", { name: "Submit", exact: true }).click();

    await expect(page).toHaveURL(/\/my-submissions\/[0-9a-f-]{36}\?submitted=1$/);
    const submissionPath = new URL(page.url()).pathname;
    const status = page.getByRole("status").filter({ hasText: "has been received" });
    await expect(status).toContainText(/Thank you: your submission #\d+ has been received/);
    const number = /#(\d+)/.exec((await status.textContent()) ?? "")![1];
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(title);
    await expect(page.getByText(`#${number}`).first()).toBeVisible();
    await expect(page.getByText("Submitted", { exact: true }).first()).toBeVisible();

    // The confirmation mail, with the submission's number and its page.
    const mail = await waitForMail(reader.email, new RegExp(`submission #${number} received`));
    expect(mail.text).toContain(title);
    expect(mail.text).toContain("/my-submissions/");

    // The list of the author's submissions, and the download of their own file.
    await page.goto("/my-submissions");
    const row = page.getByRole("row").filter({ hasText: title });
    await expect(row).toContainText(`#${number}`);
    await expect(row).toContainText("Submitted");
    await row.getByRole("link", { name: title }).click();
    const download = page.waitForEvent("download");
    await page.getByRole("link", { name: /borders-and-mobility\.pdf/ }).click();
    expect((await download).suggestedFilename()).toBe("borders-and-mobility.pdf");

    // The submission's page passes axe too, in both themes and at both widths.
    expect(
      await checkEveryView(page, submissionPath, async (p) => {
        await expect(p.getByRole("heading", { level: 1 })).toHaveText(title);
      }),
    ).toBe(4);
  });

  test("a step of the wizard works with JavaScript off: refused at its field, then saved and on to the next", async ({
    browser,
    page,
  }, testInfo) => {
    test.setTimeout(90_000);
    const reader = await confirmedReader(page, "e2e.nojs");
    const context = await noScripts(browser, testInfo);
    const plain = await context.newPage();
    const signedIn = await plain.request.post("/api/auth/signin", {
      data: { username: reader.username, password: PASSWORD },
    });
    expect(signedIn.status()).toBe(200);
    const base = await startDraft(plain);
    await confirmChecklist(plain);
    await expect(plain).toHaveURL(`${base}/details`);
    await plain.getByLabel("Abstract").fill("Written with no scripts at all.");
    await saveAndContinue(plain);
    await expect(plain.getByText("Give the title of your manuscript.").first()).toBeVisible();
    await expect(plain.getByLabel("Abstract")).toHaveValue("Written with no scripts at all.");
    await plain.getByLabel("Title").fill("A paper sent without JavaScript");
    await saveAndContinue(plain);
    await expect(plain).toHaveURL(`${base}/authors`);
    // The upload is a plain multipart form too.
    await plain.goto(`${base}/files`);
    await plain.getByLabel("Choose the anonymised manuscript").setInputFiles(manuscript("Nobody"));
    await plain.getByRole("button", { name: "Upload" }).first().click();
    await expect(plain.getByText("borders-and-mobility.pdf has been uploaded.")).toBeVisible();
    await plain.goto(`${base}/details`);
    await expect(plain.getByLabel("Title")).toHaveValue("A paper sent without JavaScript");
    await context.close();
  });

  test("the wizard's pages and the author's pages pass axe in both themes, on a phone and a desktop", async ({
    page,
  }) => {
    test.setTimeout(300_000);
    await confirmedReader(page, "e2e.a11y");
    const base = await startDraft(page);
    await confirmChecklist(page);
    const views = [
      "/submit",
      ...["start", "details", "authors", "files", "reviewers", "letter", "review"].map((step) => `${base}/${step}`),
      "/my-submissions",
    ];
    let checked = 0;
    for (const view of views)
      checked += await checkEveryView(page, view, async (p) => {
        await expect(p.getByRole("heading", { level: 1 })).toBeVisible();
      });
    expect(checked).toBe(views.length * 4);
  });
});

function noScripts(browser: Browser, testInfo: TestInfo) {
  return browser.newContext({
    javaScriptEnabled: false,
    extraHTTPHeaders: { "X-Forwarded-For": newClientAddress(testInfo.workerIndex) },
  });
}
