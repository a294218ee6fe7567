import { truncateAtWord } from "./text";
import { absoluteUrl } from "./url";

/** One schema.org node. A page has one `<script type="application/ld+json">` with its nodes in `@graph`. */
export type JsonLdNode = { "@type": string | string[]; [key: string]: unknown };

export type SeoOrganization = {
  origin: string;
  name: string;
  shortName: string;
  motto: string;
  /** The university the centre belongs to, when the settings name one. */
  university: string;
  address: string;
  email: string;
  /** The site's profiles elsewhere (the settings' social links). */
  sameAs: string[];
};

/** The site's logo for search engines: a square PNG (public/icon-512.png). */
export const LOGO_PATH = "/icon-512.png";

/** Drops keys without a value, so no node ever says "" or null. */
export function compact<T extends Record<string, unknown>>(node: T): T {
  return Object.fromEntries(
    Object.entries(node).filter(
      ([, value]) => value !== undefined && value !== null && value !== "" && !(Array.isArray(value) && !value.length),
    ),
  ) as T;
}

const organizationId = (origin: string) => `${origin}/#organization`;

function logo(origin: string): JsonLdNode {
  return { "@type": "ImageObject", url: absoluteUrl(origin, LOGO_PATH), width: 512, height: 512 };
}

/**
 * The centre itself, for the home page: a research organisation, part of its university when named.
 * ResearchOrganization is only in pending.schema.org, which not every reader knows: the core type
 * it refines stands beside it.
 */
export function organizationNode(site: SeoOrganization): JsonLdNode {
  return compact({
    "@type": ["ResearchOrganization", "Organization"],
    "@id": organizationId(site.origin),
    name: site.name,
    alternateName: site.shortName,
    slogan: site.motto,
    url: `${site.origin}/`,
    logo: logo(site.origin),
    sameAs: site.sameAs.filter((url) => /^https?:\/\//.test(url)),
    email: site.email,
    address: site.address ? { "@type": "PostalAddress", streetAddress: site.address } : undefined,
    parentOrganization: site.university ? { "@type": "CollegeOrUniversity", name: site.university } : undefined,
  });
}

/** Who publishes the site's news and journal, as an article's `publisher` names it. */
export function publisherNode(site: Pick<SeoOrganization, "origin" | "name">): JsonLdNode {
  return {
    "@type": "Organization",
    "@id": organizationId(site.origin),
    name: site.name,
    url: `${site.origin}/`,
    logo: logo(site.origin),
  };
}

export type NewsArticleFacts = {
  url: string;
  headline: string;
  description: string;
  images: string[];
  datePublished: string;
  dateModified: string;
  section?: string;
  authorName?: string | null;
};

/** A news post. Google shows at most 110 characters of a headline. */
export function newsArticleNode(site: SeoOrganization, post: NewsArticleFacts): JsonLdNode {
  return compact({
    "@type": "NewsArticle",
    "@id": `${post.url}#article`,
    mainEntityOfPage: post.url,
    url: post.url,
    headline: truncateAtWord(post.headline, 110),
    description: post.description,
    image: post.images,
    datePublished: post.datePublished,
    dateModified: post.dateModified,
    articleSection: post.section,
    author: post.authorName
      ? { "@type": "Person", name: post.authorName }
      : { "@type": "Organization", name: site.name, url: `${site.origin}/` },
    publisher: publisherNode(site),
  });
}

export type Crumb = { name: string; path: string };

/** Where a deep page sits: Home › section › page, each step an absolute address. */
export function breadcrumbNode(origin: string, crumbs: Crumb[]): JsonLdNode {
  return {
    "@type": "BreadcrumbList",
    itemListElement: crumbs.map((crumb, i) => ({
      "@type": "ListItem",
      position: i + 1,
      name: crumb.name,
      item: absoluteUrl(origin, crumb.path),
    })),
  };
}

/** The page's one JSON-LD document: its nodes in a graph (a single node stands alone). */
export function jsonLdDocument(nodes: JsonLdNode[]): Record<string, unknown> {
  return nodes.length === 1
    ? { "@context": "https://schema.org", ...nodes[0] }
    : { "@context": "https://schema.org", "@graph": nodes };
}
