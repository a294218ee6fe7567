/** What an editor is told about the journal's scholarly exports (Crossref, DOAJ, citations). */

export const CROSSREF_NEEDS_DOI = "Give this article a DOI before depositing it with Crossref.";
export const CROSSREF_NEEDS_ISSN = "Set the journal's print or online ISSN before depositing with Crossref.";
export const CROSSREF_NEEDS_DEPOSITOR = "Set the depositor's name and e-mail address before depositing with Crossref.";
export const UNKNOWN_CITATION_STYLE = "That citation style is not offered.";
export const CROSSREF_NO_ARTICLE_WITH_DOI = "No article in this issue has a DOI yet: there is nothing to deposit.";
export const CROSSREF_SKIPPED_NO_DOI = "No DOI";
