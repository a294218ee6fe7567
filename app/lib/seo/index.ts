/**
 * The one SEO module (issue 22, decision 027): every page's title, description, canonical link,
 * OpenGraph and Twitter tags, and JSON-LD. Pure: loaders build a page's tags with it on the server
 * (web/seo.server.ts reads the site's facts), and each route's `meta` returns them.
 */
export {
  breadcrumbNode,
  compact,
  type Crumb,
  jsonLdDocument,
  type JsonLdNode,
  LOGO_PATH,
  newsArticleNode,
  organizationNode,
  publisherNode,
  type SeoOrganization,
} from "./json-ld";
export { type SeoImage, seoMeta, type SeoPage, type SeoSite } from "./meta";
export { NOINDEX, NOINDEX_NOFOLLOW } from "./noindex";
export { routeMeta } from "./route-meta";
export { describe, DESCRIPTION_LENGTH, truncateAtWord } from "./text";
export { brandOf, pageTitle, titleFor } from "./title";
export { absoluteUrl, canonicalUrl, DEFAULT_SOCIAL_IMAGE_PATH, originOf, SOCIAL_IMAGE, socialImagePath } from "./url";
