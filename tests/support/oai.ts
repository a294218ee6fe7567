import { DOMParser, type Element } from "@xmldom/xmldom";

import type { Database } from "~/db/client.server";
import { articles, journalIssues } from "~/db/schema";
import type { ArticleAuthor } from "~/journal/vocabulary";

export const OAI = "http://www.openarchives.org/OAI/2.0/";
export const OAI_DC = "http://www.openarchives.org/OAI/2.0/oai_dc/";
export const DC = "http://purl.org/dc/elements/1.1/";
export const OAIRE = "http://namespace.openaire.eu/schema/oaire/";
export const DATACITE = "http://datacite.org/schema/kernel-4";
const XSI = "http://www.w3.org/2001/XMLSchema-instance";

/* ---- reading answers ---- */

/**
 * An OAI-PMH answer as a namespace-aware DOM (any parser error or warning fails), its shape checked
 * against the order OAI-PMH.xsd prescribes. The harvest test also has libxml2 read every answer.
 */
export function readOai(xml: string): Element {
  const root = new DOMParser({
    onError: (level, message) => {
      throw new Error(`XML ${level}: ${message}`);
    },
  }).parseFromString(xml, "text/xml").documentElement!;
  checkOaiShape(root);
  return root;
}

/** Child elements (not text), optionally only those with this name in this namespace. */
export function children(parent: Element, name?: string, namespace = OAI): Element[] {
  return [...(parent.childNodes as unknown as Iterable<Element>)].filter(
    (node) =>
      node.nodeType === 1 && (name === undefined || (node.localName === name && node.namespaceURI === namespace)),
  );
}

export function child(parent: Element, name: string, namespace = OAI): Element {
  const found = children(parent, name, namespace);
  if (found.length !== 1) throw new Error(`expected one <${name}> in <${parent.localName}>, found ${found.length}`);
  return found[0];
}

export const text = (node: Element) => node.textContent ?? "";

/** The error codes of an answer (none when it answered the verb). */
export const errorCodes = (root: Element) => children(root, "error").map((e) => e.getAttribute("code"));

/** The request element's attributes, as echoed. */
export function echoed(root: Element): Record<string, string> {
  const request = child(root, "request");
  return Object.fromEntries([...(request.attributes as unknown as Iterable<Attr>)].map((a) => [a.name, a.value]));
}

/** What oai_dc.xsd allows inside oai_dc:dc (simpledc20021212.xsd's elements). */
const DC_ELEMENTS = [
  "title",
  "creator",
  "subject",
  "description",
  "publisher",
  "contributor",
  "date",
  "type",
  "format",
  "identifier",
  "source",
  "language",
  "relation",
  "coverage",
  "rights",
];

const DATESTAMP = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/;

/** Element names in order: each entry is a name with how often it may occur. */
type Occurs = [name: string, min: number, max: number];

function expectSequence(parent: Element, sequence: Occurs[], namespace = OAI) {
  const names = children(parent).map((node) => {
    if (node.namespaceURI !== namespace) throw new Error(`<${node.tagName}> is not in ${namespace}`);
    return node.localName;
  });
  let at = 0;
  for (const [name, min, max] of sequence) {
    let n = 0;
    while (names[at] === name && n < max) {
      at += 1;
      n += 1;
    }
    if (n < min) throw new Error(`<${parent.localName}> needs ${min} <${name}>, found ${n}: ${names.join(" ")}`);
  }
  if (at !== names.length) throw new Error(`<${parent.localName}> has unexpected <${names[at]}>: ${names.join(" ")}`);
}

const MANY = Number.POSITIVE_INFINITY;

function checkHeader(header: Element) {
  expectSequence(header, [
    ["identifier", 1, 1],
    ["datestamp", 1, 1],
    ["setSpec", 0, MANY],
  ]);
  if (!DATESTAMP.test(text(child(header, "datestamp")))) throw new Error("a datestamp is not YYYY-MM-DDThh:mm:ssZ");
  const status = header.getAttribute("status");
  if (status && status !== "deleted") throw new Error(`header status "${status}"`);
}

function checkRecord(record: Element) {
  const deleted = child(record, "header").getAttribute("status") === "deleted";
  expectSequence(record, [
    ["header", 1, 1],
    ["metadata", deleted ? 0 : 1, deleted ? 0 : 1],
    ["about", 0, MANY],
  ]);
  checkHeader(child(record, "header"));
  if (deleted) return;
  const [metadata] = children(child(record, "metadata"));
  if (metadata.localName === "dc" && metadata.namespaceURI === OAI_DC) checkOaiDc(metadata);
  else if (metadata.localName === "resource" && metadata.namespaceURI === OAIRE) checkOpenaire(metadata);
  else throw new Error(`metadata in <${metadata.tagName}>`);
}

function checkOaiDc(dc: Element) {
  if (!dc.getAttributeNS(XSI, "schemaLocation")?.includes("oai_dc.xsd")) throw new Error("oai_dc without schema");
  for (const element of children(dc)) {
    if (element.namespaceURI !== DC || !DC_ELEMENTS.includes(element.localName ?? "")) {
      throw new Error(`<${element.tagName}> in oai_dc is not one of Dublin Core's fifteen elements`);
    }
    if (children(element).length) throw new Error(`<${element.tagName}> holds elements`);
  }
}

