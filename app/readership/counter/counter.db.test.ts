import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { articles, journalProfile } from "~/db/schema";
import { CLIENT_IP_HEADER } from "~/lib/client-ip.server";
import { closeRuntime } from "~/runtime.server";

import { articleRow, storedAuthor } from "../../../tests/support/articles";
import { counterSample, counterSchemaErrors } from "../../../tests/support/counter";
import { installRuntime, openTestDatabase, type TestDatabase } from "../../../tests/support/database";
import { addDailyFigures, articleDay, monthsAgo } from "../../../tests/support/readership";
import { routeAnswer } from "../../../tests/support/route-runtime";
import { lastDayOf } from "./request";
import { loader } from "./routes/r51";

/**
 * The COUNTER API through its route (issue 35): every answer checked against COUNTER_API-5.1.json's
 * schemas, the figures against the daily rows the test writes, the shapes against the Code of
 * Practice's sample reports. The usage lies in the three months before the current one, so the
 * test runs on any day.
 */

const WORLD = "0000000000000000";
const [M3, M2, M1, NOW] = [monthsAgo(3), monthsAgo(2), monthsAgo(1), monthsAgo(0)];
const ARTICLE_A = "0b9f6c4e-1111-4a2b-9c3d-000000000001";
const ARTICLE_B = "0b9f6c4e-1111-4a2b-9c3d-000000000002";
const ARTICLE_VIEWED = "0b9f6c4e-1111-4a2b-9c3d-000000000003";

/** An article's figures, for a day or a month, in the order the test writes them. */
type ArticleFigures = [investigations: number, uniqueInvestigations: number, requests: number, uniqueRequests: number];

/** An article's (or all articles') Performance as COUNTER reports it, from its figures by month. */
function articlePerformance(months: Record<string, ArticleFigures>) {
  const byMonth = (index: number) =>
    Object.fromEntries(Object.entries(months).map(([month, figures]) => [month, figures[index]]));
  return {
    Total_Item_Investigations: byMonth(0),
    Unique_Item_Investigations: byMonth(1),
    Total_Item_Requests: byMonth(2),
    Unique_Item_Requests: byMonth(3),
  };
}

let database: TestDatabase;
let worldKey = "";
let ownKey = "";
let ownCustomer = "";
let services: ReturnType<typeof installRuntime>;
/** The platform's name: the site's. */
let PLATFORM = "";

beforeAll(async () => {
  database = await openTestDatabase();
  services = installRuntime(database, { publicUrl: "https://journal.example.org" });
  const { db } = database;
  await db.insert(journalProfile).values({
    fields: {
      title: "Journal of Peace Studies",
      issnPrint: "2049-3630",
      issnOnline: "1234-5679",
      publisher: "Centre for Peace Studies",
    },
  });
  await db.insert(articles).values([
    articleRow({
      id: ARTICLE_A,
      slug: "counted-reads",
      title: "Counted reads",
      doi: "10.1234/jps.2025.1",
      publishedOn: "2024-03-05",
      authors: [
        storedAuthor("Ada", "Okafor", { orcid: "0000-0002-1825-0097" }),
        storedAuthor("Ben", "Ruiz"),
        storedAuthor("Chen", "Li"),
        storedAuthor("Dana", "Vos"),
      ],
    }),
    articleRow({ id: ARTICLE_B, slug: "beta-article", title: "Beta article", publishedOn: "2025-01-10" }),
    articleRow({ id: ARTICLE_VIEWED, slug: "only-viewed", title: "Only viewed", publishedOn: "2025-02-01" }),
  ]);
  /** An article's figures on a day. */
  const articleFigures = (article: string, day: string, figures: ArticleFigures) => {
    const [investigations, uniqueInvestigations, requests, uniqueRequests] = figures;
    return articleDay(article, day, { investigations, uniqueInvestigations, requests, uniqueRequests });
  };
  await addDailyFigures(db, [
    ...articleFigures(ARTICLE_A, `${M2}-03`, [5, 4, 3, 2]),
    ...articleFigures(ARTICLE_A, `${M2}-20`, [2, 2, 1, 1]),
    ...articleFigures(ARTICLE_A, `${M1}-11`, [4, 3, 2, 2]),
    ...articleFigures(ARTICLE_B, `${M1}-12`, [6, 5, 6, 5]),
    ...articleFigures(ARTICLE_VIEWED, `${M1}-13`, [3, 3, 0, 0]),
    { day: `${M2}-04`, metric: "searches", itemType: "search", count: 7 },
    { day: `${M1}-04`, metric: "searches", itemType: "search", count: 9 },
    // Figures the reports leave out: a post's views, and this month's (not processed yet).
    { day: `${M1}-05`, metric: "views", itemType: "post", itemKey: "some-post", count: 40 },
    ...articleFigures(ARTICLE_A, `${NOW}-01`, [9, 9, 9, 9]),
  ]);
  const world = await services.counterKeys.issue({ name: "A harvester", createdBy: null });
  worldKey = world.key;
  const own = await services.counterKeys.issue({
    name: "University Library",
    customerId: "unilib-01",
    createdBy: null,
  });
  ownKey = own.key;
  ownCustomer = own.customerId;
  PLATFORM = (await services.siteContent.siteLinks()).name;
});

