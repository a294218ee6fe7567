import { PDF_REQUIRED } from "~/domain/messages/media";
import {
  ARTICLE_TITLE_REQUIRED,
  AUTHOR_FAMILY_REQUIRED,
  BOARD_NAME_REQUIRED,
  DATE_INVALID,
  DOI_INVALID,
  DOI_PREFIX_INVALID,
  EMAIL_INVALID,
  ISSN_INVALID,
  ISSUE_NUMBER_INVALID,
  ISSUE_PUBLISHED_NEEDS_DATE,
  ISSUE_VOLUME_INVALID,
  ISSUE_YEAR_INVALID,
  JOURNAL_TITLE_MISSING,
  ORCID_INVALID,
  PAGE_INVALID,
  PAGES_ORDER,
  SUPPLEMENTARY_FILE_MISSING,
} from "~/journal/messages";
import {
  ARTICLE_SECTIONS,
  type ArticleAuthor,
  type ArticleSection,
  type BoardMember,
  ISSUE_STATUSES,
  type IssueStatus,
  type JournalProfile,
  LANGUAGE_CODES,
  LICENCE_IDS,
  type LicenceId,
  normaliseDoi,
  normaliseDoiPrefix,
  normaliseIssn,
  normaliseOrcid,
  type SupplementaryFile,
} from "~/journal/vocabulary";
import { type EditorialForm, withEditorialFields } from "~/lib/forms/editorial";
import { uploadedFile } from "~/lib/forms/uploads";
import { z } from "~/lib/zod";

/**
 * The journal's forms as they are sent: flat text fields, so they work before any script has
 * loaded. A list (authors, board members) is a fixed number of numbered slots; empty slots are
 * dropped, and the screens show the filled ones and a few more.
 */

export const MAX_AUTHORS = 20;
/** Supplementary files an article may offer beside its PDF (data appendices, questionnaires…). */
export const MAX_SUPPLEMENTARY = 5;
export const MAX_BOARD = 30;

const AUTHOR_PARTS = ["given", "family", "affiliation", "orcid", "email", "corresponding"] as const;
const BOARD_PARTS = ["name", "role", "affiliation"] as const;

export const authorField = (index: number, part: (typeof AUTHOR_PARTS)[number]) => `author${index}_${part}`;
export const boardField = (index: number, part: (typeof BOARD_PARTS)[number]) => `board${index}_${part}`;
export const supplementaryField = (index: number, part: "label" | "file") => `supp${index}_${part}`;

const slots = <Part extends string>(count: number, parts: readonly Part[], name: (i: number, p: Part) => string) =>
  Array.from({ length: count }, (_, i) => parts.map((part) => name(i, part))).flat();

const AUTHOR_FIELD_NAMES = slots(MAX_AUTHORS, AUTHOR_PARTS, authorField);
const SUPPLEMENTARY_LABELS = Array.from({ length: MAX_SUPPLEMENTARY }, (_, i) => supplementaryField(i, "label"));
const SUPPLEMENTARY_FILES = Array.from({ length: MAX_SUPPLEMENTARY }, (_, i) => supplementaryField(i, "file"));
const BOARD_FIELD_NAMES = slots(MAX_BOARD, BOARD_PARTS, boardField);

const text = (max: number) => z.string().max(max, `Too long (${max} characters at most)`);
const isoDate = z.union([z.literal(""), z.iso.date({ message: DATE_INVALID })]);
const page = z.union([z.literal(""), z.string().regex(/^[1-9]\d{0,5}$/, PAGE_INVALID)]);
const email = z.union([z.literal(""), z.email({ message: EMAIL_INVALID })]);
const check = (normalise: (value: string) => string | null, message: string) =>
  z.string().refine((value) => value.trim() === "" || normalise(value) !== null, message);

const pdfOrNothing = z.union([z.literal(""), uploadedFile("pdf")]);

function slotShape(names: string[], max = 300) {
  return Object.fromEntries(names.map((name) => [name, text(max)]));
}

/* ---- an article's scholarly fields (the journal editor) ---- */

