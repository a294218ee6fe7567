import { addMonths, lastDayOf, monthsBetween, type ReportRequest } from "./request";
import {
  ARTICLE_VERSION,
  COUNTER_RELEASE,
  type CounterException,
  counterException,
  IR_METRICS,
  ITEM_METRICS,
  type ItemMetric,
  PLATFORM_ACCESS_METHOD,
  PLATFORM_ACCESS_TYPE,
  PR_METRICS,
  REPORTS,
} from "./vocabulary";

/**
 * The COUNTER reports as JSON (COUNTER_API-5.1.json's PR, PR_P1, IR and IR_A1), made from the
 * monthly sums of the daily figures and the articles' metadata. Pure: the service reads the
 * database, this decides what the report says (Code of Practice 5.1, sections 3 and 4).
 */

/** Who the platform is, as every report names it. */
export type PlatformFacts = {
  /** The platform's name (the site's). */
  platform: string;
  /** The namespace of the platform's own identifiers ("{namespace}:{value}"). */
  namespace: string;
  publisher: string;
  /** The organisation or system that makes the reports. */
  createdBy: string;
  journal: { title: string; issnPrint: string; issnOnline: string; url: string };
};

export type ArticleFacts = {
  id: string;
  title: string;
  doi: string | null;
  url: string;
  authors: { name: string; orcid: string }[];
  /** "yyyy-mm-dd". */
  publicationDate: string;
};

/** The usage the report may draw on: counts by month ("yyyy-mm"), by COUNTER metric, by article id. */
export type Usage = {
  articles: Map<string, Map<ItemMetric, Map<string, number>>>;
  searches: Map<string, number>;
};

export type Institution = { name: string; customerId: string };

export type ReportContext = {
  request: ReportRequest;
  institution: Institution;
  facts: PlatformFacts;
  articles: ArticleFacts[];
  usage: Usage;
  /** The first month with processed usage, or null when there is none yet. */
  firstMonth: string | null;
  /** The institution has no usage of its own: every report is empty (see counter.server.ts). */
  attributedNothing?: string;
  created: Date;
};

type Counts = Record<string, number>;
type Performance = Record<string, Counts>;

const DOI_PATTERN = /^10\.[1-9][0-9]{2}[0-9.]*\/.+$/;
const ISSN_PATTERN = /^[0-9]{4}-[0-9]{3}[0-9X]$/;
const ORCID_PATTERN = /^[0-9]{4}-[0-9]{4}-[0-9]{4}-[0-9]{3}[0-9X]$/;

/** A month's counts within the period, zeros left out; for Totals one sum under the period's first month. */
function countsOf(byMonth: Map<string, number> | undefined, request: ReportRequest, months: string[]): Counts | null {
  if (!byMonth) return null;
  const counts: Counts = {};
  let total = 0;
  for (const month of months) {
    const count = byMonth.get(month) ?? 0;
    if (count > 0) counts[month] = count;
    total += count;
  }
  if (total === 0) return null;
  return request.granularity === "Totals" ? { [request.beginMonth]: total } : counts;
}

function withMetrics(metrics: readonly string[], counts: (metric: string) => Counts | null): Performance | null {
  const performance: Performance = {};
  for (const metric of metrics) {
    const found = counts(metric);
    if (found) performance[metric] = found;
  }
  return Object.keys(performance).length ? performance : null;
}

function sumOver(maps: (Map<string, number> | undefined)[]): Map<string, number> {
  const sum = new Map<string, number>();
  for (const map of maps) for (const [month, count] of map ?? []) sum.set(month, (sum.get(month) ?? 0) + count);
  return sum;
}

export function institutionId(facts: PlatformFacts, institution: Institution) {
  return { Proprietary: [`${facts.namespace}:${institution.customerId}`] };
}

