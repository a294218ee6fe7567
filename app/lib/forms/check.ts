import type { z } from "~/lib/zod";

import { fieldErrors } from "./errors";

/**
 * The one check of a form in the browser: its fields as the form would send them, against the
 * form's own zod schema (the one its action parses with), so an obvious mistake is told next to
 * its field without a round trip, in the server's words. Null when the schema accepts them.
 */
export function checkForm(schema: z.ZodType, form: HTMLFormElement): Record<string, string> | null {
  const parsed = schema.safeParse(Object.fromEntries(new FormData(form)));
  return parsed.success ? null : fieldErrors(parsed.error);
}