export const articleMetadataShape = {
  issueId: z.union([z.literal(""), z.uuid({ message: "Choose an issue" })]),
  section: z.enum(ARTICLE_SECTIONS, { message: "Choose a section" }),
  keywords: text(1000),
  firstPage: page,
  lastPage: page,
  doi: check(normaliseDoi, DOI_INVALID),
  licence: z.union([z.literal(""), z.enum(LICENCE_IDS)], { message: "Choose a licence" }),
  language: z.enum(LANGUAGE_CODES, { message: "Choose a language" }),
  receivedOn: isoDate,
  acceptedOn: isoDate,
  publishedOn: isoDate,
  references: text(100_000),
  ...slotShape(AUTHOR_FIELD_NAMES),
  ...slotShape(SUPPLEMENTARY_LABELS, 200),
  ...(Object.fromEntries(SUPPLEMENTARY_FILES.map((name) => [name, pdfOrNothing])) as Record<
    string,
    typeof pdfOrNothing
  >),
};

export type ArticleMetadataForm = { [K in keyof typeof articleMetadataShape]: string } & Record<string, string>;

export const EMPTY_ARTICLE_METADATA: ArticleMetadataForm = {
  issueId: "",
  section: "research",
  keywords: "",
  firstPage: "",
  lastPage: "",
  doi: "",
  licence: "",
  language: "en",
  receivedOn: "",
  acceptedOn: "",
  publishedOn: "",
  references: "",
  ...Object.fromEntries(AUTHOR_FIELD_NAMES.map((name) => [name, ""])),
  ...Object.fromEntries([...SUPPLEMENTARY_LABELS, ...SUPPLEMENTARY_FILES].map((name) => [name, ""])),
};

/** Checks across fields of an article's form: pages in order, each author's slot complete and valid. */
export function refineArticleMetadata(values: Record<string, string>, context: z.RefinementCtx) {
  if (values.firstPage && values.lastPage && Number(values.lastPage) < Number(values.firstPage))
    context.addIssue({ code: "custom", path: ["lastPage"], message: PAGES_ORDER });
  for (let i = 0; i < MAX_SUPPLEMENTARY; i++) {
    if (values[supplementaryField(i, "label")]?.trim() && !values[supplementaryField(i, "file")]?.trim())
      context.addIssue({ code: "custom", path: [supplementaryField(i, "file")], message: SUPPLEMENTARY_FILE_MISSING });
  }
  for (let i = 0; i < MAX_AUTHORS; i++) {
    const slot = (part: (typeof AUTHOR_PARTS)[number]) => (values[authorField(i, part)] ?? "").trim();
    const filled = AUTHOR_PARTS.some((part) => part !== "corresponding" && slot(part));
    if (!filled) continue;
    if (!slot("family"))
      context.addIssue({ code: "custom", path: [authorField(i, "family")], message: AUTHOR_FAMILY_REQUIRED });
    if (slot("orcid") && !normaliseOrcid(slot("orcid")))
      context.addIssue({ code: "custom", path: [authorField(i, "orcid")], message: ORCID_INVALID });
    if (slot("email") && !email.safeParse(slot("email")).success)
      context.addIssue({ code: "custom", path: [authorField(i, "email")], message: EMAIL_INVALID });
  }
}

/** What an article's scholarly fields are once parsed: the articles service's input. */
export type ArticleMetadata = {
  issueId: string | null;
  section: ArticleSection;
  authors: ArticleAuthor[];
  keywords: string[];
  firstPage: number | null;
  lastPage: number | null;
  doi: string | null;
  licence: LicenceId | null;
  language: string;
  receivedOn: string | null;
  acceptedOn: string | null;
  publishedOn: string | null;
  references: string[];
  supplementary: SupplementaryFile[];
};

const orNull = (value: string | undefined) => (value?.trim() ? value.trim() : null);

/** Keywords as typed: separated by commas or semicolons, each once. */
export const splitKeywords = (value: string) => [
  ...new Set(
    value
      .split(/[;,\n]/)
      .map((k) => k.trim())
      .filter(Boolean),
  ),
];

