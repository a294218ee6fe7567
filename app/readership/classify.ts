import { isbot } from "isbot";

import type { ReadershipItemType, ReadKind } from "~/domain/vocabulary";

import COUNTER_ROBOTS from "./counter-robots.json";

/**
 * What a request would count as, if it is answered with a 200 or 304 (decision 043): the kind of
 * read, what it is of (the page kind), and its target, the address's name for the thing read (a
 * slug, an issue's "volume/number", a path), which the double-click rule compares. Null: nothing
 * that counts (the dashboard, account pages, assets, exports for machines, a prefetch, a HEAD).
 * One address's read is shared by every request for it: never changed.
 */
export type Read = Readonly<{ kind: ReadKind; itemType: ReadershipItemType; target: string }>;

export type RequestFacts = {
  method?: string;
  url?: string;
  headers: Record<string, string | string[] | undefined>;
};

/** Public pages that are not one of the named kinds: counted as "page" by their path. */
const OTHER_PAGES = new Set([
  "/about",
  "/posts",
  "/journals",
  "/journals/issues",
  "/admision",
  "/programmes",
  "/journal-in-numbers",
  "/privacy",
]);

const FEEDS = [
  /^\/(rss\.xml|atom\.xml|feed\.json|feed)$/,
  /^\/journals\/(rss\.xml|atom\.xml|feed\.json)$/,
  /^\/journals\/issues\/[^/]+\.(xml|json)$/,
  /^\/posts\/(category|tag)\/[^/]+\/(rss\.xml|atom\.xml|feed\.json)$/,
];

const header = (headers: RequestFacts["headers"], name: string) => {
  const value = headers[name];
  return Array.isArray(value) ? (value[0] ?? "") : (value ?? "");
};

/** A small stable fingerprint of a search's words: the double-click rule needs "the same search", not its words. */
function searchKey(query: string): string {
  const words = query.trim().toLowerCase().replace(/\s+/g, " ");
  let hash = 0x811c9dc5;
  for (let i = 0; i < words.length; i++) hash = Math.imul(hash ^ words.charCodeAt(i), 0x01000193);
  return `q${(hash >>> 0).toString(36)}`;
}

/** Which page a public path is, or null. The path is as it came (slugs are plain ASCII), without `.data`. */
function pageOf(path: string, search: URLSearchParams): Omit<Read, "kind"> | null {
  // The home page's data is `/_.data` (React Router 8; `/_root.data` before).
  if (path === "/" || path === "/_" || path === "/_root") return { itemType: "home", target: "/" };
  let match = /^\/post\/([^/]+)$/.exec(path);
  if (match) return { itemType: "post", target: match[1] };
  match = /^\/journal\/([^/]+)$/.exec(path);
  if (match) return { itemType: "article", target: match[1] };
  match = /^\/journals\/issue\/(\d+)\/(\d+)$/.exec(path);
  if (match) return { itemType: "issue", target: `${match[1]}/${match[2]}` };
  match = /^\/(journals|programmes)\/([^/]+)$/.exec(path);
  if (match && match[2] !== "issues") {
    const course = search.get("course");
    return course ? { itemType: "course", target: course } : { itemType: "department", target: match[2] };
  }
  if (OTHER_PAGES.has(path) || /^\/posts\/(category|tag)\/[^/]+$/.test(path) || /^\/authors\/[^/]+$/.test(path)) {
    return { itemType: "page", target: path };
  }
  return null;
}

/**
 * The read a request would be. Only GETs count: a HEAD or a prefetch is no one reading. A page is
 * its document, or its data when the browser moved to it without reloading; the PDF an article's
 * page shows inside itself (an `<object>`) is fetched on every view, so only a PDF opened or
 * downloaded is a Request.
 */
export function readOf(request: RequestFacts): Read | null {
  if (request.method !== "GET") return null;
  const purpose = header(request.headers, "sec-purpose") || header(request.headers, "purpose");
  if (purpose.includes("prefetch")) return null;
  const dest = header(request.headers, "sec-fetch-dest") || "document";
  const address = request.url ?? "/";
  // A read is a function of its address and destination alone, and the cached path answers a few
  // addresses over and over: parsing each (a URL) was a sixth of counting's cost (bench --counting).
  // One with a query (a search's words, a course, a page of a list) is worked out each time: such
  // addresses rarely repeat, and a search's words are not kept, not even in memory.
  if (address.includes("?")) return readOfAddress(address, dest);
  const key = `${dest}\u0000${address}`;
  const known = knownReads.get(key);
  if (known !== undefined) return known;
  const read = readOfAddress(address, dest);
  if (knownReads.size >= REMEMBERED_ADDRESSES) knownReads.clear();
  knownReads.set(key, read);
  return read;
}

const knownReads = new Map<string, Read | null>();
const REMEMBERED_ADDRESSES = 2000;

function readOfAddress(address: string, dest: string): Read | null {
  let url: URL;
  try {
    url = new URL(address, "http://x");
  } catch {
    return null;
  }
  let path = url.pathname.length > 1 ? url.pathname.replace(/\/$/, "") : url.pathname;
  const pdf = /^\/journal\/([^/]+)\/pdf$/.exec(path);
  if (pdf) {
    if (["object", "embed", "iframe"].includes(dest)) return null;
    return { kind: "download", itemType: "article", target: pdf[1] };
  }
  if (FEEDS.some((feed) => feed.test(path))) return { kind: "feed", itemType: "feed", target: path };
  const data = path.endsWith(".data");
  if (data) path = path.slice(0, -".data".length) || "/";
  else if (dest !== "document") return null;
  // The shell's data alone, asked for again after the theme switch: the page was not moved to.
  if (data && url.searchParams.get("_routes") === "root") return null;
  if (path === "/search") {
    const query = url.searchParams.get("q") ?? "";
    return query.trim() ? { kind: "search", itemType: "search", target: searchKey(query) } : null;
  }
  const page = pageOf(path, url.searchParams);
  return page ? { kind: "view", ...page } : null;
}

const counterRobots = new RegExp((COUNTER_ROBOTS as string[]).join("|"), "i");
const robotVerdicts = new Map<string, boolean>();
const REMEMBERED_AGENTS = 2000;

/**
 * A robot or crawler: the COUNTER robots list (`counter-robots.json`, copied from the list in
 * `../shared/standards/counter/robots`), or `isbot`'s patterns. Matching the list's 327 patterns
 * takes microseconds, so each user agent's verdict is remembered (user agents repeat).
 */
export function isRobot(userAgent: string): boolean {
  const known = robotVerdicts.get(userAgent);
  if (known !== undefined) return known;
  const verdict = counterRobots.test(userAgent) || isbot(userAgent);
  if (robotVerdicts.size >= REMEMBERED_AGENTS) robotVerdicts.clear();
  robotVerdicts.set(userAgent, verdict);
  return verdict;
}

/** The referring site's host, "" when none, null when the reader came from this site itself. */
export function referrerHostOf(referer: string, ownHost: string): string | null {
  if (!referer) return "";
  try {
    const host = new URL(referer).hostname.toLowerCase();
    if (!host) return "";
    return host === ownHost.toLowerCase().replace(/:\d+$/, "") ? null : host.slice(0, 253);
  } catch {
    return "";
  }
}

/** A country code from a trusted proxy's header (ISO 3166-1 alpha-2), or null ("XX" and "T1" are not countries). */
export function countryOf(value: string): string | null {
  const code = value.trim().toUpperCase();
  return /^[A-Z]{2}$/.test(code) && code !== "XX" && code !== "ZZ" ? code : null;
}
