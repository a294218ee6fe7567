/**
 * The schema.org types the site's pages emit (issue 22), as zod schemas: each required property
 * present with its type, addresses absolute, dates ISO 8601. Shared by the loaders' test and the
 * end-to-end test of rendered pages.
 */
import { z } from "zod";

const absoluteUrl = z.url({ protocol: /^https?$/ });
/** "2026-11-24" or a full ISO 8601 date-time with its offset. */
const isoDate = z.union([z.iso.date(), z.iso.datetime({ offset: true })]);
const text = z.string().trim().min(1);

const imageObject = z.object({
  "@type": z.literal("ImageObject"),
  url: absoluteUrl,
  width: z.number().int().positive(),
  height: z.number().int().positive(),
});

const organization = z.object({
  "@type": z.literal("Organization"),
  "@id": absoluteUrl,
  name: text,
  url: absoluteUrl,
  logo: imageObject,
});

export const researchOrganization = z.object({
  "@type": z.literal("ResearchOrganization"),
  "@id": absoluteUrl,
  name: text,
  alternateName: text.optional(),
  slogan: text.optional(),
  url: absoluteUrl,
  logo: imageObject,
  sameAs: z.array(absoluteUrl).optional(),
  email: z.email().optional(),
  address: z.object({ "@type": z.literal("PostalAddress"), streetAddress: text }).optional(),
  parentOrganization: z.object({ "@type": z.literal("CollegeOrUniversity"), name: text }).optional(),
});

export const newsArticle = z.object({
  "@type": z.literal("NewsArticle"),
  "@id": absoluteUrl,
  mainEntityOfPage: absoluteUrl,
  url: absoluteUrl,
  headline: text.max(110),
  description: text,
  image: z.array(absoluteUrl).min(1),
  datePublished: isoDate,
  dateModified: isoDate,
  articleSection: text.optional(),
  author: z.union([
    z.object({ "@type": z.literal("Person"), name: text }),
    z.object({ "@type": z.literal("Organization"), name: text, url: absoluteUrl }),
  ]),
  publisher: organization,
});

export const scholarlyArticle = z.object({
  "@type": z.literal("ScholarlyArticle"),
  "@id": absoluteUrl,
  headline: text,
  name: text,
  url: absoluteUrl,
  author: z.array(z.object({ "@type": z.literal("Person"), name: text })).min(1),
  datePublished: isoDate,
  dateModified: isoDate,
  isPartOf: z.object({ "@type": z.enum(["PublicationIssue", "Periodical"]) }),
});

export const breadcrumbList = z.object({
  "@type": z.literal("BreadcrumbList"),
  itemListElement: z
    .array(
      z.object({ "@type": z.literal("ListItem"), position: z.number().int().min(1), name: text, item: absoluteUrl }),
    )
    .min(2)
    .refine((items) => items.every((item, i) => item.position === i + 1), "positions count from 1"),
});

const byType = {
  ResearchOrganization: researchOrganization,
  NewsArticle: newsArticle,
  ScholarlyArticle: scholarlyArticle,
  BreadcrumbList: breadcrumbList,
} as const;

export type StructuredType = keyof typeof byType;

/**
 * One page's JSON-LD document, checked: its context, and every node's shape by its type (a type
 * the site does not emit fails). Returns the nodes' types in order.
 */
export function checkStructuredData(document: unknown): StructuredType[] {
  const root = z
    .object({ "@context": z.literal("https://schema.org") })
    .loose()
    .parse(document);
  const nodes = "@graph" in root ? z.array(z.object({ "@type": z.string() }).loose()).parse(root["@graph"]) : [root];
  return nodes.map((node) => {
    const type = (node as { "@type": string })["@type"];
    const schema = byType[type as StructuredType];
    if (!schema) throw new Error(`The page emits a ${type}, which the site does not describe.`);
    schema.parse(node);
    return type as StructuredType;
  });
}
