import { richTextForElsewhere } from "~/lib/sanitize.server";
import { excerpt } from "~/lib/text";
import { services } from "~/runtime.server";
import {
  FEED_FILES,
  FEED_SIZE,
  type FeedChannel,
  type FeedEntry,
  type FeedFormat,
} from "~/services/syndication/feeds.server";
import { escapeHtml, feedImage, feedResponse, latest, selfLinks } from "~/web/syndication.server";

import type { ArticleView } from "../article-fields";
import { articleView, issueView } from "../article-view.server";
import type { Issue } from "../journal.server";
import {
  ARTICLE_BY,
  ARTICLE_IN_ISSUE,
  ARTICLE_KEYWORDS,
  ARTICLE_ONLINE_FIRST,
  ARTICLE_PDF,
  ARTICLES_FEED_DESCRIPTION,
  ARTICLES_FEED_TITLE,
  ISSUE_CONTENTS,
  ISSUE_EMPTY,
  ISSUES_FEED_DESCRIPTION,
  ISSUES_FEED_TITLE,
} from "../messages";
import { ARCHIVE_PATH, byline, doiUrl, issueLabel, sectionLabel } from "../vocabulary";
import { journalFor } from "./views.server";

/**
 * The journal's feeds (decision 026): its newest articles at /journals/{rss.xml,atom.xml,feed.json}
 * and its issues at /journals/issues/…, made like the news feeds (web/syndication.server.ts).
 */

export const ARTICLES_FEED_PATH = (format: FeedFormat) => `/journals/${FEED_FILES[format]}`;
export const ISSUES_FEED_PATH = (format: FeedFormat) => `/journals/issues/${FEED_FILES[format]}`;

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
  const all = await services();
  const [journal, page, issues, lastChange] = await Promise.all([
    journalFor(request),
    all.articles.list({ limit: FEED_SIZE }),
    all.journal.issues({ includeForthcoming: true }),
    all.sitemaps.lastChange("journals"),
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
  return feedResponse(request, format, { channel, entries, lastModified: lastChange });
}

/** The journal's published issues, newest first, each with its table of contents. */
export async function issuesFeed(request: Request, format: FeedFormat): Promise<Response> {
  const all = await services();
  const [journal, issues, lastChange] = await Promise.all([
    journalFor(request),
    all.journal.issues(),
    all.sitemaps.lastChange("journals"),
  ]);
  const site = journal.siteUrl;
  const shown = issues.slice(0, FEED_SIZE);
  const contents = await Promise.all(shown.map((issue) => all.articles.inIssue(issue.id)));
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
      image: issue.cover ? feedImage(issue.cover, site) : undefined,
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
  return feedResponse(request, format, {
    channel,
    entries,
    lastModified: Number.isFinite(updated.getTime()) ? updated : undefined,
  });
}
