import { services } from "~/runtime.server";
import { JOURNALS_PAGE_SIZE } from "~/services/pagination";

import { bulkAction, listRequest } from "../../+shared/editorial-list.server";
import { byIntent, runAction, type TabLoadArgs } from "../../actions.server";

// SPEC.md has no words for an unexpected failure here.
const JOURNALS_FAILURES = { failed: "The journal could not be deleted. Please try again." };

export async function load({ url }: TabLoadArgs) {
  const { request, pageOf } = listRequest(url, JOURNALS_PAGE_SIZE);
  const result = await (await services()).journals.adminList(request);
  return pageOf(
    result.items.map(({ id, slug, filename, updatedAt, status, publishAt, authorName }) => ({
      id,
      slug,
      filename,
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
  await (await services()).journals.remove(String(form.get("journalId") ?? ""));
  return reply(true, "Journal deleted successfully!"); // SPEC.md
});

export const bulkJournals = bulkAction("journal");

export const actions = byIntent(deleteJournal, bulkJournals);
