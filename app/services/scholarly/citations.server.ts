/**
 * "How to cite" an article: the reference in five styles, formatted by citeproc from the official
 * CSL styles (never hand-built), and the files reference managers import (BibTeX, RIS, CSL-JSON).
 */
import type { Cite as CiteClass, CslItem } from "@citation-js/core";

import { UNKNOWN_CITATION_STYLE } from "~/domain/messages/scholarly";
import type { ArticleView, JournalView } from "~/domain/scholarly";
import { htmlToText } from "~/lib/text";
import { InvalidError } from "~/services/errors.server";

/**
 * The styles offered, in the order the box shows them. `template` is the CSL style's name in
 * citation-js: apa, harvard1 and vancouver ship with @citation-js/plugin-csl; Chicago (17th ed.,
 * author-date, the form journals use) and MLA (9th ed.) are the official CSL files in ./csl.
 */
export const citationStyles = [
  { id: "apa", label: "APA (7th ed.)", template: "apa" },
  { id: "chicago", label: "Chicago (author-date)", template: "chicago-author-date" },
  { id: "harvard", label: "Harvard", template: "harvard1" },
  { id: "mla", label: "MLA (9th ed.)", template: "modern-language-association" },
  { id: "vancouver", label: "Vancouver", template: "vancouver" },
] as const;
export type CitationStyleId = (typeof citationStyles)[number]["id"];

export function isCitationStyle(id: string): id is CitationStyleId {
  return citationStyles.some((style) => style.id === id);
}

/* ---- the CSL-JSON item everything else is made from ---- */

const dateParts = (day: string) => day.split("-").map(Number);

/** The journal's ISSN a reference shows: the online one first, since readers find the article online. */
const journalIssns = (journal: JournalView) => [journal.issnOnline, journal.issnPrint].filter(Boolean);

export function cslItem(article: ArticleView, journal: JournalView): CslItem {
  const { firstPage, lastPage } = article;
  const page =
    firstPage === null
      ? undefined
      : lastPage && lastPage !== firstPage
        ? `${firstPage}-${lastPage}`
        : String(firstPage);
  const abstract = htmlToText(article.abstract);
  const item: CslItem = {
    id: article.slug,
    type: "article-journal",
    title: article.title,
    author: article.authors.map((author) =>
      author.family ? { family: author.family, given: author.given || undefined } : { literal: author.given },
    ),
    "container-title": journal.title,
    "container-title-short": journal.abbreviation || undefined,
    ISSN: journalIssns(journal)[0],
    volume: article.issue ? String(article.issue.volume) : undefined,
    issue: article.issue ? String(article.issue.number) : undefined,
    page,
    DOI: article.doi || undefined,
    URL: article.url,
    issued: { "date-parts": [dateParts(article.publishedOn)] },
    language: article.language,
    abstract: abstract || undefined,
    keyword: article.keywords.length ? article.keywords.join(", ") : undefined,
    publisher: journal.publisher || undefined,
    license: article.licence.url,
  };
  return Object.fromEntries(Object.entries(item).filter(([, value]) => value !== undefined)) as CslItem;
}

/** The CSL-JSON file: an array with the one item. */
export function cslJson(article: ArticleView, journal: JournalView): string {
  return `${JSON.stringify([cslItem(article, journal)], null, 2)}\n`;
}

/* ---- citation-js, loaded and given its styles once, on first use ---- */

let citationJs: Promise<typeof CiteClass> | undefined;

/** citation-js takes about a second to load: only the first citation pays for it, not the server's start. */
function loadCitationJs(): Promise<typeof CiteClass> {
  citationJs ??= (async () => {
    const [{ Cite, plugins }, chicago, mla] = await Promise.all([
      import("@citation-js/core"),
      import("./csl/chicago-author-date.csl?raw"),
      import("./csl/modern-language-association.csl?raw"),
      import("@citation-js/plugin-csl"),
      import("@citation-js/plugin-bibtex"),
      import("@citation-js/plugin-ris"),
    ]);
    const styles = plugins.config.get("@csl").styles;
    styles.add("chicago-author-date", chicago.default);
    styles.add("modern-language-association", mla.default);
    return Cite;
  })();
  citationJs.catch(() => (citationJs = undefined));
  return citationJs;
}

async function cite(article: ArticleView, journal: JournalView) {
  const Cite = await loadCitationJs();
  const item = cslItem(article, journal);
  // citation-js splits RIS keywords on bare commas and keeps the spaces after them.
  if (article.keywords.length) item.keyword = article.keywords.join(",");
  return new Cite(item);
}

/** The reference inside citeproc's wrappers (and without Vancouver's list number, since it stands alone). */
function entryHtml(html: string): string {
  const inline = html.match(/<div class="csl-right-inline">([\s\S]*?)<\/div>/);
  if (inline) return inline[1].trim();
  const entry = html.match(/<div[^>]*class="csl-entry"[^>]*>([\s\S]*?)<\/div>/);
  return (entry ? entry[1] : html).trim();
}

const entryText = (text: string) => text.trim().replace(/^\d+\.\s+/, "");

export type FormattedCitation = { html: string; text: string };

/** The article's reference in one style: `html` is escaped, with italics as <i>; `text` is plain. */
export async function formatCitation(
  article: ArticleView,
  journal: JournalView,
  styleId: string,
): Promise<FormattedCitation> {
  const style = citationStyles.find((s) => s.id === styleId);
  if (!style) throw new InvalidError(UNKNOWN_CITATION_STYLE, "style");
  const reference = await cite(article, journal);
  const options = { template: style.template, lang: "en-US" } as const;
  return {
    html: entryHtml(reference.format("bibliography", { ...options, format: "html" })),
    text: entryText(reference.format("bibliography", { ...options, format: "text" })),
  };
}

/** Every style at once, for the "How to cite" box. */
export async function formatCitations(article: ArticleView, journal: JournalView) {
  return Promise.all(
    citationStyles.map(async ({ id, label }) => ({ id, label, ...(await formatCitation(article, journal, id)) })),
  );
}

export async function bibtex(article: ArticleView, journal: JournalView): Promise<string> {
  return (await cite(article, journal)).format("bibtex", { format: "text" });
}

export async function ris(article: ArticleView, journal: JournalView): Promise<string> {
  const text = (await cite(article, journal)).format("ris", { format: "text" }) as string;
  // The plugin breaks values every 70 characters, mid-word; reference managers would keep the
  // breaks (or add spaces), so each field goes back on its own line.
  return text.replace(/\r?\n(?![A-Z][A-Z0-9] {2}- |ER {2}-|$)/g, "");
}

/** Reads a BibTeX, RIS or CSL-JSON text back into CSL-JSON items (what a reference manager would see). */
export async function parseReferences(text: string): Promise<CslItem[]> {
  const Cite = await loadCitationJs();
  return new Cite(text).data;
}
