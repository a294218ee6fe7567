import { describe, expect, it } from "vitest";

import { onlineFirstArticle, sampleArticle, sampleJournal } from "../../../tests/support/scholarly-articles";
import { highwireTags, jsonLdText, scholarlyJsonLd } from "./indexing-tags.server";

const values = (tags: { name: string; content: string }[], name: string) =>
  tags.filter((tag) => tag.name === name).map((tag) => tag.content);

const emails = [...sampleArticle.authors, ...onlineFirstArticle.authors].map((author) => author.email);

describe("Highwire Press and Dublin Core tags", () => {
  const tags = highwireTags(sampleArticle, sampleJournal);

  it("has what Google Scholar's inclusion guidelines require", () => {
    expect(values(tags, "citation_title")).toEqual([sampleArticle.title]);
    expect(values(tags, "citation_author").length).toBeGreaterThanOrEqual(1);
    expect(values(tags, "citation_publication_date")).toEqual(["2025/03/14"]);
    const [pdf] = values(tags, "citation_pdf_url");
    // Scholar only follows a PDF on the same host as the abstract page.
    expect(new URL(pdf).host).toBe(new URL(sampleArticle.url).host);
    expect(values(tags, "citation_abstract_html_url")).toEqual([sampleArticle.url]);
    expect(tags[0].name).toBe("citation_title");
  });

  it("gives each author's institution and ORCID iD right after that author", () => {
    const authorTags = tags
      .filter((tag) => tag.name.startsWith("citation_author"))
      .map((tag) => `${tag.name}=${tag.content}`);
    expect(authorTags).toEqual([
      "citation_author=Okafor, Ngozi",
      "citation_author_institution=University of Lagos",
      "citation_author_orcid=https://orcid.org/0000-0002-1825-0097",
      "citation_author=Mensah, Samuel",
      "citation_author_institution=University of Ghana",
      "citation_author=Bello, Aisha",
      "citation_author_orcid=https://orcid.org/0000-0001-5109-3700",
    ]);
  });

  it("describes the journal, the issue, the pages and the DOI, in Scholar's order", () => {
    const order = [
      "citation_title",
      "citation_author",
      "citation_publication_date",
      "citation_online_date",
      "citation_journal_title",
      "citation_journal_abbrev",
      "citation_issn",
      "citation_publisher",
      "citation_volume",
      "citation_issue",
      "citation_firstpage",
      "citation_lastpage",
      "citation_doi",
      "citation_pdf_url",
      "citation_abstract_html_url",
      "citation_keywords",
      "citation_language",
      "citation_reference",
    ];
    const seen = tags
      .map((tag) => tag.name)
      .filter((name) => name.startsWith("citation_") && !/_(institution|orcid)$/.test(name));
    expect([...new Set(seen)]).toEqual(order);
    expect(values(tags, "citation_issn")).toEqual(["2049-3630", "1550-7998"]);
    expect(values(tags, "citation_volume")).toEqual(["2"]);
    expect(values(tags, "citation_issue")).toEqual(["1"]);
    expect([values(tags, "citation_firstpage"), values(tags, "citation_lastpage")]).toEqual([["15"], ["34"]]);
    expect(values(tags, "citation_doi")).toEqual(["10.5555/jpss.2025.002"]);
    expect(values(tags, "citation_keywords")).toEqual(sampleArticle.keywords);
    expect(values(tags, "citation_reference")).toEqual(sampleArticle.references);
  });

  it("writes the Dublin Core tags OJS writes", () => {
    expect(values(tags, "DC.title")).toEqual([sampleArticle.title]);
    expect(values(tags, "DC.creator")).toEqual(["Okafor, Ngozi", "Mensah, Samuel", "Bello, Aisha"]);
    expect(values(tags, "DC.date")).toEqual(["2025-03-14"]);
    expect(values(tags, "DC.identifier")).toEqual(["https://doi.org/10.5555/jpss.2025.002", sampleArticle.url]);
    expect(values(tags, "DC.rights")).toEqual(["https://creativecommons.org/licenses/by/4.0/"]);
    expect(values(tags, "DC.type")).toEqual(["Text.Serial.Journal"]);
    expect(values(tags, "DC.source")).toEqual([sampleJournal.title]);
    expect(values(tags, "DC.subject")).toEqual(sampleArticle.keywords);
    expect(values(tags, "DC.description")).toEqual([
      "We survey 1,200 residents & officers. Trust rose where patrols stayed.",
    ]);
    expect(["volume", "issue", "spage", "epage"].map((part) => values(tags, `DC.citation.${part}`))).toEqual([
      ["2"],
      ["1"],
      ["15"],
      ["34"],
    ]);
  });

  it("leaves out what an online-first article lacks instead of writing empty tags", () => {
    const first = highwireTags(onlineFirstArticle, sampleJournal);
    for (const name of ["citation_volume", "citation_issue", "citation_firstpage", "citation_doi", "DC.citation.issue"])
      expect(values(first, name)).toEqual([]);
    expect(values(first, "citation_author")).toEqual(["Diallo, Fatima"]);
    expect(values(first, "citation_pdf_url")).toEqual([onlineFirstArticle.pdfUrl]);
    expect(first.every((tag) => tag.content.trim() !== "")).toBe(true);
  });
});

