/**
 * The site's fixed lists and how each value is shown: one place that the database schema, the
 * forms, the services and the screens import. Adding a category or a staff role starts here.
 */

/** Labels for a list whose keys are shown as they are. */
function keysAsLabels<K extends string>(keys: readonly K[]): Record<K, string> {
  return Object.fromEntries(keys.map((key): [K, string] => [key, key])) as Record<K, string>;
}

/**
 * SPEC.md's four categories, as migration 0016 stores them: the starting set, which editors then
 * rename, reorder and add to (issue 33, the `categories` table). `uncategorized` is the category of a
 * post with none chosen, shown as "News"; it cannot be deleted.
 */
export const POST_CATEGORIES = ["uncategorized", "fees", "course", "exams"] as const;
export const DEFAULT_CATEGORY = "uncategorized";
/** A category's slug: one of the starting set or one an editor added. */
export type PostCategory = string;

export const CATEGORY_LABELS: Record<(typeof POST_CATEGORIES)[number], string> = {
  uncategorized: "News",
  fees: "Fees",
  course: "Course",
  exams: "Exams",
};

/** A category's name: from the stored names when given, else the starting set's, else the slug. */
export function categoryLabel(category: string, names?: Readonly<Record<string, string>>): string {
  return names?.[category] ?? CATEGORY_LABELS[category as keyof typeof CATEGORY_LABELS] ?? category;
}

export const SEMESTERS = ["First", "Second", "Both"] as const;
export type Semester = (typeof SEMESTERS)[number];

/**
 * The settings sections an admin edits one at a time. SPEC.md's keys stay the stored names, the
 * address (`?section=`) and the value the forms send; a person reads what each is and where it shows.
 */
export const SETTINGS_SECTIONS = [
  "about",
  "homepage",
  "howtoapplyone",
  "howtoapplytwo",
  "howtoapplythree",
  "programmes",
  "blog",
  "calltoaction",
] as const;
export type SettingsSection = (typeof SETTINGS_SECTIONS)[number];

/** The site-wide links (footer columns, social links, portal, submission e-mails). */
export const SITE_LINKS_SECTION = "links";

export const STAFF_ROLES = ["vc", "director", "deputy", "bursar", "registrar", "library", "depIct", "acad"] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];

/** The focus pages; SPEC.md shows their keys as their tab labels. */
export const FOCUS_KEYS = ["homePage", "submitPage", "aboutPage", "focusPage"] as const;
export type FocusKey = (typeof FOCUS_KEYS)[number];

export const FOCUS_LABELS = keysAsLabels(FOCUS_KEYS);

export const MEDIA_KINDS = ["image", "pdf"] as const;

/** Where a post or journal article stands: only "published" (and "scheduled" once its time has come) is public. */
export const EDITORIAL_STATUSES = ["draft", "scheduled", "published"] as const;
export type EditorialStatus = (typeof EDITORIAL_STATUSES)[number];
export const EDITORIAL_STATUS_LABELS: Record<EditorialStatus, string> = {
  draft: "Draft",
  scheduled: "Scheduled",
  published: "Published",
};

/** The kinds of record whose saves are kept as revisions, and whose old slugs redirect. */
export const REVISION_KINDS = [
  "post",
  "journal",
  "settings",
  "staff",
  "announcement",
  "focus",
  "journal-settings",
] as const;
export type RevisionKind = (typeof REVISION_KINDS)[number];

/**
 * SPEC-NOTES.md: a username is 3 to 30 letters, digits, dots, dashes or underscores. The account
 * forms, the auth library's check and the importer of the earlier system's users all read it here.
 */
export const USERNAME_PATTERN = /^[A-Za-z0-9._-]{3,30}$/;

/*
 * The journal's stored values (issue 20), here because the schema's checks and column types need
 * them; the journal's own vocabulary (app/journal/vocabulary.ts, names.ts) labels and uses them.
 */

/** Sections of an issue, in the order its table of contents shows them. */
export const ARTICLE_SECTIONS = ["editorial", "research", "review", "policy", "book-review"] as const;
export type ArticleSection = (typeof ARTICLE_SECTIONS)[number];

