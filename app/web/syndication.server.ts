import { createHash } from "node:crypto";

import {
  ARTICLE_BY,
  ARTICLE_IN_ISSUE,
  ARTICLE_KEYWORDS,
  ARTICLE_ONLINE_FIRST,
  ARTICLE_PDF,
  ARTICLES_FEED_DESCRIPTION,
  ARTICLES_FEED_TITLE,
  CATEGORY_FEED_DESCRIPTION,
  CATEGORY_FEED_TITLE,
  ISSUE_CONTENTS,
  ISSUE_EMPTY,
  ISSUES_FEED_DESCRIPTION,
  ISSUES_FEED_TITLE,
  NEWS_FEED_DESCRIPTION,
  NEWS_FEED_TITLE,
} from "~/domain/messages/feeds";
import { ARCHIVE_PATH, type ArticleView, byline, doiUrl, issueLabel, sectionLabel } from "~/domain/scholarly";
import { categoryLabel, type PostCategory } from "~/domain/vocabulary";
import { richTextForElsewhere } from "~/lib/sanitize.server";
import { excerpt } from "~/lib/text";
import { services } from "~/runtime.server";
import type { Post } from "~/services/posts.server";
import type { Issue } from "~/services/scholarly.server";
import { articleView, issueView } from "~/services/scholarly/article-view.server";
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

import { journalFor, siteUrlOf } from "./journal-views.server";

/* ---- addresses (decision 026) ---- */

export const NEWS_FEED_PATH = (format: FeedFormat) => `/${FEED_FILES[format]}`;
export const CATEGORY_FEED_PATH = (category: string, format: FeedFormat) =>
  `/posts/category/${category}/${FEED_FILES[format]}`;
export const ARTICLES_FEED_PATH = (format: FeedFormat) => `/journals/${FEED_FILES[format]}`;
export const ISSUES_FEED_PATH = (format: FeedFormat) => `/journals/issues/${FEED_FILES[format]}`;

const selfLinks = (site: string, path: (format: FeedFormat) => string) =>
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

const latest = (...dates: (Date | null | undefined)[]) =>
  new Date(Math.max(...dates.filter((d): d is Date => !!d).map((d) => d.getTime())));

const escapeHtml = (text: string) =>
  text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");

/* ---- news ---- */

