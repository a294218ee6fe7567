import { buttonClasses } from "~/components/ui/Button";

import { type ContentListSpec, contentListTab } from "../../+shared/ContentList";

export type JournalRow = {
  id: string;
  slug: string;
  filename: string;
  updatedAt: Date | string;
  status: string;
  publishAt: Date | string | null;
  authorName: string | null;
};

const JOURNALS: ContentListSpec<JournalRow> = {
  kind: "journal",
  words: { title: "Journals", create: "Create Journal", empty: "no journal yet" }, // SPEC.md
  columns: [
    {
      header: "Journal Pdf",
      cell: (journal) => (
        <a
          href={`/journal/${journal.slug}/pdf?download`}
          className={buttonClasses("link", "inline", "whitespace-nowrap")}
          aria-label={`Download PDF of ${journal.filename}`}
        >
          Download PDF
        </a>
      ),
    },
    "title",
  ],
  name: (journal) => journal.filename,
  deleteDescription: (journal) =>
    `"${journal.filename}" and its PDF will be removed from the site and kept in the Trash for 30 days.`,
};

export const JournalsTab = contentListTab(JOURNALS);
