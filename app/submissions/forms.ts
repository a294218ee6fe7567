import {
  ARTICLE_SECTIONS,
  type ArticleAuthor,
  type ArticleSection,
  EDITOR_DECISIONS,
  type NamedReviewer,
  REVIEW_RECOMMENDATIONS,
} from "~/domain/vocabulary";
import {
  AUTHOR_PARTS,
  authorField,
  authorsFromForm,
  authorsToForm,
  MAX_AUTHORS,
  refineAuthors,
  splitKeywords,
} from "~/journal/article-fields";
import { LANGUAGE_CODES } from "~/journal/vocabulary";
import { z } from "~/lib/zod";

import {
  ABSTRACT_MISSING,
  AUTHORS_MISSING,
  CHECKLIST_INCOMPLETE,
  CORRESPONDING_EMAIL_MISSING,
  CORRESPONDING_MISSING,
  DUE_DATE_INVALID,
  FOR_AUTHOR_MISSING,
  LETTER_MISSING,
  NOTE_EMPTY,
  RECOMMENDATION_MISSING,
  RESPONSE_MISSING,
  RETURN_NOTE_MISSING,
  REVIEWER_EMAIL_INVALID,
  REVIEWER_NAME_MISSING,
  TITLE_MISSING,
} from "./words";

/**
 * The workflow's forms (issue 34), one zod schema each, shared by the browser and the server: the
 * submission wizard's steps, the revision, the desk's actions and the reviewer's forms.
 */

const text = (max: number) => z.string().max(max, `Too long (${max} characters at most)`);
const email = z.email({ message: REVIEWER_EMAIL_INVALID });

/** The wizard's steps, in order; each is a page of /submit/{id}. */
export const WIZARD_STEPS = ["start", "details", "authors", "files", "reviewers", "letter", "review"] as const;
export type WizardStep = (typeof WIZARD_STEPS)[number];

export const STEP_LABELS: Record<WizardStep, string> = {
  start: "Checklist",
  details: "Title and abstract",
  authors: "Authors",
  files: "Files",
  reviewers: "Reviewers",
  letter: "Cover letter",
  review: "Check and submit",
};

export const isWizardStep = (value: unknown): value is WizardStep => WIZARD_STEPS.includes(value as WizardStep);

/** What a draft holds, as the service keeps it. */
export type SubmissionDetails = {
  title: string;
  abstract: string;
  keywords: string[];
  section: ArticleSection;
  language: string;
  funding: string;
};

/* ---- the checklist ---- */

export const checkField = (index: number) => `check${index}`;

/** The checklist step's form: each of the journal's `count` items confirmed (a checkbox sends "on"). */
export const checklistSchema = (count: number) =>
  z.object(
    Object.fromEntries(
      Array.from({ length: count }, (_, i) => [checkField(i), z.literal("on", { message: CHECKLIST_INCOMPLETE })]),
    ) as Record<string, z.ZodLiteral<"on">>,
  );

/* ---- details ---- */

export const detailsSchema = z.object({
  title: text(500).trim().min(1, TITLE_MISSING),
  abstract: text(10_000).trim().min(1, ABSTRACT_MISSING),
  keywords: text(1000),
  section: z.enum(ARTICLE_SECTIONS, { message: "Choose a section" }),
  language: z.enum(LANGUAGE_CODES, { message: "Choose a language" }),
  funding: text(2000),
});
export type DetailsForm = { [K in keyof z.infer<typeof detailsSchema>]: string };

export const detailsFromForm = (values: DetailsForm): SubmissionDetails => ({
  title: values.title.trim(),
  abstract: values.abstract.trim(),
  keywords: splitKeywords(values.keywords),
  section: values.section as ArticleSection,
  language: values.language,
  funding: values.funding.trim(),
});

export const detailsToForm = (details: SubmissionDetails): DetailsForm => ({
  title: details.title,
  abstract: details.abstract,
  keywords: details.keywords.join("; "),
  section: details.section,
  language: details.language,
  funding: details.funding,
});

