import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";

import { articles, journalProfile, journalWithdrawals } from "~/db/schema";
import { oaiResponse } from "~/journal/web/oai-response.server";
import { DEFAULT_SITE_LINKS } from "~/lib/site-content";

import { testDatabaseKind } from "../../../../tests/support/database";
import {
  child,
  children,
  DATACITE,
  DC,
  echoed,
  errorCodes,
  insertArticles,
  insertIssue,
  OAIRE,
  readOai,
  text,
} from "../../../../tests/support/oai";
import { setUpTestServices } from "../../../../tests/support/test-services";
import { OAI_PAGE_SIZE, oaiIdentifier } from "./oai.server";

const SITE = { siteUrl: "https://journal.example.org/" };
const BASE_URL = "https://journal.example.org/oai";

const world = setUpTestServices();

/** The answer to a GET with these arguments, parsed and checked against the protocol's shape. */
async function ask(query: string | [string, string][]) {
  const pairs = typeof query === "string" ? [...new URLSearchParams(query)] : query;
  return readOai(await world.services.oai.respond(pairs, SITE));
}

const identifiersOf = (root: ReturnType<typeof readOai>, list = "ListIdentifiers") => {
  const answer = child(root, list);
  const headers =
    list === "ListRecords" ? children(answer, "record").map((r) => child(r, "header")) : children(answer, "header");
  return headers.map((header) => ({
    identifier: text(child(header, "identifier")),
    datestamp: text(child(header, "datestamp")),
    deleted: header.getAttribute("status") === "deleted",
    sets: children(header, "setSpec").map(text),
  }));
};

const tokenOf = (root: ReturnType<typeof readOai>, list = "ListIdentifiers") => {
  const [token] = children(child(root, list), "resumptionToken");
  return token
    ? { value: text(token), size: token.getAttribute("completeListSize"), cursor: token.getAttribute("cursor") }
    : undefined;
};

const idOf = (id: string) => oaiIdentifier(SITE.siteUrl, id);

/** Every identifier of a list, following its resumption tokens. */
async function harvest(query: string, list = "ListIdentifiers") {
  const seen: ReturnType<typeof identifiersOf> = [];
  let root = await ask(`verb=${list}&${query}`);
  for (;;) {
    if (errorCodes(root).includes("noRecordsMatch")) return seen;
    seen.push(...identifiersOf(root, list));
    const token = tokenOf(root, list);
    if (!token?.value) return seen;
    root = await ask([
      ["verb", list],
      ["resumptionToken", token.value],
    ]);
  }
}