/** The OpenAIRE v4 record: its namespaces, and the fields the guidelines make mandatory. */
function checkOpenaire(resource: Element) {
  if (!resource.getAttributeNS(XSI, "schemaLocation")?.includes("repo-lit/4.0/openaire.xsd")) {
    throw new Error("oaire:resource without schema");
  }
  const names = children(resource).map((node) => {
    if (![OAIRE, DATACITE, DC].includes(node.namespaceURI ?? "")) throw new Error(`<${node.tagName}> in oaire`);
    return `${node.prefix}:${node.localName}`;
  });
  for (const mandatory of [
    "datacite:titles",
    "datacite:dates",
    "oaire:resourceType",
    "datacite:identifier",
    "datacite:rights",
  ]) {
    if (names.filter((name) => name === mandatory).length !== 1) throw new Error(`oaire:resource needs ${mandatory}`);
  }
}

function checkResumptionToken(list: Element) {
  for (const token of children(list, "resumptionToken")) {
    for (const name of ["completeListSize", "cursor"]) {
      const value = token.getAttribute(name);
      if (value !== null && !/^\d+$/.test(value)) throw new Error(`${name}="${value}"`);
    }
  }
}

/** A list answer cut into pages: one or more `item`s, each checked by `checkItem`, then maybe a resumption token. */
function checkPagedList(list: Element, item: string, checkItem: (element: Element) => void) {
  expectSequence(list, [
    [item, 1, MANY],
    ["resumptionToken", 0, 1],
  ]);
  children(list, item).forEach(checkItem);
  checkResumptionToken(list);
}

/** The order and namespaces OAI-PMH.xsd gives each answer, checked element by element. */
export function checkOaiShape(root: Element) {
  if (root.localName !== "OAI-PMH" || root.namespaceURI !== OAI) throw new Error("root is not OAI-PMH");
  if (!root.getAttributeNS(XSI, "schemaLocation")?.startsWith(`${OAI} `)) throw new Error("no xsi:schemaLocation");
  const names = children(root).map((node) => node.localName);
  if (names[0] !== "responseDate" || names[1] !== "request") throw new Error(`root begins ${names.join(" ")}`);
  if (!DATESTAMP.test(text(child(root, "responseDate")))) throw new Error("responseDate");
  const rest = names.slice(2);
  if (rest.every((name) => name === "error")) {
    if (!rest.length) throw new Error("neither an answer nor an error");
    return;
  }
  if (rest.length !== 1) throw new Error(`root ends ${rest.join(" ")}`);
  const [answer] = children(root).slice(2);
  switch (answer.localName) {
    case "Identify":
      expectSequence(answer, [
        ["repositoryName", 1, 1],
        ["baseURL", 1, 1],
        ["protocolVersion", 1, 1],
        ["adminEmail", 1, MANY],
        ["earliestDatestamp", 1, 1],
        ["deletedRecord", 1, 1],
        ["granularity", 1, 1],
        ["compression", 0, MANY],
        ["description", 0, MANY],
      ]);
      break;
    case "ListMetadataFormats":
      expectSequence(answer, [["metadataFormat", 1, MANY]]);
      for (const format of children(answer)) {
        expectSequence(format, [
          ["metadataPrefix", 1, 1],
          ["schema", 1, 1],
          ["metadataNamespace", 1, 1],
        ]);
      }
      break;
    case "ListSets":
      expectSequence(answer, [
        ["set", 1, MANY],
        ["resumptionToken", 0, 1],
      ]);
      for (const set of children(answer, "set")) {
        expectSequence(set, [
          ["setSpec", 1, 1],
          ["setName", 1, 1],
          ["setDescription", 0, MANY],
        ]);
        if (!/^([A-Za-z0-9\-_.!~*'()])+(:[A-Za-z0-9\-_.!~*'()]+)*$/.test(text(child(set, "setSpec")))) {
          throw new Error(`setSpec "${text(child(set, "setSpec"))}"`);
        }
      }
      break;
    case "ListIdentifiers":
      checkPagedList(answer, "header", checkHeader);
      break;
    case "ListRecords":
      checkPagedList(answer, "record", checkRecord);
      break;
    case "GetRecord":
      expectSequence(answer, [["record", 1, 1]]);
      checkRecord(child(answer, "record"));
      break;
    default:
      throw new Error(`unknown answer <${answer.localName}>`);
  }
}

/* ---- making articles quickly ---- */

export const AUTHORS: ArticleAuthor[] = [
  { given: "Ngozi", family: "Okafor", affiliation: "", orcid: "", email: "n@example.org", corresponding: true },
  { given: "Samuel", family: "Mensah", affiliation: "", orcid: "", email: "", corresponding: false },
];

/** Public articles inserted in batches (the articles service would ask for a stored PDF each time). */
export async function insertArticles(
  db: Database,
  count: number,
  fields: Partial<typeof articles.$inferInsert> = {},
  prefix = "oai-article",
) {
  const ids: string[] = [];
  for (let start = 0; start < count; start += 500) {
    const rows = Array.from({ length: Math.min(500, count - start) }, (_, i) => ({
      slug: `${prefix}-${start + i}`,
      title: `Article ${start + i} on peace & <security>`,
      abstract: `<p>Abstract of article ${start + i}.</p>`,
      pdf: "/uploads/oai-test.pdf",
      authors: AUTHORS,
      keywords: ["peace", "security"],
      status: "published",
      ...fields,
    }));
    const inserted = await db.insert(articles).values(rows).returning({ id: articles.id });
    ids.push(...inserted.map((row) => row.id));
  }
  return ids;
}

export async function insertIssue(db: Database, volume: number, number: number, year = 2025) {
  const [issue] = await db
    .insert(journalIssues)
    .values({ volume, number, year, status: "published", publishedOn: `${year}-06-01` })
    .returning();
  return issue;
}
