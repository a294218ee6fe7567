/**
 * The Crossref and DOAJ files. Neither Crossref's schema (crossref5.3.1.xsd and its imports) nor
 * DOAJ's doajArticles.xsd is shipped by a package in the registries this project installs from
 * (npm, Debian), so instead of validating against them these tests parse the files and check the
 * elements each schema requires and the order of its sequences, as Crossref's and DOAJ's
 * documentation give them, plus well-formedness and escaping. The golden files of both formats
 * (golden.test.ts) are validated against the official schemas kept in ../shared/standards.
 */
import { XMLParser, XMLValidator } from "fast-xml-parser";
import { describe, expect, it } from "vitest";

import { xmlWellFormednessProblems } from "../../../tests/support/feeds";
import {
  onlineFirstArticle,
  sampleArticle,
  sampleIssue,
  sampleJournal,
} from "../../../tests/support/scholarly-articles";
import { CROSSREF_NEEDS_DOI } from "../messages";
import { crossrefForArticle, crossrefForIssue } from "./crossref.server";
import { doajForArticles } from "./doaj.server";

type Ordered = Record<string, unknown>[];

const ordered = new XMLParser({ preserveOrder: true, ignoreAttributes: false, attributeNamePrefix: "@_" });
const plain = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: "@_",
  isArray: (name) =>
    ["person_name", "journal_article", "record", "author", "keyword", "citation", "issn"].includes(name),
  parseTagValue: false,
});

const tagOf = (node: Record<string, unknown>) => Object.keys(node).find((key) => key !== ":@" && key !== "#text")!;

/** The element at `path` (tag names from the root) in a preserveOrder tree. */
function elementAt(tree: Ordered, path: string[]): Ordered {
  let nodes = tree;
  for (const tag of path) {
    const found = nodes.find((node) => tagOf(node) === tag);
    if (!found) throw new Error(`no <${tag}> on the way to ${path.join("/")}`);
    nodes = found[tag] as Ordered;
  }
  return nodes;
}
const childTags = (nodes: Ordered) => nodes.filter((node) => tagOf(node)).map(tagOf);

/** Children only from `sequence`, in its order (optional ones may be missing; repeats stay together). */
function expectSequence(children: string[], sequence: string[], required: string[] = []) {
  for (const child of children) expect(sequence, `<${child}> is not allowed here`).toContain(child);
  const positions = children.map((child) => sequence.indexOf(child));
  expect(positions, `order of ${children.join(", ")}`).toEqual([...positions].sort((a, b) => a - b));
  for (const tag of required) expect(children, `<${tag}> is required`).toContain(tag);
}

const depositor = { name: "Editorial Office", email: "editor@journal.example.org" };
const now = new Date("2025-03-14T10:11:12Z");
const tricky = {
  ...sampleArticle,
  title: `Fear & "safety" at <borders>: the 'state' in question`,
  abstract: "<p>Less &lt; more &amp; more &gt; less</p>",
};

