import { authorName, orcidUrl } from "~/journal/names";
import type { ArticleAuthor } from "~/journal/vocabulary";

/** The green iD mark ORCID asks sites to show beside an authenticated or linked iD. */
function OrcidMark() {
  return (
    <svg viewBox="0 0 24 24" className="inline h-4 w-4 align-[-2px]" aria-hidden="true">
      <circle cx="12" cy="12" r="12" fill="#a6ce39" />
      <path
        fill="#fff"
        d="M8.3 18.1H6.8V7.7h1.5zm-.7-11.8a1 1 0 1 1 0-2 1 1 0 0 1 0 2zm3.1 1.4h4c3.8 0 5.5 2.7 5.5 5.2 0 2.7-2.1 5.2-5.5 5.2h-4zm1.5 9.1h2.4c3.4 0 4.1-2.6 4.1-3.9 0-2.1-1.3-3.9-4.2-3.9h-2.3z"
      />
    </svg>
  );
}

/** An author as the page has them: no e-mail address; `path`: their author page ("" for none). */
type BylineAuthor = Omit<ArticleAuthor, "email"> & { path: string };

/** Distinct affiliations in the order the authors name them: the byline numbers them. */
export function affiliationsOf(authors: BylineAuthor[]) {
  return [...new Set(authors.map((a) => a.affiliation).filter(Boolean))];
}

/**
 * An article's authors as a journal prints them: names (each a link to the author's page) with
 * affiliation numbers and ORCID iD links, then the numbered affiliations. E-mail addresses are never shown.
 */
export function Byline({ authors, tone = "light" }: { authors: BylineAuthor[]; tone?: "light" | "dark" }) {
  const affiliations = affiliationsOf(authors);
  const link = tone === "dark" ? "text-gold-300" : "text-navy-700 dark:text-gold-300";
  return (
    <div>
      <ul className="flex flex-wrap gap-x-4 gap-y-1 text-lg" aria-label="Authors">
        {authors.map((author, i) => {
          const number = affiliations.indexOf(author.affiliation) + 1;
          return (
            <li key={i} className="inline-flex items-center gap-1.5">
              {author.path ? (
                <a href={author.path} className="font-semibold underline-offset-4 hover:underline">
                  {authorName(author)}
                </a>
              ) : (
                <span className="font-semibold">{authorName(author)}</span>
              )}
              {number > 0 && affiliations.length > 1 && (
                <sup aria-label={`affiliation ${number}`} className="text-xs">
                  {number}
                </sup>
              )}
              {author.corresponding && <span className="sr-only">(corresponding author)</span>}
              {author.orcid && (
                <a
                  href={orcidUrl(author.orcid)}
                  className={`inline-flex items-center ${link}`}
                  aria-label={`ORCID iD of ${authorName(author)}: ${author.orcid}`}
                  rel="noopener"
                >
                  <OrcidMark />
                </a>
              )}
            </li>
          );
        })}
      </ul>
      {affiliations.length > 0 && (
        <ol className={`mt-2 text-sm ${tone === "dark" ? "text-slate-300" : "text-slate-600 dark:text-slate-400"}`}>
          {affiliations.map((affiliation, i) => (
            <li key={affiliation}>
              {affiliations.length > 1 && <sup className="mr-1">{i + 1}</sup>}
              {affiliation}
            </li>
          ))}
        </ol>
      )}
    </div>
  );
}