/** The schema.org types used, each with the properties this page must give it. */
const REQUIRED: Record<string, string[]> = {
  ScholarlyArticle: ["headline", "author", "datePublished", "url", "isPartOf"],
  Person: ["name"],
  Organization: ["name"],
  PropertyValue: ["propertyID", "value"],
  MediaObject: ["contentUrl", "encodingFormat"],
  PublicationIssue: ["issueNumber", "isPartOf"],
  PublicationVolume: ["volumeNumber", "isPartOf"],
  Periodical: ["name", "issn"],
  Grant: ["description"],
};

function nodes(value: unknown): Record<string, unknown>[] {
  if (Array.isArray(value)) return value.flatMap(nodes);
  if (value && typeof value === "object") {
    const object = value as Record<string, unknown>;
    return [...("@type" in object ? [object] : []), ...Object.values(object).flatMap(nodes)];
  }
  return [];
}

describe("schema.org JSON-LD", () => {
  const ld = scholarlyJsonLd(sampleArticle, sampleJournal);

  it("uses only schema.org types, each with its required properties", () => {
    expect(ld["@context"]).toBe("https://schema.org");
    for (const node of nodes(ld)) {
      const type = node["@type"] as string;
      expect(Object.keys(REQUIRED)).toContain(type);
      for (const property of REQUIRED[type]) expect(node, `${type}.${property}`).toHaveProperty(property);
    }
  });

  it("nests Article → Issue → Volume → Periodical", () => {
    type Node = { isPartOf?: Node } & Record<string, unknown>;
    const issue = ld.isPartOf as Node;
    expect(issue).toMatchObject({ "@type": "PublicationIssue", issueNumber: "1", datePublished: "2025-03-14" });
    expect(issue.isPartOf).toMatchObject({ "@type": "PublicationVolume", volumeNumber: "2" });
    expect(issue.isPartOf?.isPartOf).toMatchObject({
      "@type": "Periodical",
      name: sampleJournal.title,
      issn: ["2049-3630", "1550-7998"],
      publisher: { "@type": "Organization", name: sampleJournal.publisher },
    });
  });

  it("names the authors, their affiliations and ORCID iDs, the DOI, the pages and the PDF", () => {
    expect(ld.author).toEqual([
      {
        "@type": "Person",
        name: "Ngozi Okafor",
        givenName: "Ngozi",
        familyName: "Okafor",
        affiliation: { "@type": "Organization", name: "University of Lagos" },
        sameAs: "https://orcid.org/0000-0002-1825-0097",
      },
      {
        "@type": "Person",
        name: "Samuel Mensah",
        givenName: "Samuel",
        familyName: "Mensah",
        affiliation: { "@type": "Organization", name: "University of Ghana" },
      },
      {
        "@type": "Person",
        name: "Aisha Bello",
        givenName: "Aisha",
        familyName: "Bello",
        sameAs: "https://orcid.org/0000-0001-5109-3700",
      },
    ]);
    expect(ld).toMatchObject({
      headline: sampleArticle.title,
      identifier: { "@type": "PropertyValue", propertyID: "DOI", value: "10.5555/jpss.2025.002" },
      sameAs: "https://doi.org/10.5555/jpss.2025.002",
      datePublished: "2025-03-14",
      inLanguage: "en",
      keywords: "community policing, public trust, West Africa",
      abstract: "We survey 1,200 residents & officers. Trust rose where patrols stayed.",
      license: "https://creativecommons.org/licenses/by/4.0/",
      pagination: "15-34",
      pageStart: "15",
      pageEnd: "34",
      encoding: { "@type": "MediaObject", encodingFormat: "application/pdf", contentUrl: sampleArticle.pdfUrl },
    });
  });

  it("states the funding as a Grant, and says nothing of it when there is none", () => {
    const funded = scholarlyJsonLd(
      { ...sampleArticle, funding: "The Peace Research Fund (PRF-2025-17)." },
      sampleJournal,
    );
    expect(funded.funding).toEqual({ "@type": "Grant", description: "The Peace Research Fund (PRF-2025-17)." });
    for (const node of nodes(funded)) expect(Object.keys(REQUIRED)).toContain(node["@type"]);
    expect(ld).not.toHaveProperty("funding");
  });

  it("puts an article without an issue straight in the Periodical", () => {
    const first = scholarlyJsonLd(onlineFirstArticle, sampleJournal);
    expect((first.isPartOf as Record<string, unknown>)["@type"]).toBe("Periodical");
    for (const key of ["identifier", "sameAs", "pagination", "pageStart", "keywords"])
      expect(first).not.toHaveProperty(key);
  });

  it("cannot close its <script> element with a title", () => {
    const text = jsonLdText(scholarlyJsonLd({ ...sampleArticle, title: "A </script><script>alert(1)" }, sampleJournal));
    expect(text).not.toContain("</script>");
    expect(JSON.parse(text).headline).toBe("A </script><script>alert(1)");
  });
});

it("never shows an author's e-mail in the tags or the JSON-LD", () => {
  for (const article of [sampleArticle, onlineFirstArticle]) {
    const published = JSON.stringify([highwireTags(article, sampleJournal), scholarlyJsonLd(article, sampleJournal)]);
    for (const email of emails) expect(published).not.toContain(email);
    expect(published).not.toMatch(/[\w.+-]+@[\w-]+\.[\w.]+/);
  }
});
