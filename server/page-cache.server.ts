import { createHash } from "node:crypto";
import type { IncomingMessage } from "node:http";
import { promisify } from "node:util";
import zlib from "node:zlib";
import type { ContentTag } from "~/services/content-changes.server";

/**
 * Public pages for signed-out visitors, rendered once and kept until content they show changes.
 * Each entry remembers the kinds of content its render read (posts, journals, academics, site);
 * a write to one kind drops exactly the entries that read it. Entries are held in memory, bounded
 * by count and bytes, oldest out first.
 */

export type CachedPage = {
  status: number;
  headers: [string, string][];
  body: Buffer;
  gzip?: Buffer;
  br?: Buffer;
  etag: string;
  tags: Set<ContentTag>;
};

const gzip = promisify(zlib.gzip);
const brotli = promisify(zlib.brotliCompress);

/** Addresses of public pages (and their client-navigation data, `*.data`). Nothing else is kept. */
const PUBLIC_PAGES = [
  /^\/$/,
  /^\/_root$/,
  /^\/(about|posts|journals|admision|programmes)$/,
  /^\/post\/[^/]+$/,
  /^\/journal\/[^/]+$/,
  /^\/(journals|programmes)\/[^/]+$/,
];

const SESSION_COOKIE = /(^|;\s*)(__Secure-)?cpscr\.session_token=/;
const THEME_COOKIE = /(?:^|;\s*)theme=([^;]*)/;

/**
 * The cache key for a request a signed-out visitor makes for a public page, or undefined when the
 * answer may differ per person (signed in, other methods, other addresses).
 */
export function pageCacheKey(req: IncomingMessage): string | undefined {
  if (req.method !== "GET" && req.method !== "HEAD") return undefined;
  const cookies = req.headers.cookie ?? "";
  if (SESSION_COOKIE.test(cookies) || req.headers.authorization) return undefined;
  const url = req.url ?? "/";
  const queryAt = url.indexOf("?");
  const pathname = queryAt === -1 ? url : url.slice(0, queryAt);
  const page = pathname.endsWith(".data") ? pathname.slice(0, -".data".length) || "/" : pathname;
  if (url.length > 512 || !PUBLIC_PAGES.some((pattern) => pattern.test(page))) return undefined;
  // The theme is rendered into the page; only the two values the site sets are kept apart.
  const theme = THEME_COOKIE.exec(cookies)?.[1] ?? "";
  if (theme.length > 64) return undefined;
  return `${req.headers.host}|${theme}|${url}`;
}

export function etagOf(body: Buffer) {
  return `"${createHash("sha1").update(body).digest("base64url").slice(0, 27)}"`;
}

export type PageCacheOptions = { maxEntries?: number; maxBytes?: number };

export function pageCache({ maxEntries = 2000, maxBytes = 64 * 1024 * 1024 }: PageCacheOptions = {}) {
  const entries = new Map<string, CachedPage>();
  let bytes = 0;
  /** Bumped by every invalidation: a render that started before one is not kept. */
  let generation = 0;

  const sizeOf = (page: CachedPage) => page.body.length + (page.gzip?.length ?? 0) + (page.br?.length ?? 0);
  const remove = (key: string) => {
    const page = entries.get(key);
    if (!page) return;
    bytes -= sizeOf(page);
    entries.delete(key);
  };

  return {
    get generation() {
      return generation;
    },
    get size() {
      return entries.size;
    },

    get(key: string): CachedPage | undefined {
      return entries.get(key);
    },

    /** Keeps a rendered page, unless content changed while it was being rendered. */
    set(key: string, page: CachedPage, renderedAtGeneration: number) {
      if (renderedAtGeneration !== generation) return;
      remove(key);
      entries.set(key, page);
      bytes += sizeOf(page);
      while (entries.size > maxEntries || bytes > maxBytes) {
        const oldest = entries.keys().next().value;
        if (oldest === undefined) break;
        remove(oldest);
      }
      // Compressed copies are made once, in the background; until then the page is sent as is.
      void Promise.all([gzip(page.body, { level: 9 }), brotli(page.body, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 9 } })]).then(([gz, br]) => {
        if (entries.get(key) !== page) return;
        page.gzip = gz;
        page.br = br;
        bytes += gz.length + br.length;
      });
    },

    /** Drops every page that read any of these kinds of content. */
    invalidate(tags: readonly ContentTag[]) {
      generation++;
      for (const [key, page] of entries) {
        if (tags.some((tag) => page.tags.has(tag))) remove(key);
      }
    },

    clear() {
      generation++;
      entries.clear();
      bytes = 0;
    },
  };
}

export type PageCache = ReturnType<typeof pageCache>;

/** The best stored encoding the client accepts. */
export function pickEncoding(page: CachedPage, acceptEncoding: string | undefined): { body: Buffer; encoding?: "br" | "gzip" } {
  const accepted = acceptEncoding ?? "";
  if (page.br && /\bbr\b/.test(accepted)) return { body: page.br, encoding: "br" };
  if (page.gzip && /\bgzip\b/.test(accepted)) return { body: page.gzip, encoding: "gzip" };
  return { body: page.body };
}
