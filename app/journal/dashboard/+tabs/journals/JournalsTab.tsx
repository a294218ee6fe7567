import { buttonClasses } from "~/components/ui/Button";
import { type ContentListSpec, contentListTab } from "~/dashboard/ContentList";
import { formatDate } from "~/lib/text";

/** An article as the Articles tab lists it (the earlier system called an article a journal). */
export type ArticleRow = {
  id: string;
  slug: string;
  title: string;
  updatedAt: Date | string;
  status: string;
  publishAt: Date | string | null;
  /** When it went public (or goes, when scheduled); none for a draft. */
  publishedAt: Date | string | null;
  /** Its issue's label; none while it is in no issue. */
  issue: string | null;
  /** Its authors as a byline names them. */
  authors: string;
  /** Its PDF's own file name. */
  pdfName: string;
};

// SPEC-NOTES.md's words for the articles (SPEC.md's "Journals", "Create Journal", "Journal title",
// "Journal Pdf"); SPEC.md's empty message stays.
const ARTICLES: ContentListSpec<ArticleRow> = {
  kind: "journal",
  words: { title: "Articles", create: "New article", titleHeader: "Article title", empty: "no journal yet" },
  columns: [
    "title",
    { header: "Issue", cell: (article) => article.issue ?? "—" },
    { header: "Authors", cell: (article) => article.authors || "—" },
    "status",
    {
      header: "Published",
      cell: (article) => (article.publishedAt ? formatDate(article.publishedAt, "short") : "—"),
    },
    {
      header: "PDF",
      cell: (article) => (
        <a
          href={`/journal/${article.slug}/pdf?download`}
          // One line, cut with an ellipsis (the whole name on hover and for screen readers), so the
          // table keeps its Edit and Delete columns within a laptop's width.
          className={buttonClasses("link", "inline", "block max-w-[6rem] truncate")}
          title={article.pdfName}
          aria-label={`Download ${article.pdfName}, the PDF of ${article.title}`}
        >
          {article.pdfName}
        </a>
      ),
    },
  ],
  name: (article) => article.title,
  deleteDescription: (article) =>
    `"${article.title}" and its PDF will be removed from the site and kept in the Trash for 30 days.`,
};

export const JournalsTab = contentListTab(ARTICLES);
