import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";

import { XMLParser } from "fast-xml-parser";
import Parser from "rss-parser";

/**
 * Checks of feeds and sitemaps as outside clients read them (decision 026): a feed reader library
 * (rss-parser), Debian's Universal Feed Parser (python3-feedparser), the rules of RSS 2.0, Atom 1.0
 * (RFC 4287) and JSON Feed 1.1, and the sitemaps.org schemas through libxml2's xmllint.
 */

const RFC_822 =
  /^(Mon|Tue|Wed|Thu|Fri|Sat|Sun), \d{2} (Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec) \d{4} \d{2}:\d{2}:\d{2} (GMT|UT|[+-]\d{4})$/;
const RFC_3339 = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/;
const ABSOLUTE = /^https?:\/\/[^\s]+$/;

const xml = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: "@_",
  textNodeName: "#text",
  parseTagValue: false,
  isArray: (name) => ["item", "entry", "link", "category", "author", "dc:creator", "enclosure"].includes(name),
});

type Node = Record<string, unknown>;
const text = (value: unknown): string =>
  typeof value === "string" ? value : typeof value === "object" && value ? String((value as Node)["#text"] ?? "") : "";

/** RSS 2.0's rules (the RSS Advisory Board's specification), as a list of what is wrong. */
export function rssProblems(document: string): string[] {
  const problems: string[] = [];
  const root = xml.parse(document) as Node;
  const rss = root.rss as Node | undefined;
  if (!rss || rss["@_version"] !== "2.0") return ['the root is not <rss version="2.0">'];
  const channel = rss.channel as Node | undefined;
  if (!channel) return ["no <channel>"];
  if (!text(channel.title)) problems.push("the channel has no title");
  const links = (channel.link as unknown[] | undefined) ?? [];
  if (!links.some((link) => ABSOLUTE.test(text(link)))) problems.push("the channel has no absolute link");
  if (!("description" in channel)) problems.push("the channel has no description");
  for (const field of ["lastBuildDate", "pubDate"])
    if (field in channel && !RFC_822.test(text(channel[field])))
      problems.push(`the channel's ${field} is not an RFC 822 date: ${text(channel[field])}`);
  for (const [i, item] of ((channel.item as Node[] | undefined) ?? []).entries()) {
    const name = `item ${i + 1}`;
    if (!text(item.title) && !text(item.description)) problems.push(`${name} has neither title nor description`);
    if (!item.pubDate || !RFC_822.test(text(item.pubDate))) problems.push(`${name}'s pubDate is not RFC 822`);
    if (!text(item.guid)) problems.push(`${name} has no guid`);
    else if ((item.guid as Node)["@_isPermaLink"] !== "false" && !ABSOLUTE.test(text(item.guid)))
      problems.push(`${name}'s guid is a permalink but not an address`);
    const itemLinks = (item.link as unknown[] | undefined) ?? [];
    if (itemLinks.length !== 1 || !ABSOLUTE.test(text(itemLinks[0]))) problems.push(`${name} has no absolute link`);
    const enclosures = (item.enclosure as Node[] | undefined) ?? [];
    if (enclosures.length > 1) problems.push(`${name} has more than one enclosure`);
    for (const enclosure of enclosures)
      if (
        !ABSOLUTE.test(String(enclosure["@_url"])) ||
        !/^\d+$/.test(String(enclosure["@_length"])) ||
        !enclosure["@_type"]
      )
        problems.push(`${name}'s enclosure lacks url, length or type`);
    if (item.author) problems.push(`${name} has an <author> (RSS wants an e-mail address there)`);
  }
  return problems;
}