describe("Crossref deposit (schema 5.3.1)", () => {
  const { xml, deposited, skipped } = crossrefForIssue(
    sampleIssue,
    [sampleArticle, onlineFirstArticle],
    sampleJournal,
    depositor,
    now,
  );
  const tree = ordered.parse(xml) as Ordered;
  const doc = plain.parse(xml);

  it("is well-formed XML in the 5.3.1 namespace", () => {
    expect(XMLValidator.validate(xml)).toBe(true);
    expect(doc.doi_batch["@_version"]).toBe("5.3.1");
    expect(doc.doi_batch["@_xmlns"]).toBe("http://www.crossref.org/schema/5.3.1");
    expect(doc.doi_batch["@_xsi:schemaLocation"]).toMatch(/crossref5\.3\.1\.xsd$/);
  });

  it("has the head Crossref requires, in order", () => {
    expectSequence(childTags(elementAt(tree, ["doi_batch"])), ["head", "body"], ["head", "body"]);
    const head = ["doi_batch_id", "timestamp", "depositor", "registrant"];
    expectSequence(childTags(elementAt(tree, ["doi_batch", "head"])), head, head);
    expect(doc.doi_batch.head.timestamp).toBe("20250314101112");
    expect(doc.doi_batch.head.depositor).toEqual({
      depositor_name: "Editorial Office",
      email_address: "editor@journal.example.org",
    });
    expect(doc.doi_batch.head.doi_batch_id.length).toBeLessThanOrEqual(100);
  });

  it("describes the journal and the issue in schema order", () => {
    const journal = ["doi_batch", "body", "journal"];
    expectSequence(
      childTags(elementAt(tree, journal)),
      ["journal_metadata", "journal_issue", "journal_article"],
      ["journal_metadata"],
    );
    expectSequence(
      childTags(elementAt(tree, [...journal, "journal_metadata"])),
      ["full_title", "abbrev_title", "issn", "coden", "archive_locations", "doi_data"],
      ["full_title"],
    );
    const metadata = doc.doi_batch.body.journal.journal_metadata;
    expect(metadata.issn).toEqual([
      { "@_media_type": "print", "#text": "2049-3630" },
      { "@_media_type": "electronic", "#text": "1550-7998" },
    ]);
    expectSequence(
      childTags(elementAt(tree, [...journal, "journal_issue"])),
      ["contributors", "titles", "publication_date", "journal_volume", "issue", "special_numbering", "doi_data"],
      ["publication_date"],
    );
    const issue = doc.doi_batch.body.journal.journal_issue;
    expect(issue.publication_date).toEqual({ "@_media_type": "online", month: "03", day: "14", year: "2025" });
    expect([issue.journal_volume.volume, issue.issue]).toEqual(["2", "1"]);
  });

  it("writes each article with its contributors, dates, pages, licence, DOI and references in schema order", () => {
    const articleNodes = elementAt(tree, ["doi_batch", "body", "journal"]).filter(
      (node) => tagOf(node) === "journal_article",
    );
    expect(articleNodes).toHaveLength(1);
    expectSequence(
      childTags(articleNodes[0].journal_article as Ordered),
      [
        "titles",
        "contributors",
        "jats:abstract",
        "publication_date",
        "acceptance_date",
        "pages",
        "publisher_item",
        "crossmark",
        "fr:program",
        "ai:program",
        "rel:program",
        "archive_locations",
        "doi_data",
        "citation_list",
        "component_list",
      ],
      ["titles", "publication_date", "doi_data"],
    );
    const people = (articleNodes[0].journal_article as Ordered).find((n) => tagOf(n) === "contributors")!
      .contributors as Ordered;
    for (const person of people)
      expectSequence(
        childTags(person.person_name as Ordered),
        ["given_name", "surname", "suffix", "affiliations", "ORCID", "alt-name"],
        ["surname"],
      );

    const [article] = doc.doi_batch.body.journal.journal_article;
    expect(article["@_publication_type"]).toBe("full_text");
    expect(article.titles.title).toBe(sampleArticle.title);
    expect(
      article.contributors.person_name.map((p: Record<string, string>) => [p["@_sequence"], p["@_contributor_role"]]),
    ).toEqual([
      ["first", "author"],
      ["additional", "author"],
      ["additional", "author"],
    ]);
    expect(article.contributors.person_name[0].affiliations.institution.institution_name).toBe("University of Lagos");
    expect(article.contributors.person_name[0].ORCID).toEqual({
      "@_authenticated": "false",
      "#text": "https://orcid.org/0000-0002-1825-0097",
    });
    expect(article.pages).toEqual({ first_page: "15", last_page: "34" });
    expect(article["ai:program"]["ai:license_ref"]["#text"]).toBe("https://creativecommons.org/licenses/by/4.0/");
    expect(article.doi_data.doi).toBe("10.5555/jpss.2025.002");
    expect(article.doi_data.resource).toBe(sampleArticle.url);
    expect(article.citation_list.citation.map((c: Record<string, string>) => c.unstructured_citation)).toEqual(
      sampleArticle.references,
    );
  });

  it("leaves out and lists the articles without a DOI", () => {
    expect(deposited).toEqual([sampleArticle.slug]);
    expect(skipped).toEqual([{ slug: onlineFirstArticle.slug, title: onlineFirstArticle.title, reason: "No DOI" }]);
    expect(xml).not.toContain(onlineFirstArticle.title);
  });

  it("refuses an article export without a DOI, saying what to do", () => {
    expect(() => crossrefForArticle(onlineFirstArticle, sampleJournal, depositor, now)).toThrow(CROSSREF_NEEDS_DOI);
    expect(() => crossrefForArticle(onlineFirstArticle, sampleJournal, depositor, now)).toThrow(
      expect.objectContaining({ status: 400, field: "doi" }),
    );
  });

  it("refuses an issue where no article has a DOI, and a deposit without ISSN or depositor", () => {
    expect(() => crossrefForIssue(sampleIssue, [onlineFirstArticle], sampleJournal, depositor)).toThrow(
      expect.objectContaining({ status: 400 }),
    );
    const noIssn = { ...sampleJournal, issnPrint: "", issnOnline: "" };
    expect(() => crossrefForArticle(sampleArticle, noIssn, depositor)).toThrow(/ISSN/);
    expect(() => crossrefForArticle(sampleArticle, sampleJournal, { name: "", email: "" })).toThrow(/depositor/);
  });

  it("escapes & < > \" ' in titles and abstracts and reads them back unchanged", () => {
    const single = crossrefForArticle(tricky, sampleJournal, depositor, now);
    expect(XMLValidator.validate(single)).toBe(true);
    expect(single).not.toContain("<borders>");
    const [article] = new XMLParser({ isArray: (name) => name === "journal_article" }).parse(single).doi_batch.body
      .journal.journal_article;
    expect(article.titles.title).toBe(tricky.title);
    expect(article["jats:abstract"]["jats:p"]).toBe("Less < more & more > less");
  });

  it("never carries an author's e-mail", () => {
    for (const author of sampleArticle.authors) expect(xml).not.toContain(author.email);
  });
});