afterAll(async () => {
  await closeRuntime();
  await database?.dispose();
});

type Counts = Record<string, number>;
type EntryJson = { Data_Type?: string; Access_Type?: string; Performance: Record<string, Counts> };
type ItemJson = Record<string, unknown> & { Item: string; Attribute_Performance: EntryJson[] };
type ReportItemJson = Record<string, unknown> & { Items: ItemJson[]; Attribute_Performance: EntryJson[] };
/** A report's JSON as the assertions walk it (its shape is the schema's business). */
type ReportJson = {
  Report_Header: Record<string, unknown> & {
    Report_Filters: Record<string, unknown>;
    Report_Attributes?: Record<string, unknown>;
    Exceptions?: { Code: number; Message: string; Data?: string }[];
  };
  Report_Items: ReportItemJson[];
};

let addressCount = 0;

async function get(path: string, query: Record<string, string> = {}, address?: string) {
  const search = new URLSearchParams(query).toString();
  const response = await routeAnswer(
    loader as never,
    `/r51/${path}${search ? `?${search}` : ""}`,
    { "*": path },
    { [CLIENT_IP_HEADER]: address ?? `10.40.0.${++addressCount % 250}` },
  );
  return response;
}

/** The world's harvester's credentials. */
const worldCredentials = () => ({ customer_id: WORLD, api_key: worldKey });

async function report(id: string, query: Record<string, string> = {}) {
  const response = await get(`reports/${id}`, { ...worldCredentials(), begin_date: M3, end_date: M1, ...query });
  expect(response.status).toBe(200);
  expect(response.headers.get("Cache-Control")).toBe("no-store");
  const body = (await response.json()) as ReportJson;
  expect(counterSchemaErrors(id.toUpperCase(), body)).toEqual([]);
  return body;
}

function exceptionCodes(body: ReportJson): number[] {
  return (body.Report_Header.Exceptions ?? []).map((exception) => exception.Code);
}

/**
 * Every path of keys in a JSON value: array items as [], months as yyyy-mm, and the namespaces of
 * identifiers (ISNI, Proprietary, Print_ISSN...) as {namespace}: the samples use ones this platform
 * has not and the other way round, which the schemas allow.
 */
function shapeOf(value: unknown, at = "", paths = new Set<string>()): Set<string> {
  if (Array.isArray(value)) for (const item of value) shapeOf(item, `${at}[]`, paths);
  else if (value && typeof value === "object") {
    for (const [key, inner] of Object.entries(value)) {
      const name = /^\d{4}-\d{2}$/.test(key) ? "yyyy-mm" : /_ID$/.test(at) ? "{namespace}" : key;
      paths.add(`${at}.${name}`);
      shapeOf(inner, `${at}.${name}`, paths);
    }
  }
  return paths;
}

/** Our paths the sample does not have; `also`: optional elements the sample happens to leave out. */
function notInSample(ours: unknown, sample: unknown, also: string[] = []) {
  const known = new Set([...shapeOf(sample), ...also]);
  return [...shapeOf(ours)].filter((path) => !known.has(path) && !path.startsWith(".Report_Header.Exceptions"));
}

