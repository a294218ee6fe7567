import { EDITORIAL_STATUS_LABELS, type EditorialStatus } from "~/domain/vocabulary";
import { articleRevisionDescriptions } from "~/journal/article-fields";
import type { ArticleSnapshot } from "~/journal/articles.server";
import type { RevisionField } from "~/lib/revision-diff.server";

type Described = Omit<RevisionField, "name">;

/**
 * How the history page compares every field a revision of an article keeps (issue 31): keyed by
 * the revision's own fields, so a field added to what revisions keep cannot be left out of the
 * comparison (the type check fails). The scholarly fields' labels and texts are declared with
 * them (article-fields.ts), as the article editor labels them.
 */
function describe(issueLabel: (id: string) => string): Record<keyof ArticleSnapshot, Described> {
  // Revisions kept before the scholarly fields existed do not hold them; a restore leaves them.
  const scholarly = Object.fromEntries(
    Object.entries(articleRevisionDescriptions({ issue: issueLabel })).map(([key, field]) => [
      key,
      { absentKeepsCurrent: true, ...field },
    ]),
  ) as unknown as ReturnType<typeof articleRevisionDescriptions>;
  return {
    title: { label: "Article title" },
    abstract: { label: "Abstract", html: true },
    pdf: { label: "PDF" },
    slug: { label: "Address" },
    status: {
      label: "Status",
      text: (value) => EDITORIAL_STATUS_LABELS[value as EditorialStatus] ?? String(value),
    },
    ...scholarly,
  };
}

/** The fields of an article's revisions, as the comparison shows them; `issues` names issues by id. */
export function articleRevisionFields(issues: ReadonlyMap<string, string>): RevisionField[] {
  const fields = describe((id) => issues.get(id) ?? "An issue since deleted");
  return Object.entries(fields).map(([name, field]) => ({ name, ...field }));
}
