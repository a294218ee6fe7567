/**
 * "How to cite" an article: the reference in five styles, formatted by citeproc from the official
 * CSL styles (never hand-built), and the files reference managers import (BibTeX, RIS, CSL-JSON).
 */
import type { Cite as CiteClass, CslItem } from "@citation-js/core";

import type { ArticleView } from "~/journal/article-fields";
import type { JournalView } from "~/journal/vocabulary";
import { oneLine } from "~/lib/control-characters";
import { htmlToText } from "~/lib/text";
import { InvalidError } from "~/services/errors.server";

import { UNKNOWN_CITATION_STYLE } from "../messages";

/**
 * The styles offered, in the order the box shows them. `template` is the CSL style's name in
 * citation-js: apa, harvard1 and vancouver ship with @citation-js/plugin-csl; Chicago (17th ed.,
 * author-date, the form journals use, dating an article without volume by its day as the 18th
 * does) and MLA (9th ed.) are the CSL project's files in ./csl (see its README).
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
    // CSL has no licence variable: the schema keeps what has none in `custom`.
    custom: { license: article.licence.url },
  };
  return onOneLine(Object.fromEntries(Object.entries(item).filter(([, value]) => value !== undefined)) as CslItem);
}

/**
 * Every text of the item on one line: a newline typed into a title would otherwise end a RIS field
 * and start lines of its own (a second record), and break BibTeX's fields and the formatted references.
 */
function onOneLine<T>(value: T): T {
  if (typeof value === "string") return oneLine(value) as T;
  if (Array.isArray(value)) return value.map(onOneLine) as T;
  if (value && typeof value === "object")
    return Object.fromEntries(Object.entries(value).map(([key, v]) => [key, onOneLine(v)])) as T;
  return value;
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
  return new Cite(cslItem(article, journal));
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

/* ---- BibTeX ---- */

type BibtexEntry = { type: string; label: string; properties: Record<string, string> };

/**
 * The plugin writes a letter's accent as `{\" u}`: TeX reads it, but common parsers (Python's
 * bibtexparser, which many tools use) read "M ̈uller". A symbol accent takes its letter directly
 * (`{\"u}`); Å and å are LaTeX's `{\AA}` and `{\aa}`, which those parsers read and `{\r A}` they do not.
 */
function tidyAccents(value: string): string {
  return value.replace(/\{\\r ([Aa])\}/g, "{\\$1$1}").replace(/\{\\([^A-Za-z\s]) ([A-Za-z])\}/g, "{\\$1$2}");
}

const BIBTEX_MONTHS = ["jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec"];

/** One BibTeX field: the month as BibTeX's own macro (no day: BibTeX has no field for it), the rest braced. */
function bibtexField(name: string, value: string): string {
  const month = name === "month" ? BIBTEX_MONTHS.find((m) => value.startsWith(m)) : undefined;
  return month ? `\tmonth = ${month},\n` : `\t${name} = {${tidyAccents(value)}},\n`;
}

export async function bibtex(article: ArticleView, journal: JournalView): Promise<string> {
  const entries = (await cite(article, journal)).format("bibtex", { format: "object" }) as BibtexEntry[];
  return entries
    .map(
      ({ type, label, properties }) =>
        `@${type}{${label},\n${Object.entries(properties)
          .map(([name, value]) => bibtexField(name, String(value)))
          .join("")}}\n`,
    )
    .join("\n");
}

/* ---- RIS ---- */

type RisRecord = Record<string, string | number | (string | number)[]>;

/**
 * The RIS file, one field a line. The plugin's own text breaks values every 70 characters,
 * mid-word, and leaves a value's line breaks in: a continuation line can then read as a tag of its
 * own (`ER  -`, `TY  -`), so the lines are written here from its record.
 */
export async function ris(article: ArticleView, journal: JournalView): Promise<string> {
  const [record] = (await cite(article, journal)).format("ris", { format: "object" }) as RisRecord[];
  const { TY, ER: _end, EP: _endPage, ...fields } = record;
  // Each keyword is one field, as typed (the plugin would split one that has a comma).
  if (article.keywords.length) fields.KW = article.keywords;
  const lines = [`TY  - ${String(TY)}`];
  const add = (tag: string, value: unknown) => {
    const text = oneLine(String(value));
    if (text) lines.push(`${tag}  - ${text}`);
  };
  for (const [tag, values] of Object.entries(fields))
    for (const value of [values].flat()) {
      // The plugin writes the range into the start page; RIS has the end page as a field of its own.
      const [start, end] = tag === "SP" ? String(value).split("-") : [value];
      add(tag, start);
      if (end) add("EP", end);
    }
  lines.push("ER  - ");
  return `${lines.join("\n")}\n`;
}

/** Reads a BibTeX, RIS or CSL-JSON text back into CSL-JSON items (what a reference manager would see). */
export async function parseReferences(text: string): Promise<CslItem[]> {
  const Cite = await loadCitationJs();
  return new Cite(text).data;
}
