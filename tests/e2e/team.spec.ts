import type { Browser, Page, TestInfo } from "@playwright/test";

import { createIssue } from "../support/e2e-articles";
import { type ReceivedMail, waitForMail } from "../support/mailbox";
import { checkEveryView } from "./a11y";
import { expect, JOURNAL_TABS, newClientAddress, startPost, test, uniqueName } from "./fixtures";

/**
 * A team, not one admin (issue 33): an admin invites colleagues by e-mail with their roles (the
 * mail read from the tests' SMTP server); each accepts from the link, lands in a dashboard that
 * shows only their tabs, and does their work; what is not theirs is refused; a withdrawn link fails.
 */

const NOT_YOURS = "You are signed in, but your role does not include this page. Ask an admin to give you access.";

/** The invitation's link, as the colleague finds it in the mail. */
function invitationLink(mail: ReceivedMail): string {
  const link = /https?:\/\/[^\s"<>]+\/invitation\/[\w-]+/.exec(mail.text)?.[0];
  expect(link, mail.text).toBeTruthy();
  // The mail names the site's public address; the test server is reached at its own.
  return new URL(link!).pathname;
}

/** The admin sends an invitation from the Users tab. */
async function invite(page: Page, email: string, roles: string[]) {
  await page.goto("/dashboard?tab=users");
  const form = page.locator("form", { has: page.getByRole("button", { name: "Send invitation" }) });
  await form.getByLabel("Email address").fill(email);
  for (const role of roles) await form.getByRole("checkbox", { name: new RegExp(`^${role}:`) }).check();
  await form.getByRole("button", { name: "Send invitation" }).click();
  await expect(page.getByRole("status")).toHaveText(`An invitation has been sent to ${email}.`);
}

/** A colleague's own browser: no cookies, an address of its own. */
async function colleague(browser: Browser, testInfo: TestInfo) {
  const context = await browser.newContext({
    extraHTTPHeaders: { "X-Forwarded-For": newClientAddress(testInfo.workerIndex) },
  });
  return context.newPage();
}

/** Accepts the invitation with a new username and password, landing in the dashboard. */
async function accept(page: Page, link: string, username: string) {
  await page.goto(link);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Accept your invitation");
  await page.getByLabel("Username").fill(username);
  await page.getByLabel("Password", { exact: true }).fill("a colleague's password");
  await page.getByLabel("Confirm password").fill("a colleague's password");
  await page.getByRole("button", { name: "Create my account" }).click();
  await expect(page).toHaveURL(/\/dashboard\?tab=[a-z]+&welcome=1$/);
}

/** The dashboard's tabs as the sidebar lists them (the profile's entry also names the role). */
const sidebarTabs = (page: Page) => page.getByRole("navigation", { name: "Dashboard" }).getByRole("link");

test("an admin invites an editor and a journal manager; each sees only their tabs and does their work", async ({
  adminPage: page,
  browser,
}, testInfo) => {
  test.setTimeout(120_000);
  const editorEmail = `${uniqueName("editor")}@example.edu`;
  const managerEmail = `${uniqueName("manager")}@example.edu`;
  await invite(page, editorEmail, ["Editor"]);
  await invite(page, managerEmail, ["Journal manager"]);
  const invitations = page.getByRole("table", { name: "Invitations" });
  await expect(invitations.getByRole("row", { name: new RegExp(editorEmail) })).toContainText("Waiting");
  await expect(invitations.getByRole("row", { name: new RegExp(managerEmail) })).toContainText("Journal manager");

  // The editor: news posts and the media library, nothing else.
  const editorMail = await waitForMail(editorEmail, /^You are invited to work on /);
  expect(editorMail.text).toContain("as Editor");
  const editor = await colleague(browser, testInfo);
  const editorName = uniqueName("news.editor");
  // The invitation's page, in both themes at each width: no axe violation.
  await checkEveryView(editor, invitationLink(editorMail));
  await accept(editor, invitationLink(editorMail), editorName);
  await expect(editor).toHaveURL(/tab=posts/);
  await expect(sidebarTabs(editor)).toHaveText([
    /^Profile\s*Editor$/i,
    "Posts",
    "Categories",
    // Readership (issue 35).
    "Analytics",
    "Media",
    "Trash",
  ]);
  const title = `From the news desk ${uniqueName("p")}`;
  await startPost(editor, title, "Written by the new editor.");
  await editor.getByRole("button", { name: /^(Submit Post|Publish)$/ }).click();
  await expect(editor).toHaveURL(/\/post\/[a-z0-9-]+$/);
  await expect(editor.getByRole("heading", { level: 1 })).toHaveText(title);
  for (const tab of ["users", "about", "outbox", "journals", "journal"]) {
    const answer = await editor.goto(`/dashboard?tab=${tab}`);
    expect(answer?.status(), `the editor opens ${tab}`).toBe(403);
    await expect(editor.getByText(NOT_YOURS)).toBeVisible();
  }
  expect((await editor.goto("/create-journal"))?.status()).toBe(403);

  // The journal manager: the journal, nothing else.
  const managerMail = await waitForMail(managerEmail, /^You are invited to work on /);
  const manager = await colleague(browser, testInfo);
  await accept(manager, invitationLink(managerMail), uniqueName("journal.manager"));
  await expect(manager).toHaveURL(/tab=journals/);
  await expect(sidebarTabs(manager)).toHaveText([
    /^Profile\s*Journal manager$/i,
    // SPEC.md's Announcement: the journal's call for papers (decision 040).
    "Announcement",
    ...JOURNAL_TABS,
    "Trash",
  ]);
  const volume = String(100 + Math.floor(Math.random() * 9000));
  await createIssue(manager, volume, { status: "forthcoming" });
  for (const tab of ["users", "posts", "media", "outbox", "activity"]) {
    expect((await manager.goto(`/dashboard?tab=${tab}`))?.status(), `the journal manager opens ${tab}`).toBe(403);
  }

  // The admin sees both accepted.
  await page.goto("/dashboard?tab=users");
  await expect(invitations.getByRole("row", { name: new RegExp(editorEmail) })).toContainText("Accepted");
  await expect(invitations.getByRole("row", { name: new RegExp(managerEmail) })).toContainText("Accepted");
  // A used link does not work again.
  await editor.context().clearCookies();
  await editor.goto(invitationLink(editorMail));
  await expect(editor.getByRole("heading", { level: 1 })).toHaveText("This invitation has ended");
  await editor.context().close();
  await manager.context().close();
});

test("withdrawing an invitation makes its link fail", async ({ adminPage: page, browser }, testInfo) => {
  const email = `${uniqueName("withdrawn")}@example.edu`;
  await invite(page, email, ["Editor", "Journal manager"]);
  const mail = await waitForMail(email, /^You are invited to work on /);
  expect(mail.text).toContain("as Editor and Journal manager");
  const row = page.getByRole("table", { name: "Invitations" }).getByRole("row", { name: new RegExp(email) });
  await row.getByRole("button", { name: `Withdraw the invitation to ${email}` }).click();
  await expect(page.getByRole("status")).toHaveText(`The invitation to ${email} has been withdrawn.`);
  await expect(row).toContainText("Withdrawn");

  const stranger = await colleague(browser, testInfo);
  await stranger.goto(invitationLink(mail));
  // The ended invitation's page, in both themes at each width: no axe violation.
  await checkEveryView(stranger, invitationLink(mail));
  await expect(stranger.getByRole("heading", { level: 1 })).toHaveText("This invitation has ended");
  await expect(stranger.getByRole("button", { name: "Create my account" })).toHaveCount(0);
  await stranger.context().close();
});