/* ---- authors (the article editor's slots: one declaration of an author) ---- */

/** Authors a submission names; fewer than an article may list, but the same slots. */
export const SUBMISSION_AUTHORS = Math.min(10, MAX_AUTHORS);
const AUTHOR_FIELDS = Array.from({ length: SUBMISSION_AUTHORS }, (_, i) =>
  AUTHOR_PARTS.map((part) => authorField(i, part)),
).flat();

export const authorsSchema = z
  .object(
    Object.fromEntries(AUTHOR_FIELDS.map((name) => [name, text(300).optional()])) as Record<
      string,
      z.ZodOptional<z.ZodString>
    >,
  )
  .superRefine((values, context) => {
    const form = values as Record<string, string>;
    refineAuthors(form, context);
    const authors = authorsFromForm(form);
    if (authors.length === 0) {
      context.addIssue({ code: "custom", path: [authorField(0, "family")], message: AUTHORS_MISSING });
      return;
    }
    const corresponding = authors.findIndex((author) => author.corresponding);
    if (corresponding < 0)
      context.addIssue({ code: "custom", path: [authorField(0, "corresponding")], message: CORRESPONDING_MISSING });
    else if (!authors[corresponding].email)
      context.addIssue({
        code: "custom",
        path: [authorField(corresponding, "email")],
        message: CORRESPONDING_EMAIL_MISSING,
      });
  });

export { authorsFromForm, authorsToForm };
/** The one corresponding author: the first marked. */
export const correspondingAuthor = (authors: ArticleAuthor[]) =>
  authors.find((author) => author.corresponding) ?? authors[0];

/* ---- files and competing interests ---- */

export const competingSchema = z.object({ competingInterests: text(5000) });

/* ---- suggested and opposed reviewers ---- */

export const SUGGESTED_SLOTS = 3;
export const OPPOSED_SLOTS = 2;
const REVIEWER_PARTS = ["name", "email", "affiliation", "reason"] as const;
export const reviewerField = (list: "suggested" | "opposed", index: number, part: (typeof REVIEWER_PARTS)[number]) =>
  `${list}${index}_${part}`;

const reviewerSlots = (list: "suggested" | "opposed", count: number) =>
  Array.from({ length: count }, (_, i) => REVIEWER_PARTS.map((part) => reviewerField(list, i, part))).flat();

export const reviewersSchema = z
  .object(
    Object.fromEntries(
      [...reviewerSlots("suggested", SUGGESTED_SLOTS), ...reviewerSlots("opposed", OPPOSED_SLOTS)].map((name) => [
        name,
        text(1000).optional(),
      ]),
    ) as Record<string, z.ZodOptional<z.ZodString>>,
  )
  .superRefine((values, context) => {
    const form = values as Record<string, string>;
    for (const [list, count] of [
      ["suggested", SUGGESTED_SLOTS],
      ["opposed", OPPOSED_SLOTS],
    ] as const)
      for (let i = 0; i < count; i++) {
        const slot = (part: (typeof REVIEWER_PARTS)[number]) => (form[reviewerField(list, i, part)] ?? "").trim();
        if (!REVIEWER_PARTS.some((part) => slot(part))) continue;
        if (!slot("name"))
          context.addIssue({ code: "custom", path: [reviewerField(list, i, "name")], message: REVIEWER_NAME_MISSING });
        if (slot("email") && !email.safeParse(slot("email")).success)
          context.addIssue({
            code: "custom",
            path: [reviewerField(list, i, "email")],
            message: REVIEWER_EMAIL_INVALID,
          });
      }
  });

