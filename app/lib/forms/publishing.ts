import { JOURNAL_TITLE_REQUIRED, PDF_REQUIRED } from "~/domain/messages/journals";
import { CHOOSE_CATEGORY, EXCERPT_TOO_LONG, POST_TITLE_REQUIRED } from "~/domain/messages/posts";
import { POST_CATEGORIES } from "~/domain/vocabulary";
import { z } from "~/lib/zod";

import { type EditorialForm, withEditorialFields } from "./editorial";
import { type ArticleMetadataForm, articleMetadataShape, refineArticleMetadata } from "./scholarly";
import { uploadedFile } from "./uploads";

/** The longest excerpt an editor may write: about two sentences (search engines show about 160 characters). */
export const POST_EXCERPT_MAX = 300;

/** Create post and Update post (shared by the form in the browser and the action). */
export const postSchema = z.object({
  title: z.string().trim().min(1, POST_TITLE_REQUIRED).max(200, "The title is too long (200 characters at most)"),
  category: z.enum(POST_CATEGORIES, { message: CHOOSE_CATEGORY }),
  image: z.union([z.literal(""), uploadedFile("image")]),
  content: z.string().max(500_000, "The content is too long"),
  excerpt: z.string().trim().max(POST_EXCERPT_MAX, EXCERPT_TOO_LONG).default(""),
});
/** The post editor's form: the post and its status, schedule, address and version. */
export const postFormSchema = withEditorialFields(postSchema);
export type PostForm = z.infer<typeof postSchema> & EditorialForm;

/** Create journal and its edit form. */
export const journalSchema = z.object({
  filename: z.string().trim().min(1, JOURNAL_TITLE_REQUIRED).max(300, "The title is too long (300 characters at most)"),
  details: z.string().max(200_000, "The description is too long"),
  file: z.string().min(1, PDF_REQUIRED).pipe(uploadedFile("pdf")),
});
/** The journal editor's form: the article and its status, schedule, address and version. */
export const journalFormSchema = withEditorialFields(journalSchema);
export type JournalForm = z.infer<typeof journalSchema> & EditorialForm;

/**
 * The article editor's form (issue 20): the journal form with the article's scholarly fields. The
 * numbered author and supplementary-file slots the page does not draw are not sent; they count as empty.
 */
const articleFields = Object.fromEntries(
  Object.entries(articleMetadataShape).map(([name, field]) => [
    name,
    /^(author|supp)\d/.test(name) ? (field as z.ZodString).default("") : field,
  ]),
) as typeof articleMetadataShape;
export const journalEditorSchema = withEditorialFields(journalSchema.extend(articleFields)).superRefine(
  (form, context) => refineArticleMetadata(form as unknown as Record<string, string>, context),
);
export type JournalEditorForm = JournalForm & ArticleMetadataForm;

export { fieldErrors } from "./errors";

/** The category select of SPEC.md, with SPEC-NOTES.md's values. */
export const CATEGORY_OPTIONS = [
  { value: "uncategorized", label: "Select a category" },
  { value: "fees", label: "Fees" },
  { value: "course", label: "Course" },
  { value: "exams", label: "Exams" },
] as const;
