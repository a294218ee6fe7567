/**
 * The schema.org types the site's pages emit (issue 22), as zod schemas: each required property
 * present with its type, addresses absolute, dates ISO 8601. Shared by the loaders' test and the
 * end-to-end test of rendered pages.
 */
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";

import { z } from "zod";

/**
 * schema.org's types as its current release lists them (`../shared/standards/schemaorg`, one CSV
 * row per type): each type's name and whether it is in the core vocabulary (an empty `isPartOf`;
 * pending.schema.org and the other extensions are not read by every consumer).
 */
function schemaOrgTypes(): Map<string, { core: boolean }> {
  const file = path.resolve(
    import.meta.dirname,
    "../../../shared/standards/schemaorg/schemaorg-current-https-types.csv",
  );
  if (!existsSync(file))
    throw new Error("schema.org's types are read from ../shared/standards/schemaorg/ beside the project");
  const [header, ...rows] = csvRows(readFileSync(file, "utf8"));
  const label = header.indexOf("label");
  const isPartOf = header.indexOf("isPartOf");
  return new Map(
    rows.filter((row) => row.length > isPartOf).map((row) => [row[label], { core: row[isPartOf] === "" }]),
  );
}

/** The rows of a CSV text (RFC 4180: quoted fields may hold commas, doubled quotes and line breaks). */
function csvRows(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = "";
  let quoted = false;
  const endField = () => {
    row.push(field);
    field = "";
  };
  const endRow = () => {
    endField();
    rows.push(row);
    row = [];
  };
  for (let i = 0; i < text.length; i++) {
    const char = text[i];
    if (quoted && char === '"' && text[i + 1] === '"') {
      field += '"';
      i++;
    } else if (char === '"') quoted = !quoted;
    else if (quoted) field += char;
    else if (char === ",") endField();
    else if (char === "\n") endRow();
    else if (char !== "\r") field += char;
  }
  if (field || row.length) endRow();
  return rows;
}

let vocabulary: Map<string, { core: boolean }> | undefined;

/**
 * What schema.org's vocabulary finds wrong with a JSON-LD document: a type it does not have, or a
 * node none of whose types is in the core vocabulary.
 */
export function vocabularyProblems(document: unknown): string[] {
  vocabulary ??= schemaOrgTypes();
  const problems: string[] = [];
  const visit = (value: unknown) => {
    if (Array.isArray(value)) return value.forEach(visit);
    if (!value || typeof value !== "object") return;
    const node = value as Record<string, unknown>;
    if ("@type" in node) {
      const types = [node["@type"]].flat().map(String);
      for (const type of types) if (!vocabulary!.has(type)) problems.push(`${type} is not a schema.org type`);
      if (!types.some((type) => vocabulary!.get(type)?.core))
        problems.push(`${types.join(", ")}: no type of the core vocabulary`);
    }
    Object.values(node).forEach(visit);
  };
  visit(document);
  return problems;
}

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

/** The centre: a research organisation, which is only in pending.schema.org, and so an Organization too. */
export const researchOrganization = z.object({
  "@type": z.tuple([z.literal("ResearchOrganization"), z.literal("Organization")]),
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
 * One page's JSON-LD document, checked: its context, every type in schema.org's vocabulary and every
 * node with a core type, and every node's shape by its (first) type (a type the site does not emit
 * fails). Returns the nodes' first types in order.
 */
export function checkStructuredData(document: unknown): StructuredType[] {
  const root = z
    .object({ "@context": z.literal("https://schema.org") })
    .loose()
    .parse(document);
  const problems = vocabularyProblems(root);
  if (problems.length) throw new Error(`schema.org's vocabulary: ${problems.join("; ")}`);
  const typed = z.object({ "@type": z.union([z.string(), z.array(z.string()).min(1)]) }).loose();
  const nodes = "@graph" in root ? z.array(typed).parse(root["@graph"]) : [root];
  return nodes.map((node) => {
    const type = [(node as { "@type": string | string[] })["@type"]].flat()[0];
    const schema = byType[type as StructuredType];
    if (!schema) throw new Error(`The page emits a ${type}, which the site does not describe.`);
    schema.parse(node);
    return type as StructuredType;
  });
}
