/**
 * What a person is told about manuscript files (decision 042). No `.server`: an upload form may show
 * the same words before it sends the file.
 */

const megabytes = (bytes: number) => `${Math.round((bytes / 1024 / 1024) * 10) / 10} MB`;

export const MANUSCRIPT_TOO_LARGE = (maxBytes: number) =>
  `This file is too large: a manuscript can be at most ${megabytes(maxBytes)}.`;
export const MANUSCRIPT_EMPTY = "The file is empty.";
export const MANUSCRIPT_INTERRUPTED = "The upload was interrupted. Please try again.";
export const MANUSCRIPT_BAD_NAME =
  "The file name is not valid. Rename the file to a plain name such as manuscript.pdf and try again.";

/** The kinds a form accepts, in words: "a PDF", "a PDF or a Word document (.docx)". */
export const manuscriptKinds = (allow: readonly ("pdf" | "docx")[]) =>
  allow.map((type) => (type === "pdf" ? "a PDF" : "a Word document (.docx)")).join(" or ");

export const MANUSCRIPT_WRONG_TYPE = (allow: readonly ("pdf" | "docx")[]) =>
  `This file is not ${manuscriptKinds(allow)}. Choose ${manuscriptKinds(allow)}; a file is known by its content, not its name.`;
export const MANUSCRIPT_ZIP_NOT_DOCX =
  "This file is a ZIP archive, not a Word document. Save the manuscript from your word processor as .docx, or as a PDF.";
export const MANUSCRIPT_PDF_INCOMPLETE = "The PDF is incomplete or damaged. Export it again and retry.";
export const MANUSCRIPT_DOCX_DAMAGED =
  "The Word document could not be read: it may be damaged. Save it again from your word processor, or upload a PDF.";
export const MANUSCRIPT_PDF_UNREADABLE =
  "The PDF could not be read to remove its author details: it may be damaged or protected by a password. Export it again without a password.";
export const MANUSCRIPT_NOT_FOUND = "That manuscript file no longer exists.";

/** The reviewer's certificate (issue 34): never the paper's title. */
export const CERTIFICATE_HEADING = "Certificate of reviewing";
export const CERTIFICATE_TEXT = (reviewer: string, journal: string, year: number) =>
  `This certifies that ${reviewer} reviewed a manuscript for ${journal} in ${year}.`;
export const CERTIFICATE_THANKS =
  "With the editors' thanks for the time and care given to peer review, on which the journal depends.";
