/**
 * What the journal's public pages show of an article or an issue: section names, issue labels,
 * bylines and addresses. Small on purpose: the pages' scripts carry it (vocabulary.ts has the rest).
 */

import { ARTICLE_SECTIONS, type ArticleSection, ISSUE_STATUSES, type IssueStatus } from "~/domain/vocabulary";

// The stored values are the schema's (domain/vocabulary.ts); the journal's code takes them from here.
export { ARTICLE_SECTIONS, type ArticleSection, ISSUE_STATUSES, type IssueStatus };

export const ARTICLE_SECTION_LABELS: Record<ArticleSection, string> = {
  editorial: "Editorial",
  research: "Research Articles",
  review: "Review Articles",
  policy: "Policy Briefs",
  "book-review": "Book Reviews",
};
export const DEFAULT_SECTION: ArticleSection = "research";

export function sectionLabel(section: string): string {
  return ARTICLE_SECTION_LABELS[section as ArticleSection] ?? section;
}

export const ISSUE_STATUS_LABELS: Record<IssueStatus, string> = {
  forthcoming: "Forthcoming",
  published: "Published",
};

export const articlePath = (slug: string) => `/journal/${slug}`;
export const articlePdfPath = (slug: string) => `/journal/${slug}/pdf`;
/** An article's PDF as an editor knows it: the uploaded file's own name, or one made from the address. */
export const articlePdfName = (originalName: string | undefined, slug: string) => originalName || `${slug}.pdf`;
export const issuePath = (issue: { volume: number; number: number }) =>
  `/journals/issue/${issue.volume}/${issue.number}`;
export const ARCHIVE_PATH = "/journals/issues";

export const orcidUrl = (orcid: string) => `https://orcid.org/${orcid}`;
export const doiUrl = (doi: string) => `https://doi.org/${doi}`;

/** "Vol. 2 No. 1 (2025)", with the issue's title after a colon when it has one. */
export function issueLabel(issue: { volume: number; number: number; year: number; title?: string }): string {
  const base = `Vol. ${issue.volume} No. ${issue.number} (${issue.year})`;
  return issue.title ? `${base}: ${issue.title}` : base;
}

type Named = { given: string; family: string };

/** An author's name as a byline shows it. */
export const authorName = (author: Named) => [author.given, author.family].filter(Boolean).join(" ");

/** "Ngozi Okafor, Samuel Mensah and Aisha Bello". */
export function byline(authors: Named[]): string {
  const names = authors.map(authorName);
  if (names.length <= 1) return names.join("");
  return `${names.slice(0, -1).join(", ")} and ${names[names.length - 1]}`;
}
