import type http from "node:http";
import { promisify } from "node:util";
import zlib from "node:zlib";

import type { AppConfig } from "~/lib/config.server";

import { acceptsCoding, type CachedPage, type PageCache, pageCacheKey, pickEncoding } from "../page-cache.server";
import type { Step } from "./pipeline.server";

const gzipAsync = promisify(zlib.gzip);
/** gzip at zlib's default level: a few milliseconds for a page, for one answer. */
const gzipQuickly = (body: Buffer) => gzipAsync(body, { level: 6 });

/** A page from the cache: 304 when the browser has it, else the best encoding it accepts. */
export async function sendCachedPage(
  req: http.IncomingMessage,
  res: http.ServerResponse,
  page: CachedPage,
  hit: boolean,
) {
  for (const [name, value] of page.headers) res.setHeader(name, value);
  res.setHeader("ETag", page.etag);
  res.setHeader("Cache-Control", "public, max-age=0, must-revalidate");
  res.setHeader("Vary", "Accept-Encoding, Cookie");
  res.setHeader("X-Page-Cache", hit ? "hit" : "miss");
  const known = String(req.headers["if-none-match"] ?? "")
    .split(",")
    .map((tag) => tag.trim().replace(/^W\//, ""));
  // A page that says when it last changed (a feed) also answers If-Modified-Since, when no ETag was sent.
  const lastModified = Date.parse(page.headers.find(([name]) => name === "last-modified")?.[1] ?? "");
  const since = Date.parse(String(req.headers["if-modified-since"] ?? ""));
  const unchangedSince = req.headers["if-none-match"] === undefined && lastModified <= since;
  if (known.includes(page.etag) || unchangedSince) {
    res.writeHead(304).end();
    return;
  }
  const acceptEncoding = req.headers["accept-encoding"] as string | undefined;
  let { body, encoding } = pickEncoding(page, acceptEncoding);
  // The stored copies are made once a page is asked for again; until then, a quick one for this answer.
  if (!encoding && !page.gzip && acceptsCoding(acceptEncoding, "gzip")) {
    body = await gzipQuickly(page.body);
    encoding = "gzip";
  }
  if (encoding) res.setHeader("Content-Encoding", encoding);
  res.setHeader("Content-Length", body.length);
  res.writeHead(page.status);
  res.end(req.method === "HEAD" ? undefined : body);
}

/**
 * Signed-out visitors' public pages: from memory, with no rendering, compressed once. A page not
 * in the cache goes on to be rendered whole, to be kept (see render.server.ts).
 */
export function cachedPages(cache: PageCache, config: Pick<AppConfig, "pageCache" | "publicUrl">): Step {
  const publicOrigin = config.publicUrl ? new URL(config.publicUrl).origin : undefined;
  return (exchange, next) => {
    const { req, res } = exchange;
    exchange.cacheKey = config.pageCache ? pageCacheKey(req, publicOrigin) : undefined;
    // Only the server marks a render as one for the cache (entry.server.tsx renders it whole).
    delete req.headers["x-page-cache-fill"];
    const { cacheKey } = exchange;
    if (cacheKey) {
      const cached = cache.get(cacheKey.key);
      if (cached) return void sendCachedPage(req, res, cached, true).catch(() => res.destroy());
      req.headers["x-page-cache-fill"] = "1";
      // Query parameters the page does not read never reach the render (nor the cache's keys).
      req.url = cacheKey.url;
    }
    next();
  };
}
