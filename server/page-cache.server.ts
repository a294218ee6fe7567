import { createHash } from "node:crypto";
import type { IncomingMessage } from "node:http";
import { promisify } from "node:util";
import zlib from "node:zlib";

import { STAFF_ROLES } from "~/domain/vocabulary";
import type { ContentTag } from "~/services/content-changes.server";

/**
 * Public pages for signed-out visitors, rendered once and kept until content they show changes.
 * Each entry remembers the kinds of content its render read (posts, journals, academics, site);
 * a write to one kind drops exactly the entries that read it. Entries are held in memory, bounded
 * by count and bytes, the least recently used out first.
 */

export type CachedPage = {
  status: number;
  headers: [string, string][];
  body: Buffer;
  gzip?: Buffer;
  br?: Buffer;
  etag: string;
  tags: Set<ContentTag>;
  /** When the page is too old to send (ms since the epoch): pages that show figures that change by themselves. */
  expiresAt?: number;
};

/**
 * How long a page that shows readership figures is kept (an article's views and downloads): the
 * figures change every minute, and rendering every article page that often would undo the cache,
 * so such a page shows them as they were up to this long ago (decision 043's minute besides).
 */
export const READERSHIP_PAGE_MAX_AGE_MS = 10 * 60_000;

const gzip = promisify(zlib.gzip);
const brotli = promisify(zlib.brotliCompress);

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** Page numbers past the first (page 1 is the page without the parameter). */
const LATER_PAGE = /^[2-9]$|^[1-9]\d{1,5}$/;
/** Which routes' data a client navigation asks for (`.data` requests only). */
const ROUTE_IDS = /^[\w./,-]{1,300}$/;

type Params = Record<string, RegExp>;

/**
 * Addresses of public pages (and their client-navigation data, `*.data`), with the query
 * parameters each one reads and the values it accepts. Nothing else is kept, and no other
 * parameter reaches the render: `/?utm_source=x` is the page `/`, served from the same entry.
 */
const PUBLIC_PAGES: { pattern: RegExp; params?: Params }[] = [
  { pattern: /^\/$/ },
  { pattern: /^\/(about|programmes)$/ },
  // An officer's card open (the cards are links, so that they work before the scripts run).
  { pattern: /^\/admision$/, params: { officer: new RegExp(`^(${STAFF_ROLES.join("|")})$`) } },
  { pattern: /^\/(posts|journals)$/, params: { page: LATER_PAGE, after: UUID } },
  { pattern: /^\/post\/[^/]+$/ },
  // Feeds, the sitemap index, its pages child and robots.txt (decision 026); the posts and
  // journals children (megabytes each, read by crawlers now and then) answer 304s of their own.
  { pattern: /^\/(rss\.xml|atom\.xml|feed\.json|sitemap\.xml|sitemaps\/pages\.xml|robots\.txt)$/ },
  { pattern: /^\/(posts\/category\/[a-z]+|journals|journals\/issues)\/(rss\.xml|atom\.xml|feed\.json)$/ },
  { pattern: /^\/journal\/[^/]+$/ },
  { pattern: /^\/(journals|programmes)\/[^/]+$/, params: { course: UUID } },
];

/** Cookies as the server's libraries read them: names and values trimmed, quotes removed, the first of a name wins. */
export function readCookies(header: string | undefined): Map<string, string> {
  const cookies = new Map<string, string>();
  for (const pair of (header ?? "").split(";")) {
    const at = pair.indexOf("=");
    if (at === -1) continue;
    const name = pair.slice(0, at).trim();
    let value = pair.slice(at + 1).trim();
    if (value.length >= 2 && value.startsWith('"') && value.endsWith('"')) value = value.slice(1, -1);
    try {
      value = decodeURIComponent(value);
    } catch {
      // kept as sent, as the libraries do
    }
    if (name && !cookies.has(name)) cookies.set(name, value);
  }
  return cookies;
}

/**
 * Whether the request may carry a session: such a request is never answered from the cache.
 * Whether a render may be kept is decided by the render itself (server/main.ts), not by this.
 */
function maySignIn(req: IncomingMessage, cookies: Map<string, string>): boolean {
  if (req.headers.authorization) return true;
  return [...cookies.keys()].some((name) => /session/i.test(name));
}

/** The theme cookie's two values as the site writes them (React Router's encoding of "dark" and "light"). */
const THEMES: Record<string, string> = { ImRhcmsi: "dark", "ImxpZ2h0Ig==": "light" };

