import { Link } from "react-router";

import { AuthorLinks, type LinkedAuthor } from "~/components/AuthorLinks";
import { type ArticleSection, sectionLabel } from "~/journal/names";

export type TocEntry = {
  slug: string;
  title: string;
  authors: LinkedAuthor[];
  section: ArticleSection;
  firstPage: number | null;
  lastPage: number | null;
  doi: string;
};

const pages = (entry: TocEntry) =>
  entry.firstPage
    ? entry.lastPage && entry.lastPage !== entry.firstPage
      ? `${entry.firstPage}–${entry.lastPage}`
      : `${entry.firstPage}`
    : "";

/** An issue's articles under their section headings, in the order the service gave (section, page). */
export function TableOfContents({ entries, headingLevel = 3 }: { entries: TocEntry[]; headingLevel?: 2 | 3 }) {
  const sections: { section: ArticleSection; entries: TocEntry[] }[] = [];
  for (const entry of entries) {
    const last = sections[sections.length - 1];
    if (last?.section === entry.section) last.entries.push(entry);
    else sections.push({ section: entry.section, entries: [entry] });
  }
  const Heading = headingLevel === 2 ? "h2" : "h3";
  if (entries.length === 0) return <p className="text-slate-600 dark:text-slate-400">No articles in this issue yet.</p>;
  return (
    <div className="space-y-8">
      {sections.map(({ section, entries }) => (
        <section key={section} aria-label={sectionLabel(section)}>
          <Heading className="border-b border-slate-200 pb-2 text-sm font-semibold tracking-wider text-slate-500 uppercase dark:border-slate-700 dark:text-slate-400">
            {sectionLabel(section)}
          </Heading>
          <ul className="mt-3 divide-y divide-slate-100 dark:divide-slate-800">
            {entries.map((entry) => (
              <li key={entry.slug} className="flex items-baseline justify-between gap-6 py-3">
                <div>
                  <Link
                    to={`/journal/${entry.slug}`}
                    className="font-serif text-lg leading-snug font-semibold text-navy-900 hover:underline dark:text-white"
                  >
                    {entry.title}
                  </Link>
                  {entry.authors.length > 0 && (
                    <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">
                      <AuthorLinks authors={entry.authors} />
                    </p>
                  )}
                </div>
                {pages(entry) && (
                  <span className="shrink-0 text-sm text-slate-500 tabular-nums dark:text-slate-400">
                    <span className="sr-only">Pages </span>
                    {pages(entry)}
                  </span>
                )}
              </li>
            ))}
          </ul>
        </section>
      ))}
    </div>
  );
}
