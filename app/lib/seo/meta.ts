import type { MetaDescriptor } from "react-router";

import { breadcrumbNode, type Crumb, jsonLdDocument, type JsonLdNode, type SeoOrganization } from "./json-ld";
import { NOINDEX, NOINDEX_NOFOLLOW } from "./noindex";
import { truncateAtWord } from "./text";
import { titleFor } from "./title";
import { absoluteUrl, canonicalUrl, DEFAULT_SOCIAL_IMAGE_PATH, SOCIAL_IMAGE } from "./url";

/** The site's facts every page's tags need, read once per request (web/seo.server.ts). */
export type SeoSite = SeoOrganization & { locale: string };

/** The link preview's picture: a 1200×630 copy (its path or URL) and words for those who cannot see it. */
export type SeoImage = { url: string; alt: string };

export type SeoPage = {
  /** The page's own title; none on the home page, whose title is the site's name. */
  title?: string;
  description: string;
  /** The page's path; the canonical address is made from it and the public origin. */
  path: string;
  /** A list's page number (kept in the canonical address past the first). */
  page?: number | null;
  type?: "website" | "article";
  image?: SeoImage | null;
  /** Posts and articles: when they were published and last changed (ISO 8601), and their section. */
  article?: { publishedTime: string; modifiedTime: string; section?: string };
  /** Home › … › this page, on deep pages (a post, an article, an issue, a department). */
  breadcrumbs?: Crumb[];
  /** The page's main schema.org node(s); the breadcrumbs are added to the same document. */
  jsonLd?: JsonLdNode[];
  /** More tags that belong to the page (a journal article's citation_* tags). */
  extra?: MetaDescriptor[];
  /** A page for people, not indexers: only its title, description and the robots rule. */
  noindex?: boolean | "nofollow";
};

/**
 * Every tag a page's `<head>` has for search engines and link previews: title, description,
 * canonical link, OpenGraph, Twitter card, article times, and one JSON-LD document.
 */
export function seoMeta(site: SeoSite, page: SeoPage): MetaDescriptor[] {
  const title = titleFor(site, page.title);
  const description = truncateAtWord(page.description.trim() || [site.name, site.motto].filter(Boolean).join(": "));
  if (page.noindex) {
    return [
      { title },
      { name: "description", content: description },
      page.noindex === "nofollow" ? NOINDEX_NOFOLLOW : NOINDEX,
    ];
  }
  const url = canonicalUrl(site.origin, page.path, { page: page.page });
  const image = page.image ?? { url: DEFAULT_SOCIAL_IMAGE_PATH, alt: site.name };
  const imageUrl = absoluteUrl(site.origin, image.url);
  const shareTitle = page.title?.trim() || site.name;
  const tags: MetaDescriptor[] = [
    { title },
    { name: "description", content: description },
    { tagName: "link", rel: "canonical", href: url },
    { property: "og:site_name", content: site.name },
    { property: "og:title", content: shareTitle },
    { property: "og:description", content: description },
    { property: "og:url", content: url },
    { property: "og:type", content: page.type ?? "website" },
    { property: "og:locale", content: site.locale },
    { property: "og:image", content: imageUrl },
    { property: "og:image:type", content: imageUrl.endsWith(".png") ? "image/png" : "image/jpeg" },
    { property: "og:image:width", content: String(SOCIAL_IMAGE.width) },
    { property: "og:image:height", content: String(SOCIAL_IMAGE.height) },
    { property: "og:image:alt", content: image.alt || shareTitle },
    { name: "twitter:card", content: "summary_large_image" },
    { name: "twitter:title", content: shareTitle },
    { name: "twitter:description", content: description },
    { name: "twitter:image", content: imageUrl },
    { name: "twitter:image:alt", content: image.alt || shareTitle },
  ];
  if (page.article) {
    tags.push({ property: "article:published_time", content: page.article.publishedTime });
    tags.push({ property: "article:modified_time", content: page.article.modifiedTime });
    if (page.article.section) tags.push({ property: "article:section", content: page.article.section });
  }
  tags.push(...(page.extra ?? []));
  const nodes = [...(page.jsonLd ?? [])];
  if (page.breadcrumbs?.length) nodes.push(breadcrumbNode(site.origin, page.breadcrumbs));
  if (nodes.length) tags.push({ "script:ld+json": jsonLdDocument(nodes) });
  return tags;
}