export function namedReviewersFromForm(values: Record<string, string>, list: "suggested" | "opposed"): NamedReviewer[] {
  const count = list === "suggested" ? SUGGESTED_SLOTS : OPPOSED_SLOTS;
  const named: NamedReviewer[] = [];
  for (let i = 0; i < count; i++) {
    const slot = (part: (typeof REVIEWER_PARTS)[number]) => (values[reviewerField(list, i, part)] ?? "").trim();
    if (slot("name"))
      named.push({
        name: slot("name"),
        email: slot("email"),
        affiliation: slot("affiliation"),
        reason: slot("reason"),
      });
  }
  return named;
}

export function namedReviewersToForm(suggested: NamedReviewer[], opposed: NamedReviewer[]): Record<string, string> {
  const form: Record<string, string> = {};
  const put = (list: "suggested" | "opposed", people: NamedReviewer[]) =>
    people.forEach((person, i) => {
      for (const part of REVIEWER_PARTS) form[reviewerField(list, i, part)] = person[part];
    });
  put("suggested", suggested.slice(0, SUGGESTED_SLOTS));
  put("opposed", opposed.slice(0, OPPOSED_SLOTS));
  return form;
}

/* ---- cover letter ---- */

export const letterSchema = z.object({ coverLetter: text(20_000) });

/* ---- a revision ---- */

export const revisionSchema = z.object({ response: text(50_000).trim().min(1, RESPONSE_MISSING) });

/* ---- the desk ---- */

export const noteSchema = z.object({ body: text(20_000).trim().min(1, NOTE_EMPTY) });

export const assignSchema = z.object({ editorId: z.string().min(1, "Choose an editor").max(100) });

export const decisionSchema = z.object({
  decision: z.enum(EDITOR_DECISIONS, { message: "Choose a decision" }),
  letter: text(50_000).trim().min(1, LETTER_MISSING),
});

export const isoDay = z.iso.date({ message: DUE_DATE_INVALID });

export const inviteSchema = z
  .object({
    reviewerId: z.string().max(100).default(""),
    name: text(300).trim().default(""),
    email: text(300).trim().default(""),
    affiliation: text(300).trim().default(""),
    dueOn: isoDay,
    subject: text(300).trim().min(1, "A subject, please"),
    body: text(20_000).trim().min(1, "The invitation's text, please"),
  })
  .superRefine((values, context) => {
    if (values.reviewerId) return;
    if (!values.name) context.addIssue({ code: "custom", path: ["name"], message: REVIEWER_NAME_MISSING });
    if (!email.safeParse(values.email).success)
      context.addIssue({ code: "custom", path: ["email"], message: REVIEWER_EMAIL_INVALID });
  });

const reviewId = z.uuid({ message: "There is no such review." });

export const reviewIdSchema = z.object({ reviewId });

export const reinviteSchema = z.object({ reviewId, dueOn: z.union([z.literal(""), isoDay]).default("") });

export const returnSchema = z.object({ reviewId, note: text(10_000).trim().min(1, RETURN_NOTE_MISSING) });

export const editForAuthorSchema = z.object({ reviewId, forAuthor: text(50_000).trim().min(1, FOR_AUTHOR_MISSING) });

/* ---- the reviewer's forms ---- */

export const respondSchema = z.object({
  answer: z.enum(["accept", "decline"], { message: "Accept or decline" }),
  reason: text(5000).default(""),
  colleague: text(1000).default(""),
});

/** A review's comments, each. */
export const REVIEW_TEXT_MAX = 50_000;
/** The same in bytes, at UTF-8's widest: the limit of each field as a multipart form is read. */
export const REVIEW_FIELD_BYTES = 4 * REVIEW_TEXT_MAX;

export const reviewSchema = z.object({
  recommendation: z.enum(REVIEW_RECOMMENDATIONS, { message: RECOMMENDATION_MISSING }),
  forAuthor: text(REVIEW_TEXT_MAX).trim().min(1, FOR_AUTHOR_MISSING),
  forEditor: text(REVIEW_TEXT_MAX).default(""),
  nameShown: z.enum(["on", ""]).optional(),
});
