import { ALT_TOO_LONG, CAPTION_TOO_LONG, IMAGE_NOT_STORED, PDF_NOT_STORED } from "~/domain/messages/media";
import { z } from "~/lib/zod";

const STORED_ADDRESS = {
  image: /^\/uploads\/\d{4}-\d{2}\/[0-9a-f-]{36}-\d+w\.webp$/,
  pdf: /^\/uploads\/\d{4}-\d{2}\/[0-9a-f-]{36}\.pdf$/,
} as const;

/** The one rule for a field that names an uploaded file: the address the upload route gives back. */
export function uploadedFile(kind: "image" | "pdf") {
  return z.string().regex(STORED_ADDRESS[kind], kind === "pdf" ? PDF_NOT_STORED : IMAGE_NOT_STORED);
}

/** The media library's words for one file: its alt text and caption (either may be empty). */
export const mediaDetailsSchema = z.object({
  alt: z.string().trim().max(300, ALT_TOO_LONG),
  caption: z.string().trim().max(1000, CAPTION_TOO_LONG),
});
