import { and, eq, isNotNull, ne } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";

import { articles as articlesTable } from "~/db/schema";
import { parseReferences } from "~/journal/exports/citations.server";
import { services } from "~/runtime.server";

import { openSeededTestDatabase, testDatabaseKind } from "../../../tests/support/database";
import { cslJsonProblems, readWithBibtexparser, risRecords } from "../../../tests/support/references";
import { setUpRouteRuntime, thrownStatus } from "../../../tests/support/route-runtime";
import { loader as articleLoader } from "./article";
import { loader } from "./article-cite";

const world = setUpRouteRuntime(openSeededTestDatabase);
let slug: string;
let title: string;
let file: string;

function cite(articleSlug: string, format: string) {
  return loader({
    request: new Request(`http://localhost/journal/${articleSlug}/cite/${format}`),
    params: { journalSlug: articleSlug, format },
    context: {},
  } as never);
}

beforeAll(async () => {
  const [row] = await world.database.db
    .select({ slug: articlesTable.slug, title: articlesTable.title, file: articlesTable.pdf })
    .from(articlesTable)
    .where(eq(articlesTable.status, "published"))
    .limit(1);
  ({ slug, title, file } = row);
});

describe(`an article's citation files (${testDatabaseKind})`, () => {
  it("downloads BibTeX, RIS and CSL-JSON named after the article, with their media types", async () => {
    const bib = await cite(slug, "bibtex");
    expect(bib.headers.get("Content-Type")).toBe("application/x-bibtex; charset=utf-8");
    expect(bib.headers.get("Content-Disposition")).toBe(`attachment; filename="${slug}.bib"`);
    expect(await bib.text()).toMatch(/^@article\{/);

    const risFile = await cite(slug, "ris");
    expect(risFile.headers.get("Content-Type")).toBe("application/x-research-info-systems; charset=utf-8");
    expect(risFile.headers.get("Content-Disposition")).toBe(`attachment; filename="${slug}.ris"`);
    expect(await risFile.text()).toMatch(/^TY {2}- JOUR/);

    const json = await cite(slug, "csl-json");
    expect(json.headers.get("Content-Type")).toBe("application/vnd.citationstyles.csl+json; charset=utf-8");
    expect(json.headers.get("Content-Disposition")).toBe(`attachment; filename="${slug}.json"`);
    const [item] = JSON.parse(await json.text());
    expect(item).toMatchObject({ type: "article-journal", title, URL: `http://localhost/journal/${slug}` });
  });

  it("answers 404 for an unknown format, an unknown article, and one that is not public", async () => {
    expect(await thrownStatus(cite(slug, "endnote"))).toBe(404);
    expect(await thrownStatus(cite(slug, "toString"))).toBe(404);
    expect(await thrownStatus(cite("no-such-article", "ris"))).toBe(404);
    await world.database.db.update(articlesTable).set({ status: "draft" }).where(eq(articlesTable.slug, slug));
    expect(await thrownStatus(cite(slug, "bibtex"))).toBe(404);
  });
});

/** A public article of the editor's own making, outside any issue, published on a day of its own. */
async function publishedArticle(fields: Record<string, unknown>) {
  const { articles } = await services();
  const author = { affiliation: "", orcid: "", email: "", corresponding: false };
  return articles.create({
    title: "An article",
    abstract: "<p>An abstract.</p>",
    pdf: file,
    status: "published",
    publishedOn: "2025-11-14",
    authors: [{ ...author, given: "Ngozi", family: "Okafor", corresponding: true }],
    ...fields,
  });
}

describe(`citation files of an article with line breaks and control characters (${testDatabaseKind}, issue 31)`, () => {
  const typedTitle = "Borders\nER  - \nTY  - JOUR\r\nof\tpeace\u0007 and trust";
  const shownTitle = "Borders ER - TY - JOUR of peace and trust";

  it("downloads RIS with exactly one record carrying the whole title, authors, abstract and keywords", async () => {
    const article = await publishedArticle({
      title: typedTitle,
      abstract: "<p>First line\r\nsecond line\tand a tab</p>",
      authors: [
        { given: "Ngozi\nAda", family: "Okafor\r", affiliation: "", orcid: "", email: "", corresponding: true },
        { given: "Kofi", family: "Men\u000bsah", affiliation: "", orcid: "", email: "", corresponding: false },
      ],
      keywords: ["peace\nbuilding", "trust\r\nand\tborders"],
    });
    const text = await (await cite(article.slug, "ris")).text();
    const { records, strayLines } = risRecords(text);
    expect(strayLines).toEqual([]);
    expect(records).toHaveLength(1);
    const values = (tag: string) => records[0].filter((field) => field.tag === tag).map((field) => field.value);
    expect(values("TY")).toEqual(["JOUR"]);
    expect(values("TI")).toEqual([shownTitle]);
    expect(values("AU")).toEqual(["Okafor, Ngozi Ada", "Men sah, Kofi"]);
    expect(values("AB")).toEqual(["First line second line and a tab"]);
    expect(values("KW")).toEqual(["peace building", "trust and borders"]);
    expect(values("ER")).toEqual([""]);
    const read = await parseReferences(text);
    expect(read).toHaveLength(1);
    expect(read[0].title).toBe(shownTitle);

    const bib = await (await cite(article.slug, "bibtex")).text();
    const entries = readWithBibtexparser(bib);
    expect(entries).toHaveLength(1);
    expect(entries[0].title.replace(/[{}]/g, "")).toBe(shownTitle);
    expect(entries[0].author).toBe("Okafor, Ngozi Ada and Men sah, Kofi");
  });
});

describe(`citation files as outside validators check them (${testDatabaseKind}, issue 31)`, () => {
  it("downloads CSL-JSON that the official schema accepts", async () => {
    const article = await publishedArticle({ title: "Schema-valid references", licence: "CC-BY-4.0" });
    // And a demo article in its issue, with its pages, DOI and keywords.
    const [demo] = await world.database.db
      .select({ slug: articlesTable.slug })
      .from(articlesTable)
      .where(and(eq(articlesTable.status, "published"), ne(articlesTable.slug, slug), isNotNull(articlesTable.issueId)))
      .limit(1);
    for (const articleSlug of [demo.slug, article.slug]) {
      const items = JSON.parse(await (await cite(articleSlug, "csl-json")).text()) as unknown;
      expect(cslJsonProblems(items), articleSlug).toEqual([]);
    }
  });

  it("downloads BibTeX with accents on their letters and the month as BibTeX's macro", async () => {
    const author = { affiliation: "", orcid: "", email: "", corresponding: false };
    const article = await publishedArticle({
      title: "Accents in names",
      authors: [
        { ...author, given: "Jürgen", family: "Müller", corresponding: true },
        { ...author, given: "Ivana", family: "Šimić" },
        { ...author, given: "Øystein", family: "Ødegaard" },
      ],
    });
    const text = await (await cite(article.slug, "bibtex")).text();
    expect(text).toContain('M{\\"u}ller, J{\\"u}rgen and {\\v S}imi{\\\'c}, Ivana and \\O{}degaard, \\O{}ystein');
    expect(text).toMatch(/^\tmonth = nov,$/m);
    const [entry] = readWithBibtexparser(text);
    expect(entry.author).toBe("Müller, Jürgen and Šimić, Ivana and Ødegaard, Øystein");
    expect(entry.month).toBe("November");
  });

  it("downloads RIS with the first and last pages as SP and EP", async () => {
    const article = await publishedArticle({ title: "Paged article", firstPage: 1, lastPage: 24 });
    const [record] = risRecords(await (await cite(article.slug, "ris")).text()).records;
    expect(record.filter((field) => ["SP", "EP"].includes(field.tag))).toEqual([
      { tag: "SP", value: "1" },
      { tag: "EP", value: "24" },
    ]);
  });

  it("the article page's How to cite gives Chicago's day of publication", async () => {
    const article = await publishedArticle({ title: "Dated to the day" });
    const page = await articleLoader({
      request: new Request(`http://localhost/journal/${article.slug}`),
      params: { journalSlug: article.slug },
      context: {},
    } as never);
    const chicago = page.citations.find((citation) => citation.id === "chicago");
    expect(chicago?.html).toContain(", November 14. ");
  });
});
