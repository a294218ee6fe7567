import { CHOOSE_CATEGORY, EXCERPT_TOO_LONG, POST_TITLE_REQUIRED } from "~/domain/messages/posts";
import { POST_CATEGORIES } from "~/domain/vocabulary";
import { z } from "~/lib/zod";

import { type EditorialForm, withEditorialFields } from "./editorial";
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

export { fieldErrors } from "./errors";

/** The category select of SPEC.md, with SPEC-NOTES.md's values. */
export const CATEGORY_OPTIONS = [
  { value: "uncategorized", label: "Select a category" },
  { value: "fees", label: "Fees" },
  { value: "course", label: "Course" },
  { value: "exams", label: "Exams" },
] as const;