/** Atom 1.0's rules (RFC 4287, section 4.1), as a list of what is wrong. */
export function atomProblems(document: string): string[] {
  const problems: string[] = [];
  const feed = (xml.parse(document) as Node).feed as Node | undefined;
  if (!feed || feed["@_xmlns"] !== "http://www.w3.org/2005/Atom") return ["the root is not an Atom <feed>"];
  if (!text(feed.id)) problems.push("the feed has no id");
  if (!text(feed.title)) problems.push("the feed has no title");
  if (!RFC_3339.test(text(feed.updated))) problems.push("the feed's updated is not an RFC 3339 date");
  const feedLinks = (feed.link as Node[] | undefined) ?? [];
  if (!feedLinks.some((link) => link["@_rel"] === "self" && ABSOLUTE.test(String(link["@_href"]))))
    problems.push("the feed has no self link");
  const feedHasAuthor = ((feed.author as Node[] | undefined) ?? []).some((author) => text(author.name));
  for (const [i, entry] of ((feed.entry as Node[] | undefined) ?? []).entries()) {
    const name = `entry ${i + 1}`;
    if (!text(entry.id) || !/^[a-z][a-z0-9+.-]*:/i.test(text(entry.id))) problems.push(`${name}'s id is not an IRI`);
    if (!text(entry.title)) problems.push(`${name} has no title`);
    if (!RFC_3339.test(text(entry.updated))) problems.push(`${name}'s updated is not RFC 3339`);
    if (entry.published !== undefined && !RFC_3339.test(text(entry.published)))
      problems.push(`${name}'s published is not RFC 3339`);
    const alternates = ((entry.link as Node[] | undefined) ?? []).filter(
      (link) => (link["@_rel"] ?? "alternate") === "alternate",
    );
    if (alternates.length !== 1 || !ABSOLUTE.test(String(alternates[0]["@_href"])))
      problems.push(`${name} has ${alternates.length} alternate links, not one`);
    const entryHasAuthor = ((entry.author as Node[] | undefined) ?? []).some((author) => text(author.name));
    if (!feedHasAuthor && !entryHasAuthor) problems.push(`${name} has no author, nor has the feed`);
  }
  return problems;
}

/** JSON Feed 1.1's rules (jsonfeed.org/version/1.1), as a list of what is wrong. */
export function jsonFeedProblems(document: string): string[] {
  const problems: string[] = [];
  const feed = JSON.parse(document) as Node & { items?: Node[]; authors?: Node[] };
  if (feed.version !== "https://jsonfeed.org/version/1.1") problems.push(`the version is ${String(feed.version)}`);
  if (typeof feed.title !== "string" || !feed.title) problems.push("no title");
  if (!ABSOLUTE.test(String(feed.home_page_url))) problems.push("no home_page_url");
  if (!ABSOLUTE.test(String(feed.feed_url))) problems.push("no feed_url");
  if ("author" in feed) problems.push("the feed has 1.0's author (1.1 has authors)");
  if (!Array.isArray(feed.items)) return [...problems, "no items"];
  for (const [i, item] of feed.items.entries()) {
    const name = `item ${i + 1}`;
    if (typeof item.id !== "string" || !item.id) problems.push(`${name} has no id`);
    if (typeof item.content_html !== "string" && typeof item.content_text !== "string")
      problems.push(`${name} has no content`);
    if (!ABSOLUTE.test(String(item.url))) problems.push(`${name} has no url`);
    for (const field of ["date_published", "date_modified"])
      if (field in item && !RFC_3339.test(String(item[field]))) problems.push(`${name}'s ${field} is not RFC 3339`);
    if ("author" in item) problems.push(`${name} has 1.0's author`);
    for (const author of (item.authors as Node[] | undefined) ?? [])
      if (typeof author.name !== "string") problems.push(`${name} has an author without a name`);
  }
  return problems;
}

/** A feed as rss-parser (a feed reader library for Node) reads it. */
export async function readWithRssParser(document: string) {
  return new Parser().parseString(document);
}

/** Debian's Universal Feed Parser (Python's feedparser), the parser many readers are built on. */
const PYTHON = "/usr/bin/python3";
const FEEDPARSER_SCRIPT = `
import json, sys
import feedparser
parsed = feedparser.parse(sys.stdin.buffer.read())
print(json.dumps({
  "bozo": int(parsed.bozo),
  "problem": str(parsed.get("bozo_exception", "")),
  "version": parsed.version,
  "title": parsed.feed.get("title"),
  "entries": [{"id": e.get("id"), "title": e.get("title"), "link": e.get("link"), "published": e.get("published")} for e in parsed.entries],
}))
`;

export type FeedparserResult = {
  bozo: number;
  problem: string;
  version: string;
  title: string;
  entries: { id: string; title: string; link: string; published: string | null }[];
};

