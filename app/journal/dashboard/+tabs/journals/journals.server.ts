import { bulkAction, listRequest } from "~/routes/dashboard/+shared/editorial-list.server";
import { byIntent, runAction, type TabLoadArgs } from "~/routes/dashboard/actions.server";
import { services } from "~/runtime.server";
import { ARTICLES_PAGE_SIZE } from "~/services/pagination";

// SPEC.md has no words for an unexpected failure here.
const JOURNALS_FAILURES = { failed: "The journal could not be deleted. Please try again." };

export async function load({ url }: TabLoadArgs) {
  const { request, pageOf } = listRequest(url, ARTICLES_PAGE_SIZE);
  const result = await (await services()).articles.adminList(request);
  return pageOf(
    result.items.map(({ id, slug, title, updatedAt, status, publishAt, authorName }) => ({
      id,
      slug,
      title,
      updatedAt,
      status,
      publishAt,
      authorName,
    })),
    result.total,
  );
}

export const deleteJournal = runAction("delete-journal", JOURNALS_FAILURES, async ({ form, reply }) => {
  // A journal that is gone answers 404 with the service's words (runAction). It goes to the trash.
  await (await services()).articles.remove(String(form.get("journalId") ?? ""));
  return reply(true, "Journal deleted successfully!"); // SPEC.md
});

export const bulkJournals = bulkAction("journal");

export const actions = byIntent(deleteJournal, bulkJournals);
