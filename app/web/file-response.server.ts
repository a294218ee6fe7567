import { Readable } from "node:stream";

import { data } from "react-router";

import { STORED_FILE_POLICY, storedFileDisposition } from "~/lib/security-headers.server";
import type { Services } from "~/runtime.server";

const IMMUTABLE = "public, max-age=31536000, immutable";

/** RFC 6266 filename: an ASCII fallback and the exact name in UTF-8. */
export function contentDisposition(kind: "inline" | "attachment", name: string) {
  const ascii =
    name
      .normalize("NFKD")
      .replace(/[^\x20-\x7e]/g, "")
      .replace(/["\\]/g, "")
      .trim() || "document";
  return `${kind}; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}

/**
 * A stored file as a response, from whichever store holds it: long-lived caching (keys never
 * change), conditional requests, single byte ranges (PDF viewers), nosniff, and a sandboxing
 * policy. PDFs are downloaded unless the caller asks for them inline (the journal's reading view).
 */
export async function storedFileResponse(
  request: Request,
  mediaService: Services["media"],
  key: string,
  options: { downloadName?: string; disposition?: "inline" | "attachment"; cacheControl?: string } = {},
) {
  const head = await mediaService.head(key);
  if (!head) throw data({ message: "File not found" }, { status: 404 });
  const etag = `"${key.replace(/[^\w.-]/g, "_")}"`;
  const headers = new Headers({
    "Content-Type": head.contentType,
    "Cache-Control": options.cacheControl ?? IMMUTABLE,
    ETag: etag,
    "Accept-Ranges": "bytes",
    "X-Content-Type-Options": "nosniff",
  });
  headers.set("Content-Security-Policy", STORED_FILE_POLICY);
  const disposition = options.disposition ?? storedFileDisposition(head.contentType);
  headers.set(
    "Content-Disposition",
    options.downloadName ? contentDisposition(disposition, options.downloadName) : disposition,
  );
  if (request.headers.get("if-none-match") === etag) return new Response(null, { status: 304, headers });

  const match = /^bytes=(\d*)-(\d*)$/.exec(request.headers.get("range") ?? "");
  let range: { start: number; end: number } | undefined;
  if (match && (match[1] || match[2]) && head.size > 0) {
    const start = match[1] ? Number(match[1]) : Math.max(head.size - Number(match[2]), 0);
    const end = match[1] && match[2] ? Math.min(Number(match[2]), head.size - 1) : head.size - 1;
    if (start > end || start >= head.size) {
      headers.set("Content-Range", `bytes */${head.size}`);
      return new Response(null, { status: 416, headers });
    }
    range = { start, end };
  }
  if (request.method === "HEAD") {
    headers.set("Content-Length", String(head.size));
    return new Response(null, { status: 200, headers });
  }
  const file = await mediaService.open(key, range);
  if (!file) throw data({ message: "File not found" }, { status: 404 });
  if (range) {
    headers.set("Content-Range", `bytes ${range.start}-${range.end}/${head.size}`);
    headers.set("Content-Length", String(range.end - range.start + 1));
  } else {
    headers.set("Content-Length", String(head.size));
  }
  return new Response(Readable.toWeb(file.body) as ReadableStream, { status: range ? 206 : 200, headers });
}

/**
 * A private file (one person's, or under a reviewer's link) as a download: never cached, never shown
 * inline, never sniffed or run; a HEAD answer has no body. `headers`: the page's own besides.
 */
export function privateDownload(
  request: Request,
  file: { name: string; contentType: string; size: number; body: Uint8Array<ArrayBuffer> | Readable },
  headers = new Headers(),
): Response {
  headers.set("Content-Type", file.contentType);
  headers.set("Content-Length", String(file.size));
  headers.set("Content-Disposition", contentDisposition("attachment", file.name));
  headers.set("Cache-Control", "private, no-store");
  headers.set("X-Content-Type-Options", "nosniff");
  headers.set("Content-Security-Policy", STORED_FILE_POLICY);
  if (request.method === "HEAD") {
    if (file.body instanceof Readable) file.body.destroy();
    return new Response(null, { headers });
  }
  const body = file.body instanceof Readable ? (Readable.toWeb(file.body) as ReadableStream) : file.body;
  return new Response(body, { headers });
}
