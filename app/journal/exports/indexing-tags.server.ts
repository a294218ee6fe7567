/**
 * What indexers read in the article page's <head>: the Highwire Press tags Google Scholar asks
 * for, the Dublin Core tags OJS writes (Base, OpenAIRE and library harvesters read them), and
 * schema.org JSON-LD. No author's e-mail ever goes in: these are public.
 */
import type { ArticleView } from "~/journal/article-fields";
import { doiUrl, type JournalView, orcidUrl } from "~/journal/vocabulary";
import { htmlToText } from "~/lib/text";

export type MetaTag = { name: string; content: string };

/** "2025/03/14", the form Google Scholar's guidelines give. */
const scholarDate = (day: string) => day.replace(/-/g, "/");

const issns = (journal: JournalView) => [journal.issnPrint, journal.issnOnline].filter(Boolean);

/**
 * Highwire Press tags in Google Scholar's order, then Dublin Core. Each author's institution and
 * ORCID iD follow that author, which is how Scholar pairs them.
 */
export function highwireTags(article: ArticleView, journal: JournalView): MetaTag[] {
  const tags: MetaTag[] = [];
  const add = (name: string, content: string | number | null | undefined) => {
    if (content !== null && content !== undefined && String(content).trim() !== "")
      tags.push({ name, content: String(content) });
  };
  const abstract = htmlToText(article.abstract);
  const names = article.authors.map((author) => [author.family, author.given].filter(Boolean).join(", "));

  add("citation_title", article.title);
  article.authors.forEach((author, i) => {
    add("citation_author", names[i]);
    add("citation_author_institution", author.affiliation);
    if (author.orcid) add("citation_author_orcid", orcidUrl(author.orcid));
  });
  add("citation_publication_date", scholarDate(article.publishedOn));
  add("citation_online_date", scholarDate(article.publishedOn));
  add("citation_journal_title", journal.title);
  add("citation_journal_abbrev", journal.abbreviation);
  for (const issn of issns(journal)) add("citation_issn", issn);
  add("citation_publisher", journal.publisher);
  add("citation_volume", article.issue?.volume);
  add("citation_issue", article.issue?.number);
  add("citation_firstpage", article.firstPage);
  add("citation_lastpage", article.lastPage);
  add("citation_doi", article.doi);
  add("citation_pdf_url", article.pdfUrl);
  add("citation_abstract_html_url", article.url);
  for (const keyword of article.keywords) add("citation_keywords", keyword);
  add("citation_language", article.language);
  for (const reference of article.references) add("citation_reference", reference);

  add("DC.title", article.title);
  for (const name of names) add("DC.creator", name);
  add("DC.date", article.publishedOn);
  if (article.doi) add("DC.identifier", doiUrl(article.doi));
  add("DC.identifier", article.url);
  add("DC.publisher", journal.publisher);
  add("DC.language", article.language);
  add("DC.rights", article.licence.url);
  add("DC.type", "Text.Serial.Journal");
  add("DC.format", "application/pdf");
  add("DC.source", journal.title);
  for (const issn of issns(journal)) add("DC.source.issn", issn);
  for (const keyword of article.keywords) add("DC.subject", keyword);
  add("DC.description", abstract);
  add("DC.citation.volume", article.issue?.volume);
  add("DC.citation.issue", article.issue?.number);
  add("DC.citation.spage", article.firstPage);
  add("DC.citation.epage", article.lastPage);
  return tags;
}

type JsonLd = Record<string, unknown>;

/** Keeps the keys with a value, so the JSON-LD never says "" or null. */
function compact(object: JsonLd): JsonLd {
  return Object.fromEntries(
    Object.entries(object).filter(
      ([, value]) => value !== undefined && value !== null && value !== "" && !(Array.isArray(value) && !value.length),
    ),
  );
}

function periodical(journal: JournalView): JsonLd {
  return compact({
    "@type": "Periodical",
    name: journal.title,
    alternateName: journal.abbreviation,
    issn: issns(journal),
    url: journal.url,
    publisher: journal.publisher ? { "@type": "Organization", name: journal.publisher } : undefined,
  });
}

/** Where the article sits: Issue → Volume → Periodical, or the Periodical itself when it has no issue yet. */
function container(article: ArticleView, journal: JournalView): JsonLd {
  const issue = article.issue;
  if (!issue) return periodical(journal);
  return compact({
    "@type": "PublicationIssue",
    issueNumber: String(issue.number),
    datePublished: issue.publishedOn ?? String(issue.year),
    url: issue.url,
    isPartOf: { "@type": "PublicationVolume", volumeNumber: String(issue.volume), isPartOf: periodical(journal) },
  });
}

/** A schema.org ScholarlyArticle for a <script type="application/ld+json">. */
export function scholarlyJsonLd(article: ArticleView, journal: JournalView): JsonLd {
  const pagination =
    article.firstPage !== null && article.lastPage !== null && article.lastPage !== article.firstPage
      ? `${article.firstPage}-${article.lastPage}`
      : article.firstPage !== null
        ? String(article.firstPage)
        : undefined;
  return compact({
    "@context": "https://schema.org",
    "@type": "ScholarlyArticle",
    "@id": article.url,
    headline: article.title,
    name: article.title,
    author: article.authors.map((author) =>
      compact({
        "@type": "Person",
        name: [author.given, author.family].filter(Boolean).join(" "),
        givenName: author.given,
        familyName: author.family,
        affiliation: author.affiliation ? { "@type": "Organization", name: author.affiliation } : undefined,
        sameAs: author.orcid ? orcidUrl(author.orcid) : undefined,
      }),
    ),
    identifier: article.doi ? { "@type": "PropertyValue", propertyID: "DOI", value: article.doi } : undefined,
    url: article.url,
    sameAs: article.doi ? doiUrl(article.doi) : undefined,
    datePublished: article.publishedOn,
    dateModified: article.updatedAt.toISOString(),
    inLanguage: article.language,
    keywords: article.keywords.join(", "),
    abstract: htmlToText(article.abstract),
    license: article.licence.url,
    isAccessibleForFree: true,
    funding: article.funding ? { "@type": "Grant", description: article.funding } : undefined,
    pagination,
    pageStart: article.firstPage === null ? undefined : String(article.firstPage),
    pageEnd: article.lastPage === null ? undefined : String(article.lastPage),
    encoding: { "@type": "MediaObject", encodingFormat: "application/pdf", contentUrl: article.pdfUrl },
    publisher: journal.publisher ? { "@type": "Organization", name: journal.publisher } : undefined,
    isPartOf: container(article, journal),
  });
}

/** The JSON-LD as the text of a <script> element: "<" escaped, so a title cannot close the element. */
export const jsonLdText = (value: unknown) => JSON.stringify(value).replace(/</g, "\\u003c");