/** The address with only the query parameters the page reads, in a fixed order. */
function canonicalAddress(page: string, pathname: string, query: string, params: Params | undefined): string {
  const given = new URLSearchParams(query);
  const kept = new URLSearchParams();
  for (const [name, valid] of Object.entries(params ?? {})) {
    const value = given.get(name);
    if (value !== null && valid.test(value)) kept.set(name, value);
  }
  if (pathname !== page) {
    const routes = given.get("_routes");
    if (routes !== null && ROUTE_IDS.test(routes)) kept.set("_routes", routes);
  }
  const search = kept.toString();
  return search ? `${pathname}?${search}` : pathname;
}

export type PageCacheKey = {
  key: string;
  /** The address to render: the request's, without the parameters the page does not read. */
  url: string;
};

/**
 * The cache key for a signed-out visitor's request for a public page, or undefined when the answer
 * is not one for the cache (other methods, other addresses, a request that may be signed in).
 */
export function pageCacheKey(req: IncomingMessage, publicOrigin?: string): PageCacheKey | undefined {
  if (req.method !== "GET" && req.method !== "HEAD") return undefined;
  const cookies = readCookies(req.headers.cookie);
  if (maySignIn(req, cookies)) return undefined;
  const raw = req.url ?? "/";
  if (raw.length > 2048) return undefined;
  const queryAt = raw.indexOf("?");
  const pathname = queryAt === -1 ? raw : raw.slice(0, queryAt);
  // Client navigations' data: `/_.data` for the home page, `/posts.data` for the others.
  const page =
    pathname === "/_.data" ? "/" : pathname.endsWith(".data") ? pathname.slice(0, -".data".length) : pathname;
  const known = PUBLIC_PAGES.find(({ pattern }) => pattern.test(page));
  if (!known || pathname.length > 512) return undefined;
  const url = canonicalAddress(page, pathname, queryAt === -1 ? "" : raw.slice(queryAt + 1), known.params);
  // The theme is rendered into the page: only the values the site sets are kept, each apart, and
  // apart from the page for a visitor who chose none (it follows the device's setting).
  const themeCookie = cookies.get("theme");
  const theme = themeCookie === undefined ? "device" : THEMES[themeCookie];
  if (!theme) return undefined;
  // With PUBLIC_URL every render sees that address, whatever Host the request named.
  const origin = publicOrigin ?? String(req.headers.host).toLowerCase();
  return { key: `${origin}|${theme}|${url}`, url };
}

export function etagOf(body: Buffer) {
  return `"${createHash("sha1").update(body).digest("base64url").slice(0, 27)}"`;
}

export type PageCacheOptions = { maxEntries?: number; maxBytes?: number };

/** Pages waiting for their compressed copies: past this, the oldest waits no longer (it is sent as is). */
const MAX_WAITING_FOR_COMPRESSION = 32;

/**
 * Entries in two parts with budgets of their own: the pages themselves, and their variants with
 * query parameters (later pages of a list, a department with a course open), which get a quarter.
 * Each part drops its least recently used entry first, so a run of new variants never pushes out
 * the pages visitors ask for.
 */
