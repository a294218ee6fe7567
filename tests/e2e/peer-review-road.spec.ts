import type { Page } from "@playwright/test";

import { mailsTo, waitForMail } from "../support/mailbox";
import { checkThisView } from "./a11y";
import { expect, hydrated, login, test, uniqueName } from "./fixtures";
import {
  confirmedReader,
  downloadFromReview,
  manuscriptPdf,
  person,
  reviewLinkIn,
  submitManuscript,
} from "./submission-steps";

/**
 * The whole road of a manuscript (issue 34), every step on its screen in Chromium, the mails read
 * from the SMTP sink: an author signs up and submits a PDF whose metadata names them; the editor
 * takes it, sends it to review and invites two reviewers; the reviewers follow their mails' links
 * with no account: one declines, one accepts and reviews; the editor sends the review back once,
 * then asks for major revisions; the author reads "Revisions requested" and the comments for the
 * author (not the confidential ones) and sends a revision; the editor accepts, and the draft article
 * is there with its metadata. Each person got exactly the mails they should, and none names someone
 * its reader may not know (double-blind).
 */

const AUTHOR = { given: "Amina", family: "Diallo" };
const CONFIDENTIAL = "Strictly between us: the sample looks thin.";

/** The desk page's decision: its link, then the letter drafted from the reviews, then sent. */
async function decide(editor: Page, decision: string) {
  await editor.getByRole("link", { name: decision, exact: true }).click();
  const letter = editor.getByLabel(`The letter to the author: ${decision}`);
  await expect(letter).toBeVisible();
  const text = await letter.inputValue();
  await editor.getByRole("button", { name: `${decision}: send the letter` }).click();
  await expect(editor.getByRole("status").or(editor.getByRole("alert")).first()).toContainText(
    `Decision recorded: ${decision}`,
  );
  return text;
}

/** axe on the page as it is, in both themes at both widths; then back at the test's width. */
const checkViews = (page: Page, where: string) => checkThisView(page, where, { width: 1280, height: 900 });

