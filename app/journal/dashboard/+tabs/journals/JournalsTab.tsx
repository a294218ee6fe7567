import { buttonClasses } from "~/components/ui/Button";
import { type ContentListSpec, contentListTab } from "~/routes/dashboard/+shared/ContentList";

/** An article as the Journals tab (SPEC.md's name) lists it. */
export type ArticleRow = {
  id: string;
  slug: string;
  title: string;
  updatedAt: Date | string;
  status: string;
  publishAt: Date | string | null;
  authorName: string | null;
};

const ARTICLES: ContentListSpec<ArticleRow> = {
  kind: "journal",
  words: { title: "Journals", create: "Create Journal", empty: "no journal yet" }, // SPEC.md
  columns: [
    {
      header: "Journal Pdf",
      cell: (article) => (
        <a
          href={`/journal/${article.slug}/pdf?download`}
          className={buttonClasses("link", "inline", "whitespace-nowrap")}
          aria-label={`Download PDF of ${article.title}`}
        >
          Download PDF
        </a>
      ),
    },
    "title",
  ],
  name: (article) => article.title,
  deleteDescription: (article) =>
    `"${article.title}" and its PDF will be removed from the site and kept in the Trash for 30 days.`,
};

export const JournalsTab = contentListTab(ARTICLES);
