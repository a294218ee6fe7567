import type { z } from "~/lib/zod";

/** The first problem of each field, for messages next to the fields ("form" for the form as a whole). */
export function fieldErrors(error: z.ZodError): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const issue of error.issues) errors[String(issue.path[0] ?? "form")] ??= issue.message;
  return errors;
}

/** The one form-level message for a set of field errors: the first problem found. */
export function firstMessage(errors: Record<string, string>): string | null {
  return Object.values(errors)[0] ?? null;
}
