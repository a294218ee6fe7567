/**
 * Crossref deposit files (schema 5.3.1): one article, or an issue with its articles, for the
 * editor to upload to Crossref. Elements are written in the order the schema's sequences require.
 */
import type { ArticleView } from "~/journal/article-fields";
import type { IssueView, JournalView } from "~/journal/vocabulary";
import { orcidUrl } from "~/journal/vocabulary";
import { htmlToText } from "~/lib/text";
import { InvalidError } from "~/services/errors.server";

import {
  CROSSREF_NEEDS_DEPOSITOR,
  CROSSREF_NEEDS_DOI,
  CROSSREF_NEEDS_ISSN,
  CROSSREF_NO_ARTICLE_WITH_DOI,
  CROSSREF_SKIPPED_NO_DOI,
} from "../messages";
import { xmlDocument, type XmlNode } from "./xml.server";

export const CROSSREF_SCHEMA_VERSION = "5.3.1";
const NAMESPACE = `http://www.crossref.org/schema/${CROSSREF_SCHEMA_VERSION}`;
const SCHEMA_LOCATION = `${NAMESPACE} https://www.crossref.org/schemas/crossref${CROSSREF_SCHEMA_VERSION}.xsd`;

/** Who deposits: Crossref writes to this address about the submission. */
export type Depositor = { name: string; email: string; registrant?: string };

export type CrossrefIssueExport = {
  xml: string;
  /** Slugs of the articles in the file. */
  deposited: string[];
  /** Articles left out, and why. */
  skipped: { slug: string; title: string; reason: string }[];
};

/** Month, day, year: the order Crossref's date elements take. */
function crossrefDate(day: string): XmlNode {
  const [year, month, date] = day.split("-");
  return { month, day: date, year };
}

const onlineDate = (day: string): XmlNode => ({ "@_media_type": "online", ...crossrefDate(day) });

/** yyyyMMddHHmmss: Crossref keeps the deposit with the highest timestamp. */
const batchTimestamp = (now: Date) => now.toISOString().replace(/\D/g, "").slice(0, 14);

function journalMetadata(journal: JournalView): XmlNode {
  return {
    full_title: journal.title,
    abbrev_title: journal.abbreviation,
    issn: [
      ...(journal.issnPrint ? [{ "@_media_type": "print", "#text": journal.issnPrint }] : []),
      ...(journal.issnOnline ? [{ "@_media_type": "electronic", "#text": journal.issnOnline }] : []),
    ],
  };
}

function journalIssue(issue: IssueView): XmlNode {
  return {
    publication_date: onlineDate(issue.publishedOn ?? String(issue.year)),
    journal_volume: { volume: String(issue.volume) },
    issue: String(issue.number),
  };
}

function journalArticle(article: ArticleView): XmlNode {
  const abstract = htmlToText(article.abstract);
  return {
    "@_publication_type": "full_text",
    "@_language": article.language,
    titles: { title: article.title },
    contributors: article.authors.length
      ? {
          person_name: article.authors.map((author, i) => ({
            "@_sequence": i === 0 ? "first" : "additional",
            "@_contributor_role": "author",
            given_name: author.family ? author.given : undefined,
            surname: author.family || author.given,
            affiliations: author.affiliation ? { institution: { institution_name: author.affiliation } } : undefined,
            ORCID: author.orcid ? { "@_authenticated": "false", "#text": orcidUrl(author.orcid) } : undefined,
          })),
        }
      : undefined,
    "jats:abstract": abstract ? { "jats:p": abstract } : undefined,
    publication_date: onlineDate(article.publishedOn),
    acceptance_date: article.acceptedOn ? crossrefDate(article.acceptedOn) : undefined,
    pages:
      article.firstPage !== null
        ? {
            first_page: String(article.firstPage),
            last_page: article.lastPage !== null ? String(article.lastPage) : undefined,
          }
        : undefined,
    // FundRef: the statement as the funder's name, for Crossref to match against its funder registry.
    "fr:program": article.funding
      ? { "@_name": "fundref", "fr:assertion": { "@_name": "funder_name", "#text": article.funding } }
      : undefined,
    "ai:program": {
      "@_name": "AccessIndicators",
      "ai:free_to_read": {},
      "ai:license_ref": { "@_applies_to": "vor", "@_start_date": article.publishedOn, "#text": article.licence.url },
    },
    doi_data: {
      doi: article.doi,
      resource: article.url,
      // Where text-and-data miners (and Similarity Check) fetch the full text.
      collection: {
        "@_property": "text-mining",
        item: { resource: { "@_mime_type": "application/pdf", "#text": article.pdfUrl } },
      },
    },
    citation_list: article.references.length
      ? {
          citation: article.references.map((reference, i) => ({
            "@_key": `ref${i + 1}`,
            unstructured_citation: reference,
          })),
        }
      : undefined,
  };
}

function doiBatch(journal: JournalView, depositor: Depositor, batchId: string, now: Date, content: XmlNode): string {
  if (!depositor.name.trim() || !depositor.email.trim()) throw new InvalidError(CROSSREF_NEEDS_DEPOSITOR);
  if (!journal.issnPrint && !journal.issnOnline) throw new InvalidError(CROSSREF_NEEDS_ISSN);
  return xmlDocument({
    doi_batch: {
      "@_version": CROSSREF_SCHEMA_VERSION,
      "@_xmlns": NAMESPACE,
      "@_xmlns:xsi": "http://www.w3.org/2001/XMLSchema-instance",
      "@_xmlns:jats": "http://www.ncbi.nlm.nih.gov/JATS1",
      "@_xmlns:ai": "http://www.crossref.org/AccessIndicators.xsd",
      "@_xmlns:fr": "http://www.crossref.org/fundref.xsd",
      "@_xsi:schemaLocation": SCHEMA_LOCATION,
      head: {
        doi_batch_id: batchId,
        timestamp: batchTimestamp(now),
        depositor: { depositor_name: depositor.name, email_address: depositor.email },
        registrant: depositor.registrant || journal.publisher || depositor.name,
      },
      body: { journal: { journal_metadata: journalMetadata(journal), ...content } },
    },
  });
}

/** One article's deposit; it must have a DOI. */
export function crossrefForArticle(
  article: ArticleView,
  journal: JournalView,
  depositor: Depositor,
  now = new Date(),
): string {
  if (!article.doi) throw new InvalidError(CROSSREF_NEEDS_DOI, "doi");
  return doiBatch(journal, depositor, `${article.slug}-${batchTimestamp(now)}`.slice(0, 100), now, {
    journal_issue: article.issue ? journalIssue(article.issue) : undefined,
    journal_article: journalArticle(article),
  });
}

/** An issue's deposit with every article that has a DOI; the others are listed as skipped. */
export function crossrefForIssue(
  issue: IssueView,
  articles: ArticleView[],
  journal: JournalView,
  depositor: Depositor,
  now = new Date(),
): CrossrefIssueExport {
  const withDoi = articles.filter((article) => article.doi);
  const skipped = articles
    .filter((article) => !article.doi)
    .map((article) => ({ slug: article.slug, title: article.title, reason: CROSSREF_SKIPPED_NO_DOI }));
  if (!withDoi.length) throw new InvalidError(CROSSREF_NO_ARTICLE_WITH_DOI);
  const batchId = `vol${issue.volume}-no${issue.number}-${batchTimestamp(now)}`;
  const xml = doiBatch(journal, depositor, batchId, now, {
    journal_issue: journalIssue(issue),
    journal_article: withDoi.map(journalArticle),
  });
  return { xml, deposited: withDoi.map((article) => article.slug), skipped };
}
