import type { Page } from "@playwright/test";

import { waitForMail } from "../support/mailbox";
import { expect, login, test, uniqueName } from "./fixtures";
import { confirmedReader, person, reviewLinkIn, submitManuscript } from "./submission-steps";

/**
 * The editor's desk with JavaScript off (issue 34: forms work before scripts load): on a
 * submission's page an editor assigns the handling editor, sends it to review, invites a reviewer
 * by address and records a decision, each with the page's plain form; each post lands on the
 * submission's page, which says what happened and shows the submission as it now is.
 */

const AUTHOR = { given: "Kofi", family: "Mensah" };

/** The page's words after a form was sent: its own page, a success that says what was done. */
async function says(editor: Page, id: string, words: string) {
  await expect(editor).toHaveURL(new RegExp(`/desk/submissions/${id}(?:[?#].*)?$`));
  await expect(editor.getByRole("status").filter({ hasText: words })).toBeVisible();
  await expect(editor.getByRole("alert")).toHaveCount(0);
}

/** A decision as a person without scripts takes it: its link, the letter drafted there, then sent. */
async function decide(editor: Page, id: string, decision: string) {
  await editor.getByRole("link", { name: decision, exact: true }).click();
  await expect(editor.getByLabel(`The letter to the author: ${decision}`)).not.toBeEmpty();
  await editor.getByRole("button", { name: `${decision}: send the letter` }).click();
  await says(editor, id, `Decision recorded: ${decision}`);
}

test("the desk's forms work without JavaScript: assign, send to review, invite by address, decide", async ({
  browser,
  admin,
}, testInfo) => {
  test.setTimeout(240_000);
  const title = `Monitors heard without scripts ${uniqueName("noscript")}`;
  const reviewer = { name: "Lindiwe Dube", email: `${uniqueName("lindiwe")}@review.example.net` };

  // The author submits the way authors do (with scripts); the editor works on another computer.
  const authorSide = await person(browser, testInfo);
  await confirmedReader(authorSide.page, "e2e.noscript");
  const id = await submitManuscript(authorSide.page, title, AUTHOR);
  await authorSide.context.close();

  const deskSide = await person(browser, testInfo, { javaScriptEnabled: false });
  const editor = deskSide.page;
  await login(editor, admin);
  await editor.goto(`/desk/submissions/${id}`);
  await expect(editor.getByRole("heading", { level: 1 })).toContainText(title);
  // No script ran: the page never hydrated (the theme form's marker stays empty).
  await expect(editor.locator('input[name="js"]').first()).toHaveValue("");

  // The handling editor.
  await editor.getByLabel("Assign").selectOption({ label: admin.username });
  await editor.getByRole("button", { name: "Assign", exact: true }).click();
  await says(editor, id, `${admin.username} is now the handling editor`);

  // Sent to review: the stage moves on, and the invitation's form is there.
  await decide(editor, id, "Send to review");
  await expect(editor.locator("body")).toContainText("Under review");
  await expect(editor.getByRole("heading", { name: "Invite a reviewer" })).toBeVisible();

  // A reviewer invited by address: the page says so, and the mail carries their link.
  await editor.getByLabel("Name", { exact: true }).fill(reviewer.name);
  await editor.getByLabel("E-mail", { exact: true }).fill(reviewer.email);
  await editor.getByRole("button", { name: "Send the invitation", exact: true }).click();
  await says(editor, id, `${reviewer.name} has been invited`);
  await expect(editor.locator("body")).toContainText(reviewer.email);
  const invitation = await waitForMail(reviewer.email, /would you review a manuscript/);
  expect(reviewLinkIn(invitation)).toMatch(/^\/review\//);

  // The decision: minor revisions, and the stage in plain words.
  await decide(editor, id, "Minor revisions");
  await expect(editor.locator("body")).toContainText("Revisions requested");
  await deskSide.context.close();
});