describe("the server's status, members and reports", () => {
  it("answers its status to anyone, without a key", async () => {
    const response = await get("status");
    expect(response.status).toBe(200);
    const body = await response.json();
    expect(Array.isArray(body)).toBe(true);
    for (const status of body) expect(counterSchemaErrors("Status", status)).toEqual([]);
    expect(body[0].Service_Active).toBe(true);
  });

  it("names the key's own institution and The World as members", async () => {
    for (const [customer, key, name] of [
      [WORLD, worldKey, "The World"],
      [ownCustomer, ownKey, "University Library"],
    ]) {
      const response = await get("members", { customer_id: customer, api_key: key });
      expect(response.status).toBe(200);
      const members = await response.json();
      for (const member of members) expect(counterSchemaErrors("Member", member)).toEqual([]);
      expect(members[0]).toMatchObject({ Customer_ID: customer, Institution_Name: name });
    }
  });

  it("lists the four reports with the months of usage it has", async () => {
    const response = await get("reports", worldCredentials());
    expect(response.status).toBe(200);
    const list = await response.json();
    for (const entry of list) expect(counterSchemaErrors("Report", entry)).toEqual([]);
    expect(list.map((entry: { Report_ID: string }) => entry.Report_ID)).toEqual(["PR", "PR_P1", "IR", "IR_A1"]);
    expect(list[0]).toMatchObject({ First_Month_Available: M2, Last_Month_Available: M1, Path: "/r51/reports/pr" });
  });
});

