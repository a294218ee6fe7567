import { z } from "~/lib/zod";

/** The message for an image address no upload to this site produced. */
export const IMAGE_NOT_UPLOADED = "Upload the image again: that one was not stored here";
/** SPEC.md's words for a journal without its PDF. */
export const PDF_NOT_UPLOADED = "Upload a and pdf";

const STORED_ADDRESS = {
  image: /^\/uploads\/\d{4}-\d{2}\/[0-9a-f-]{36}-\d+w\.webp$/,
  pdf: /^\/uploads\/\d{4}-\d{2}\/[0-9a-f-]{36}\.pdf$/,
} as const;

/** The one rule for a field that names an uploaded file: the address the upload route gives back. */
export function uploadedFile(kind: "image" | "pdf") {
  return z.string().regex(STORED_ADDRESS[kind], kind === "pdf" ? PDF_NOT_UPLOADED : IMAGE_NOT_UPLOADED);
}
