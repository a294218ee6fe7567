import { createHash } from "node:crypto";

import {
  CATEGORY_FEED_DESCRIPTION,
  CATEGORY_FEED_TITLE,
  NEWS_FEED_DESCRIPTION,
  NEWS_FEED_TITLE,
  TAG_FEED_DESCRIPTION,
  TAG_FEED_TITLE,
} from "~/domain/messages/feeds";
import { categoryLabel } from "~/domain/vocabulary";
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
export const TAG_FEED_PATH = (tag: string, format: FeedFormat) => `/posts/tag/${tag}/${FEED_FILES[format]}`;

/** What a feed narrower than all the news holds: one category's posts, or one tag's (issue 33). */
export type FeedTopic = { kind: "category" | "tag"; slug: string; name: string };

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

function postEntry(post: Post, site: string, names: Record<string, string>): FeedEntry {
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
    categories: [
      { term: post.category, label: categoryLabel(post.category, names), scheme: `${site}/posts/category/` },
    ],
    image,
  };
}

/** The news feed: every post, or one category's or one tag's. */
export async function newsFeed(request: Request, format: FeedFormat, topic?: FeedTopic): Promise<Response> {
  const { posts, categories, siteContent, sitemaps } = await services();
  const site = siteUrlOf(request);
  const filter = topic && (topic.kind === "category" ? { category: topic.slug } : { tag: topic.slug });
  const [links, page, lastChange, names] = await Promise.all([
    siteContent.siteLinks(),
    posts.list({ limit: FEED_SIZE, ...filter }),
    sitemaps.lastChange("posts"),
    categories.names(),
  ]);
  const titles = {
    category: [CATEGORY_FEED_TITLE, CATEGORY_FEED_DESCRIPTION, CATEGORY_FEED_PATH, "category"],
    tag: [TAG_FEED_TITLE, TAG_FEED_DESCRIPTION, TAG_FEED_PATH, "tag"],
  } as const;
  const [title, description, path, segment] = topic ? titles[topic.kind] : [];
  const channel: FeedChannel = {
    title: topic && title ? title(links.name, topic.name) : NEWS_FEED_TITLE(links.name),
    description: topic && description ? description(links.name, topic.name) : NEWS_FEED_DESCRIPTION(links.name),
    link: topic ? `${site}/posts/${segment}/${topic.slug}` : `${site}/posts`,
    self: selfLinks(site, topic && path ? (f) => path(topic.slug, f) : NEWS_FEED_PATH),
    publisher: { name: links.name, link: `${site}/` },
    updated: lastChange ?? new Date(),
    language: "en",
  };
  const entries = page.items.map((post) => postEntry(post, site, names));
  return feedResponse(request, format, { channel, entries, lastModified: lastChange });
}