describe("the Platform Report and its standard view", () => {
  it("sums the articles' figures and the searches by month", async () => {
    const body = await report("pr");
    const [platform] = body.Report_Items;
    expect(platform.Platform).toBe(PLATFORM);
    const [article, searches] = platform.Attribute_Performance;
    expect(article).toEqual({
      Data_Type: "Article",
      Performance: articlePerformance({ [M2]: [7, 6, 4, 3], [M1]: [13, 11, 8, 7] }),
    });
    expect(searches).toEqual({ Data_Type: "Platform", Performance: { Searches_Platform: { [M2]: 7, [M1]: 9 } } });
    expect(body.Report_Header).toMatchObject({
      Report_ID: "PR",
      Institution_Name: "The World",
      Institution_ID: { Proprietary: [`journal:${WORLD}`] },
      Report_Filters: { Begin_Date: `${M3}-01`, End_Date: lastDayOf(M1) },
    });
    // Usage before the first processed month is no longer available (3032).
    expect(exceptionCodes(body)).toEqual([3032]);
    expect(notInSample(body, counterSample("PR_sample_r51.json"))).toEqual([]);
  });

  it("PR_P1 gives the requests and searches, with its filters in the header", async () => {
    const body = await report("pr_p1", { begin_date: M2 });
    expect(body.Report_Header.Report_Filters).toEqual({
      Metric_Type: ["Searches_Platform", "Total_Item_Requests", "Unique_Item_Requests", "Unique_Title_Requests"],
      Begin_Date: `${M2}-01`,
      End_Date: lastDayOf(M1),
      Access_Method: ["Regular"],
    });
    expect(body.Report_Items[0].Attribute_Performance).toEqual([
      {
        Data_Type: "Article",
        Performance: { Total_Item_Requests: { [M2]: 4, [M1]: 8 }, Unique_Item_Requests: { [M2]: 3, [M1]: 7 } },
      },
      { Data_Type: "Platform", Performance: { Searches_Platform: { [M2]: 7, [M1]: 9 } } },
    ]);
    expect(body.Report_Header.Exceptions).toBeUndefined();
    const sample = counterSample("PRP1_sample_r51.json");
    expect(notInSample(body, sample)).toEqual([]);
    expect(Object.keys(body.Report_Header).sort()).toEqual(Object.keys(sample.Report_Header as object).sort());
  });

  it("applies PR's filters and attributes, and says so in the header", async () => {
    const body = await report("pr", {
      begin_date: M2,
      metric_type: "Total_Item_Requests|Unique_Item_Requests",
      data_type: "Article",
      access_method: "Regular",
      attributes_to_show: "Access_Method",
      granularity: "Total",
    });
    expect(body.Report_Header.Report_Filters).toMatchObject({
      Metric_Type: ["Total_Item_Requests", "Unique_Item_Requests"],
      Data_Type: ["Article"],
      Access_Method: ["Regular"],
    });
    expect(body.Report_Header.Report_Attributes).toEqual({
      Attributes_To_Show: ["Access_Method"],
      Granularity: "Total",
    });
    expect(body.Report_Items[0].Attribute_Performance).toEqual([
      {
        Data_Type: "Article",
        Access_Method: "Regular",
        Performance: { Total_Item_Requests: { [M2]: 12 }, Unique_Item_Requests: { [M2]: 10 } },
      },
    ]);
  });

  it("takes granularity=Totals, the Code of Practice's spelling, which the schema file still calls Total", async () => {
    const response = await get("reports/pr", {
      ...worldCredentials(),
      begin_date: M2,
      end_date: M1,
      granularity: "Totals",
    });
    const body = (await response.json()) as ReportJson;
    expect(body.Report_Header.Report_Attributes).toEqual({ Granularity: "Totals" });
    expect(body.Report_Items[0].Attribute_Performance[1].Performance).toEqual({ Searches_Platform: { [M2]: 16 } });
    // The one complaint is the enum of COUNTER_API-5.1.json's copy (fixed by Project-Counter/cop5 #295).
    expect(counterSchemaErrors("PR", body).every((error) => error.includes("Granularity"))).toBe(true);
  });

  it("gives a single metric when the filter asks for one (which the schema's minProperties refuses)", async () => {
    const query = { ...worldCredentials(), begin_date: M2, end_date: M1 };
    const response = await get("reports/pr", { ...query, metric_type: "Total_Item_Investigations" });
    const body = (await response.json()) as ReportJson;
    expect(body.Report_Items[0].Attribute_Performance).toEqual([
      { Data_Type: "Article", Performance: { Total_Item_Investigations: { [M2]: 7, [M1]: 13 } } },
    ]);
    // PR_Performance_Other asks for two metrics at least, though Table 4.c lets a report consumer
    // choose one: the schema's only complaint is about that entry.
    const errors = counterSchemaErrors("PR", body);
    expect(errors.some((error) => error.includes("must NOT have fewer than 2 properties"))).toBe(true);
    expect(errors.every((error) => error.startsWith("/Report_Items/0/Attribute_Performance/0"))).toBe(true);
  });

  it("answers searches alone with data_type=Platform, and nothing for text and data mining", async () => {
    const searches = await report("pr", { begin_date: M2, data_type: "Platform" });
    expect(searches.Report_Items[0].Attribute_Performance).toEqual([
      { Data_Type: "Platform", Performance: { Searches_Platform: { [M2]: 7, [M1]: 9 } } },
    ]);
    const mining = await report("pr", { begin_date: M2, access_method: "TDM" });
    expect(mining.Report_Items).toEqual([]);
    expect(exceptionCodes(mining)).toEqual([3030]);
  });

  it("leaves out filter values, attributes and parameters it does not know, with their warnings", async () => {
    // Downloads is no COUNTER metric; the rest are values and parameters PR does not take.
    const unknown = { data_type: "Scroll", attributes_to_show: "Country_Code", country_code: "DE", colour: "blue" };
    const body = await report("pr", {
      begin_date: M2,
      metric_type: "Total_Item_Requests|Unique_Item_Requests|Downloads",
      ...unknown,
    });
    expect(exceptionCodes(body).sort()).toEqual([3050, 3060, 3060, 3060, 3062]);
    expect(body.Report_Header.Exceptions).toContainEqual({
      Code: 3050,
      Message: "Parameter Not Recognized in this Context",
      Data: "colour",
    });
    expect(body.Report_Header.Report_Filters.Metric_Type).toEqual(["Total_Item_Requests", "Unique_Item_Requests"]);
    expect(body.Report_Header.Report_Filters.Data_Type).toBeUndefined();
  });

  it("cuts a period that reaches the current month, with Exception 3031", async () => {
    const body = await report("pr_p1", { begin_date: M1, end_date: `${NOW}-15` });
    expect(body.Report_Header.Report_Filters.End_Date).toBe(lastDayOf(M1));
    expect(body.Report_Header.Exceptions).toEqual([
      { Code: 3031, Message: "Usage Not Ready for Requested Dates", Data: NOW },
    ]);
    // This month's figures are not in it.
    expect(body.Report_Items[0].Attribute_Performance[0].Performance.Total_Item_Requests).toEqual({ [M1]: 8 });
  });
});

