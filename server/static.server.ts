import fs from "node:fs";
import type { IncomingMessage, ServerResponse } from "node:http";
import path from "node:path";

import { STORED_FILE_POLICY, storedFileDisposition } from "~/lib/security-headers.server";

const CONTENT_TYPES: Record<string, string> = {
  ".js": "text/javascript; charset=utf-8",
  ".mjs": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".json": "application/json; charset=utf-8",
  ".map": "application/json; charset=utf-8",
  ".html": "text/html; charset=utf-8",
  ".txt": "text/plain; charset=utf-8",
  ".svg": "image/svg+xml",
  ".png": "image/png",
  ".jpg": "image/jpeg",
  ".jpeg": "image/jpeg",
  ".webp": "image/webp",
  ".avif": "image/avif",
  ".gif": "image/gif",
  ".ico": "image/x-icon",
  ".pdf": "application/pdf",
  ".woff2": "font/woff2",
  ".woff": "font/woff",
  ".webmanifest": "application/manifest+json",
};

export type StaticMount = {
  /** URL prefix, with a trailing slash ("/assets/") or "/" for the site root. */
  prefix: string;
  directory: string;
  cacheControl: string;
  /**
   * Uploaded files: served under a sandboxing Content-Security-Policy, so that no stored file can
   * run script in the site's origin even if opened directly; PDFs are downloaded, not opened.
   */
  sandbox?: boolean;
};

/** Resolves a URL path inside the mount's directory, or null when it would leave it. */
function resolveFile(mount: StaticMount, pathname: string): string | null {
  let relative: string;
  try {
    relative = decodeURIComponent(pathname.slice(mount.prefix.length));
  } catch {
    return null;
  }
  if (!relative || relative.includes("\0")) return null;
  const file = path.resolve(mount.directory, relative);
  const root = path.resolve(mount.directory) + path.sep;
  return file.startsWith(root) ? file : null;
}

/**
 * Serves a file from one of the mounts when the request names one; returns false so the app
 * handles everything else. Supports HEAD, conditional requests and single byte ranges (PDF viewers).
 */
export function serveStatic(mounts: StaticMount[], req: IncomingMessage, res: ServerResponse): boolean {
  if (req.method !== "GET" && req.method !== "HEAD") return false;
  const pathname = (req.url ?? "/").split("?")[0];
  for (const mount of mounts) {
    if (!pathname.startsWith(mount.prefix)) continue;
    const file = resolveFile(mount, pathname);
    if (!file) continue;
    // Most requests are for pages, not files: a miss must not cost a thrown error.
    let stat: fs.Stats | undefined;
    try {
      stat = fs.statSync(file, { throwIfNoEntry: false });
    } catch {
      continue; // not a directory on the way, too long a name
    }
    if (!stat?.isFile()) continue;
    sendFile(mount, file, stat, req, res);
    return true;
  }
  return false;
}

function sendFile(mount: StaticMount, file: string, stat: fs.Stats, req: IncomingMessage, res: ServerResponse) {
  const etag = `W/"${stat.size.toString(16)}-${Math.floor(stat.mtimeMs).toString(16)}"`;
  const contentType = CONTENT_TYPES[path.extname(file).toLowerCase()] ?? "application/octet-stream";
  res.setHeader("Content-Type", contentType);
  res.setHeader("Cache-Control", mount.cacheControl);
  res.setHeader("ETag", etag);
  res.setHeader("Last-Modified", stat.mtime.toUTCString());
  res.setHeader("Accept-Ranges", "bytes");
  res.setHeader("X-Content-Type-Options", "nosniff");
  if (mount.sandbox) {
    res.setHeader("Content-Security-Policy", STORED_FILE_POLICY);
    res.setHeader("Content-Disposition", storedFileDisposition(contentType));
  }

  if (req.headers["if-none-match"] === etag) {
    res.statusCode = 304;
    res.end();
    return;
  }

  let start = 0;
  let end = stat.size - 1;
  // A single "bytes=a-b" range; "bytes=-" and anything else are ignored (the whole file is sent).
  const range = /^bytes=(\d*)-(\d*)$/.exec(String(req.headers.range ?? ""));
  if (range && (range[1] || range[2]) && stat.size > 0) {
    start = range[1] ? Number(range[1]) : Math.max(stat.size - Number(range[2]), 0);
    end = range[1] && range[2] ? Math.min(Number(range[2]), stat.size - 1) : stat.size - 1;
    if (start > end || start >= stat.size) {
      res.statusCode = 416;
      res.setHeader("Content-Range", `bytes */${stat.size}`);
      res.end();
      return;
    }
    res.statusCode = 206;
    res.setHeader("Content-Range", `bytes ${start}-${end}/${stat.size}`);
  } else {
    res.statusCode = 200;
  }
  res.setHeader("Content-Length", stat.size === 0 ? 0 : end - start + 1);
  if (req.method === "HEAD" || stat.size === 0) {
    res.end();
    return;
  }
  const stream = fs.createReadStream(file, { start, end });
  stream.on("error", () => res.destroy());
  stream.pipe(res);
}
