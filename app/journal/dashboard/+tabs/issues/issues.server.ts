import { byIntent, runAction, type TabLoadArgs } from "~/dashboard/actions.server";
import { EMPTY_ISSUE, type IssueForm, issueFromForm, issueSchema } from "~/journal/forms";
import { ISSUE_DELETED, ISSUE_GONE, ISSUE_SAVED, issuePublished } from "~/journal/messages";
import { issueLabel } from "~/journal/vocabulary";
import { services } from "~/runtime.server";

const ISSUES_FAILURES = { failed: "The issue could not be saved. Please try again." };
const ISSUE_FIELDS = Object.keys(EMPTY_ISSUE) as (keyof IssueForm)[];
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export async function load({ url }: TabLoadArgs) {
  const { journal, articles } = await services();
  const editId = url.searchParams.get("edit");
  const wanted = editId && UUID.test(editId) ? editId : null;
  const [issues, editing, inIssue] = await Promise.all([
    journal.issues({ includeForthcoming: true }),
    wanted ? journal.issueById(wanted) : undefined,
    // The issue's page lists what it holds, and so what "Publish issue" makes public.
    wanted ? articles.inIssue(wanted, "admin") : [],
  ]);
  return {
    issues,
    editing: editing ?? null,
    articles: editing ? inIssue.map(({ id, title, status }) => ({ id, title, status })) : [],
  };
}

export const saveIssue = runAction(
  "save-issue",
  ISSUES_FAILURES,
  async ({ values, reply }) => {
    const { issueId, ...fields } = values as IssueForm & { issueId: string };
    if (issueId && !UUID.test(issueId)) return reply(false, ISSUE_GONE, { status: 404 });
    const { journal } = await services();
    const input = issueFromForm(fields);
    // A volume and number already used is the service's 409 at the number field.
    if (issueId) await journal.updateIssue(issueId, input);
    else await journal.createIssue(input);
    return reply(true, ISSUE_SAVED);
  },
  // The form comes back as typed, each problem at its field.
  { fields: [...ISSUE_FIELDS, "issueId"], schema: issueSchema },
);

export const deleteIssue = runAction("delete-issue", ISSUES_FAILURES, async ({ form, reply }) => {
  const issueId = String(form.get("issueId") ?? "");
  if (!UUID.test(issueId)) return reply(false, ISSUE_GONE, { status: 404 });
  // One with articles answers 409 with the service's words (runAction).
  await (await services()).journal.removeIssue(issueId);
  return reply(true, ISSUE_DELETED);
});

/** Publishes a forthcoming issue and its articles together (issue 31). */
export const publishIssue = runAction("publish-issue", ISSUES_FAILURES, async ({ form, reply }) => {
  const issueId = String(form.get("issueId") ?? "");
  if (!UUID.test(issueId)) return reply(false, ISSUE_GONE, { status: 404 });
  // An issue already published answers 409 with the service's words (runAction).
  const { issue, articles } = await (await services()).journal.publishIssue(issueId);
  return reply(true, issuePublished(issueLabel({ ...issue, title: "" }), articles.length));
});

export const actions = byIntent(saveIssue, deleteIssue, publishIssue);