export function articleMetadataFromForm(values: Record<string, string>): ArticleMetadata {
  const authors: ArticleAuthor[] = [];
  for (let i = 0; i < MAX_AUTHORS; i++) {
    const slot = (part: (typeof AUTHOR_PARTS)[number]) => (values[authorField(i, part)] ?? "").trim();
    if (!slot("family") && !slot("given")) continue;
    authors.push({
      given: slot("given"),
      family: slot("family"),
      affiliation: slot("affiliation"),
      orcid: slot("orcid") ? (normaliseOrcid(slot("orcid")) ?? "") : "",
      email: slot("email"),
      corresponding: slot("corresponding") === "on" || slot("corresponding") === "true",
    });
  }
  return {
    issueId: orNull(values.issueId),
    section: (values.section || "research") as ArticleSection,
    authors,
    keywords: splitKeywords(values.keywords ?? ""),
    firstPage: values.firstPage ? Number(values.firstPage) : null,
    lastPage: values.lastPage ? Number(values.lastPage) : null,
    doi: values.doi?.trim() ? normaliseDoi(values.doi) : null,
    licence: (orNull(values.licence) as LicenceId | null) ?? null,
    language: values.language || "en",
    receivedOn: orNull(values.receivedOn),
    acceptedOn: orNull(values.acceptedOn),
    publishedOn: orNull(values.publishedOn),
    references: (values.references ?? "")
      .split(/\r?\n/)
      .map((line) => line.trim())
      .filter(Boolean),
    supplementary: Array.from({ length: MAX_SUPPLEMENTARY }, (_, i) => ({
      label: (values[supplementaryField(i, "label")] ?? "").trim(),
      file: (values[supplementaryField(i, "file")] ?? "").trim(),
    }))
      .filter((entry) => entry.file)
      .map((entry) => ({ label: entry.label || "Supplementary file", file: entry.file })),
  };
}

/** The editor's fields for a stored article's scholarly metadata. */
export function articleMetadataToForm(article: ArticleMetadata): ArticleMetadataForm {
  const form: ArticleMetadataForm = {
    ...EMPTY_ARTICLE_METADATA,
    issueId: article.issueId ?? "",
    section: article.section,
    keywords: article.keywords.join("; "),
    firstPage: article.firstPage ? String(article.firstPage) : "",
    lastPage: article.lastPage ? String(article.lastPage) : "",
    doi: article.doi ?? "",
    licence: article.licence ?? "",
    language: article.language,
    receivedOn: article.receivedOn ?? "",
    acceptedOn: article.acceptedOn ?? "",
    publishedOn: article.publishedOn ?? "",
    references: article.references.join("\n"),
  };
  article.authors.slice(0, MAX_AUTHORS).forEach((author, i) => {
    form[authorField(i, "given")] = author.given;
    form[authorField(i, "family")] = author.family;
    form[authorField(i, "affiliation")] = author.affiliation;
    form[authorField(i, "orcid")] = author.orcid;
    form[authorField(i, "email")] = author.email;
    form[authorField(i, "corresponding")] = author.corresponding ? "on" : "";
  });
  (article.supplementary ?? []).slice(0, MAX_SUPPLEMENTARY).forEach((entry, i) => {
    form[supplementaryField(i, "label")] = entry.label;
    form[supplementaryField(i, "file")] = entry.file;
  });
  return form;
}

/* ---- the journal's settings ---- */

export const journalProfileSchema = z
  .object({
    title: z.string().trim().min(1, JOURNAL_TITLE_MISSING).max(300, "Too long (300 characters at most)"),
    abbreviation: text(100),
    issnPrint: check(normaliseIssn, ISSN_INVALID),
    issnOnline: check(normaliseIssn, ISSN_INVALID),
    publisher: text(300),
    doiPrefix: check(normaliseDoiPrefix, DOI_PREFIX_INVALID),
    licence: z.enum(LICENCE_IDS, { message: "Choose a licence" }),
    focusScope: text(100_000),
    callTitle: text(300),
    callText: text(100_000),
    callDeadline: isoDate,
    callIssueId: z.union([z.literal(""), z.uuid({ message: "Choose an issue" })]),
    ...slotShape(BOARD_FIELD_NAMES),
  })
  .superRefine((values, context) => {
    const all = values as Record<string, string>;
    for (let i = 0; i < MAX_BOARD; i++) {
      const role = all[boardField(i, "role")]?.trim() || all[boardField(i, "affiliation")]?.trim();
      if (role && !all[boardField(i, "name")]?.trim())
        context.addIssue({ code: "custom", path: [boardField(i, "name")], message: BOARD_NAME_REQUIRED });
    }
  });

export type JournalProfileForm = Record<string, string>;

export function journalProfileFromForm(values: Record<string, string>): JournalProfile {
  const board: BoardMember[] = [];
  for (let i = 0; i < MAX_BOARD; i++) {
    const name = (values[boardField(i, "name")] ?? "").trim();
    if (!name) continue;
    board.push({
      name,
      role: (values[boardField(i, "role")] ?? "").trim(),
      affiliation: (values[boardField(i, "affiliation")] ?? "").trim(),
    });
  }
  return {
    title: values.title.trim(),
    abbreviation: values.abbreviation.trim(),
    issnPrint: normaliseIssn(values.issnPrint) ?? "",
    issnOnline: normaliseIssn(values.issnOnline) ?? "",
    publisher: values.publisher.trim(),
    doiPrefix: normaliseDoiPrefix(values.doiPrefix) ?? "",
    licence: values.licence as LicenceId,
    board,
    focusScope: values.focusScope,
    callTitle: values.callTitle.trim(),
    callText: values.callText,
    callDeadline: values.callDeadline,
    callIssueId: values.callIssueId || null,
  };
}