function header(context: ReportContext, exceptions: CounterException[]) {
  const { request, facts, institution, created } = context;
  const id = request.reportId.toUpperCase();
  const filters: Record<string, unknown> = {};
  const attributes: Record<string, unknown> = {};
  if (request.reportId === "pr_p1") {
    filters.Metric_Type = [...(request.metricTypes ?? [])];
  } else if (request.reportId === "ir_a1") {
    filters.Metric_Type = [...(request.metricTypes ?? [])];
  } else if (request.metricTypes) filters.Metric_Type = request.metricTypes;
  filters.Begin_Date = `${request.beginMonth}-01`;
  filters.End_Date = lastDayOf(request.endMonth);
  if (request.platform === facts.platform) filters.Platform = request.platform;
  if (request.dataTypes) filters.Data_Type = request.dataTypes;
  if (request.accessTypes) filters.Access_Type = request.accessTypes;
  if (request.accessMethods) filters.Access_Method = request.accessMethods;
  if (request.yop) filters.YOP = request.yop.text;
  if (request.itemId) filters.Item_ID = request.itemId;
  if (request.author) filters.Author = request.author;
  if (request.reportId === "pr" || request.reportId === "ir") {
    if (request.attributesToShow.length) attributes.Attributes_To_Show = request.attributesToShow;
    if (request.reportId === "ir" && request.includeParentDetails) attributes.Include_Parent_Details = "True";
    if (request.granularity === "Totals") attributes.Granularity = request.granularitySpelling ?? "Totals";
  }
  return {
    Release: COUNTER_RELEASE,
    Report_ID: id,
    Report_Name: REPORTS[request.reportId].name,
    Created: created.toISOString().replace(/\.\d{3}Z$/, "Z"),
    Created_By: facts.createdBy,
    Institution_ID: institutionId(facts, institution),
    Institution_Name: institution.name,
    Registry_Record: "",
    Report_Filters: filters,
    ...(Object.keys(attributes).length ? { Report_Attributes: attributes } : {}),
    ...(exceptions.length ? { Exceptions: exceptions } : {}),
  };
}

/** The months of the period whose usage exists; the others are warned about (3031 is the request's). */
function availableMonths(context: ReportContext, exceptions: CounterException[]): string[] {
  const { request, firstMonth } = context;
  const months = monthsBetween(request.beginMonth, request.endMonth);
  if (!firstMonth) return months;
  if (request.beginMonth < firstMonth) {
    const last = addMonths(firstMonth, -1) < request.endMonth ? addMonths(firstMonth, -1) : request.endMonth;
    exceptions.push(
      counterException(
        3032,
        `${request.beginMonth === last ? last : `${request.beginMonth} to ${last}`}; usage is available from ${firstMonth}`,
      ),
    );
  }
  return months.filter((month) => month >= firstMonth);
}

function allows(filter: string[] | null, value: string) {
  return filter === null || filter.includes(value);
}

function platformItems(context: ReportContext, months: string[]) {
  const { request, usage, facts } = context;
  if (!allows(request.accessMethods, PLATFORM_ACCESS_METHOD)) return [];
  const metrics = request.metricTypes ?? PR_METRICS;
  const showMethod = request.attributesToShow.includes("Access_Method");
  const rows: Record<string, unknown>[] = [];
  if (allows(request.dataTypes, "Article")) {
    const all = [...usage.articles.values()];
    const performance = withMetrics(metrics, (metric) =>
      metric in ITEM_METRICS
        ? countsOf(sumOver(all.map((byMetric) => byMetric.get(metric as ItemMetric))), request, months)
        : null,
    );
    if (performance) {
      rows.push({
        Data_Type: "Article",
        ...(showMethod ? { Access_Method: PLATFORM_ACCESS_METHOD } : {}),
        Performance: performance,
      });
    }
  }
  if (allows(request.dataTypes, "Platform")) {
    const performance = withMetrics(metrics, (metric) =>
      metric === "Searches_Platform" ? countsOf(usage.searches, request, months) : null,
    );
    if (performance) {
      rows.push({
        Data_Type: "Platform",
        ...(showMethod ? { Access_Method: PLATFORM_ACCESS_METHOD } : {}),
        Performance: performance,
      });
    }
  }
  return rows.length ? [{ Platform: facts.platform, Attribute_Performance: rows }] : [];
}

function yearOf(article: ArticleFacts) {
  return Number(article.publicationDate.slice(0, 4));
}

/** Whether an item_id names the article: its DOI (bare or "DOI:"), its proprietary id, its URI or its uuid. */
function namesArticle(itemId: string, article: ArticleFacts, facts: PlatformFacts) {
  const wanted = itemId.replace(/^(DOI|doi):/, "").replace(/^Proprietary:/, "");
  return (
    (article.doi !== null && article.doi.toLowerCase() === wanted.toLowerCase()) ||
    wanted === `${facts.namespace}:${article.id}` ||
    wanted === article.id ||
    wanted === article.url
  );
}