export const ISSUE_STATUSES = ["forthcoming", "published"] as const;
export type IssueStatus = (typeof ISSUE_STATUSES)[number];

/** The Creative Commons licences an article may carry (SPDX identifiers). */
export const LICENCE_IDS = [
  "CC-BY-4.0",
  "CC-BY-SA-4.0",
  "CC-BY-NC-4.0",
  "CC-BY-NC-SA-4.0",
  "CC-BY-ND-4.0",
  "CC-BY-NC-ND-4.0",
  "CC0-1.0",
] as const;
export type LicenceId = (typeof LICENCE_IDS)[number];

/** An author as stored on an article, in byline order. The e-mail is never shown publicly. */
export type ArticleAuthor = {
  given: string;
  family: string;
  affiliation: string;
  /** The 16-character iD without its https://orcid.org/ prefix, or "". */
  orcid: string;
  email: string;
  corresponding: boolean;
};

/** A file an article offers beside its PDF, as stored: its label and the address of its upload. */
export type SupplementaryFile = { label: string; file: string };

/*
 * Online submission and peer review (issue 34): the stored lists the database checks. The workflow
 * itself, its words and screens are app/submissions/.
 */

/** Where a submission is in the workflow, as stored (the author's words for each: app/submissions/words.ts). */
export const SUBMISSION_STAGES = [
  "draft",
  "submitted",
  "review",
  "revisions",
  "accepted",
  "declined",
  "published",
] as const;
export type SubmissionStage = (typeof SUBMISSION_STAGES)[number];

/** What a stored submission file is: the author's files, a revision and its answer, a reviewer's annotated copy. */
export const SUBMISSION_FILE_KINDS = ["manuscript", "title-page", "supplementary", "response", "annotated"] as const;
export type SubmissionFileKind = (typeof SUBMISSION_FILE_KINDS)[number];

/** Where a reviewer's invitation is: asked, then accepted or declined; a review is submitted or cancelled. */
export const REVIEW_STATUSES = ["invited", "accepted", "declined", "submitted", "cancelled"] as const;
export type ReviewStatus = (typeof REVIEW_STATUSES)[number];

/** What a reviewer recommends, and what an editor decides after review. */
export const REVIEW_RECOMMENDATIONS = ["accept", "minor", "major", "decline"] as const;
export type ReviewRecommendation = (typeof REVIEW_RECOMMENDATIONS)[number];

/** An editor's decisions: before review (send to review, or decline at the desk) and after it. */
export const EDITOR_DECISIONS = ["send-to-review", "accept", "minor", "major", "decline"] as const;
export type EditorDecision = (typeof EDITOR_DECISIONS)[number];

/** A reviewer the author suggests or asks the journal not to invite, with their reason. */
export type NamedReviewer = { name: string; email: string; affiliation: string; reason: string };

/**
 * Readership (issue 35, decision 043). What a counted request was: a page read, an article's PDF
 * fetched (COUNTER's Request), a site search, a feed fetched.
 */
export const READ_KINDS = ["view", "download", "search", "feed"] as const;
export type ReadKind = (typeof READ_KINDS)[number];

/** The kind of public page a view was of ("page": any other public page). */
export const PAGE_KINDS = ["home", "post", "article", "issue", "course", "department", "page"] as const;
export type PageKind = (typeof PAGE_KINDS)[number];

/** What the daily figures hold, per item and day. An article's investigations are its page views and downloads. */
export const READERSHIP_METRICS = [
  "views",
  "unique_views",
  "investigations",
  "unique_investigations",
  "requests",
  "unique_requests",
  "searches",
  "feed_fetches",
] as const;
export type ReadershipMetric = (typeof READERSHIP_METRICS)[number];

/** What a figure is about: a page kind, or the site's searches and feeds. */
export const READERSHIP_ITEM_TYPES = [...PAGE_KINDS, "search", "feed"] as const;
export type ReadershipItemType = (typeof READERSHIP_ITEM_TYPES)[number];
