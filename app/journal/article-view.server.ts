import type { articles, journalIssues } from "~/db/schema";
import { ARTICLE_VIEW_AS_STORED, type ArticleView, pickArticleFields } from "~/journal/article-fields";
import {
  articlePath,
  articlePdfPath,
  DEFAULT_JOURNAL_PROFILE,
  issuePath,
  type IssueStatus,
  type IssueView,
  type JournalProfile,
  type JournalView,
  licence,
} from "~/journal/vocabulary";

type ArticleRow = typeof articles.$inferSelect;
type IssueRow = typeof journalIssues.$inferSelect;

/** The site's address without a trailing slash. */
export const siteRoot = (siteUrl: string) => siteUrl.replace(/\/+$/, "");

export { articlePath, articlePdfPath, issuePath };

const isoDay = (date: Date) => date.toISOString().slice(0, 10);

export function issueView(row: IssueRow, siteUrl: string): IssueView {
  return {
    id: row.id,
    volume: row.volume,
    number: row.number,
    year: row.year,
    title: row.title,
    description: row.description,
    cover: row.cover,
    publishedOn: row.publishedOn,
    status: row.status as IssueStatus,
    url: `${siteRoot(siteUrl)}${issuePath(row)}`,
  };
}

export function journalView(profile: JournalProfile, siteUrl: string): JournalView {
  const root = siteRoot(siteUrl);
  return { ...DEFAULT_JOURNAL_PROFILE, ...profile, siteUrl: root, url: `${root}/journals` };
}

/**
 * An article row as readers, indexers and exports see it. `profile` gives the default licence;
 * `issue` is the row's issue, if it has one.
 */
export function articleView(
  row: ArticleRow,
  issue: IssueRow | null | undefined,
  profile: JournalProfile,
  siteUrl: string,
): ArticleView {
  const root = siteRoot(siteUrl);
  // The declared fields a reader sees as stored (article-fields.ts); the others are resolved here.
  const asStored = pickArticleFields(row, ARTICLE_VIEW_AS_STORED) as Pick<
    ArticleView,
    (typeof ARTICLE_VIEW_AS_STORED)[number]
  >;
  return {
    ...asStored,
    id: row.id,
    slug: row.slug,
    title: row.title,
    abstract: row.abstract,
    doi: row.doi ?? "",
    licence: licence(row.licence) ?? licence(profile.licence) ?? licence(DEFAULT_JOURNAL_PROFILE.licence)!,
    publishedOn: row.publishedOn ?? isoDay(row.createdAt),
    supplementary: row.supplementary.map((file) => ({ ...file, url: new URL(file.file, `${root}/`).toString() })),
    issue: issue ? issueView(issue, root) : null,
    url: `${root}${articlePath(row.slug)}`,
    pdfUrl: `${root}${articlePdfPath(row.slug)}`,
    updatedAt: row.metadataChangedAt,
  };
}