describe(`OAI-PMH (${testDatabaseKind})`, () => {
  it("answers an empty repository: no records match, and Identify still names a contact", async () => {
    const root = await ask("verb=ListRecords&metadataPrefix=oai_dc");
    expect(errorCodes(root)).toEqual(["noRecordsMatch"]);
    expect(echoed(root)).toEqual({ verb: "ListRecords", metadataPrefix: "oai_dc" });
    const identify = child(await ask("verb=Identify"), "Identify");
    expect(text(child(identify, "adminEmail"))).toBe("webmaster@journal.example.org");
  });

  it("identifies the repository as validators expect", async () => {
    await world.database.db.insert(journalProfile).values({ fields: { title: "Journal of Testing & Peace" } });
    await world.services.siteContent.saveSiteLinks({
      ...DEFAULT_SITE_LINKS,
      submissionEmails: ["journal@example.org"],
    });
    const [first] = await insertArticles(world.database.db, 1, {}, "identify");
    const root = await ask("verb=Identify");
    expect(echoed(root)).toEqual({ verb: "Identify" });
    expect(text(child(root, "request"))).toBe(BASE_URL);
    const identify = child(root, "Identify");
    expect(text(child(identify, "repositoryName"))).toBe("Journal of Testing & Peace");
    expect(text(child(identify, "baseURL"))).toBe(BASE_URL);
    expect(text(child(identify, "protocolVersion"))).toBe("2.0");
    expect(children(identify, "adminEmail").map(text)).toEqual(["journal@example.org"]);
    expect(text(child(identify, "deletedRecord"))).toBe("persistent");
    expect(text(child(identify, "granularity"))).toBe("YYYY-MM-DDThh:mm:ssZ");
    const [row] = await world.database.db.select().from(articles).where(eq(articles.id, first));
    expect(text(child(identify, "earliestDatestamp"))).toBe(row.metadataChangedAt.toISOString().slice(0, 19) + "Z");

    const scheme = "http://www.openarchives.org/OAI/2.0/oai-identifier";
    const description = child(child(identify, "description"), "oai-identifier", scheme);
    expect(text(child(description, "scheme", scheme))).toBe("oai");
    expect(text(child(description, "repositoryIdentifier", scheme))).toBe("journal.example.org");
    expect(text(child(description, "delimiter", scheme))).toBe(":");
    expect(text(child(description, "sampleIdentifier", scheme))).toBe(idOf(first));
    expect(idOf(first)).toBe(`oai:journal.example.org:article/${first}`);
  });

  it("refuses a missing, unknown or repeated verb without echoing the request", async () => {
    for (const query of ["", "verb=Explain", "verb=Identify&verb=Identify", "metadataPrefix=oai_dc"]) {
      const root = await ask(query);
      expect(errorCodes(root), query).toEqual(["badVerb"]);
      expect(echoed(root), query).toEqual({});
      expect(text(child(root, "request"))).toBe(BASE_URL);
    }
  });

  it("refuses illegal, repeated, missing and exclusive-breaking arguments as badArgument", async () => {
    const cases = [
      "verb=Identify&metadataPrefix=oai_dc",
      "verb=ListRecords",
      "verb=ListIdentifiers&set=section:research",
      "verb=GetRecord&metadataPrefix=oai_dc",
      "verb=ListRecords&metadataPrefix=oai_dc&metadataPrefix=oai_dc",
      "verb=ListRecords&metadataPrefix=oai_dc&colour=blue",
      "verb=ListRecords&metadataPrefix=oai_dc&resumptionToken=abc",
      "verb=ListSets&set=volume",
      "verb=ListRecords&metadataPrefix=",
      "verb=ListRecords&metadataPrefix=oai_dc&from=2025-13-01",
      "verb=ListRecords&metadataPrefix=oai_dc&from=2025-02-30",
      "verb=ListRecords&metadataPrefix=oai_dc&until=2025-01-01T10:00Z",
      "verb=ListRecords&metadataPrefix=oai_dc&from=2025-01-01T10:00:00.5Z",
      "verb=ListRecords&metadataPrefix=oai_dc&from=2025-01-01&until=2025-06-01T00:00:00Z",
      "verb=ListRecords&metadataPrefix=oai_dc&from=2025-06-02&until=2025-06-01",
    ];
    for (const query of cases) {
      const root = await ask(query);
      expect(errorCodes(root), query).toContain("badArgument");
      expect(echoed(root), query).toEqual({});
    }
  });

  it("offers oai_dc, for the repository and for one record, and knows which identifiers exist", async () => {
    const [id] = await insertArticles(world.database.db, 1, {}, "formats");
    for (const query of ["verb=ListMetadataFormats", `verb=ListMetadataFormats&identifier=${idOf(id)}`]) {
      const formats = children(child(await ask(query), "ListMetadataFormats"), "metadataFormat");
      expect(formats.map((f) => text(child(f, "metadataPrefix")))).toEqual(["oai_dc", "oai_openaire"]);
      expect(text(child(formats[0], "schema"))).toBe("http://www.openarchives.org/OAI/2.0/oai_dc.xsd");
      expect(text(child(formats[0], "metadataNamespace"))).toBe("http://www.openarchives.org/OAI/2.0/oai_dc/");
    }
    const [draft] = await insertArticles(world.database.db, 1, { status: "draft" }, "formats-draft");
    for (const identifier of [
      idOf(draft),
      idOf("00000000-0000-4000-8000-000000000000"),
      `oai:elsewhere.example.org:article/${id}`,
      "not an identifier",
    ]) {
      const root = await ask([
        ["verb", "ListMetadataFormats"],
        ["identifier", identifier],
      ]);
      expect(errorCodes(root), identifier).toEqual(["idDoesNotExist"]);
      expect(echoed(root)).toEqual({ verb: "ListMetadataFormats", identifier });
    }
  });

  it("gives an article's record in Dublin Core as indexers read it", async () => {
    const issue = await insertIssue(world.database.db, 3, 2, 2025);
    await world.database.db
      .insert(journalProfile)
      .values({ fields: { title: "Journal of Testing", publisher: "Test University", issnOnline: "2049-3630" } })
      .onConflictDoUpdate({
        target: journalProfile.id,
        set: { fields: { title: "Journal of Testing", publisher: "Test University", issnOnline: "2049-3630" } },
      });
    const [id] = await insertArticles(
      world.database.db,
      1,
      {
        issueId: issue.id,
        section: "review",
        firstPage: 12,
        lastPage: 20,
        doi: "10.1234/jt.2025.7",
        licence: "CC-BY-SA-4.0",
        language: "fr",
        publishedOn: "2025-06-03",
        abstract: "<p>An <em>abstract</em> with &amp; entities.</p>\u0001",
      },
      "dc-record",
    );
    const root = await ask(`verb=GetRecord&identifier=${idOf(id)}&metadataPrefix=oai_dc`);
    expect(echoed(root)).toEqual({ verb: "GetRecord", identifier: idOf(id), metadataPrefix: "oai_dc" });
    const record = child(child(root, "GetRecord"), "record");
    const header = child(record, "header");
    expect(text(child(header, "identifier"))).toBe(idOf(id));
    expect(children(header, "setSpec").map(text)).toEqual(["volume:3:issue:2", "section:review"]);
    const dc = children(child(record, "metadata"))[0];
    const dublinCore = {
      title: ["Article 0 on peace & <security>"],
      creator: ["Okafor, Ngozi", "Mensah, Samuel"],
      subject: ["peace", "security"],
      description: ["An abstract with & entities."],
      publisher: ["Test University"],
      date: ["2025-06-03"],
      type: ["info:eu-repo/semantics/article", "info:eu-repo/semantics/publishedVersion", "Text"],
      format: ["application/pdf"],
      identifier: ["https://journal.example.org/journal/dc-record-0", "https://doi.org/10.1234/jt.2025.7"],
      source: ["Journal of Testing; Vol. 3 No. 2 (2025); 12-20", "2049-3630"],
      language: ["fr"],
      relation: ["https://journal.example.org/journal/dc-record-0/pdf"],
      rights: ["https://creativecommons.org/licenses/by-sa/4.0/", "info:eu-repo/semantics/openAccess"],
    };
    // Each Dublin Core element's values, in order.
    for (const [name, values] of Object.entries(dublinCore))
      expect(children(dc, name, DC).map(text), name).toEqual(values);

    const openaire = await ask(`verb=GetRecord&identifier=${idOf(id)}&metadataPrefix=oai_openaire`);
    const resource = children(child(child(child(openaire, "GetRecord"), "record"), "metadata"))[0];
    const at = (path: string) => {
      let nodes = [resource];
      for (const step of path.split("/")) {
        const [prefix, name] = step.split(":");
        nodes = nodes.flatMap((node) =>
          children(node, name, prefix === "oaire" ? OAIRE : prefix === "dc" ? DC : DATACITE),
        );
      }
      return nodes;
    };
    const texts = (path: string) => at(path).map(text);
    const attribute = (path: string, name: string) => at(path).map((node) => node.getAttribute(name));
    expect(texts("datacite:titles/datacite:title")).toEqual(["Article 0 on peace & <security>"]);
    expect(texts("datacite:creators/datacite:creator/datacite:creatorName")).toEqual([
      "Okafor, Ngozi",
      "Mensah, Samuel",
    ]);
    expect(texts("datacite:creators/datacite:creator/datacite:familyName")).toEqual(["Okafor", "Mensah"]);
    expect(texts("datacite:identifier")).toEqual(["10.1234/jt.2025.7"]);
    expect(attribute("datacite:identifier", "identifierType")).toEqual(["DOI"]);
    expect(texts("datacite:alternateIdentifiers/datacite:alternateIdentifier")).toEqual([
      "https://journal.example.org/journal/dc-record-0",
    ]);
    expect(texts("datacite:relatedIdentifiers/datacite:relatedIdentifier")).toEqual(["2049-3630"]);
    expect(attribute("datacite:dates/datacite:date", "dateType")).toEqual(["Issued"]);
    expect(texts("datacite:dates/datacite:date")).toEqual(["2025-06-03"]);
    expect(texts("dc:language")).toEqual(["fra"]);
    expect(texts("oaire:resourceType")).toEqual(["review article"]);
    expect(attribute("oaire:resourceType", "uri")).toEqual(["http://purl.org/coar/resource_type/c_dcae04bc"]);
    expect(attribute("datacite:rights", "rightsURI")).toEqual(["http://purl.org/coar/access_right/c_abf2"]);
    expect(attribute("oaire:licenseCondition", "uri")).toEqual(["https://creativecommons.org/licenses/by-sa/4.0/"]);
    expect(texts("oaire:file")).toEqual(["https://journal.example.org/journal/dc-record-0/pdf"]);
    expect(texts("datacite:subjects/datacite:subject")).toEqual(["peace", "security"]);
    expect(
      [
        "oaire:citationTitle",
        "oaire:citationVolume",
        "oaire:citationIssue",
        "oaire:citationStartPage",
        "oaire:citationEndPage",
      ].map((path) => texts(path)[0]),
    ).toEqual(["Journal of Testing", "3", "2", "12", "20"]);

    const other = await ask(`verb=GetRecord&identifier=${idOf(id)}&metadataPrefix=marc21`);
    expect(errorCodes(other)).toEqual(["cannotDisseminateFormat"]);
    expect(echoed(other)).toEqual({ verb: "GetRecord", identifier: idOf(id), metadataPrefix: "marc21" });
    const both = await ask(`verb=GetRecord&identifier=${idOf(issue.id)}&metadataPrefix=marc21`);
    expect(errorCodes(both).sort()).toEqual(["cannotDisseminateFormat", "idDoesNotExist"]);
    const list = await ask("verb=ListRecords&metadataPrefix=marc21");
    expect(errorCodes(list)).toEqual(["cannotDisseminateFormat"]);
  });

  it("lists sets by volume, issue and section, and harvests each selectively", async () => {
    const issue = await insertIssue(world.database.db, 5, 1, 2026);
    const second = await insertIssue(world.database.db, 5, 2, 2026);
    const inFirst = await insertArticles(world.database.db, 3, { issueId: issue.id, section: "policy" }, "sets-a");
    const inSecond = await insertArticles(world.database.db, 2, { issueId: second.id, section: "editorial" }, "sets-b");
    const sets = children(child(await ask("verb=ListSets"), "ListSets"), "set").map((set) => [
      text(child(set, "setSpec")),
      text(child(set, "setName")),
    ]);
    expect(sets).toEqual(
      expect.arrayContaining([
        ["volume", expect.any(String)],
        ["volume:5", "Volume 5"],
        ["volume:5:issue:1", "Vol. 5 No. 1 (2026)"],
        ["volume:5:issue:2", "Vol. 5 No. 2 (2026)"],
        ["section", expect.any(String)],
        ["section:research", "Research Articles"],
        ["section:book-review", "Book Reviews"],
      ]),
    );
    const specs = sets.map(([spec]) => spec);
    expect(specs.indexOf("volume")).toBeLessThan(specs.indexOf("volume:5"));
    expect(specs.indexOf("volume:5")).toBeLessThan(specs.indexOf("volume:5:issue:1"));

    const harvested = async (set: string) =>
      (await harvest(`metadataPrefix=oai_dc&set=${set}`)).map((h) => h.identifier).sort();
    expect(await harvested("volume:5")).toEqual([...inFirst, ...inSecond].map(idOf).sort());
    expect(await harvested("volume:5:issue:2")).toEqual(inSecond.map(idOf).sort());
    expect(await harvested("section:policy")).toEqual(inFirst.map(idOf).sort());
    expect((await harvested("volume")).length).toBeGreaterThanOrEqual(5);
    for (const set of ["volume:6", "section:poetry", "nonsense", "volume:5:issue:9"]) {
      expect(errorCodes(await ask(`verb=ListIdentifiers&metadataPrefix=oai_dc&set=${set}`)), set).toEqual([
        "noRecordsMatch",
      ]);
    }
    expect(errorCodes(await ask("verb=ListSets&resumptionToken=whatever"))).toEqual(["badResumptionToken"]);
  });

  it("selects by datestamp, to the day or the second, from and until both included", async () => {
    const ids = await insertArticles(world.database.db, 4, {}, "dated");
    // The trigger stamps every change with the clock; these records get dates of the test's choosing.
    await world.database.db.execute(sql`alter table articles disable trigger articles_track_metadata`);
    const stamps = [
      "2020-03-01T09:00:00.250Z",
      "2020-03-01T23:59:59.900Z",
      "2020-03-02T00:00:00Z",
      "2020-03-04T12:00:00Z",
    ];
    for (const [i, id] of ids.entries()) {
      await world.database.db
        .update(articles)
        .set({ metadataChangedAt: new Date(stamps[i]) })
        .where(eq(articles.id, id));
    }
    await world.database.db.execute(sql`alter table articles enable trigger articles_track_metadata`);
    const within = async (window: string) =>
      (await harvest(`metadataPrefix=oai_dc&${window}`))
        .map((h) => h.identifier)
        .filter((id) => ids.map(idOf).includes(id));

    expect(await within("from=2020-03-01&until=2020-03-01")).toEqual([idOf(ids[0]), idOf(ids[1])]);
    expect(await within("from=2020-03-01T09:00:00Z&until=2020-03-01T09:00:00Z")).toEqual([idOf(ids[0])]);
    expect(await within("from=2020-03-01T09:00:01Z&until=2020-03-02T00:00:00Z")).toEqual([idOf(ids[1]), idOf(ids[2])]);
    expect(await within("until=2020-03-03")).toEqual(ids.slice(0, 3).map(idOf));
    expect(await within("from=2020-03-02&until=2020-03-31")).toEqual([idOf(ids[2]), idOf(ids[3])]);
    expect(await within("from=0001-01-01&until=9999-12-31")).toEqual(ids.map(idOf));
    expect(await within("from=1970-01-01T00:00:00Z&until=9999-12-31T23:59:59Z")).toEqual(ids.map(idOf));
    const dated = await harvest("metadataPrefix=oai_dc&from=2020-03-04&until=2020-03-04");
    expect(dated).toEqual([
      { identifier: idOf(ids[3]), datestamp: "2020-03-04T12:00:00Z", deleted: false, sets: ["section:research"] },
    ]);
    expect(errorCodes(await ask("verb=ListRecords&metadataPrefix=oai_dc&until=2019-12-31"))).toEqual([
      "noRecordsMatch",
    ]);
    const identify = child(await ask("verb=Identify"), "Identify");
    expect(text(child(identify, "earliestDatestamp"))).toBe("2020-03-01T09:00:00Z");
  });

  it("pages long lists with signed, stateless resumption tokens, each record once, in datestamp order", async () => {
    await insertArticles(world.database.db, 230, {}, "paged");
    const total = (await harvest("metadataPrefix=oai_dc")).length;
    const first = await ask("verb=ListRecords&metadataPrefix=oai_dc");
    expect(children(child(first, "ListRecords"), "record")).toHaveLength(OAI_PAGE_SIZE);
    const token = tokenOf(first, "ListRecords")!;
    expect(token).toEqual({ value: expect.stringMatching(/^[\w-]+\.[\w-]+$/), size: String(total), cursor: "0" });

    const pages: { count: number; cursor: string | null | undefined; value: string | undefined }[] = [];
    let root = first;
    for (;;) {
      const t = tokenOf(root, "ListRecords");
      pages.push({ count: children(child(root, "ListRecords"), "record").length, cursor: t?.cursor, value: t?.value });
      if (!t?.value) break;
      root = await ask([
        ["verb", "ListRecords"],
        ["resumptionToken", t.value],
      ]);
      expect(echoed(root)).toEqual({ verb: "ListRecords", resumptionToken: t.value });
    }
    expect(pages.map((p) => p.cursor)).toEqual(pages.map((_, i) => String(i * OAI_PAGE_SIZE)));
    // The last page says the list is complete with an empty token.
    expect(pages.at(-1)!.value).toBe("");
    expect(pages.reduce((sum, p) => sum + p.count, 0)).toBe(total);

    const records = await harvest("metadataPrefix=oai_dc", "ListRecords");
    expect(new Set(records.map((r) => r.identifier)).size).toBe(total);
    const order = records.map((r) => r.datestamp);
    expect(order).toEqual([...order].sort());

    const tampered = [
      token.value.slice(0, -2) + (token.value.endsWith("AA") ? "BB" : "AA"),
      Buffer.from(JSON.stringify({ verb: "ListRecords" })).toString("base64url") + "." + token.value.split(".")[1],
      "not-a-token",
      `${token.value}.x`,
    ];
    for (const value of tampered) {
      const answer = await ask([
        ["verb", "ListRecords"],
        ["resumptionToken", value],
      ]);
      expect(errorCodes(answer), value).toEqual(["badResumptionToken"]);
      expect(echoed(answer)).toEqual({ verb: "ListRecords", resumptionToken: value });
    }
    const otherVerb = await ask([
      ["verb", "ListIdentifiers"],
      ["resumptionToken", token.value],
    ]);
    expect(errorCodes(otherVerb)).toEqual(["badResumptionToken"]);
  });

  it("misses no record when records change during a harvest: a changed one comes again at the end", async () => {
    const before = (await harvest("metadataPrefix=oai_dc")).map((h) => h.identifier);
    const first = await ask("verb=ListIdentifiers&metadataPrefix=oai_dc");
    const seen = identifiersOf(first).map((h) => h.identifier);
    // Between two pages: an article already harvested is edited, one not yet harvested is trashed.
    const editedId = seen[0].split("/").at(-1)!;
    await world.database.db
      .update(articles)
      .set({ keywords: ["edited"] })
      .where(eq(articles.id, editedId));
    const laterId = before[before.length - 5].split("/").at(-1)!;
    await world.services.articles.remove(laterId);
    let token = tokenOf(first)?.value;
    const rest: ReturnType<typeof identifiersOf> = [];
    while (token) {
      const root = await ask([
        ["verb", "ListIdentifiers"],
        ["resumptionToken", token],
      ]);
      rest.push(...identifiersOf(root));
      token = tokenOf(root)?.value;
    }
    const all = [...seen, ...rest.map((h) => h.identifier)];
    expect(new Set(all)).toEqual(new Set(before));
    expect(rest.at(-1)).toEqual(expect.objectContaining({ identifier: idOf(laterId), deleted: true }));
    expect(rest.map((h) => h.identifier)).toContain(seen[0]);
    await world.services.articles.restore([laterId]);
  });

  it("keeps reporting an article as deleted once it is withdrawn: unpublished, trashed, deleted for good", async () => {
    const issue = await insertIssue(world.database.db, 7, 1, 2026);
    const [unpublished, trashed, purged] = await insertArticles(
      world.database.db,
      3,
      { issueId: issue.id, section: "review" },
      "withdrawn",
    );
    await world.services.articles.setStatus([unpublished], "draft");
    await world.services.articles.remove(trashed);
    await world.services.articles.remove(purged);
    await world.services.articles.purge([purged]);
    expect(await world.database.db.select().from(articles).where(eq(articles.id, purged))).toEqual([]);

    for (const id of [unpublished, trashed, purged]) {
      const [withdrawal] = await world.database.db
        .select()
        .from(journalWithdrawals)
        .where(eq(journalWithdrawals.articleId, id));
      const root = await ask(`verb=GetRecord&identifier=${idOf(id)}&metadataPrefix=oai_dc`);
      const record = child(child(root, "GetRecord"), "record");
      const header = child(record, "header");
      expect(header.getAttribute("status")).toBe("deleted");
      expect(children(record, "metadata")).toEqual([]);
      expect(text(child(header, "datestamp"))).toBe(withdrawal.withdrawnAt.toISOString().slice(0, 19) + "Z");
      expect(children(header, "setSpec").map(text)).toEqual(["volume:7:issue:1", "section:review"]);
      expect(errorCodes(await ask(`verb=ListMetadataFormats&identifier=${idOf(id)}`))).toEqual([]);
    }
    const listed = await harvest("metadataPrefix=oai_dc&set=volume:7", "ListRecords");
    expect(listed.map((h) => [h.identifier, h.deleted]).sort()).toEqual(
      [unpublished, trashed, purged].map((id) => [idOf(id), true]).sort(),
    );

    // Published again: a record again, no longer deleted.
    await world.services.articles.setStatus([unpublished], "published");
    const again = child(
      child(await ask(`verb=GetRecord&identifier=${idOf(unpublished)}&metadataPrefix=oai_dc`), "GetRecord"),
      "record",
    );
    expect(child(again, "header").getAttribute("status")).toBeNull();
    expect(children(again, "metadata")).toHaveLength(1);
  });

  it("answers GET and form POST alike over HTTP, as XML nobody caches", async () => {
    const get = await oaiResponse(
      new Request(`${BASE_URL}?verb=ListIdentifiers&metadataPrefix=oai_dc&set=section:policy`),
      world.services.oai,
      SITE.siteUrl,
    );
    const post = await oaiResponse(
      new Request(BASE_URL, {
        method: "POST",
        headers: { "Content-Type": "application/x-www-form-urlencoded; charset=utf-8" },
        body: "verb=ListIdentifiers&metadataPrefix=oai_dc&set=section%3Apolicy",
      }),
      world.services.oai,
      SITE.siteUrl,
    );
    for (const response of [get, post]) {
      expect(response.status).toBe(200);
      expect(response.headers.get("content-type")).toBe("text/xml; charset=utf-8");
      expect(response.headers.get("cache-control")).toBe("no-store");
    }
    const [fromGet, fromPost] = [readOai(await get.text()), readOai(await post.text())];
    expect(identifiersOf(fromPost)).toEqual(identifiersOf(fromGet));
    expect(identifiersOf(fromGet)).toHaveLength(3);
    const json = await oaiResponse(
      new Request(BASE_URL, {
        method: "POST",
        body: '{"verb":"Identify"}',
        headers: { "Content-Type": "application/json" },
      }),
      world.services.oai,
      SITE.siteUrl,
    );
    expect(errorCodes(readOai(await json.text()))).toEqual(["badVerb"]);
  });
});
