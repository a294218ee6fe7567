import { EDITORIAL_STATUS_LABELS, type EditorialStatus } from "~/domain/vocabulary";
import type { ArticleSnapshot } from "~/journal/articles.server";
import {
  type ArticleAuthor,
  authorName,
  languageLabel,
  licence,
  sectionLabel,
  type SupplementaryFile,
} from "~/journal/vocabulary";
import type { RevisionField } from "~/lib/revision-diff.server";

type Described = Omit<RevisionField, "name">;

const list =
  <T>(show: (item: T) => string) =>
  (value: unknown) =>
    (value as T[]).map(show).join("\n");

const author = (a: ArticleAuthor) =>
  [authorName(a), a.affiliation, a.orcid && `ORCID ${a.orcid}`, a.email, a.corresponding && "corresponding author"]
    .filter(Boolean)
    .join(", ");

/**
 * How the history page compares every field a revision of an article keeps (issue 31): keyed by
 * the revision's own fields, so a field added to what revisions keep cannot be left out of the
 * comparison (the type check fails). Words as the article editor labels its fields.
 */
function describe(issueLabel: (id: string) => string): Record<keyof ArticleSnapshot, Described> {
  // Revisions kept before the scholarly fields existed do not hold them; a restore leaves them.
  const scholarly = { absentKeepsCurrent: true };
  return {
    title: { label: "Journal title" },
    abstract: { label: "Description", html: true },
    pdf: { label: "PDF" },
    slug: { label: "Address" },
    status: {
      label: "Status",
      text: (value) => EDITORIAL_STATUS_LABELS[value as EditorialStatus] ?? String(value),
    },
    issueId: { ...scholarly, label: "Issue", text: (value) => issueLabel(String(value)) },
    section: { ...scholarly, label: "Section", text: (value) => sectionLabel(String(value)) },
    authors: { ...scholarly, label: "Authors", text: list(author) },
    keywords: { ...scholarly, label: "Keywords", text: (value) => (value as string[]).join("; ") },
    firstPage: { ...scholarly, label: "First page" },
    lastPage: { ...scholarly, label: "Last page" },
    doi: { ...scholarly, label: "DOI" },
    licence: { ...scholarly, label: "Licence", text: (value) => licence(String(value))?.label ?? String(value) },
    language: { ...scholarly, label: "Language", text: (value) => languageLabel(String(value)) },
    receivedOn: { ...scholarly, label: "Received" },
    acceptedOn: { ...scholarly, label: "Accepted" },
    publishedOn: { ...scholarly, label: "Published" },
    references: { ...scholarly, label: "References", text: list(String) },
    supplementary: {
      ...scholarly,
      label: "Supplementary files",
      text: list((s: SupplementaryFile) => `${s.label}: ${s.file}`),
    },
  };
}

/** The fields of an article's revisions, as the comparison shows them; `issues` names issues by id. */
export function articleRevisionFields(issues: ReadonlyMap<string, string>): RevisionField[] {
  const fields = describe((id) => issues.get(id) ?? "An issue since deleted");
  return Object.entries(fields).map(([name, field]) => ({ name, ...field }));
}
