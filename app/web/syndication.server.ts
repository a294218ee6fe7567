import { createHash } from "node:crypto";

import {
  CATEGORY_FEED_DESCRIPTION,
  CATEGORY_FEED_TITLE,
  NEWS_FEED_DESCRIPTION,
  NEWS_FEED_TITLE,
} from "~/domain/messages/feeds";
import { categoryLabel, type PostCategory } from "~/domain/vocabulary";
import { richTextForElsewhere } from "~/lib/sanitize.server";
import { excerpt } from "~/lib/text";
import { services } from "~/runtime.server";
import type { Post } from "~/services/posts.server";
import {
  FEED_CONTENT_TYPES,
  FEED_FILES,
  FEED_FORMATS,
  FEED_SIZE,
  type FeedChannel,
  type FeedEntry,
  type FeedFormat,
  imageType,
  renderFeed,
} from "~/services/syndication/feeds.server";

import { siteUrlOf } from "./seo.server";

/* ---- addresses (decision 026) ---- */

export const NEWS_FEED_PATH = (format: FeedFormat) => `/${FEED_FILES[format]}`;
export const CATEGORY_FEED_PATH = (category: string, format: FeedFormat) =>
  `/posts/category/${category}/${FEED_FILES[format]}`;

/** A feed's own address in each format, as its channel names them. */
export const selfLinks = (site: string, path: (format: FeedFormat) => string) =>
  Object.fromEntries(FEED_FORMATS.map((format) => [format, `${site}${path(format)}`])) as Record<FeedFormat, string>;

/* ---- answers ---- */

/** The page cache's ETag formula (server/page-cache.server.ts), so a cached and a rendered answer agree. */
export const etagOf = (body: string) => `"${createHash("sha1").update(body).digest("base64url").slice(0, 27)}"`;

/** Whether the client's copy is current (RFC 9110 13.1): If-None-Match first, else If-Modified-Since. */
export function isNotModified(request: Request, validators: { etag: string; lastModified?: Date }): boolean {
  const ifNoneMatch = request.headers.get("if-none-match");
  if (ifNoneMatch !== null) {
    const ours = validators.etag.replace(/^W\//, "");
    return ifNoneMatch
      .split(",")
      .map((tag) => tag.trim().replace(/^W\//, ""))
      .some((tag) => tag === "*" || tag === ours);
  }
  const since = Date.parse(request.headers.get("if-modified-since") ?? "");
  if (!validators.lastModified || Number.isNaN(since)) return false;
  // HTTP dates have whole seconds.
  return Math.floor(validators.lastModified.getTime() / 1000) * 1000 <= since;
}

/**
 * A feed, sitemap or robots.txt: with its validators, and 304 when the client has it already.
 * Every visitor gets the same answer, so any cache may keep it, asking again each time.
 */
export function documentResponse(
  request: Request,
  body: string | (() => string),
  options: { contentType: string; lastModified?: Date; etag?: string },
): Response {
  // A weak ETag given by the caller lets a 304 be answered without making the document.
  let text = typeof body === "string" ? body : undefined;
  const etag = options.etag ?? etagOf((text ??= (body as () => string)()));
  const headers = new Headers({
    "Content-Type": options.contentType,
    ETag: etag,
    "Cache-Control": "public, max-age=0, must-revalidate",
  });
  if (options.lastModified) headers.set("Last-Modified", options.lastModified.toUTCString());
  if (isNotModified(request, { etag, lastModified: options.lastModified }))
    return new Response(null, { status: 304, headers });
  return new Response(text ?? (body as () => string)(), { headers });
}

/** A feed in the format asked for, answered as a document (documentResponse). */
export function feedResponse(
  request: Request,
  format: FeedFormat,
  feed: { channel: FeedChannel; entries: FeedEntry[]; lastModified?: Date },
): Response {
  return documentResponse(request, renderFeed(feed.channel, feed.entries, format), {
    contentType: FEED_CONTENT_TYPES[format],
    lastModified: feed.lastModified,
  });
}

/** An entry's image: its address on the site made absolute, with its media type. */
export function feedImage(path: string, site: string): NonNullable<FeedEntry["image"]> {
  const url = new URL(path, `${site}/`).toString();
  return { url, type: imageType(url) };
}

/** The latest of some dates (the missing left out). */
export const latest = (...dates: (Date | null | undefined)[]) =>
  new Date(Math.max(...dates.filter((d): d is Date => !!d).map((d) => d.getTime())));

export const escapeHtml = (text: string) =>
  text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");

/* ---- news ---- */

function postEntry(post: Post, site: string): FeedEntry {
  const image = post.image ? feedImage(post.image, site) : undefined;
  return {
    id: `urn:uuid:${post.id}`,
    title: post.title,
    url: `${site}/post/${encodeURIComponent(post.slug)}`,
    // created_at is the public date (decision 020); a scheduled post was saved before it.
    published: post.createdAt,
    updated: latest(post.createdAt, post.updatedAt),
    summary: post.excerpt.trim() || excerpt(post.content, 300),
    contentHtml: `${image ? `<p><img src="${escapeHtml(image.url)}" alt=""></p>` : ""}${richTextForElsewhere(post.content, site)}`,
    authors: [],
    categories: [{ term: post.category, label: categoryLabel(post.category), scheme: `${site}/posts/category/` }],
    image,
  };
}

/** The news feed: every category, or one. */
export async function newsFeed(request: Request, format: FeedFormat, category?: PostCategory): Promise<Response> {
  const { posts, siteContent, sitemaps } = await services();
  const site = siteUrlOf(request);
  const [links, page, lastChange] = await Promise.all([
    siteContent.siteLinks(),
    posts.list({ limit: FEED_SIZE, category }),
    sitemaps.lastChange("posts"),
  ]);
  const label = category && categoryLabel(category);
  const channel: FeedChannel = {
    title: label ? CATEGORY_FEED_TITLE(links.name, label) : NEWS_FEED_TITLE(links.name),
    description: label ? CATEGORY_FEED_DESCRIPTION(links.name, label) : NEWS_FEED_DESCRIPTION(links.name),
    link: `${site}/posts`,
    self: selfLinks(site, category ? (f) => CATEGORY_FEED_PATH(category, f) : NEWS_FEED_PATH),
    publisher: { name: links.name, link: `${site}/` },
    updated: lastChange ?? new Date(),
    language: "en",
  };
  const entries = page.items.map((post) => postEntry(post, site));
  return feedResponse(request, format, { channel, entries, lastModified: lastChange });
}
