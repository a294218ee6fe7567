/**
 * Golden files of the exports that leave the site for indexers and reference managers (issue 32):
 * the Crossref deposits, the DOAJ upload, BibTeX, RIS, CSL-JSON and the formatted references of one
 * fixed journal (tests/support/golden-journal.ts). Each output must equal its file in __golden__/
 * byte for byte; `UPDATE_GOLDEN=1 npx vitest run app/journal/exports/golden.test.ts` rewrites
 * them. Each file is also checked as its readers check it: the XML against Crossref's and DOAJ's
 * official schemas, CSL-JSON against the CSL project's, BibTeX through bibtexparser, RIS by record.
 */
import path from "node:path";

import { describe, expect, it } from "vitest";

import { STANDARDS } from "../../../tests/support/feeds";
import { expectGolden, goldenPath, goldenSchemaProblems, readGolden } from "../../../tests/support/golden";
import {
  GOLDEN_DEPOSIT_TIME,
  goldenArticle,
  goldenDepositor,
  goldenIssue,
  goldenJournal,
  goldenOnlineFirst,
  goldenReview,
} from "../../../tests/support/golden-journal";
import { cslJsonProblems, readWithBibtexparser, risRecords } from "../../../tests/support/references";
import { bibtex, citationStyles, cslJson, formatCitations, ris } from "./citations.server";
import { crossrefForArticle, crossrefForIssue } from "./crossref.server";
import { doajForArticles } from "./doaj.server";

const golden = (name: string) => goldenPath(import.meta.dirname, name);
const CROSSREF_XSD = path.join(STANDARDS, "crossref/crossref5.3.1.xsd");
const DOAJ_XSD = path.join(STANDARDS, "doaj/doajArticles.xsd");

describe("golden files of the Crossref deposits", () => {
  it("one article's deposit", () => {
    const file = golden("crossref.article.xml");
    expectGolden(crossrefForArticle(goldenArticle, goldenJournal, goldenDepositor, GOLDEN_DEPOSIT_TIME), file);
  });

  it("an issue's deposit (the articles with a DOI)", () => {
    const file = golden("crossref.issue.xml");
    const { xml, skipped } = crossrefForIssue(
      goldenIssue,
      [goldenArticle, goldenReview, goldenOnlineFirst],
      goldenJournal,
      goldenDepositor,
      GOLDEN_DEPOSIT_TIME,
    );
    expectGolden(xml, file);
    expect(skipped.map((article) => article.slug)).toEqual([goldenOnlineFirst.slug]);
  });

  it("both are valid against Crossref's schema 5.3.1", () => {
    const files = [golden("crossref.article.xml"), golden("crossref.issue.xml")];
    expect(goldenSchemaProblems(files, CROSSREF_XSD)).toBe("");
  });
});

describe("golden file of the DOAJ upload", () => {
  it("the issue's articles and an online-first one", () => {
    const file = golden("doaj.articles.xml");
    expectGolden(doajForArticles([goldenArticle, goldenReview, goldenOnlineFirst], goldenJournal), file);
    expect(goldenSchemaProblems([file], DOAJ_XSD)).toBe("");
  });
});

describe("golden files of the citation files and references", () => {
  it("BibTeX", async () => {
    const file = golden("citations.article.bib");
    expectGolden(await bibtex(goldenArticle, goldenJournal), file);
    const [entry] = readWithBibtexparser(readGolden(file));
    expect(entry.author).toBe("Koné, Aïssatou and Ångström, Søren");
  });

  it("RIS", async () => {
    const file = golden("citations.article.ris");
    expectGolden(await ris(goldenArticle, goldenJournal), file);
    const { records, strayLines } = risRecords(readGolden(file));
    expect([records.length, strayLines]).toEqual([1, []]);
  });

  it("CSL-JSON", () => {
    const file = golden("citations.article.csl.json");
    expectGolden(cslJson(goldenArticle, goldenJournal), file);
    expect(cslJsonProblems(JSON.parse(readGolden(file)))).toEqual([]);
  });

  it("the formatted references, in every style offered, as text and as HTML", async () => {
    const citations = await formatCitations(goldenArticle, goldenJournal);
    expect(citations.map((citation) => citation.id)).toEqual(citationStyles.map((style) => style.id));
    const text = citations.map(({ label, text, html }) => `${label}\ntext: ${text}\nhtml: ${html}\n`).join("\n");
    expectGolden(text, golden("citations.styles.txt"));
  });
});
