import type { MetaDescriptor } from "react-router";

import { config } from "~/lib/config.server";
import { originOf, seoMeta, type SeoPage, type SeoSite } from "~/lib/seo";
import { services } from "~/runtime.server";

/** Link previews' language: the site is written in British English. */
const OG_LOCALE = "en_GB";

/**
 * The public origin pages' absolute addresses are made from: `PUBLIC_URL`, or, without it, the
 * address the request came to (the server has already applied a trusted proxy's scheme).
 */
export function publicOrigin(request: Request, configured = config().publicUrl): string {
  return originOf(configured || request.url);
}

/** The site's own address for links that leave the page (feeds, sitemaps, indexers, citations, exports). */
export function siteUrlOf(request: Request): string {
  return config().publicUrl ?? new URL(request.url).origin;
}

/** The site's facts the tags need: its name, motto, university, address, profiles elsewhere. */
export async function siteSeo(request: Request): Promise<SeoSite> {
  const site = await (await services()).siteContent.siteLinks();
  return {
    origin: publicOrigin(request),
    name: site.name,
    shortName: site.shortName,
    motto: site.motto,
    university: site.university,
    address: site.address,
    email: site.submissionEmails[0] ?? "",
    sameAs: site.socialLinks.map((link) => link.href),
    locale: OG_LOCALE,
  };
}

/**
 * A page's head tags, made in its loader: the route's `meta` returns them as they are, so the
 * module and the JSON-LD builders never reach the browser's bundle (decision 027).
 */
export async function pageSeo(
  request: Request,
  page: SeoPage | ((site: SeoSite) => SeoPage),
): Promise<MetaDescriptor[]> {
  const site = await siteSeo(request);
  return seoMeta(site, typeof page === "function" ? page(site) : page);
}