export function readWithFeedparser(document: string): FeedparserResult {
  const run = spawnSync(PYTHON, ["-c", FEEDPARSER_SCRIPT], { input: document, encoding: "utf8" });
  if (run.status !== 0)
    throw new Error(
      `Debian's python3-feedparser is needed (apt-get install python3-feedparser); ${PYTHON} said: ${run.stderr || run.error?.message}`,
    );
  return JSON.parse(run.stdout) as FeedparserResult;
}

/** Validates an XML document against an XSD in tests/fixtures/sitemaps with libxml2's xmllint. */
export function xmllintProblems(document: string, schema: "sitemap.xsd" | "siteindex.xsd"): string {
  return xsdProblems(document, path.resolve(import.meta.dirname, "../fixtures/sitemaps", schema));
}

/** The official schemas beside the project (`../shared/standards`, see its README). */
export const STANDARDS = path.resolve(import.meta.dirname, "../../../shared/standards");

/**
 * What libxml2's xmllint finds wrong with documents against an XSD (empty: all valid), offline: the
 * standards' catalog maps the W3C and DOAJ imports the schemas name by URL to the copies there.
 * Several documents are checked in one run, which reads the schema once (Crossref's, with MathML
 * and JATS, takes seconds).
 */
export function xsdProblems(documents: string | string[], xsd: string): string {
  if (!existsSync(xsd)) throw new Error(`no schema at ${path.relative(process.cwd(), xsd)}`);
  const dir = mkdtempSync(path.join(os.tmpdir(), "xsd-"));
  try {
    const files = [documents].flat().map((document, i) => {
      const file = path.join(dir, `document-${i + 1}.xml`);
      writeFileSync(file, document);
      return file;
    });
    const run = spawnSync("xmllint", ["--noout", "--nonet", "--schema", xsd, ...files], {
      encoding: "utf8",
      env: { ...process.env, XML_CATALOG_FILES: path.join(STANDARDS, "xml-catalog.xml") },
    });
    if (run.error) throw new Error(`xmllint (Debian's libxml2-utils) is needed to validate XML: ${run.error.message}`);
    if (run.status === 0) return "";
    // The schemas' own import notices come first and say nothing of the document.
    const errors = run.stderr.split("\n").filter((line) => line && !line.includes("Schemas parser warning"));
    return errors.join("\n").slice(0, 2000);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * What libxml2's xmllint finds wrong with a document as XML 1.0 (empty: well-formed). Stricter than
 * the feed readers, which recover from characters XML forbids.
 */
export function xmlWellFormednessProblems(document: string): string {
  const run = spawnSync("xmllint", ["--noout", "--nonet", "-"], { input: document, encoding: "utf8" });
  if (run.error) throw new Error(`xmllint (Debian's libxml2-utils) is needed to read XML: ${run.error.message}`);
  return run.status === 0 ? "" : run.stderr.slice(0, 2000);
}

/** The addresses a sitemap or sitemap index lists. */
export function locsOf(document: string): string[] {
  return [...document.matchAll(/<loc>([^<]*)<\/loc>/g)].map((match) =>
    match[1]
      .replace(/&amp;/g, "&")
      .replace(/&lt;/g, "<")
      .replace(/&gt;/g, ">")
      .replace(/&quot;/g, '"')
      .replace(/&apos;/g, "'"),
  );
}

/**
 * Every check of a feed in one, as a list of what is wrong (empty: valid): its format's rules, and
 * for RSS and Atom, well-formed XML to libxml2 and read without complaint by Debian's feedparser and
 * by rss-parser.
 */
export async function feedProblems(document: string, format: "rss" | "atom" | "json"): Promise<string[]> {
  if (format === "json") return jsonFeedProblems(document);
  const wellFormed = xmlWellFormednessProblems(document);
  if (wellFormed) return [`xmllint: ${wellFormed}`];
  const problems = format === "rss" ? rssProblems(document) : atomProblems(document);
  const outside = readWithFeedparser(document);
  if (outside.bozo) problems.push(`feedparser: ${outside.problem}`);
  const version = format === "rss" ? "rss20" : "atom10";
  if (outside.version !== version) problems.push(`feedparser read ${outside.version}, not ${version}`);
  try {
    await readWithRssParser(document);
  } catch (error) {
    problems.push(`rss-parser: ${(error as Error).message}`);
  }
  return problems;
}
