/**
 * What a person is told about uploaded files. No `.server`: the forms in the browser show the
 * same words as the services.
 */

// SPEC.md §5 (Validation rules): a journal upload with no file.
export const PDF_REQUIRED = "Upload a and pdf";
/** A PDF address that no upload to this site produced: the same words as no file at all. */
export const PDF_NOT_STORED = PDF_REQUIRED;

/** An image address that no upload to this site produced. */
export const IMAGE_NOT_STORED = "Upload the image again: that one was not stored here";

/** A media library file that was deleted meanwhile (or never existed). */
export const FILE_NOT_FOUND = "That file no longer exists.";

/** A delete of a file some records show now. */
export const FILE_IN_USE = (names: string[]) =>
  `This file is in use and was not deleted. Remove it from ${names.map((n) => `"${n}"`).join(", ")} first.`;

/** The delete dialog's words: what goes, and what an earlier version, a preview or a trashed record loses. */
export const FILE_DELETE_DESCRIPTION = (name: string, keptBy: string[]) =>
  `"${name}" will be removed from the site's files.` +
  (keptBy.length > 0
    ? ` An earlier version, a preview or a trashed copy of ${keptBy.map((n) => `"${n}"`).join(", ")} shows it: restoring that will ask for another file.`
    : "");

/** The media library's own answers. */
export const FILE_DESCRIBED = "File details saved.";
export const FILE_DELETED = "File deleted.";
export const FILE_ACTION_FAILED = "The file could not be changed. Please try again.";

/** The alt text and caption fields' limits. */
export const ALT_TOO_LONG = "The alt text is too long (300 characters at most)";
export const CAPTION_TOO_LONG = "The caption is too long (1000 characters at most)";

/** What each kind of record is called in the media library's "Used in" column. */
export const MEDIA_USE_LABELS = {
  post: "Post",
  journal: "Journal",
  account: "Account photo",
  faculty: "Faculty",
  department: "Department",
  course: "Course",
  settings: "Site settings",
  staff: "Directory",
  announcement: "Announcement",
  focus: "Focus page",
  issue: "Journal issue",
  "journal-settings": "Journal settings",
  other: "Other",
} as const;

/** How a use through an earlier version or a preview is marked. */
export const MEDIA_USE_VIA = { revision: "earlier version", preview: "preview", trash: "in the trash" } as const;

/** The media library's texts. */
export const MEDIA_WORDS = {
  title: "Media",
  intro:
    "Every image and PDF uploaded to the site. Describe images for people who cannot see them; a file no page uses can be deleted.",
  empty: "No file uploaded yet.",
  unused: "Not used",
  all: "All files",
  images: "Images",
  pdfs: "PDFs",
};

/** The upload control's own words (SPEC.md's are passed in by each form). */
export const PICKER_WORDS = {
  open: "Choose from library",
  title: "Choose an image from the library",
  description: "Images already uploaded to the site. Choosing one uses it here without uploading it again.",
  loading: "Loading images…",
  empty: "No image uploaded yet.",
  failed: "The library could not be loaded. Please try again.",
  more: "Show more",
  cancel: "Cancel",
  remove: "Remove image",
};

/** The rich-text editor's question after an image goes in. */
export const ALT_PROMPT = {
  label: "Alt text of the inserted image",
  hint: "Say what the image shows for people who cannot see it. Leave it empty if it is only decoration.",
  save: "Save alt text",
  skip: "Skip",
  library: "Insert image from library",
};
