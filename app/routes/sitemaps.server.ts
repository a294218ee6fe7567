import { articlePath, issuePath } from "~/journal/vocabulary";
import { config } from "~/lib/config.server";
import { services } from "~/runtime.server";
import type { ListedKind } from "~/services/sitemaps.server";
import { sitemapIndexXml, type SitemapUrl, sitemapXml } from "~/services/syndication/sitemap-xml.server";
import { siteUrlOf } from "~/web/seo.server";

import { documentResponse, isNotModified } from "../web/syndication.server";

/** A child sitemap's file: `pages.xml`, `posts-{n}.xml`, `journals-{n}.xml`. */
export function childOf(file: string): { kind: "pages" } | { kind: ListedKind; page: number } | undefined {
  if (file === "pages.xml") return { kind: "pages" };
  const match = /^(posts|journals)-([1-9]\d{0,6})\.xml$/.exec(file);
  return match ? { kind: match[1] as ListedKind, page: Number(match[2]) } : undefined;
}

const XML = "application/xml; charset=utf-8";
const PATHS: Record<ListedKind, (slug: string) => string> = {
  posts: (slug) => `/post/${encodeURIComponent(slug)}`,
  journals: (slug) => articlePath(encodeURIComponent(slug)),
};

const w3c = (date: Date) => `${date.toISOString().slice(0, 19)}Z`;
const newest = (dates: (string | undefined)[]) =>
  dates.filter((d): d is string => !!d).sort((a, b) => (a < b ? 1 : -1))[0];

/** The site's own pages: every public screen that is not a post or an article. */
async function pageUrls(site: string): Promise<SitemapUrl[]> {
  const { academics, journal, sitemaps, categories, posts: news } = await services();
  const [faculties, issues, posts, journals, categoryList, tags] = await Promise.all([
    academics.facultiesWithDepartments(),
    journal.issues(),
    sitemaps.lastChange("posts"),
    sitemaps.lastChange("journals"),
    categories.list(),
    news.publicTags(),
  ]);
  const changed = (date: Date | undefined) => (date ? w3c(date) : undefined);
  const listsChanged = newest([changed(posts), changed(journals)]);
  const urls: SitemapUrl[] = [
    { loc: `${site}/`, lastmod: listsChanged },
    { loc: `${site}/about` },
    { loc: `${site}/posts`, lastmod: changed(posts) },
    { loc: `${site}/journals`, lastmod: changed(journals) },
    { loc: `${site}/journals/issues`, lastmod: changed(journals) },
    { loc: `${site}/admision` },
    { loc: `${site}/programmes` },
  ];
  for (const faculty of faculties)
    for (const department of faculty.departments)
      urls.push({ loc: `${site}/programmes/${department.id}`, lastmod: w3c(department.updatedAt) });
  for (const issue of issues) urls.push({ loc: `${site}${issuePath(issue)}`, lastmod: w3c(issue.updatedAt) });
  // Each category's and each tag's news (issue 33).
  for (const category of categoryList) urls.push({ loc: `${site}/posts/category/${category.slug}` });
  for (const tag of tags) urls.push({ loc: `${site}/posts/tag/${tag.slug}` });
  return urls;
}

/** `/sitemap.xml`: the index of the child sitemaps, each with its newest change. */
export async function sitemapIndex(request: Request): Promise<Response> {
  const { sitemaps } = await services();
  const site = siteUrlOf(request);
  const [pages, posts, journals] = await Promise.all([
    pageUrls(site),
    sitemaps.chunks("posts"),
    sitemaps.chunks("journals"),
  ]);
  const children: SitemapUrl[] = [
    { loc: `${site}/sitemaps/pages.xml`, lastmod: newest(pages.map((p) => p.lastmod)) },
    ...posts.map((chunk) => ({ loc: `${site}/sitemaps/posts-${chunk.page}.xml`, lastmod: chunk.lastmod })),
    ...journals.map((chunk) => ({ loc: `${site}/sitemaps/journals-${chunk.page}.xml`, lastmod: chunk.lastmod })),
  ];
  return documentResponse(request, sitemapIndexXml(children), { contentType: XML });
}

/** A child sitemap, or undefined when there is no such child (the route answers 404). */
export async function sitemapChild(request: Request, file: string): Promise<Response | undefined> {
  const child = childOf(file);
  if (!child) return undefined;
  const site = siteUrlOf(request);
  if (child.kind === "pages") return documentResponse(request, sitemapXml(await pageUrls(site)), { contentType: XML });
  const { sitemaps } = await services();
  const { kind, page } = child;
  // The kind's last change is the child's validator: a 304 costs no listing.
  const lastChange = await sitemaps.lastChange(kind);
  if (!lastChange) return undefined;
  const etag = `W/"${kind}-${page}-${lastChange.getTime()}"`;
  const validators = { contentType: XML, etag, lastModified: lastChange };
  if (isNotModified(request, validators)) return documentResponse(request, "", validators);
  const entries = await sitemaps.chunk(kind, page);
  if (!entries) return undefined;
  const path = PATHS[kind];
  return documentResponse(
    request,
    () => sitemapXml(entries.map((entry) => ({ loc: `${site}${path(entry.slug)}`, lastmod: entry.lastmod }))),
    validators,
  );
}

/** Addresses that search engines have no business crawling: accounts, editors, the API, previews. */
export const ROBOTS_DISALLOWED = [
  "/dashboard",
  "/create-post",
  "/update-post/",
  "/create-journal",
  "/update-journal/",
  "/history/",
  "/api/",
  "/preview",
  "/signin",
  "/signup",
  "/signout",
  "/setup",
  "/forgot-password",
  "/reset-password",
  "/verify-email",
  "/auth/",
  "/search",
  "/theme",
];

/**
 * `/robots.txt`: where the sitemap is, and what to leave alone. With ROBOTS_NOINDEX (a staging
 * copy of the site), everything.
 */
export function robotsTxt(request: Request, noindex = config().robotsNoindex): Response {
  const site = siteUrlOf(request);
  const body = noindex
    ? ["User-agent: *", "Disallow: /", ""].join("\n")
    : [
        "User-agent: *",
        ...ROBOTS_DISALLOWED.map((path) => `Disallow: ${path}`),
        "",
        `Sitemap: ${site}/sitemap.xml`,
        "",
      ].join("\n");
  return documentResponse(request, body, { contentType: "text/plain; charset=utf-8" });
}