describe("DOAJ article XML", () => {
  const xml = doajForArticles([sampleArticle, onlineFirstArticle, tricky], sampleJournal);
  const doc = plain.parse(xml);
  const tree = ordered.parse(xml) as Ordered;
  const RECORD = [
    "language",
    "publisher",
    "journalTitle",
    "issn",
    "eissn",
    "publicationDate",
    "volume",
    "issue",
    "startPage",
    "endPage",
    "doi",
    "publisherRecordId",
    "documentType",
    "title",
    "authors",
    "affiliationsList",
    "abstract",
    "fullTextUrl",
    "keywords",
  ];

  it("is well-formed, one <record> per article, each in the schema's order", () => {
    expect(XMLValidator.validate(xml)).toBe(true);
    const records = elementAt(tree, ["records"]).filter((node) => tagOf(node) === "record");
    expect(records).toHaveLength(3);
    for (const record of records) {
      expectSequence(childTags(record.record as Ordered), RECORD, [
        "journalTitle",
        "publicationDate",
        "title",
        "fullTextUrl",
      ]);
      const authors = (record.record as Ordered).find((node) => tagOf(node) === "authors")!.authors as Ordered;
      for (const author of authors)
        expectSequence(childTags(author.author as Ordered), ["name", "email", "affiliationId", "orcid_id"], ["name"]);
    }
  });

  it("writes the article's metadata in DOAJ's forms", () => {
    const [record] = doc.records.record;
    expect(record.language).toBe("eng");
    expect(record.issn).toEqual(["2049-3630"]);
    expect(record.eissn).toBe("1550-7998");
    expect(record.publicationDate).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect([record.volume, record.issue, record.startPage, record.endPage]).toEqual(["2", "1", "15", "34"]);
    expect(record.doi).toBe("10.5555/jpss.2025.002");
    expect(record.title).toEqual({ "@_language": "eng", "#text": sampleArticle.title });
    expect(record.fullTextUrl).toEqual({ "@_format": "pdf", "#text": sampleArticle.pdfUrl });
    expect(record.keywords.keyword).toEqual(sampleArticle.keywords);
    expect(record.abstract["#text"]).toBe("We survey 1,200 residents & officers. Trust rose where patrols stayed.");
  });

  it("links each author to an affiliation in the list and gives ORCID iDs as https://orcid.org/ addresses", () => {
    const [record] = doc.records.record;
    const listed = Object.fromEntries(
      record.affiliationsList.affiliationName.map((a: Record<string, string>) => [a["@_affiliationId"], a["#text"]]),
    );
    const authors = record.authors.author as Record<string, string>[];
    expect(authors.map((a) => [a.name, a.affiliationId && listed[a.affiliationId]])).toEqual([
      ["Ngozi Okafor", "University of Lagos"],
      ["Samuel Mensah", "University of Ghana"],
      ["Aisha Bello", undefined],
    ]);
    for (const author of authors.filter((a) => a.orcid_id))
      expect(author.orcid_id).toMatch(/^https:\/\/orcid\.org\/\d{4}-\d{4}-\d{4}-\d{3}[\dX]$/);
    expect(authors[0].orcid_id).toBe("https://orcid.org/0000-0002-1825-0097");
  });

  it("leaves out what an online-first article lacks", () => {
    const first = doc.records.record[1];
    for (const key of ["volume", "issue", "startPage", "endPage", "doi", "keywords"])
      expect(first).not.toHaveProperty(key);
  });

  it("escapes & < > \" ' in titles and reads them back unchanged", () => {
    expect(xml).not.toContain("<borders>");
    expect(doc.records.record[2].title["#text"]).toBe(tricky.title);
  });

  it("never writes an author's e-mail", () => {
    expect(xml).not.toContain("<email>");
    for (const author of [...sampleArticle.authors, ...onlineFirstArticle.authors])
      expect(xml).not.toContain(author.email);
  });
});

describe("characters XML cannot carry (issue 31)", () => {
  // Every C0 control but tab, LF and CR, U+FFFE, U+FFFF and a lone surrogate of each half.
  const forbidden = `\uDC00${Array.from({ length: 32 }, (_, code) => String.fromCharCode(code))
    .filter((c) => !"\t\n\r".includes(c))
    .join("")}\uFFFE\uFFFF\uD800`;
  const hostile = {
    ...sampleArticle,
    title: `Borders${forbidden} and trust`,
    abstract: `<p>An abstract${forbidden}.</p>`,
    keywords: [`peace${forbidden}`],
    authors: sampleArticle.authors.map((author) => ({ ...author, family: `${author.family}${forbidden}` })),
  };

  it("leaves them out of the Crossref deposit and the DOAJ file, which stay XML", () => {
    const files = [
      crossrefForArticle(hostile, sampleJournal, depositor, now),
      doajForArticles([hostile], sampleJournal),
    ];
    for (const xml of files) {
      expect(xmlWellFormednessProblems(xml)).toBe("");
      expect(xml).not.toMatch(/(?![\t\n\r])\p{Cc}|[\uFFFE\uFFFF]|\p{Cs}/u);
      expect(xml).toContain("Borders and trust");
      expect(xml).toContain("Okafor");
    }
  });
});
