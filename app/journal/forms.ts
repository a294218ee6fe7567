import { PDF_REQUIRED } from "~/domain/messages/media";
import {
  type ArticleMetadataForm,
  articleMetadataShape,
  check,
  type FormValues,
  isoDate,
  isSlotField,
  refineArticleMetadata,
  type SingleKeys,
  text,
} from "~/journal/article-fields";
import {
  ARTICLE_TITLE_REQUIRED,
  BOARD_NAME_REQUIRED,
  DOI_PREFIX_INVALID,
  ISSN_INVALID,
  ISSUE_NUMBER_INVALID,
  ISSUE_PUBLISHED_NEEDS_DATE,
  ISSUE_VOLUME_INVALID,
  ISSUE_YEAR_INVALID,
  JOURNAL_TITLE_MISSING,
} from "~/journal/messages";
import {
  type BoardMember,
  ISSUE_STATUSES,
  type IssueStatus,
  type IssueView,
  type JournalProfile,
  LICENCE_IDS,
  type LicenceId,
  normaliseDoiPrefix,
  normaliseIssn,
} from "~/journal/vocabulary";
import { type EditorialForm, withEditorialFields } from "~/lib/forms/editorial";
import { uploadedFile } from "~/lib/forms/uploads";
import { z } from "~/lib/zod";

/**
 * The journal's forms as they are sent: flat text fields, so they work before any script has
 * loaded. A list (authors, board members) is a fixed number of numbered slots; empty slots are
 * dropped, and the screens show the filled ones and a few more.
 */

export const MAX_BOARD = 30;

const BOARD_PARTS = ["name", "role", "affiliation"] as const;

export const boardField = (index: number, part: (typeof BOARD_PARTS)[number]) => `board${index}_${part}`;

const slots = <Part extends string>(count: number, parts: readonly Part[], name: (i: number, p: Part) => string) =>
  Array.from({ length: count }, (_, i) => parts.map((part) => name(i, part))).flat();

const BOARD_FIELD_NAMES = slots(MAX_BOARD, BOARD_PARTS, boardField);

function slotShape(names: string[], max = 300) {
  return Object.fromEntries(names.map((name) => [name, text(max)]));
}

/* ---- an article's scholarly fields: declared in article-fields.ts, and made from there ---- */

export {
  ARTICLE_FIELD_DEFAULTS,
  type ArticleFieldValues as ArticleMetadata,
  type ArticleMetadataForm,
  articleMetadataFromForm,
  articleMetadataShape,
  articleMetadataToForm,
  authorField,
  EMPTY_ARTICLE_METADATA,
  MAX_AUTHORS,
  MAX_SUPPLEMENTARY,
  refineArticleMetadata,
  splitKeywords,
  supplementaryField,
} from "./article-fields";

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

/** An issue as the service takes it: its view without the id and address the site gives it. */
export type IssueInput = Omit<IssueView, "id" | "url">;

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

/** The article editor's own fields (SPEC.md's "Create journal") and its edit form. */
export const articleSchema = z.object({
  title: z.string().trim().min(1, ARTICLE_TITLE_REQUIRED).max(300, "The title is too long (300 characters at most)"),
  abstract: z.string().max(200_000, "The abstract is too long"),
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
    isSlotField(name) ? (field as z.ZodString).default("") : field,
  ]),
) as unknown as { [K in SingleKeys]: z.ZodType<string, string> };
export const articleEditorSchema = withEditorialFields(articleSchema.extend(articleFields)).superRefine(
  (form, context) => refineArticleMetadata(form as unknown as FormValues, context),
);
export type ArticleEditorForm = ArticleForm & ArticleMetadataForm;
