import type { LinkedAuthor } from "~/components/AuthorLinks";
import type { ArticleView } from "~/journal/article-fields";
import { articleView, issueView, journalView } from "~/journal/article-view.server";
import type { ArticleRecord } from "~/journal/articles.server";
import type { TocEntry } from "~/journal/components/TableOfContents";
import type { Issue } from "~/journal/journal.server";
import { type ArticleSection, authorName } from "~/journal/names";
import type { JournalView } from "~/journal/vocabulary";
import { articleAuthorPath } from "~/lib/author-paths";
import { isSlug } from "~/lib/text";
import { services } from "~/runtime.server";
import { siteUrlOf } from "~/web/seo.server";

/** An issue's volume and number from its address (/journals/issue/{volume}/{number}), or null. */
export function issueNumbersOf(params: { volume?: string; number?: string }) {
  const volume = Number(params.volume);
  const number = Number(params.number);
  const valid = (n: number) => Number.isSafeInteger(n) && n >= 1;
  return valid(volume) && valid(number) ? { volume, number } : null;
}

/** The journal as every journal page and export needs it: its settings and this site's address. */
export async function journalFor(request: Request): Promise<JournalView> {
  return journalView(await (await services()).journal.profile(), siteUrlOf(request));
}

/** An article with its issue and the journal's defaults resolved, as readers and indexers see it. */
export async function articleFor(
  row: ArticleRecord,
  request: Request,
  known: { issue?: Issue | null; journal?: JournalView } = {},
): Promise<{ article: ArticleView; journal: JournalView }> {
  const periodical = (await services()).journal;
  const journal = known.journal ?? (await journalFor(request));
  const issue = known.issue !== undefined ? known.issue : row.issueId ? await periodical.issueById(row.issueId) : null;
  return { article: articleView(row, issue ?? null, journal, journal.siteUrl), journal };
}

/** An issue and its table of contents, each article resolved. */
export async function issueWithArticles(issue: Issue, request: Request, audience: "public" | "admin" = "public") {
  const journal = await journalFor(request);
  const rows = await (await services()).articles.inIssue(issue.id, audience);
  const articles = await Promise.all(
    rows.map(async (row) => (await articleFor(row, request, { issue, journal })).article),
  );
  return { issue: issueView(issue, journal.siteUrl), articles, journal };
}

/** A public article and its journal, as citations and exports see them; null when there is no such article. */
export async function loadArticleForCitation(
  slug: string,
  request: Request,
): Promise<{ article: ArticleView; journal: JournalView } | null> {
  if (!isSlug(slug)) return null;
  const { articles } = await services();
  const row = await articles.bySlug(slug, "public");
  return row ? articleFor(row, request) : null;
}

/** An article's authors as a list's byline shows them: each name with the address of their author page. */
export const linkedAuthors = (authors: { given: string; family: string; orcid: string }[]): LinkedAuthor[] =>
  authors.map((author) => ({ name: authorName(author), path: articleAuthorPath(author) }));

/** A table-of-contents line from an article record (no e-mail addresses: the list reaches the browser). */
export function tocEntry(row: {
  slug: string;
  title: string;
  authors: { given: string; family: string; orcid: string }[];
  section: string;
  firstPage: number | null;
  lastPage: number | null;
  doi: string | null;
}): TocEntry {
  return {
    slug: row.slug,
    title: row.title,
    authors: linkedAuthors(row.authors),
    section: row.section as ArticleSection,
    firstPage: row.firstPage,
    lastPage: row.lastPage,
    doi: row.doi ?? "",
  };
}
