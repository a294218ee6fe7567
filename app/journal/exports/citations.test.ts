import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";

import { DOMParser, type Element } from "@xmldom/xmldom";
import { describe, expect, it } from "vitest";

import { cslJsonProblems, readWithBibtexparser, risRecords } from "../../../tests/support/references";
import { onlineFirstArticle, sampleArticle, sampleJournal } from "../../../tests/support/scholarly-articles";
import {
  bibtex,
  citationStyles,
  cslJson,
  formatCitation,
  formatCitations,
  parseReferences,
  ris,
} from "./citations.server";

const DOI_URL = "https://doi.org/10.5555/jpss.2025.002";
const JOURNAL = "Journal of Peace and Security Studies";
const TITLE = "Community policing and trust: Evidence from Lagos and Accra";
const TITLE_CASE = "Community Policing and Trust: Evidence from Lagos and Accra";

/** What each style's manual prescribes for a three-author journal article with volume, issue, pages and DOI. */
const expectedText: Record<string, string> = {
  // APA 7 §9.8 and §10.1: initials, "&" before the last author, sentence-case title, DOI as a URL.
  apa: `Okafor, N., Mensah, S., & Bello, A. (2025). ${TITLE}. ${JOURNAL}, 2(1), 15–34. ${DOI_URL}`,
  // Chicago 17th, author-date (15.9): first author inverted, year after the names, title case in quotes.
  chicago: `Okafor, Ngozi, Samuel Mensah, and Aisha Bello. 2025. “${TITLE_CASE}.” ${JOURNAL} 2 (1): 15–34. ${DOI_URL}.`,
  // Harvard (Cite Them Right): year in brackets, title in quotes, "pp.", "Available at:".
  harvard:
    `Okafor, N., Mensah, S. and Bello, A. (2025) “${TITLE},” ${JOURNAL}, 2(1), pp. 15–34. ` +
    `Available at: ${DOI_URL}.`,
  // MLA 9: three or more authors become the first and "et al.", the container's elements after commas.
  mla: `Okafor, Ngozi, et al. “${TITLE_CASE}.” ${JOURNAL}, vol. 2, no. 1, Mar. 2025, pp. 15–34, ${DOI_URL}.`,
  // Vancouver (ICMJE/NLM): no full stops in initials, the journal's NLM abbreviation, date;volume(issue):pages.
  vancouver:
    "Okafor N, Mensah S, Bello A. Community policing and trust: Evidence from Lagos and Accra. " +
    "J Peace Secur Stud. 2025 Mar 14;2(1):15–34. doi:10.5555/jpss.2025.002",
};

describe("how to cite an article", () => {
  it("offers APA, Chicago author-date, Harvard, MLA and Vancouver", () => {
    expect(citationStyles.map((style) => style.id)).toEqual(["apa", "chicago", "harvard", "mla", "vancouver"]);
    expect(citationStyles.find((style) => style.id === "chicago")?.label).toMatch(/author-date/);
  });

  it.each(Object.entries(expectedText))("formats the reference in %s as the style's manual does", async (id, text) => {
    const citation = await formatCitation(sampleArticle, sampleJournal, id);
    expect(citation.text).toBe(text);
  });

  it("italicises the journal (and APA's volume) in the HTML, and escapes what it quotes", async () => {
    const apa = await formatCitation(sampleArticle, sampleJournal, "apa");
    expect(apa.html).toBe(
      `Okafor, N., Mensah, S., &#38; Bello, A. (2025). ${TITLE}. <i>${JOURNAL}</i>, <i>2</i>(1), 15–34. ${DOI_URL}`,
    );
    const vancouver = await formatCitation(sampleArticle, sampleJournal, "vancouver");
    expect(vancouver.html).not.toMatch(/csl-left-margin|^1\./);

    const tricky = { ...sampleArticle, title: `Fear & "safety" <script>alert(1)</script> at borders` };
    const html = (await formatCitation(tricky, sampleJournal, "mla")).html;
    expect(html).not.toContain("<script>");
    expect(html).toContain("&#60;script&#62;");
    expect(html).toContain("&#38;");
  });

  it("cites an online-first article (one author, no issue, pages or DOI) by its address", async () => {
    const citations = Object.fromEntries(
      (await formatCitations(onlineFirstArticle, sampleJournal)).map((citation) => [citation.id, citation.text]),
    );
    const url = onlineFirstArticle.url;
    expect(citations.apa).toBe(`Diallo, F. (2025). Border markets and conflict. ${JOURNAL}. ${url}`);
    // Dated by its day, as the CSL project's current (18th edition) style does (its 17th edition style gave "June.").
    expect(citations.chicago).toBe(`Diallo, Fatima. 2025. “Border Markets and Conflict.” ${JOURNAL}, June 2. ${url}.`);
    expect(citations.mla).toBe(`Diallo, Fatima. “Border Markets and Conflict.” ${JOURNAL}, June 2025, ${url}.`);
    expect(citations.vancouver).toBe(
      `Diallo F. Border markets and conflict. J Peace Secur Stud [Internet]. 2025 Jun 2. Available from: ${url}`,
    );
    expect(citations.harvard).toContain(`Diallo, F. (2025) “Border markets and conflict,” ${JOURNAL}`);
    for (const text of Object.values(citations)) {
      expect(text).not.toMatch(/undefined|null|NaN|doi\.org/);
      expect(text).not.toMatch(/\(\)|pp\.|vol\./);
    }
  });

  it("refuses a style it does not offer", async () => {
    await expect(formatCitation(sampleArticle, sampleJournal, "ieee")).rejects.toMatchObject({ status: 400 });
  });
});