describe("the Item Report and its standard view", () => {
  it("gives each article with its metadata and its parent, the journal", async () => {
    const body = await report("ir", {
      attributes_to_show: "Authors|Publication_Date|Article_Version|YOP|Access_Type|Access_Method",
      include_parent_details: "True",
      begin_date: M2,
    });
    expect(body.Report_Items).toHaveLength(1);
    const [journal] = body.Report_Items;
    expect(journal).toMatchObject({
      Title: "Journal of Peace Studies",
      Data_Type: "Journal",
      Item_ID: { Print_ISSN: "2049-3630", Online_ISSN: "1234-5679", URI: "https://journal.example.org/journals" },
    });
    expect(journal.Items.map((item: { Item: string }) => item.Item)).toEqual([
      "Beta article",
      "Counted reads",
      "Only viewed",
    ]);
    const counted = journal.Items[1];
    expect(counted).toEqual({
      Item: "Counted reads",
      Publisher: "Centre for Peace Studies",
      Platform: PLATFORM,
      Authors: [{ Name: "Ada Okafor", ORCID: "0000-0002-1825-0097" }, { Name: "Ben Ruiz" }, { Name: "Chen Li" }],
      Publication_Date: "2024-03-05",
      Article_Version: "VoR",
      Item_ID: {
        DOI: "10.1234/jps.2025.1",
        Proprietary: `journal:${ARTICLE_A}`,
        URI: "https://journal.example.org/journal/counted-reads",
      },
      Attribute_Performance: [
        {
          Data_Type: "Article",
          YOP: "2024",
          Access_Type: "Open",
          Access_Method: "Regular",
          Performance: articlePerformance({ [M2]: [7, 6, 4, 3], [M1]: [4, 3, 2, 2] }),
        },
      ],
    });
    expect(body.Report_Header.Report_Attributes).toEqual({
      Attributes_To_Show: ["YOP", "Access_Type", "Access_Method", "Authors", "Publication_Date", "Article_Version"],
      Include_Parent_Details: "True",
    });
    // The sample shows no Article_Version nor ORCID iD, both optional elements of the schema.
    expect(
      notInSample(body, counterSample("IR_sample_r51.json"), [
        ".Report_Items[].Items[].Article_Version",
        ".Report_Items[].Items[].Authors[].ORCID",
      ]),
    ).toEqual([]);
  });

  it("without parent details, lists the items under no parent and only the mandatory elements", async () => {
    const body = await report("ir", { begin_date: M2 });
    expect(Object.keys(body.Report_Items[0])).toEqual(["Items"]);
    expect(Object.keys(body.Report_Items[0].Items[0])).toEqual([
      "Item",
      "Publisher",
      "Platform",
      "Item_ID",
      "Attribute_Performance",
    ]);
    expect(Object.keys(body.Report_Items[0].Items[0].Attribute_Performance[0])).toEqual(["Data_Type", "Performance"]);
  });

  it("filters by item, author, year of publication, access type and metric", async () => {
    const byDoi = await report("ir", { begin_date: M2, item_id: "10.1234/jps.2025.1" });
    expect(byDoi.Report_Items[0].Items.map((item: { Item: string }) => item.Item)).toEqual(["Counted reads"]);
    expect(byDoi.Report_Header.Report_Filters.Item_ID).toBe("10.1234/jps.2025.1");
    const byProprietary = await report("ir", { begin_date: M2, item_id: `journal:${ARTICLE_B}` });
    expect(byProprietary.Report_Items[0].Items.map((item: { Item: string }) => item.Item)).toEqual(["Beta article"]);
    const byOrcid = await report("ir", { begin_date: M2, author: "ORCID:0000-0002-1825-0097" });
    expect(byOrcid.Report_Items[0].Items).toHaveLength(1);
    const byYear = await report("ir", { begin_date: M2, yop: "2025|2030-2031" });
    expect(byYear.Report_Items[0].Items.map((item: { Item: string }) => item.Item)).toEqual([
      "Beta article",
      "Only viewed",
    ]);
    expect(byYear.Report_Header.Report_Filters.YOP).toEqual(["2025", "2030-2031"]);
    const requests = await report("ir", { begin_date: M2, metric_type: "Total_Item_Requests" });
    expect(requests.Report_Items[0].Items.map((item: { Item: string }) => item.Item)).toEqual([
      "Beta article",
      "Counted reads",
    ]);
    const controlled = await report("ir", { begin_date: M2, access_type: "Controlled" });
    expect(controlled.Report_Items).toEqual([]);
    expect(exceptionCodes(controlled)).toEqual([3030]);
    const nobody = await report("ir", { begin_date: M2, item_id: "10.9999/none" });
    expect(exceptionCodes(nobody)).toEqual([3030]);
  });

  it("gives totals for the period with granularity=Totals, and warns of what it does not support", async () => {
    const body = await report("ir", {
      begin_date: M2,
      item_id: ARTICLE_B,
      granularity: "Total",
      include_component_details: "True",
      yop: "20x5",
      access_type: "Hybrid",
    });
    expect(body.Report_Items[0].Items[0].Attribute_Performance[0].Performance.Total_Item_Requests).toEqual({ [M2]: 6 });
    expect(exceptionCodes(body).sort()).toEqual([3060, 3060, 3063]);
  });

  it("IR_A1 gives the journal's articles that were requested, as the sample report does", async () => {
    const body = await report("ir_a1", { begin_date: M2 });
    const sample = counterSample("IRA1_sample_r51.json");
    expect(Object.keys(body.Report_Header).sort()).toEqual(Object.keys(sample.Report_Header as object).sort());
    expect(body.Report_Header.Report_Filters).toEqual({
      Metric_Type: ["Total_Item_Requests", "Unique_Item_Requests"],
      Begin_Date: `${M2}-01`,
      End_Date: lastDayOf(M1),
      Data_Type: ["Article"],
      Access_Method: ["Regular"],
    });
    const [journal] = body.Report_Items;
    expect(journal.Title).toBe("Journal of Peace Studies");
    // The article that was only viewed has no requests.
    expect(journal.Items.map((item: { Item: string }) => item.Item)).toEqual(["Beta article", "Counted reads"]);
    expect(journal.Items[1].Attribute_Performance).toEqual([
      {
        Access_Type: "Open",
        Performance: { Total_Item_Requests: { [M2]: 4, [M1]: 2 }, Unique_Item_Requests: { [M2]: 3, [M1]: 2 } },
      },
    ]);
    // Article_Version is mandatory in IR_A1 (Table 4.p) and an ORCID iD optional: the sample has neither.
    expect(
      notInSample(body, sample, [".Report_Items[].Items[].Article_Version", ".Report_Items[].Items[].Authors[].ORCID"]),
    ).toEqual([]);
    // Its filters are fixed: a filter given is a parameter it does not recognise.
    const filtered = await report("ir_a1", { begin_date: M2, metric_type: "Total_Item_Investigations" });
    expect(filtered.Report_Header.Exceptions).toEqual([
      { Code: 3050, Message: "Parameter Not Recognized in this Context", Data: "metric_type" },
    ]);
  });
});

