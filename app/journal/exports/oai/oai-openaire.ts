import type { ArticleView } from "~/journal/article-fields";
import { type ArticleSection, type JournalView, languageCode3 } from "~/journal/vocabulary";
import { xmlSafe } from "~/lib/control-characters";
import { htmlToText } from "~/lib/text";

import { DC_NAMESPACE, element, metadataElement, textElement } from "./protocol";

/** The OpenAIRE Guidelines for Literature Repositories, version 4: what OpenAIRE's validator asks for. */
export const OAI_OPENAIRE = {
  metadataPrefix: "oai_openaire",
  schema: "https://www.openaire.eu/schema/repo-lit/4.0/openaire.xsd",
  metadataNamespace: "http://namespace.openaire.eu/schema/oaire/",
} as const;

const DATACITE = "http://datacite.org/schema/kernel-4";

/** COAR vocabularies the guidelines prescribe. */
const OPEN_ACCESS = { uri: "http://purl.org/coar/access_right/c_abf2", label: "open access" };
const VERSION_OF_RECORD = { uri: "http://purl.org/coar/version/c_970fb48d4fbd8a85", label: "VoR" };
const RESOURCE_TYPES: Record<ArticleSection, { uri: string; label: string }> = {
  editorial: { uri: "http://purl.org/coar/resource_type/c_b239", label: "editorial" },
  research: { uri: "http://purl.org/coar/resource_type/c_2df8fbb1", label: "research article" },
  review: { uri: "http://purl.org/coar/resource_type/c_dcae04bc", label: "review article" },
  policy: { uri: "http://purl.org/coar/resource_type/c_6501", label: "journal article" },
  "book-review": { uri: "http://purl.org/coar/resource_type/c_ba08", label: "book review" },
};

/** Text that is not empty once cleaned; `null` when there is nothing to say. */
const present = (value: string | number | null | undefined) => {
  const cleaned = value === null || value === undefined ? "" : xmlSafe(String(value)).trim();
  return cleaned === "" ? null : cleaned;
};

/** A text element, or nothing when its value is empty (optional fields are left out, not left blank). */
function optional(name: string, value: string | number | null | undefined, attributes = {}): string {
  const text = present(value);
  return text === null ? "" : textElement(name, text, attributes);
}

/** One article as an OpenAIRE v4 record (oaire:resource), in the order the guidelines list the fields. */
export function oaiOpenaireRecord(article: ArticleView, journal: JournalView): string {
  const type = RESOURCE_TYPES[article.section] ?? RESOURCE_TYPES.policy;
  const creators = article.authors.map((author) =>
    element(
      "datacite:creator",
      {},
      textElement("datacite:creatorName", [author.family, author.given].filter(Boolean).join(", "), {
        nameType: "Personal",
      }),
      optional("datacite:givenName", author.given),
      optional("datacite:familyName", author.family),
      optional("datacite:nameIdentifier", author.orcid, {
        nameIdentifierScheme: "ORCID",
        schemeURI: "https://orcid.org",
      }),
      optional("datacite:affiliation", author.affiliation),
    ),
  );
  const issns = [journal.issnOnline, journal.issnPrint].filter((issn) => present(issn) !== null);
  return metadataElement(
    "oaire:resource",
    OAI_OPENAIRE,
    { "xmlns:oaire": OAI_OPENAIRE.metadataNamespace, "xmlns:datacite": DATACITE, "xmlns:dc": DC_NAMESPACE },
    element("datacite:titles", {}, textElement("datacite:title", article.title)),
    creators.length ? element("datacite:creators", {}, ...creators) : "",
    present(article.funding) === null
      ? ""
      : element(
          "oaire:fundingReferences",
          {},
          element("oaire:fundingReference", {}, textElement("oaire:funderName", present(article.funding)!)),
        ),
    element(
      "datacite:alternateIdentifiers",
      {},
      textElement("datacite:alternateIdentifier", article.url, { alternateIdentifierType: "URL" }),
    ),
    issns.length
      ? element(
          "datacite:relatedIdentifiers",
          {},
          ...issns.map((issn) =>
            textElement("datacite:relatedIdentifier", issn, {
              relatedIdentifierType: "ISSN",
              relationType: "IsPartOf",
            }),
          ),
        )
      : "",
    optional("dc:language", languageCode3(article.language, "iso6393")),
    optional("dc:publisher", journal.publisher || journal.title),
    element("datacite:dates", {}, textElement("datacite:date", article.publishedOn, { dateType: "Issued" })),
    textElement("oaire:resourceType", type.label, { resourceTypeGeneral: "literature", uri: type.uri }),
    optional("dc:description", htmlToText(article.abstract)),
    textElement("dc:format", "application/pdf"),
    article.doi
      ? textElement("datacite:identifier", article.doi, { identifierType: "DOI" })
      : textElement("datacite:identifier", article.url, { identifierType: "URL" }),
    textElement("datacite:rights", OPEN_ACCESS.label, { rightsURI: OPEN_ACCESS.uri }),
    article.keywords.length
      ? element("datacite:subjects", {}, ...article.keywords.map((k) => optional("datacite:subject", k)))
      : "",
    textElement("oaire:licenseCondition", article.licence.label, {
      startDate: article.publishedOn,
      uri: article.licence.url,
    }),
    textElement("oaire:version", VERSION_OF_RECORD.label, { uri: VERSION_OF_RECORD.uri }),
    textElement("oaire:file", article.pdfUrl, {
      accessRightsURI: OPEN_ACCESS.uri,
      mimeType: "application/pdf",
      objectType: "fulltext",
    }),
    optional("oaire:citationTitle", journal.title),
    optional("oaire:citationVolume", article.issue?.volume),
    optional("oaire:citationIssue", article.issue?.number),
    optional("oaire:citationStartPage", article.firstPage),
    optional("oaire:citationEndPage", article.lastPage),
  );
}
