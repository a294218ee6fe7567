/**
 * DOAJ's article XML (doajArticles.xsd): the file an editor uploads to DOAJ to add articles.
 * Authors' e-mails are never written, though the format allows them: the file leaves this site.
 */
import type { ArticleView } from "~/journal/article-fields";
import type { JournalView } from "~/journal/vocabulary";
import { languageCode3, orcidUrl } from "~/journal/vocabulary";
import { htmlToText } from "~/lib/text";

import { xmlDocument, type XmlNode } from "./xml.server";

/** DOAJ takes ISO 639-2/B codes. */
export const doajLanguage = (code: string) => languageCode3(code, "iso6392b");

function record(article: ArticleView, journal: JournalView): XmlNode {
  const language = doajLanguage(article.language);
  const affiliations = [...new Set(article.authors.map((author) => author.affiliation).filter(Boolean))];
  const affiliationId = (name: string) => String(affiliations.indexOf(name));
  const abstract = htmlToText(article.abstract);
  return {
    language,
    publisher: journal.publisher,
    journalTitle: journal.title,
    issn: journal.issnPrint,
    eissn: journal.issnOnline,
    publicationDate: article.publishedOn,
    volume: article.issue ? String(article.issue.volume) : undefined,
    issue: article.issue ? String(article.issue.number) : undefined,
    startPage: article.firstPage !== null ? String(article.firstPage) : undefined,
    endPage: article.lastPage !== null ? String(article.lastPage) : undefined,
    doi: article.doi,
    publisherRecordId: article.id,
    documentType: "article",
    title: { "@_language": language, "#text": article.title },
    authors: article.authors.length
      ? {
          author: article.authors.map((author) => ({
            name: [author.given, author.family].filter(Boolean).join(" "),
            affiliationId: author.affiliation ? affiliationId(author.affiliation) : undefined,
            orcid_id: author.orcid ? orcidUrl(author.orcid) : undefined,
          })),
        }
      : undefined,
    affiliationsList: affiliations.length
      ? {
          affiliationName: affiliations.map((name) => ({ "@_affiliationId": affiliationId(name), "#text": name })),
        }
      : undefined,
    abstract: abstract ? { "@_language": language, "#text": abstract } : undefined,
    fullTextUrl: { "@_format": "pdf", "#text": article.pdfUrl },
    keywords: article.keywords.length ? { "@_language": language, keyword: article.keywords } : undefined,
  };
}

/** The DOAJ upload for these articles, one <record> each. */
export function doajForArticles(articles: ArticleView[], journal: JournalView): string {
  return xmlDocument({
    records: {
      "@_xmlns:xsi": "http://www.w3.org/2001/XMLSchema-instance",
      "@_xsi:noNamespaceSchemaLocation": "https://doaj.org/static/doaj/doajArticles.xsd",
      record: articles.map((article) => record(article, journal)),
    },
  });
}
