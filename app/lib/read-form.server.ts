import { data } from "react-router";

/** Form bodies larger than this are refused (uploads have their own route and limits). */
export const MAX_FORM_BYTES = 2 * 1024 * 1024;

/**
 * The request's form fields, or a 4xx a person can read: a body that is not a form, one that is
 * too large, or text with characters that cannot be stored (NUL).
 */
export async function readForm(request: Request): Promise<FormData> {
  const length = Number(request.headers.get("content-length") ?? 0);
  if (length > MAX_FORM_BYTES) throw data({ message: "This form is too large to send." }, { status: 413 });
  let form: FormData;
  try {
    form = await request.formData();
  } catch {
    throw data({ message: "The form could not be read. Reload the page and try again." }, { status: 400 });
  }
  for (const value of form.values()) {
    if (typeof value === "string" && value.includes("\u0000")) {
      throw data({ message: "The form contains characters that cannot be stored." }, { status: 400 });
    }
  }
  return form;
}

/** The named fields as text, "" for any that are missing. */
export function fieldsOf(form: FormData, names: readonly string[]): Record<string, string> {
  return Object.fromEntries(names.map((name) => [name, String(form.get(name) ?? "")]));
}
