import { apiError } from "~/lib/api-response.server";

import { shapeRefusal } from "./body-shape.server";

/** The largest JSON body the API reads: room for a long post, far from a memory risk. */
export const MAX_JSON_BYTES = 2 * 1024 * 1024;

/** The body's bytes, refused once it passes `limit` bytes (whether or not it declared a length). */
async function readCapped(request: Request, limit: number): Promise<Buffer | "too-large"> {
  if (!request.body) return Buffer.alloc(0);
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > limit) {
      await reader.cancel().catch(() => {});
      return "too-large";
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks);
}

/** A JSON object body, or the API's JSON error (too large, not JSON, not an object). */
export async function readJsonObject(request: Request): Promise<Record<string, unknown> | Response> {
  if (Number(request.headers.get("content-length") ?? 0) > MAX_JSON_BYTES)
    return apiError(413, "The request body is too large.");
  let bytes: Buffer | "too-large";
  try {
    bytes = await readCapped(request, MAX_JSON_BYTES);
  } catch {
    return apiError(400, "The request body could not be read.");
  }
  if (bytes === "too-large") return apiError(413, "The request body is too large.");
  // Counted before the parse (the server did so as the body arrived; this holds for a request
  // made any other way): 700,000 empty objects would take 44 MB of heap (decision 032).
  const refusal = shapeRefusal(bytes, request.headers.get("content-type"));
  if (refusal) return apiError(refusal.status, refusal.message);
  let body: unknown;
  try {
    body = JSON.parse(bytes.toString("utf8"));
  } catch {
    return apiError(400, "The request body is not valid JSON.");
  }
  if (typeof body !== "object" || body === null || Array.isArray(body))
    return apiError(400, "The request body must be a JSON object.");
  // PostgreSQL text cannot hold NUL, nor a JSON column (jsonb) half of a surrogate pair, which only
  // an escape such as \ud800 can make: refuse them here rather than fail at the database.
  const unstorable = unstorableText(body);
  if (unstorable === "nul") return apiError(400, "The request body contains a NUL character.");
  if (unstorable === "lone-surrogate")
    return apiError(
      400,
      "The request body contains an unpaired surrogate (an escape from \\ud800 to \\udfff without its pair), which is not text.",
    );
  return body as Record<string, unknown>;
}

function textProblem(text: string): "nul" | "lone-surrogate" | null {
  if (text.includes("\u0000")) return "nul";
  return text.isWellFormed() ? null : "lone-surrogate";
}

function unstorableText(value: unknown, depth = 0): "nul" | "lone-surrogate" | null {
  if (typeof value === "string") return textProblem(value);
  if (depth > 20 || typeof value !== "object" || value === null) return null;
  for (const [key, inner] of Object.entries(value)) {
    const problem = textProblem(key) ?? unstorableText(inner, depth + 1);
    if (problem) return problem;
  }
  return null;
}
