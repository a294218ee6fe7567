import type { Browser, Page, TestInfo } from "@playwright/test";

import { renderPdf } from "../../app/demo/pdf.server";
import { MAIL_TEMPLATES } from "../../app/submissions/settings";
import { linkIn, type ReceivedMail, waitForMail } from "../support/mailbox";
import { expect, hydrated, newClientAddress, signIn, signUp, uniqueName } from "./fixtures";

/**
 * The steps of submissions and peer review that several specs take the way people take them
 * (issue 34): another person on another computer, a reader who confirmed their address, a
 * manuscript submitted through the wizard, the desk's forms, a reviewer's link from its mail.
 */

/** A page of its own, as another person on another computer (its own client address). */
export async function person(browser: Browser, testInfo: TestInfo, options: { javaScriptEnabled?: boolean } = {}) {
  const context = await browser.newContext({
    baseURL: testInfo.project.use.baseURL,
    extraHTTPHeaders: { "X-Forwarded-For": newClientAddress(testInfo.workerIndex) },
    ...options,
  });
  return { context, page: await context.newPage() };
}

/** A new reader who signed up and followed the confirmation mail's link, signed in on `page`. */
export async function confirmedReader(page: Page, prefix = "e2e.rauthor") {
  const username = uniqueName(prefix);
  const email = `${username}@example.edu`;
  await signUp(page, username, email);
  const mail = await waitForMail(email, /^Confirm your email address for /);
  await signIn(page, username);
  await page.goto(linkIn(mail, "/verify-email"));
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Email address confirmed");
  return { username, email };
}

/** The review form's first Download link clicked; the file the browser downloaded. */
export async function downloadFromReview(page: Page) {
  const download = page.waitForEvent("download");
  await page
    .getByRole("link", { name: /Download/ })
    .first()
    .click();
  return download;
}

/** A manuscript PDF; `metadataAuthor` is what its properties name as its author (often the real one). */
export const manuscriptPdf = (name: string, title: string, metadataAuthor = "") => ({
  name,
  mimeType: "application/pdf",
  buffer: renderPdf([{ text: title, style: "title" }, { text: "The monitors' reports." }], {
    title,
    author: metadataAuthor,
  }),
});

const saveAndContinue = (page: Page) => page.getByRole("button", { name: "Save and continue" }).click();

/** Submits a manuscript through the wizard as the signed-in author; the submission's id. */
export async function submitManuscript(
  page: Page,
  title: string,
  author: { given: string; family: string },
  options: { metadataAuthor?: string; onUploaded?: () => Promise<void> } = {},
): Promise<string> {
  await page.goto("/submit");
  await page.getByRole("button", { name: "Start a new submission" }).click();
  await expect(page).toHaveURL(/\/submit\/[0-9a-f-]{36}\/start$/);
  await hydrated(page);
  const base = new URL(page.url()).pathname.replace(/\/start$/, "");
  const next = async (step: string) => {
    await saveAndContinue(page);
    await expect(page).toHaveURL(`${base}/${step}`);
    await hydrated(page);
  };
  for (const box of await page.getByRole("checkbox").all()) await box.check();
  await next("details");
  await page.getByLabel("Title").fill(title);
  await page.getByLabel("Abstract").fill("How ceasefire monitors earn the trust of the people they watch over.");
  await page.getByLabel("Keywords").fill("ceasefires; trust");
  await next("authors");
  const first = page.getByRole("group", { name: "Author 1" });
  await first.getByLabel("Given name").fill(author.given);
  await first.getByLabel("Family name").fill(author.family);
  await first.getByLabel("Affiliation").fill("University of Maiduguri");
  await next("files");
  await page
    .getByLabel("Choose the anonymised manuscript")
    .setInputFiles(manuscriptPdf("ceasefire-monitors.pdf", title, options.metadataAuthor));
  await page.getByRole("button", { name: "Upload" }).first().click();
  await expect(page.getByText("ceasefire-monitors.pdf has been uploaded.")).toBeVisible();
  await options.onUploaded?.();
  await page.getByLabel("Competing interests").fill("None.");
  await next("reviewers");
  await next("letter");
  await next("review");
  await page.getByRole("button", { name: "Submit", exact: true }).click();
  await expect(page).toHaveURL(/\/my-submissions\/[0-9a-f-]{36}\?submitted=1$/);
  return /\/my-submissions\/([0-9a-f-]{36})/.exec(page.url())![1];
}

/** The desk's action on a submission, posted as its form posts it; it must go through. */
export async function deskAction(editor: Page, id: string, form: Record<string, string>) {
  const answer = await editor.request.post(`/desk/submissions/${id}`, { form });
  expect(answer.ok(), `${form.intent}: ${answer.status()} ${(await answer.text()).slice(0, 300)}`).toBe(true);
}

export const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

/** Invites a reviewer by address through the desk's form; the link in the invitation mail they receive. */
export async function invite(editor: Page, id: string, name: string, email: string) {
  const { subject, body } = MAIL_TEMPLATES["review-invitation"];
  await deskAction(editor, id, { intent: "invite", name, email, affiliation: "", dueOn: inDays(21), subject, body });
  const mail = await waitForMail(email, /would you review a manuscript/);
  return { mail, link: reviewLinkIn(mail) };
}

/** The review link in a mail, as a path. */
export function reviewLinkIn(mail: ReceivedMail): string {
  const found = /https?:\/\/\S+?(\/review\/[A-Za-z0-9_-]{43})/.exec(mail.text);
  expect(found, `a review link in: ${mail.text}`).not.toBeNull();
  return found![1];
}