export function journalProfileToForm(profile: JournalProfile): JournalProfileForm {
  const form: JournalProfileForm = {
    title: profile.title,
    abbreviation: profile.abbreviation,
    issnPrint: profile.issnPrint,
    issnOnline: profile.issnOnline,
    publisher: profile.publisher,
    doiPrefix: profile.doiPrefix,
    licence: profile.licence,
    focusScope: profile.focusScope,
    callTitle: profile.callTitle,
    callText: profile.callText,
    callDeadline: profile.callDeadline,
    callIssueId: profile.callIssueId ?? "",
    ...Object.fromEntries(BOARD_FIELD_NAMES.map((name) => [name, ""])),
  };
  profile.board.slice(0, MAX_BOARD).forEach((member, i) => {
    form[boardField(i, "name")] = member.name;
    form[boardField(i, "role")] = member.role;
    form[boardField(i, "affiliation")] = member.affiliation;
  });
  return form;
}

/* ---- an issue ---- */

export const issueSchema = z
  .object({
    volume: z.string().regex(/^[1-9]\d{0,3}$/, ISSUE_VOLUME_INVALID),
    number: z.string().regex(/^[1-9]\d{0,3}$/, ISSUE_NUMBER_INVALID),
    year: z.string().regex(/^(19|2\d)\d\d$/, ISSUE_YEAR_INVALID),
    title: text(300),
    description: text(100_000),
    cover: z.union([z.literal(""), uploadedFile("image")]),
    publishedOn: isoDate,
    status: z.enum(ISSUE_STATUSES, { message: "Choose forthcoming or published" }),
  })
  .superRefine((values, context) => {
    if (values.status === "published" && !values.publishedOn)
      context.addIssue({ code: "custom", path: ["publishedOn"], message: ISSUE_PUBLISHED_NEEDS_DATE });
  });

export type IssueForm = {
  [K in "volume" | "number" | "year" | "title" | "description" | "cover" | "publishedOn" | "status"]: string;
};

export const EMPTY_ISSUE: IssueForm = {
  volume: "",
  number: "",
  year: String(new Date().getFullYear()),
  title: "",
  description: "",
  cover: "",
  publishedOn: "",
  status: "forthcoming",
};

export type IssueInput = {
  volume: number;
  number: number;
  year: number;
  title: string;
  description: string;
  cover: string;
  publishedOn: string | null;
  status: IssueStatus;
};

export const issueFromForm = (values: IssueForm): IssueInput => ({
  volume: Number(values.volume),
  number: Number(values.number),
  year: Number(values.year),
  title: values.title.trim(),
  description: values.description,
  cover: values.cover,
  publishedOn: values.publishedOn || null,
  status: values.status as IssueStatus,
});

/* ---- the article editor ---- */

/** Create journal (SPEC.md's words for an article) and its edit form. */
export const articleSchema = z.object({
  title: z.string().trim().min(1, ARTICLE_TITLE_REQUIRED).max(300, "The title is too long (300 characters at most)"),
  abstract: z.string().max(200_000, "The description is too long"),
  pdf: z.string().min(1, PDF_REQUIRED).pipe(uploadedFile("pdf")),
});
/** The article and its status, schedule, address and version. */
export type ArticleForm = z.infer<typeof articleSchema> & EditorialForm;

/**
 * The article editor's whole form (issue 20): the article form with its scholarly fields. The
 * numbered author and supplementary-file slots the page does not draw are not sent; they count as empty.
 */
const articleFields = Object.fromEntries(
  Object.entries(articleMetadataShape).map(([name, field]) => [
    name,
    /^(author|supp)\d/.test(name) ? (field as z.ZodString).default("") : field,
  ]),
) as typeof articleMetadataShape;
export const articleEditorSchema = withEditorialFields(articleSchema.extend(articleFields)).superRefine(
  (form, context) => refineArticleMetadata(form as unknown as Record<string, string>, context),
);
export type ArticleEditorForm = ArticleForm & ArticleMetadataForm;