describe("exceptions", () => {
  async function refused(path: string, query: Record<string, string>, status: number, code: number, address?: string) {
    const response = await get(path, query, address);
    expect(response.status).toBe(status);
    const body = await response.json();
    expect(body.Code).toBe(code);
    expect(counterSchemaErrors(`Exception_${code}`, body)).toEqual([]);
    return body;
  }

  const dates = { begin_date: M2, end_date: M1 };

  it("refuses a request without a key, with an unknown or revoked key, or for another customer", async () => {
    await refused("reports/pr", { customer_id: WORLD, ...dates }, 400, 1030);
    await refused("reports/pr", { customer_id: WORLD, api_key: "counter_not-a-key", ...dates }, 401, 2020);
    await refused("members", { customer_id: WORLD, api_key: "counter_not-a-key" }, 401, 2020);
    await refused("reports/ir", { customer_id: "someone-else", api_key: ownKey, ...dates }, 403, 2010);
    await refused("reports", { api_key: ownKey }, 400, 1030);
    const revoked = await services.counterKeys.issue({ name: "Short-lived", createdBy: null });
    await services.counterKeys.revoke(revoked.id);
    await refused("reports/pr", { customer_id: WORLD, api_key: revoked.key, ...dates }, 401, 2020);
  });

  it("refuses missing and invalid dates", async () => {
    const key = worldCredentials();
    await refused("reports/pr", { ...key, begin_date: M2 }, 400, 1030);
    await refused("reports/pr", { ...key, begin_date: "2025-13", end_date: M1 }, 400, 3020);
    await refused("reports/pr", { ...key, begin_date: "2025-02-30", end_date: M1 }, 400, 3020);
    await refused("reports/pr", { ...key, begin_date: M1, end_date: M2 }, 400, 3020);
    await refused("reports/ir_a1", { ...key, begin_date: NOW, end_date: NOW }, 400, 3020);
  });

  it("answers an institution's own customer_id with no usage, and says why", async () => {
    const response = await get("reports/pr", { customer_id: ownCustomer, api_key: ownKey, ...dates });
    const body = await response.json();
    expect(counterSchemaErrors("PR", body)).toEqual([]);
    expect(body.Report_Header.Institution_Name).toBe("University Library");
    expect(body.Report_Items).toEqual([]);
    expect(exceptionCodes(body)).toEqual([3030]);
  });

  it("answers a report it does not offer with 404", async () => {
    const response = await get("reports/tr_j1", { ...worldCredentials(), ...dates });
    expect(response.status).toBe(404);
    const body = await response.json();
    expect(counterSchemaErrors("Exception_0", body)).toEqual([]);
    expect(body.Message).toBe("Report Not Supported");
  });

  it("makes an address that tries many bad keys wait (1020), and not others", async () => {
    const address = "10.99.99.99";
    for (let attempt = 0; attempt < 10; attempt++) {
      await refused(
        "reports/pr",
        { customer_id: WORLD, api_key: `counter_guess-${attempt}`, ...dates },
        401,
        2020,
        address,
      );
    }
    await refused("reports/pr", { ...worldCredentials(), ...dates }, 429, 1020, address);
    const response = await get("reports/pr", { ...worldCredentials(), ...dates }, "10.99.99.98");
    expect(response.status).toBe(200);
  });
});

