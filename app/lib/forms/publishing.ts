import { JOURNAL_TITLE_REQUIRED, PDF_NOT_STORED, PDF_REQUIRED } from "~/domain/messages/journals";
import { IMAGE_NOT_STORED } from "~/domain/messages/media";
import { CHOOSE_CATEGORY, POST_TITLE_REQUIRED } from "~/domain/messages/posts";
import { POST_CATEGORIES } from "~/domain/vocabulary";
import { z } from "~/lib/zod";

/** An uploaded file's address on this site. */
const uploaded = (kind: "image" | "pdf") =>
  z
    .string()
    .regex(
      kind === "pdf"
        ? /^\/uploads\/\d{4}-\d{2}\/[0-9a-f-]{36}\.pdf$/
        : /^\/uploads\/\d{4}-\d{2}\/[0-9a-f-]{36}-\d+w\.webp$/,
      kind === "pdf" ? PDF_NOT_STORED : IMAGE_NOT_STORED,
    );

/** Create post and Update post (shared by the form in the browser and the action). */
export const postSchema = z.object({
  title: z.string().trim().min(1, POST_TITLE_REQUIRED).max(200, "The title is too long (200 characters at most)"),
  category: z.enum(POST_CATEGORIES, { message: CHOOSE_CATEGORY }),
  image: z.union([z.literal(""), uploaded("image")]),
  content: z.string().max(500_000, "The content is too long"),
});
export type PostForm = z.infer<typeof postSchema>;

/** Create journal and its edit form. */
export const journalSchema = z.object({
  filename: z.string().trim().min(1, JOURNAL_TITLE_REQUIRED).max(300, "The title is too long (300 characters at most)"),
  details: z.string().max(200_000, "The description is too long"),
  file: z.string().min(1, PDF_REQUIRED).pipe(uploaded("pdf")),
});
export type JournalForm = z.infer<typeof journalSchema>;

/** The first problem of each field, for messages next to the fields. */
export function fieldErrors(error: z.ZodError): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const issue of error.issues) {
    const field = String(issue.path[0] ?? "form");
    errors[field] ??= issue.message;
  }
  return errors;
}

/** The category select of SPEC.md, with SPEC-NOTES.md's values. */
export const CATEGORY_OPTIONS = [
  { value: "uncategorized", label: "Select a category" },
  { value: "fees", label: "Fees" },
  { value: "course", label: "Course" },
  { value: "exams", label: "Exams" },
] as const;
