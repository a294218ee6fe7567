import { apiError } from "~/lib/api-response.server";

export const MAX_JSON_BYTES = 100 * 1024;

/** A JSON object body, or the API's JSON error (too large, not JSON, not an object). */
export async function readJsonObject(request: Request): Promise<Record<string, unknown> | Response> {
  if (Number(request.headers.get("content-length") ?? 0) > MAX_JSON_BYTES) return apiError(413, "The request body is too large.");
  let text: string;
  try {
    text = await request.text();
  } catch {
    return apiError(400, "The request body could not be read.");
  }
  if (text.length > MAX_JSON_BYTES) return apiError(413, "The request body is too large.");
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return apiError(400, "The request body is not valid JSON.");
  }
  if (typeof body !== "object" || body === null || Array.isArray(body)) return apiError(400, "The request body must be a JSON object.");
  return body as Record<string, unknown>;
}

/** A text field of a JSON body: "" when missing, refused when it is not text. */
export function textField(body: Record<string, unknown>, name: string): string | null {
  const value = body[name];
  if (value === undefined || value === null) return "";
  return typeof value === "string" ? value : null;
}