/** Whether an author filter names one of the article's authors: an ORCID iD ("ORCID:" or bare) or a name. */
function byAuthor(author: string, article: ArticleFacts) {
  const orcid = author.replace(/^ORCID:/i, "").replace(/^https:\/\/orcid\.org\//, "");
  const name = author.toLowerCase();
  return article.authors.some(
    (person) => (person.orcid && person.orcid === orcid) || person.name.toLowerCase() === name,
  );
}

function authorsOf(article: ArticleFacts) {
  const seen = new Set<string>();
  const authors: { Name: string; ORCID?: string }[] = [];
  for (const person of article.authors) {
    if (person.name.trim().length < 2 || seen.has(person.name)) continue;
    seen.add(person.name);
    authors.push({ Name: person.name, ...(ORCID_PATTERN.test(person.orcid) ? { ORCID: person.orcid } : {}) });
    // The COUNTER API lists at most three.
    if (authors.length === 3) break;
  }
  return authors;
}

function articleId(article: ArticleFacts, facts: PlatformFacts) {
  return {
    ...(article.doi && DOI_PATTERN.test(article.doi) ? { DOI: article.doi } : {}),
    Proprietary: `${facts.namespace}:${article.id}`,
    URI: article.url,
  };
}

function journalId(facts: PlatformFacts) {
  const { journal } = facts;
  return {
    ...(ISSN_PATTERN.test(journal.issnPrint) ? { Print_ISSN: journal.issnPrint } : {}),
    ...(ISSN_PATTERN.test(journal.issnOnline) ? { Online_ISSN: journal.issnOnline } : {}),
    URI: journal.url,
  };
}

function itemEntries(context: ReportContext, months: string[]) {
  const { request, usage, facts } = context;
  const isStandardView = request.reportId === "ir_a1";
  if (!allows(request.dataTypes, "Article")) return [];
  if (!allows(request.accessTypes, PLATFORM_ACCESS_TYPE) || !allows(request.accessMethods, PLATFORM_ACCESS_METHOD)) {
    return [];
  }
  const metrics = request.metricTypes ?? IR_METRICS;
  const shows = (name: string) => isStandardView || request.attributesToShow.includes(name);
  const items: Record<string, unknown>[] = [];
  for (const article of context.articles) {
    if (request.yop && !request.yop.ranges.some(([from, to]) => yearOf(article) >= from && yearOf(article) <= to))
      continue;
    if (request.itemId && !namesArticle(request.itemId, article, facts)) continue;
    if (request.author && !byAuthor(request.author, article)) continue;
    const byMetric = usage.articles.get(article.id);
    if (!byMetric) continue;
    const performance = withMetrics(metrics, (metric) =>
      metric in ITEM_METRICS ? countsOf(byMetric.get(metric as ItemMetric), request, months) : null,
    );
    // IR_A1 gives both request metrics or none (its schema asks for the two).
    if (!performance || (isStandardView && Object.keys(performance).length < 2)) continue;
    const authors = authorsOf(article);
    items.push({
      Item: article.title,
      Publisher: facts.publisher,
      Platform: facts.platform,
      ...(shows("Authors") && authors.length ? { Authors: authors } : {}),
      ...(shows("Publication_Date") ? { Publication_Date: article.publicationDate } : {}),
      ...(shows("Article_Version") ? { Article_Version: ARTICLE_VERSION } : {}),
      Item_ID: articleId(article, facts),
      Attribute_Performance: [
        isStandardView
          ? { Access_Type: PLATFORM_ACCESS_TYPE, Performance: performance }
          : {
              Data_Type: "Article",
              ...(shows("YOP") ? { YOP: String(yearOf(article)).padStart(4, "0") } : {}),
              ...(shows("Access_Type") ? { Access_Type: PLATFORM_ACCESS_TYPE } : {}),
              ...(shows("Access_Method") ? { Access_Method: PLATFORM_ACCESS_METHOD } : {}),
              Performance: performance,
            },
      ],
    });
  }
  if (!items.length) return [];
  if (!request.includeParentDetails) return [{ Items: items }];
  return [
    {
      Title: facts.journal.title,
      Item_ID: journalId(facts),
      ...(isStandardView ? {} : { Data_Type: "Journal" }),
      Items: items,
    },
  ];
}

/** The report as the COUNTER API answers it (its Report_Header and Report_Items). */
export function buildReport(context: ReportContext) {
  const exceptions = [...context.request.exceptions];
  const months = availableMonths(context, exceptions);
  let items: Record<string, unknown>[] = [];
  if (context.attributedNothing) {
    exceptions.push(counterException(3030, context.attributedNothing));
  } else {
    const isPlatform = context.request.reportId === "pr" || context.request.reportId === "pr_p1";
    items = months.length ? (isPlatform ? platformItems(context, months) : itemEntries(context, months)) : [];
    if (!items.length && months.length) exceptions.push(counterException(3030));
  }
  return { Report_Header: header(context, exceptions), Report_Items: items };
}

export type CounterReport = ReturnType<typeof buildReport>;
