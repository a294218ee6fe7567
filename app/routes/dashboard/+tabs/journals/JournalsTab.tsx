import { Link } from "react-router";

import type { ListPage } from "~/components/ShowMore";
import { buttonClasses } from "~/components/ui/Button";
import { formatDate } from "~/lib/text";

import { ContentList, type ContentListSpec } from "../../+shared/ContentList";
import type { TabProps } from "../../tab";

export type JournalRow = { id: string; slug: string; filename: string; updatedAt: Date | string };

const JOURNALS: ContentListSpec<JournalRow> = {
  tab: "journals",
  title: "Journals",
  create: { label: "Create Journal", href: "/create-journal" },
  empty: "no journal yet", // SPEC.md
  columns: [
    {
      header: "Date Updated",
      className: "whitespace-nowrap",
      cell: (journal) => formatDate(journal.updatedAt, "short"),
    },
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
    {
      header: "Journal title",
      className: "font-medium",
      cell: (journal) => (
        <Link to={`/journal/${journal.slug}`} className="hover:underline">
          {journal.filename}
        </Link>
      ),
    },
  ],
  name: (journal) => journal.filename,
  editHref: (journal) => `/update-journal/${journal.id}`,
  deleteFields: (journal) => ({ intent: "delete-journal", journalId: journal?.id ?? "" }),
  deleteDescription: (journal) => `"${journal.filename}" and its PDF will be removed from the site.`,
};

export function JournalsTab({ data, confirm, result }: TabProps<ListPage<JournalRow>>) {
  return <ContentList spec={JOURNALS} list={data} confirmId={confirm} result={result} />;
}
