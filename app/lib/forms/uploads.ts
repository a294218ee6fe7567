import { PDF_NOT_STORED } from "~/domain/messages/journals";
import { IMAGE_NOT_STORED } from "~/domain/messages/media";
import { z } from "~/lib/zod";

const STORED_ADDRESS = {
  image: /^\/uploads\/\d{4}-\d{2}\/[0-9a-f-]{36}-\d+w\.webp$/,
  pdf: /^\/uploads\/\d{4}-\d{2}\/[0-9a-f-]{36}\.pdf$/,
} as const;

/** The one rule for a field that names an uploaded file: the address the upload route gives back. */
export function uploadedFile(kind: "image" | "pdf") {
  return z.string().regex(STORED_ADDRESS[kind], kind === "pdf" ? PDF_NOT_STORED : IMAGE_NOT_STORED);
}
