/**
 * Sitemaps as sitemaps.org's protocol 0.9 has them: a sitemap index of child sitemaps, and each
 * child's addresses, with `lastmod` as a W3C datetime. Written as one string from parts: a child
 * of 50,000 addresses is a few megabytes.
 */

import { xmlSafe } from "~/lib/control-characters";

const NAMESPACE = "http://www.sitemaps.org/schemas/sitemap/0.9";

const escapeXml = (text: string) =>
  xmlSafe(text)
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;")
    .replace(/'/g, "&apos;");

export type SitemapUrl = { loc: string; lastmod?: string };

/** The document: under its root element, an `element` for each address. */
function sitemapDocument(root: "urlset" | "sitemapindex", element: "url" | "sitemap", items: Iterable<SitemapUrl>) {
  const parts = [`<?xml version="1.0" encoding="UTF-8"?>\n<${root} xmlns="${NAMESPACE}">\n`];
  for (const { loc, lastmod } of items) {
    parts.push(
      `<${element}><loc>${escapeXml(loc)}</loc>${lastmod ? `<lastmod>${escapeXml(lastmod)}</lastmod>` : ""}</${element}>\n`,
    );
  }
  parts.push(`</${root}>\n`);
  return parts.join("");
}

/** A sitemap: up to 50,000 page addresses. */
export function sitemapXml(urls: Iterable<SitemapUrl>): string {
  return sitemapDocument("urlset", "url", urls);
}

/** A sitemap index: the addresses of the child sitemaps. */
export function sitemapIndexXml(sitemaps: Iterable<SitemapUrl>): string {
  return sitemapDocument("sitemapindex", "sitemap", sitemaps);
}
