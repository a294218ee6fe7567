import { data } from "react-router";

import { mediaTypeOf, shapeRefusal } from "./body-shape.server";

/** Form bodies larger than this are refused (uploads have their own route and limits). */
export const MAX_FORM_BYTES = 2 * 1024 * 1024;

const URLENCODED = "application/x-www-form-urlencoded";
const UNREADABLE = "The form could not be read. Reload the page and try again.";

/**
 * A urlencoded body's fields, in time linear in its length. Node's own parser (`URLSearchParams`,
 * which `Request.formData()` uses) looks for each field's `=` to the end of the body rather than
 * to the field's end, so fields without one cost the length of the whole rest each: a million
 * `a&` took 15 s, and 1,000 short fields before a long one 0.1 s. Each non-empty field is given
 * its `=` first (the same field to the parser: name, empty value).
 */
export function parseUrlEncoded(text: string): URLSearchParams {
  // A leading "?" is dropped, as the parser has always done here.
  const fields = (text.startsWith("?") ? text.slice(1) : text).split("&");
  for (let i = 0; i < fields.length; i++) {
    if (fields[i] !== "" && !fields[i].includes("=")) fields[i] += "=";
  }
  // The leading "&" (an empty field, skipped) keeps the parser from dropping a second "?".
  return new URLSearchParams(`&${fields.join("&")}`);
}

/** Whether a request's body is a urlencoded form. */
export function isUrlEncoded(request: Request): boolean {
  return mediaTypeOf(request.headers.get("content-type")) === URLENCODED;
}

/**
 * The request's form fields, or a 4xx a person can read: a body that is not a form, one that is
 * too large or has too many fields (decision 032), or text with characters that cannot be stored
 * (NUL).
 */
export async function readForm(request: Request): Promise<FormData> {
  const length = Number(request.headers.get("content-length") ?? 0);
  if (length > MAX_FORM_BYTES) throw data({ message: "This form is too large to send." }, { status: 413 });
  const type = request.headers.get("content-type");
  let body: Uint8Array<ArrayBuffer>;
  try {
    body = new Uint8Array(await request.arrayBuffer());
  } catch {
    throw data({ message: UNREADABLE }, { status: 400 });
  }
  // The server refused such a body as it arrived; this holds for a request made any other way.
  const refusal = shapeRefusal(body, type);
  if (refusal) throw data({ message: refusal.message }, { status: refusal.status });
  let form: FormData;
  try {
    if (mediaTypeOf(type) === URLENCODED) {
      form = new FormData();
      for (const [name, value] of parseUrlEncoded(new TextDecoder().decode(body))) form.append(name, value);
    } else {
      form = await new Response(body, { headers: { "content-type": type ?? "" } }).formData();
    }
  } catch {
    throw data({ message: UNREADABLE }, { status: 400 });
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