function postEntry(post: Post, site: string): FeedEntry {
  const image = post.image ? new URL(post.image, `${site}/`).toString() : undefined;
  return {
    id: `urn:uuid:${post.id}`,
    title: post.title,
    url: `${site}/post/${encodeURIComponent(post.slug)}`,
    // created_at is the public date (decision 020); a scheduled post was saved before it.
    published: post.createdAt,
    updated: latest(post.createdAt, post.updatedAt),
    summary: post.excerpt.trim() || excerpt(post.content, 300),
    contentHtml: `${image ? `<p><img src="${escapeHtml(image)}" alt=""></p>` : ""}${richTextForElsewhere(post.content, site)}`,
    authors: [],
    categories: [{ term: post.category, label: categoryLabel(post.category), scheme: `${site}/posts/category/` }],
    image: image ? { url: image, type: imageType(image) } : undefined,
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
  const body = renderFeed(
    channel,
    page.items.map((post) => postEntry(post, site)),
    format,
  );
  return documentResponse(request, body, { contentType: FEED_CONTENT_TYPES[format], lastModified: lastChange });
}

/* ---- the journal ---- */

function articleContent(article: ArticleView, site: string): string {
  const parts: string[] = [];
  if (article.authors.length) parts.push(`<p>${escapeHtml(ARTICLE_BY(byline(article.authors)))}</p>`);
  parts.push(richTextForElsewhere(article.abstract, site));
  if (article.keywords.length) parts.push(`<p>${ARTICLE_KEYWORDS}: ${escapeHtml(article.keywords.join(", "))}</p>`);
  parts.push(
    `<p>${escapeHtml(article.issue ? ARTICLE_IN_ISSUE(issueLabel(article.issue)) : ARTICLE_ONLINE_FIRST)}</p>`,
  );
  const links = [`<a href="${escapeHtml(article.pdfUrl)}">${ARTICLE_PDF}</a>`];
  if (article.doi) links.push(`DOI: <a href="${escapeHtml(doiUrl(article.doi))}">${escapeHtml(article.doi)}</a>`);
  parts.push(`<p>${links.join(" · ")}</p>`);
  return parts.join("\n");
}

function articleEntry(article: ArticleView, createdAt: Date, site: string): FeedEntry {
  return {
    id: `urn:uuid:${article.id}`,
    title: article.title,
    url: article.url,
    published: createdAt,
    updated: latest(createdAt, article.updatedAt),
    summary: excerpt(article.abstract, 300),
    contentHtml: articleContent(article, site),
    authors: article.authors.map((author) => [author.given, author.family].filter(Boolean).join(" ")),
    categories: [
      { term: article.section, label: sectionLabel(article.section), scheme: `${site}/journals` },
      ...article.keywords.map((keyword) => ({ term: keyword, label: keyword })),
    ],
    attachment: { url: article.pdfUrl, type: "application/pdf", title: ARTICLE_PDF },
    externalUrl: article.doi ? doiUrl(article.doi) : undefined,
  };
}

/** The journal's newest articles. */
export async function articlesFeed(request: Request, format: FeedFormat): Promise<Response> {
  const { journals, scholarly, sitemaps } = await services();
  const [journal, page, issues, lastChange] = await Promise.all([
    journalFor(request),
    journals.list({ limit: FEED_SIZE }),
    scholarly.issues({ includeForthcoming: true }),
    sitemaps.lastChange("journals"),
  ]);
  const site = journal.siteUrl;
  const issueOf = new Map<string, Issue>(issues.map((issue) => [issue.id, issue]));
  const entries = page.items.map((row) =>
    articleEntry(articleView(row, row.issueId ? issueOf.get(row.issueId) : null, journal, site), row.createdAt, site),
  );
  const channel: FeedChannel = {
    title: ARTICLES_FEED_TITLE(journal.title),
    description: ARTICLES_FEED_DESCRIPTION(journal.title),
    link: journal.url,
    self: selfLinks(site, ARTICLES_FEED_PATH),
    publisher: { name: journal.publisher || journal.title, link: journal.url },
    updated: lastChange ?? new Date(),
    language: "en",
  };
  return documentResponse(request, renderFeed(channel, entries, format), {
    contentType: FEED_CONTENT_TYPES[format],
    lastModified: lastChange,
  });
}

/** The journal's published issues, newest first, each with its table of contents. */
export async function issuesFeed(request: Request, format: FeedFormat): Promise<Response> {
  const { journals, scholarly, sitemaps } = await services();
  const [journal, issues, lastChange] = await Promise.all([
    journalFor(request),
    scholarly.issues(),
    sitemaps.lastChange("journals"),
  ]);
  const site = journal.siteUrl;
  const shown = issues.slice(0, FEED_SIZE);
  const contents = await Promise.all(shown.map((issue) => journals.inIssue(issue.id)));
  const entries = shown.map((issue, i): FeedEntry => {
    const view = issueView(issue, site);
    const published = issue.publishedOn ? new Date(`${issue.publishedOn}T00:00:00Z`) : issue.createdAt;
    const articles = contents[i].map((row) => articleView(row, issue, journal, site));
    const list = articles.length
      ? `<ul>${articles
          .map(
            (a) =>
              `<li><a href="${escapeHtml(a.url)}">${escapeHtml(a.title)}</a>${a.authors.length ? `, ${escapeHtml(byline(a.authors))}` : ""}</li>`,
          )
          .join("")}</ul>`
      : `<p>${ISSUE_EMPTY}</p>`;
    return {
      id: `urn:uuid:${issue.id}`,
      title: issueLabel(issue),
      url: view.url,
      published,
      updated: latest(published, issue.updatedAt, ...articles.map((a) => a.updatedAt)),
      summary: excerpt(issue.description, 300) || issueLabel(issue),
      contentHtml: `${richTextForElsewhere(issue.description, site)}\n<h2>${ISSUE_CONTENTS}</h2>\n${list}`,
      authors: [],
      categories: [],
      image: issue.cover
        ? {
            url: new URL(issue.cover, `${site}/`).toString(),
            type: imageType(new URL(issue.cover, `${site}/`).toString()),
          }
        : undefined,
    };
  });
  const updated = latest(lastChange, ...entries.map((entry) => entry.updated));
  const channel: FeedChannel = {
    title: ISSUES_FEED_TITLE(journal.title),
    description: ISSUES_FEED_DESCRIPTION(journal.title),
    link: `${site}${ARCHIVE_PATH}`,
    self: selfLinks(site, ISSUES_FEED_PATH),
    publisher: { name: journal.publisher || journal.title, link: journal.url },
    updated: Number.isFinite(updated.getTime()) ? updated : new Date(),
    language: "en",
  };
  return documentResponse(request, renderFeed(channel, entries, format), {
    contentType: FEED_CONTENT_TYPES[format],
    lastModified: Number.isFinite(updated.getTime()) ? updated : undefined,
  });
}