test("a manuscript's whole road: submitted, reviewed, sent back, revised and accepted, each person told only what they may know", async ({
  browser,
  admin,
}, testInfo) => {
  test.setTimeout(420_000);
  const title = `Ceasefires that hold ${uniqueName("road")}`;
  const boris = `${uniqueName("boris")}@review.example.net`;
  const carmen = `${uniqueName("carmen")}@review.example.net`;

  // The author: signs up, confirms, submits a PDF whose metadata names her, and is warned of it.
  const authorSide = await person(browser, testInfo);
  const author = authorSide.page;
  const reader = await confirmedReader(author, "e2e.road");
  const id = await submitManuscript(author, title, AUTHOR, {
    metadataAuthor: `${AUTHOR.given} ${AUTHOR.family}`,
    onUploaded: async () => {
      await expect(author.getByRole("note")).toContainText("Your manuscript names");
    },
  });
  await expect(author.getByText("Submitted", { exact: true }).first()).toBeVisible();
  const received = await waitForMail(reader.email, /received$/);
  const number = /#(\d+)/.exec(received.subject)![1];

  // The editor: from the queue to the submission; takes it and sends it to review.
  const deskSide = await person(browser, testInfo);
  const editor = deskSide.page;
  await login(editor, admin);
  await editor.goto("/dashboard?tab=submissions&filter=new");
  await editor.getByRole("link", { name: title }).click();
  await expect(editor).toHaveURL(new RegExp(`/desk/submissions/${id}$`));
  await expect(editor.getByRole("heading", { level: 1 })).toContainText(`#${number}`);
  await hydrated(editor);
  await editor.getByLabel("Assign").selectOption({ label: admin.username });
  await editor.getByRole("button", { name: "Assign", exact: true }).click();
  await expect(editor.getByRole("status").filter({ hasText: "is now the handling editor" })).toBeVisible();
  await decide(editor, "Send to review");
  await checkViews(editor, "the desk page under review");

  // Two reviewers invited by address, from the invitation the journal's template drafts.
  for (const [name, email] of [
    ["Boris Petrov", boris],
    ["Carmen Ruiz", carmen],
  ]) {
    await editor.locator('input[name="name"]').fill(name);
    await editor.locator('input[name="email"]').fill(email);
    await editor.getByRole("button", { name: "Send the invitation", exact: true }).click();
    await expect(editor.getByRole("status").filter({ hasText: `${name} has been invited` })).toBeVisible();
  }

  // Boris follows his mail's link, with no account, and declines.
  const borisSide = await person(browser, testInfo);
  await borisSide.page.goto(reviewLinkIn(await waitForMail(boris, /would you review a manuscript/)));
  await borisSide.page.getByLabel("Why you decline (optional)").fill("Too close to the authors' field site.");
  await borisSide.page.getByRole("button", { name: "Decline the invitation" }).click();
  await expect(borisSide.page.getByRole("heading", { level: 1 })).toHaveText("You declined this invitation");

  // Carmen accepts, downloads the manuscript (no author anywhere in its bytes) and reviews.
  const carmenSide = await person(browser, testInfo);
  const reviewer = carmenSide.page;
  const carmenLink = reviewLinkIn(await waitForMail(carmen, /would you review a manuscript/));
  await reviewer.goto(carmenLink);
  await reviewer.getByRole("button", { name: "Accept the invitation" }).click();
  await expect(reviewer.getByRole("heading", { name: "Review form" })).toBeVisible();
  const file = await downloadFromReview(reviewer);
  const bytes = Buffer.from(await (await import("node:fs/promises")).readFile((await file.path())!)).toString("latin1");
  expect(bytes.startsWith("%PDF-")).toBe(true);
  expect(bytes).not.toContain(AUTHOR.family);
  expect(bytes).not.toContain(reader.username);
  expect(file.suggestedFilename()).not.toContain("ceasefire-monitors");
  expect(await reviewer.locator("body").innerText()).not.toContain(AUTHOR.family);
  await reviewer.getByLabel("Major revisions").check();
  await reviewer.getByLabel("Comments for the author").fill("Compare the 2016 and 2021 ceasefires.");
  await reviewer.getByLabel("Confidential comments for the editor (optional)").fill(CONFIDENTIAL);
  await reviewer.getByRole("button", { name: "Send my review" }).click();
  await expect(reviewer.getByRole("heading", { level: 1 })).toHaveText("Thank you for your review");

  // The editor sends it back once, with a note; Carmen's same link opens the form again.
  await editor.reload();
  const review = editor.getByRole("article").filter({ hasText: carmen });
  await expect(review).toContainText("Compare the 2016 and 2021 ceasefires.");
  await review.getByText("Send the review back to the reviewer").click();
  await review.getByLabel("Your note to Carmen Ruiz").fill("Which ceasefires do you mean in section 3?");
  await review.getByRole("button", { name: "Send back" }).click();
  await expect(editor.getByRole("status").filter({ hasText: "sent back to its reviewer" })).toBeVisible();
  const returned = await waitForMail(carmen, /a question about your review/);
  expect(reviewLinkIn(returned)).toBe(carmenLink);
  await reviewer.goto(carmenLink);
  await expect(reviewer.getByText("Which ceasefires do you mean in section 3?")).toBeVisible();
  await reviewer.getByLabel("Major revisions").check();
  await reviewer
    .getByLabel("Comments for the author")
    .fill("Compare the 2016 and 2021 ceasefires in Mali, section by section.");
  await reviewer.getByLabel("Confidential comments for the editor (optional)").fill(CONFIDENTIAL);
  await reviewer.getByRole("button", { name: "Send my review" }).click();
  await expect(reviewer.getByRole("heading", { level: 1 })).toHaveText("Thank you for your review");

  // Major revisions: the letter quotes the comments for the author, never the confidential ones.
  await editor.reload();
  const letter = await decide(editor, "Major revisions");
  expect(letter).toContain("Compare the 2016 and 2021 ceasefires in Mali, section by section.");
  expect(letter).not.toContain(CONFIDENTIAL);
  expect(letter).not.toContain("Carmen");

  // The author reads where it is and what the reviewer asked, and sends a revision.
  await author.goto(`/my-submissions/${id}`);
  await expect(author.getByText("Revisions requested").first()).toBeVisible();
  await expect(
    author.getByText("Compare the 2016 and 2021 ceasefires in Mali, section by section.").first(),
  ).toBeVisible();
  const authorPage = await author.locator("body").innerText();
  expect(authorPage).not.toContain(CONFIDENTIAL);
  expect(authorPage).not.toContain("Carmen");
  expect(authorPage).not.toContain("Boris");
  await checkViews(author, "the author's page, revisions requested");
  await author
    .getByLabel("Revised manuscript", { exact: true })
    .setInputFiles(manuscriptPdf("ceasefires-revised.pdf", `${title} (revised)`));
  await author.getByRole("button", { name: "Upload" }).first().click();
  await expect(author.getByRole("region", { name: "Send your revision" })).toContainText("ceasefires-revised.pdf");
  await author.getByLabel("Response to the reviewers", { exact: true }).fill("We compare them in a new section 4.");
  await author.getByRole("button", { name: "Send the revision" }).click();
  await expect(author.getByText("Your revision has been received").first()).toBeVisible();

  // The editor finds it back, accepts, and the draft article is there with its metadata.
  await editor.goto("/dashboard?tab=submissions&filter=revisions-back");
  await editor.getByRole("link", { name: title }).click();
  await hydrated(editor);
  await decide(editor, "Accept");
  await editor.getByRole("link", { name: "open it in the article editor" }).click();
  await expect(editor.getByLabel("Article title")).toHaveValue(title);
  await expect(editor.locator('input[name="author0_family"]')).toHaveValue(AUTHOR.family);

  // Exactly the mails each person should have had, and none naming whom its reader may not know.
  const authorMails = (await mailsTo(reader.email)).filter((mail) => !/Confirm your email/.test(mail.subject));
  expect(authorMails.map((mail) => mail.subject)).toEqual([
    expect.stringMatching(/received$/),
    expect.stringMatching(/is under review$/),
    expect.stringMatching(/major revisions requested$/),
    expect.stringMatching(/is accepted$/),
  ]);
  for (const mail of authorMails)
    expect(`${mail.subject}\n${mail.text}`).not.toMatch(/Boris|Carmen|Petrov|Ruiz|review\.example\.net/);
  expect((await mailsTo(boris)).map((mail) => mail.subject)).toEqual([
    expect.stringMatching(/would you review a manuscript/),
  ]);
  expect((await mailsTo(carmen)).map((mail) => mail.subject)).toEqual([
    expect.stringMatching(/would you review a manuscript/),
    expect.stringMatching(/thank you for your review/),
    expect.stringMatching(/a question about your review/),
    expect.stringMatching(/thank you for your review/),
  ]);
  for (const address of [boris, carmen])
    for (const mail of await mailsTo(address))
      expect(`${mail.subject}\n${mail.text}`).not.toMatch(
        new RegExp(`${AUTHOR.family}|${AUTHOR.given}|${reader.username}|${reader.email}`),
      );
  const editorMails = (await mailsTo(admin.email)).filter((mail) => mail.text.includes(`#${number}`));
  expect(editorMails.map((mail) => mail.subject).sort()).toEqual(
    [
      `New submission #${number}: ${title}`,
      `A reviewer declined the invitation for #${number}`,
      `A reviewer accepted the invitation for #${number}`,
      `A review of #${number} is in`,
      `A review of #${number} is in`,
      `A revision of #${number} is back`,
    ].sort(),
  );

  for (const side of [authorSide, deskSide, borisSide, carmenSide]) await side.context.close();
});
