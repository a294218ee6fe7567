/** What a person is told about journal articles: the forms, the services and the API share these. */

// SPEC.md §5 (Validation rules): a journal upload with no file.
export const PDF_REQUIRED = "Upload a and pdf";
/** A PDF address that no upload to this site produced: the same words as no file at all. */
export const PDF_NOT_STORED = PDF_REQUIRED;

export const JOURNAL_TITLE_REQUIRED = "Journal title is required";
export const JOURNAL_GONE = "That journal article no longer exists.";
export const JOURNAL_DELETED = "Journal deleted successfully!";