describe("tabular downloads", () => {
  async function tsv(id: string, query: Record<string, string> = {}) {
    const response = await get(`reports/${id}`, {
      ...worldCredentials(),
      begin_date: M2,
      end_date: M1,
      format: "tsv",
      ...query,
    });
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toBe("text/tab-separated-values; charset=utf-8");
    expect(response.headers.get("Content-Disposition")).toBe(
      `attachment; filename="${id.toUpperCase()}_${M2}_${M1}.tsv"`,
    );
    const text = await response.text();
    return text
      .replace(/\r\n$/, "")
      .split("\r\n")
      .map((line) => line.split("\t"));
  }

  const monthHeading = (month: string) =>
    `${new Date(`${month}-01T00:00:00Z`).toLocaleString("en", { month: "short", timeZone: "UTC" })}-${month.slice(0, 4)}`;

  it("writes PR_P1 with COUNTER's header rows, a blank row, then the table", async () => {
    const rows = await tsv("pr_p1");
    expect(rows.slice(0, 14).map((row) => row[0])).toEqual([
      "Report_Name",
      "Report_ID",
      "Release",
      "Institution_Name",
      "Institution_ID",
      "Metric_Types",
      "Report_Filters",
      "Report_Attributes",
      "Exceptions",
      "Reporting_Period",
      "Created",
      "Created_By",
      "Registry_Record",
      "",
    ]);
    const header = Object.fromEntries(rows.slice(0, 13).map(([label, value]) => [label, value]));
    expect(header).toMatchObject({
      Report_Name: "Platform Usage",
      Report_ID: "PR_P1",
      Release: "5.1",
      Institution_Name: "The World",
      Institution_ID: `journal:${WORLD}`,
      Metric_Types: "Searches_Platform; Total_Item_Requests; Unique_Item_Requests; Unique_Title_Requests",
      Report_Filters: "Access_Method=Regular",
      Report_Attributes: "",
      Exceptions: "",
      Reporting_Period: `Begin_Date=${M2}-01; End_Date=${lastDayOf(M1)}`,
    });
    expect(rows[14]).toEqual([
      "Platform",
      "Data_Type",
      "Metric_Type",
      "Reporting_Period_Total",
      monthHeading(M2),
      monthHeading(M1),
    ]);
    expect(rows.slice(15)).toEqual([
      [PLATFORM, "Article", "Total_Item_Requests", "12", "4", "8"],
      [PLATFORM, "Article", "Unique_Item_Requests", "10", "3", "7"],
      [PLATFORM, "Platform", "Searches_Platform", "16", "7", "9"],
    ]);
  });

  it("writes IR_A1 with its columns, the parent's and the authors' ORCID iDs", async () => {
    const rows = await tsv("ir_a1");
    const columns = rows[14];
    expect(columns).toEqual([
      "Item",
      "Publisher",
      "Publisher_ID",
      "Platform",
      "Authors",
      "Publication_Date",
      "Article_Version",
      "DOI",
      "Proprietary_ID",
      "Print_ISSN",
      "Online_ISSN",
      "URI",
      // The parent's: its title and authors and the item's own identifiers, each as Parent_<name>.
      ...["Title", "Authors", "Article_Version", "DOI", "Proprietary_ID", "Print_ISSN", "Online_ISSN", "URI"].map(
        (name) => `Parent_${name}`,
      ),
      "Access_Type",
      "Metric_Type",
      "Reporting_Period_Total",
      monthHeading(M2),
      monthHeading(M1),
    ]);
    const table = rows.slice(15).map((row) => Object.fromEntries(columns.map((name, i) => [name, row[i]])));
    expect(table).toHaveLength(4);
    expect(table[2]).toMatchObject({
      Item: "Counted reads",
      Authors: "Ada Okafor (ORCID:0000-0002-1825-0097); Ben Ruiz; Chen Li",
      Publication_Date: "2024-03-05",
      Article_Version: "VoR",
      DOI: "10.1234/jps.2025.1",
      Parent_Title: "Journal of Peace Studies",
      Parent_Print_ISSN: "2049-3630",
      Parent_Online_ISSN: "1234-5679",
      Access_Type: "Open",
      Metric_Type: "Total_Item_Requests",
      Reporting_Period_Total: "6",
      [monthHeading(M2)]: "4",
      [monthHeading(M1)]: "2",
    });
    // A month without usage is 0 in the table.
    expect(table[0]).toMatchObject({ Item: "Beta article", [monthHeading(M2)]: "0", [monthHeading(M1)]: "6" });
  });

  it("drops the monthly columns with exclude_monthly_details=True", async () => {
    const rows = await tsv("ir", { exclude_monthly_details: "True", attributes_to_show: "YOP" });
    const header = Object.fromEntries(rows.slice(0, 13).map(([label, value]) => [label, value]));
    expect(header.Report_Attributes).toBe("Attributes_To_Show=YOP; Exclude_Monthly_Details=True");
    expect(rows[14].slice(-4)).toEqual(["Data_Type", "YOP", "Metric_Type", "Reporting_Period_Total"]);
    const counted = rows.slice(15).filter((row) => row[0] === "Counted reads");
    expect(counted.map((row) => [row.at(-3), row.at(-2), row.at(-1)])).toContainEqual([
      "2024",
      "Total_Item_Investigations",
      "11",
    ]);
  });
});