const names = (items: { author?: { family?: string; given?: string }[] }[]) =>
  items[0].author?.map((a) => `${a.given} ${a.family}`);

describe("reference-manager files", () => {
  it("writes BibTeX that reads back to the same title, authors and DOI", async () => {
    const text = await bibtex(sampleArticle, sampleJournal);
    expect(text).toMatch(/^@article\{/);
    expect(text).toContain("pages = {15--34}");
    const [item] = await parseReferences(text);
    expect(item.title).toBe(TITLE);
    expect(names([item])).toEqual(["Ngozi Okafor", "Samuel Mensah", "Aisha Bello"]);
    expect(item.DOI).toBe("10.5555/jpss.2025.002");
    expect(item["container-title"]).toBe(JOURNAL);
    expect([item.volume, item.issue, item.page]).toEqual(["2", "1", "15-34"]);
  });

  it("writes RIS that reads back to the same title, authors, DOI and keywords", async () => {
    const text = await ris(sampleArticle, sampleJournal);
    expect(text).toMatch(/^TY {2}- JOUR$/m);
    expect(text).toMatch(/^ER {2}- ?$/m);
    expect(text).toContain("AB  - We survey 1,200 residents & officers. Trust rose where patrols stayed.");
    expect(text.match(/^KW {2}- .*$/gm)).toEqual([
      "KW  - community policing",
      "KW  - public trust",
      "KW  - West Africa",
    ]);
    const [item] = await parseReferences(text);
    expect(item.title).toBe(TITLE);
    expect(names([item])).toEqual(["Ngozi Okafor", "Samuel Mensah", "Aisha Bello"]);
    expect(item.DOI).toBe("10.5555/jpss.2025.002");
    // A long abstract stays one field on one line (the plugin broke it mid-word every 70 characters).
    const long = await ris({ ...sampleArticle, abstract: `<p>${"peacebuilding ".repeat(40)}</p>` }, sampleJournal);
    expect(
      long
        .split("\n")
        .filter(Boolean)
        .every((line) => /^[A-Z][A-Z0-9] {2}-/.test(line)),
    ).toBe(true);
    expect(long).toContain(`AB  - ${"peacebuilding ".repeat(40).trim()}`);
  });

  it("writes CSL-JSON with the article's fields and no author's e-mail", () => {
    const text = cslJson(sampleArticle, sampleJournal);
    const items = JSON.parse(text);
    expect(items).toHaveLength(1);
    expect(items[0]).toEqual({
      id: "community-policing-and-trust",
      type: "article-journal",
      title: TITLE,
      author: [
        { family: "Okafor", given: "Ngozi" },
        { family: "Mensah", given: "Samuel" },
        { family: "Bello", given: "Aisha" },
      ],
      "container-title": JOURNAL,
      "container-title-short": "J. Peace Secur. Stud.",
      ISSN: "1550-7998",
      volume: "2",
      issue: "1",
      page: "15-34",
      DOI: "10.5555/jpss.2025.002",
      URL: sampleArticle.url,
      issued: { "date-parts": [[2025, 3, 14]] },
      language: "en",
      abstract: "We survey 1,200 residents & officers. Trust rose where patrols stayed.",
      keyword: "community policing, public trust, West Africa",
      publisher: "Centre for Peace & Security Studies",
      custom: { license: "https://creativecommons.org/licenses/by/4.0/" },
    });
    expect(text).not.toContain("@");
  });

  it("leaves out what an online-first article does not have yet", () => {
    const [item] = JSON.parse(cslJson(onlineFirstArticle, sampleJournal));
    for (const key of ["volume", "issue", "page", "DOI", "keyword"]) expect(item).not.toHaveProperty(key);
    expect(item.issued).toEqual({ "date-parts": [[2025, 6, 2]] });
  });
});

describe("reference-manager files as outside programs read them (issue 31)", () => {
  const accented = {
    ...sampleArticle,
    authors: [
      { ...sampleArticle.authors[0], given: "Jürgen", family: "Müller" },
      { ...sampleArticle.authors[1], given: "Ivana", family: "Šimić" },
      { ...sampleArticle.authors[2], given: "Øystein", family: "Ødegaard" },
    ],
    publishedOn: "2025-11-26",
  };

  it('writes accented names as {\\"u}, which common BibTeX parsers read back as the names', async () => {
    const text = await bibtex(accented, sampleJournal);
    expect(text).toContain(
      'author = {M{\\"u}ller, J{\\"u}rgen and {\\v S}imi{\\\'c}, Ivana and \\O{}degaard, \\O{}ystein}',
    );
    expect(text).not.toMatch(/\{\\[^A-Za-z] /);
    const [entry] = readWithBibtexparser(text);
    expect(entry.author).toBe("Müller, Jürgen and Šimić, Ivana and Ødegaard, Øystein");
    const [item] = await parseReferences(text);
    expect(names([item])).toEqual(["Jürgen Müller", "Ivana Šimić", "Øystein Ødegaard"]);
  });

  it("writes BibTeX's month as its macro (nov), not the month and day as text", async () => {
    const text = await bibtex(accented, sampleJournal);
    expect(text).toMatch(/^\tmonth = nov,$/m);
    expect(text).not.toMatch(/month = \{/);
    const [entry] = readWithBibtexparser(text);
    expect([entry.year, entry.month]).toEqual(["2025", "November"]);
    expect((await parseReferences(text))[0].issued).toEqual({ "date-parts": [[2025, 11]] });
  });

  it("writes RIS pages as a start page and an end page", async () => {
    const text = await ris(sampleArticle, sampleJournal);
    expect(text).toMatch(/^SP {2}- 15$/m);
    expect(text).toMatch(/^EP {2}- 34$/m);
    expect(text).not.toContain("15-34");
    expect((await parseReferences(text))[0].page).toBe("15-34");
  });

  it("writes CSL-JSON that the official CSL-JSON schema accepts", () => {
    for (const article of [sampleArticle, onlineFirstArticle, accented])
      expect(cslJsonProblems(JSON.parse(cslJson(article, sampleJournal)))).toEqual([]);
  });

  it("keeps each value on one line whatever its newlines, tabs and control characters", async () => {
    const title = "Borders\nER  - \nTY  - JOUR\r\nof\tpeace\u0000\u2028 today";
    const broken = {
      ...sampleArticle,
      title,
      abstract: "<p>First\r\nsecond\u000b</p>",
      authors: [{ ...sampleArticle.authors[0], given: "Ngozi\nAda", family: "Okafor\r" }],
      keywords: ["peace\nbuilding", "trust"],
    };
    const whole = "Borders ER - TY - JOUR of peace today";
    const { records, strayLines } = risRecords(await ris(broken, sampleJournal));
    expect(strayLines).toEqual([]);
    expect(records).toHaveLength(1);
    expect(records[0].filter((field) => field.tag === "TI")).toEqual([{ tag: "TI", value: whole }]);
    expect(records[0].filter((field) => field.tag === "AU")).toEqual([{ tag: "AU", value: "Okafor, Ngozi Ada" }]);
    expect(records[0].filter((field) => field.tag === "KW").map((field) => field.value)).toEqual([
      "peace building",
      "trust",
    ]);

    const bib = await bibtex(broken, sampleJournal);
    expect(bib).not.toMatch(/(?![\t\n])\p{Cc}|\u2028/u);
    expect(
      bib
        .trimEnd()
        .split("\n")
        .slice(1, -1)
        .every((line) => /^\t[a-z]+ = .*,$/.test(line)),
    ).toBe(true);
    const entries = readWithBibtexparser(bib);
    expect(entries).toHaveLength(1);
    expect(entries[0].title.replace(/[{}]/g, "")).toBe(whole);
    expect((await formatCitation(broken, sampleJournal, "apa")).text).not.toMatch(/[\n\r\t]/);
  });
});

describe("the CSL styles this site ships", () => {
  /** How many nodes citeproc-js builds for a style's bibliography: it copies a macro's nodes into every call. */
  function expandedSize(xml: string): number {
    const style = new DOMParser().parseFromString(xml, "text/xml").documentElement!;
    const elements = (parent: Element) => Array.from(parent.childNodes).filter((n): n is Element => n.nodeType === 1);
    const macros = new Map(
      elements(style)
        .filter((e) => e.localName === "macro")
        .map((e) => [e.getAttribute("name"), e]),
    );
    const sizes = new Map<string, number>();
    const size = (element: Element): number => {
      const macro = element.getAttribute("macro");
      let n = 1 + elements(element).reduce((sum, child) => sum + size(child), 0);
      if (macro) {
        if (!sizes.has(macro)) sizes.set(macro, size(macros.get(macro)!));
        n += sizes.get(macro)!;
      }
      return n;
    };
    return size(elements(style).find((e) => e.localName === "bibliography")!);
  }

  it("each stays small once its macros are expanded (the current Chicago style: 1.26 million nodes, 150 MB)", () => {
    const folder = path.join(import.meta.dirname, "csl");
    const files = readdirSync(folder).filter((name) => name.endsWith(".csl"));
    expect(files).toEqual(["chicago-author-date.csl", "modern-language-association.csl"]);
    for (const file of files)
      expect(expandedSize(readFileSync(path.join(folder, file), "utf8")), file).toBeLessThan(20_000);
  });
});
