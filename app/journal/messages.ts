/**
 * What a person is told about the journal: its articles, its settings and issues, an article's
 * scholarly fields and its exports. Pure: the forms in the browser, the services and the API share
 * these. (A missing or foreign PDF is an upload's words: domain/messages/media.ts.)
 */

/* ---- articles ---- */

// SPEC.md calls an article a journal: its messages stay; the editor's field is "Article title"
// (SPEC-NOTES.md), and its check says so.
export const ARTICLE_TITLE_REQUIRED = "Article title is required";
export const ARTICLE_GONE = "That journal article no longer exists.";
export const ARTICLE_DELETED = "Journal deleted successfully!"; // SPEC.md

/* ---- the settings, the issues and an article's scholarly fields ---- */

export const ISSN_INVALID = "Not a valid ISSN: 8 digits like 2049-3630, the last a check digit (0-9 or X)";
export const ORCID_INVALID = "Not a valid ORCID iD: 16 digits like 0000-0002-1825-0097, the last a check digit";
export const DOI_INVALID = "Not a valid DOI: it starts with 10. and a registrant code, like 10.1234/jpss.2025.001";
export const DOI_PREFIX_INVALID = "Not a valid DOI prefix: 10. and four to nine digits, like 10.1234";
export const DOI_TAKEN = "Another article already has this DOI.";
export const DATE_INVALID = "Not a date";
export const PAGES_ORDER = "The last page comes before the first page";
export const PAGE_INVALID = "A page is a whole number from 1";
export const AUTHOR_FAMILY_REQUIRED = "Give the author's family name";
export const EMAIL_INVALID = "Not an e-mail address";
export const SUPPLEMENTARY_FILE_MISSING = "Upload the file this label names, or clear the label";
export const BOARD_NAME_REQUIRED = "Give the board member's name";
export const JOURNAL_TITLE_MISSING = "Give the journal's title";

export const ISSUE_VOLUME_INVALID = "The volume is a whole number from 1";
export const ISSUE_NUMBER_INVALID = "The number is a whole number from 1";
export const ISSUE_YEAR_INVALID = "The year is a year like 2025";
export const ISSUE_TAKEN = "This volume already has an issue with that number.";
export const ISSUE_GONE = "That issue no longer exists.";
export const ISSUE_NOT_FOUND = "Issue not found";
export const ISSUE_HAS_ARTICLES = "This issue still has articles. Move them to another issue first.";
export const ISSUE_PUBLISHED_NEEDS_DATE = "A published issue needs its publication date";
export const ISSUE_SAVED = "Issue saved.";
export const ISSUE_ALREADY_PUBLISHED = "This issue is already published.";
/** After "Publish issue": the issue and how many of its articles went public with it. */
export const issuePublished = (label: string, articles: number) =>
  `${label} is published${articles === 0 ? "." : `, with ${articles === 1 ? "1 article" : `${articles} articles`}.`}`;
/** What an admin reads on the page of an article whose issue is not out yet. */
export const issuePendingNotice = (label: string) =>
  `In ${label}, which is forthcoming: only admins can see this page until the issue is published.`;
export const ISSUE_DELETED = "Issue deleted.";
export const JOURNAL_SETTINGS_SAVED = "Journal settings saved.";

/* ---- the exports (Crossref, DOAJ, citations) ---- */

export const CROSSREF_NEEDS_DOI = "Give this article a DOI before depositing it with Crossref.";
export const CROSSREF_NEEDS_ISSN = "Set the journal's print or online ISSN before depositing with Crossref.";
export const CROSSREF_NEEDS_DEPOSITOR = "Set the depositor's name and e-mail address before depositing with Crossref.";
export const UNKNOWN_CITATION_STYLE = "That citation style is not offered.";
export const CROSSREF_NO_ARTICLE_WITH_DOI = "No article in this issue has a DOI yet: there is nothing to deposit.";
export const CROSSREF_SKIPPED_NO_DOI = "No DOI";

/* ---- the journal's feeds (issue 22, decision 026) ---- */

export const ARTICLES_FEED_TITLE = (journal: string) => `${journal}: New articles`;
export const ARTICLES_FEED_DESCRIPTION = (journal: string) => `Articles newly published in the ${journal}.`;
export const ISSUES_FEED_TITLE = (journal: string) => `${journal}: New issues`;
export const ISSUES_FEED_DESCRIPTION = (journal: string) => `Issues of the ${journal} as they are published.`;

export const ARTICLE_BY = (names: string) => `By ${names}`;
export const ARTICLE_KEYWORDS = "Keywords";
export const ARTICLE_PDF = "Read the article (PDF)";
export const ARTICLE_IN_ISSUE = (issue: string) => `In ${issue}`;
export const ARTICLE_ONLINE_FIRST = "Online first";
export const ISSUE_CONTENTS = "In this issue";
export const ISSUE_EMPTY = "The articles of this issue will be listed here as they are published.";