export function pageCache({ maxEntries = 2000, maxBytes = 64 * 1024 * 1024 }: PageCacheOptions = {}) {
  const parts = {
    pages: { entries: new Map<string, CachedPage>(), bytes: 0, maxEntries, maxBytes },
    variants: {
      entries: new Map<string, CachedPage>(),
      bytes: 0,
      maxEntries: Math.max(1, Math.floor(maxEntries / 4)),
      maxBytes: Math.floor(maxBytes / 4),
    },
  };
  type Part = (typeof parts)[keyof typeof parts];
  const partOf = (key: string): Part => (key.includes("?") ? parts.variants : parts.pages);
  /** Bumped by every invalidation: a render that started before one is not kept. */
  let generation = 0;

  const sizeOf = (page: CachedPage) => page.body.length + (page.gzip?.length ?? 0) + (page.br?.length ?? 0);
  const remove = (part: Part, key: string) => {
    const page = part.entries.get(key);
    if (!page) return;
    part.bytes -= sizeOf(page);
    part.entries.delete(key);
  };

  // Compressed copies are made when a page is asked for a second time, one page at a time, in the
  // background: a burst of new pages costs one compression's memory at a time, not one per page,
  // and pages asked for once cost none.
  const waiting = new Map<string, CachedPage>();
  let compressing = false;
  const compressNext = async () => {
    if (compressing) return;
    compressing = true;
    try {
      for (let next = waiting.entries().next(); !next.done; next = waiting.entries().next()) {
        const [key, page] = next.value;
        waiting.delete(key);
        const part = partOf(key);
        if (part.entries.get(key) !== page) continue;
        const [gz, br] = await Promise.all([
          gzip(page.body, { level: 9 }),
          brotli(page.body, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 9 } }),
        ]);
        if (part.entries.get(key) !== page) continue;
        page.gzip = gz;
        page.br = br;
        part.bytes += gz.length + br.length;
        trim(part);
      }
    } catch (error) {
      console.error(`page cache: compression failed: ${(error as Error).message}`);
    } finally {
      compressing = false;
    }
  };
  const trim = (part: Part) => {
    while (part.entries.size > part.maxEntries || part.bytes > part.maxBytes) {
      const oldest = part.entries.keys().next().value;
      if (oldest === undefined) break;
      remove(part, oldest);
    }
  };

  return {
    get generation() {
      return generation;
    },
    get size() {
      return parts.pages.entries.size + parts.variants.entries.size;
    },

    get(key: string): CachedPage | undefined {
      const part = partOf(key);
      const page = part.entries.get(key);
      if (page?.expiresAt !== undefined && page.expiresAt <= Date.now()) {
        remove(part, key);
        waiting.delete(key);
        return undefined;
      }
      if (page) {
        // Most recently used: last to go.
        part.entries.delete(key);
        part.entries.set(key, page);
        // Asked for again: now worth its compressed copies (a page asked for once, such as a
        // crawler's or a campaign link's, never costs them).
        if (!page.gzip && !waiting.has(key)) {
          waiting.set(key, page);
          if (waiting.size > MAX_WAITING_FOR_COMPRESSION) waiting.delete(waiting.keys().next().value!);
          void compressNext();
        }
      }
      return page;
    },

    /** Keeps a rendered page, unless content changed while it was being rendered. */
    set(key: string, page: CachedPage, renderedAtGeneration: number) {
      if (renderedAtGeneration !== generation) return;
      const part = partOf(key);
      remove(part, key);
      if (page.tags.has("readership")) page.expiresAt = Date.now() + READERSHIP_PAGE_MAX_AGE_MS;
      part.entries.set(key, page);
      part.bytes += sizeOf(page);
      trim(part);
      waiting.delete(key);
    },

    /** Drops every page that read any of these kinds of content. */
    invalidate(tags: readonly ContentTag[]) {
      generation++;
      for (const part of Object.values(parts)) {
        for (const [key, page] of part.entries) {
          if (tags.some((tag) => page.tags.has(tag))) remove(part, key);
        }
      }
    },

    clear() {
      generation++;
      for (const part of Object.values(parts)) {
        part.entries.clear();
        part.bytes = 0;
      }
      waiting.clear();
    },
  };
}

export type PageCache = ReturnType<typeof pageCache>;

/** The client's preference for each content coding (RFC 9110 12.5.3): q=0 means "not this one". */
function acceptedCodings(header: string): (coding: string) => number {
  const weights = new Map<string, number>();
  for (const part of header.split(",")) {
    const [name, ...params] = part.trim().toLowerCase().split(";");
    if (!name) continue;
    const q = params.map((p) => p.trim()).find((p) => p.startsWith("q="));
    const weight = q === undefined ? 1 : Number(q.slice(2));
    weights.set(name.trim(), Number.isFinite(weight) ? Math.min(Math.max(weight, 0), 1) : 0);
  }
  return (coding) => weights.get(coding) ?? weights.get("*") ?? 0;
}

/** Whether the client accepts this content coding (q above 0). */
export function acceptsCoding(acceptEncoding: string | undefined, coding: "gzip" | "br"): boolean {
  return acceptedCodings(acceptEncoding ?? "")(coding) > 0;
}

/** The best stored encoding the client accepts, by its q-values (brotli when they tie). */
export function pickEncoding(
  page: CachedPage,
  acceptEncoding: string | undefined,
): { body: Buffer; encoding?: "br" | "gzip" } {
  const weight = acceptedCodings(acceptEncoding ?? "");
  const br = page.br ? weight("br") : 0;
  const gz = page.gzip ? weight("gzip") : 0;
  if (br > 0 && br >= gz) return { body: page.br!, encoding: "br" };
  if (gz > 0) return { body: page.gzip!, encoding: "gzip" };
  return { body: page.body };
}
