import { services } from "~/runtime.server";
import { JOURNALS_PAGE_SIZE, pageNumber } from "~/services/pagination";

import { byIntent, runAction, type TabLoadArgs } from "../../actions.server";

// SPEC.md has no words for an unexpected failure here.
const JOURNALS_FAILURES = { failed: "The journal could not be deleted. Please try again." };

export async function load({ url }: TabLoadArgs) {
  const page = pageNumber(url.searchParams.get("page"));
  const result = await (await services()).journals.list({ startIndex: (page - 1) * JOURNALS_PAGE_SIZE });
  return {
    items: result.items.map(({ id, slug, filename, updatedAt }) => ({ id, slug, filename, updatedAt })),
    hasMore: result.hasMore,
    page,
  };
}

export const deleteJournal = runAction("delete-journal", JOURNALS_FAILURES, async ({ form, reply }) => {
  // A journal that is gone answers 404 with the service's words (runAction).
  await (await services()).journals.remove(String(form.get("journalId") ?? ""));
  return reply(true, "Journal deleted successfully!"); // SPEC.md
});

export const actions = byIntent(deleteJournal);
