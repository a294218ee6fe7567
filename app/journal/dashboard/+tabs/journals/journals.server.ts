import { byIntent, runAction, type TabLoadArgs } from "~/dashboard/actions.server";
import { bulkAction, listRequest } from "~/dashboard/editorial-list.server";
import type { ListFilter } from "~/dashboard/ListControls";
import { savedNotice } from "~/domain/messages/editorial";
import { ARTICLE_DELETED } from "~/journal/messages";
import { articlePath, articlePdfName, byline, issueLabel } from "~/journal/names";
import { services } from "~/runtime.server";
import { ARTICLES_PAGE_SIZE } from "~/services/pagination";

// SPEC.md has no words for an unexpected failure here.
const JOURNALS_FAILURES = { failed: "The journal could not be deleted. Please try again." };

/** The article the editor just saved (`?saved={id}`, where the editor sends them): what it is now, and its page. */
async function savedNote(id: string | null) {
  if (!id || !/^[0-9a-f-]{36}$/i.test(id)) return null;
  const article = await (await services()).articles.byId(id, "admin");
  if (!article) return null;
  return {
    message: savedNotice("Article", article.title, article.status, article.publishAt),
    href: articlePath(article.slug),
  };
}

export async function load({ url }: TabLoadArgs) {
  const { request, query, pageOf } = listRequest(url, ARTICLES_PAGE_SIZE);
  const { articles, journal, media } = await services();
  const [result, issues, saved] = await Promise.all([
    articles.adminList({ ...request, issueId: query.issue }),
    journal.issues({ includeForthcoming: true }),
    savedNote(url.searchParams.get("saved")),
  ]);
  // The list's column names an issue without its title (the filter above gives it in full): the
  // table keeps its columns within a laptop's width.
  const labels = new Map(issues.map((issue) => [issue.id, issueLabel({ ...issue, title: undefined })]));
  const pdfNames = await media.originalNames(result.items.map((article) => article.pdf));
  const filter: ListFilter = {
    name: "issue",
    label: "Issue",
    options: [
      { value: "", label: "All issues" },
      ...issues.map((issue) => ({ value: issue.id, label: issueLabel(issue) })),
      { value: "none", label: "Not in an issue" },
    ],
  };
  const page = pageOf(
    result.items.map((article) => ({
      id: article.id,
      slug: article.slug,
      title: article.title,
      updatedAt: article.updatedAt,
      status: article.status,
      publishAt: article.publishAt,
      // A published article went public when it was published (its createdAt is that moment).
      publishedAt:
        article.status === "published" ? article.createdAt : article.status === "scheduled" ? article.publishAt : null,
      issue: article.issueId ? (labels.get(article.issueId) ?? null) : null,
      authors: byline(article.authors),
      pdfName: articlePdfName(pdfNames.get(article.pdf), article.slug),
    })),
    result.total,
  );
  return { ...page, filter, saved };
}

export const deleteJournal = runAction("delete-journal", JOURNALS_FAILURES, async ({ form, reply }) => {
  // A journal that is gone answers 404 with the service's words (runAction). It goes to the trash.
  await (await services()).articles.remove(String(form.get("journalId") ?? ""));
  return reply(true, ARTICLE_DELETED);
});

export const bulkJournals = bulkAction("journal");

export const actions = byIntent(deleteJournal, bulkJournals);
