import type { ArticleView } from "~/journal/article-fields";
import { doiUrl, issueLabel, type JournalView } from "~/journal/vocabulary";
import { xmlSafe } from "~/lib/control-characters";
import { htmlToText } from "~/lib/text";

import { DC_NAMESPACE, metadataElement, textElement } from "./protocol";

export const OAI_DC = {
  metadataPrefix: "oai_dc",
  schema: "http://www.openarchives.org/OAI/2.0/oai_dc.xsd",
  metadataNamespace: "http://www.openarchives.org/OAI/2.0/oai_dc/",
} as const;

/** "Okafor, Ngozi": family name first, as Dublin Core creators are usually written. */
const creatorName = (author: { given: string; family: string }) =>
  [author.family.trim(), author.given.trim()].filter(Boolean).join(", ");

/** "Vol. 1 No. 2 (2025); 12-20": where in the journal the article stands. */
function placeInJournal(article: ArticleView): string {
  const pages =
    article.firstPage === null
      ? ""
      : article.lastPage !== null && article.lastPage !== article.firstPage
        ? `${article.firstPage}-${article.lastPage}`
        : String(article.firstPage);
  const issue = article.issue ? issueLabel({ ...article.issue, title: "" }) : "";
  return [issue, pages].filter(Boolean).join("; ");
}

/**
 * Simple Dublin Core (oai_dc) for one article, with the conventions BASE, OpenAIRE (DRIVER) and
 * DOAJ read: the info:eu-repo type and version, the DOI as an https://doi.org/ address, the
 * journal's title and issue in dc:source and each ISSN as a dc:source of its own (as OJS writes them).
 */
export function oaiDcRecord(article: ArticleView, journal: JournalView): string {
  const fields: [string, string][] = [
    ["title", article.title],
    ...article.authors.map((author): [string, string] => ["creator", creatorName(author)]),
    ...article.keywords.map((keyword): [string, string] => ["subject", keyword]),
    ["description", htmlToText(article.abstract)],
    ["publisher", journal.publisher || journal.title],
    ["date", article.publishedOn],
    ["type", "info:eu-repo/semantics/article"],
    ["type", "info:eu-repo/semantics/publishedVersion"],
    ["type", "Text"],
    ["format", "application/pdf"],
    ["identifier", article.url],
    ["identifier", article.doi ? doiUrl(article.doi) : ""],
    ["source", [journal.title, placeInJournal(article)].filter(Boolean).join("; ")],
    ["source", journal.issnOnline],
    ["source", journal.issnPrint],
    ["language", article.language],
    ["relation", article.pdfUrl],
    ["rights", article.licence.url],
    ["rights", "info:eu-repo/semantics/openAccess"],
  ];
  return metadataElement(
    "oai_dc:dc",
    OAI_DC,
    { "xmlns:oai_dc": OAI_DC.metadataNamespace, "xmlns:dc": DC_NAMESPACE },
    ...fields
      .map(([name, value]) => [name, xmlSafe(value).trim()])
      .filter(([, value]) => value !== "")
      .map(([name, value]) => textElement(`dc:${name}`, value)),
  );
}
