import { POST_CATEGORIES } from "~/domain/vocabulary";
import { z } from "~/lib/zod";

import { PDF_NOT_UPLOADED, uploadedFile } from "./uploads";

/** Create post and Update post (shared by the form in the browser and the action). */
export const postSchema = z.object({
  title: z.string().trim().min(1, "Post title is required").max(200, "The title is too long (200 characters at most)"),
  category: z.enum(POST_CATEGORIES, { message: "Choose a category from the list" }),
  image: z.union([z.literal(""), uploadedFile("image")]),
  content: z.string().max(500_000, "The content is too long"),
});
export type PostForm = z.infer<typeof postSchema>;

/** Create journal and its edit form. */
export const journalSchema = z.object({
  filename: z
    .string()
    .trim()
    .min(1, "Journal title is required")
    .max(300, "The title is too long (300 characters at most)"),
  details: z.string().max(200_000, "The description is too long"),
  file: z.string().min(1, PDF_NOT_UPLOADED).pipe(uploadedFile("pdf")),
});
export type JournalForm = z.infer<typeof journalSchema>;

export { fieldErrors } from "./errors";

/** The category select of SPEC.md, with SPEC-NOTES.md's values. */
export const CATEGORY_OPTIONS = [
  { value: "uncategorized", label: "Select a category" },
  { value: "fees", label: "Fees" },
  { value: "course", label: "Course" },
  { value: "exams", label: "Exams" },
] as const;
