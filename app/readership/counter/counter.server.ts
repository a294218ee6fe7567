import { and, gte, inArray, lte, or, sql } from "drizzle-orm";

import type { Database } from "~/db/client.server";
import { articles, readershipMonthly } from "~/db/schema";
import { attemptLimiter, type AttemptRule } from "~/services/attempt-limits.server";
import { type Effects, effectTable } from "~/services/content-changes.server";

import { counterKeys, type KeyHolder } from "./keys.server";
import {
  type ArticleFacts,
  buildReport,
  type Institution,
  institutionId,
  type PlatformFacts,
  type Usage,
} from "./report";
import { addMonths, isRefusal, readReportRequest } from "./request";
import {
  type CounterException,
  counterException,
  EXCEPTION_STATUS,
  ITEM_METRICS,
  type ItemMetric,
  REPORT_IDS,
  type ReportId,
  REPORTS,
  WORLD_CUSTOMER_ID,
} from "./vocabulary";

/**
 * The COUNTER API (Release 5.1, issue 35, decision 043): the server's status, the customer's
 * members and reports, and the Platform and Item reports with their standard views, summed from
 * `readership_monthly` (the daily figures' sums by month). Every answer is a body and an HTTP
 * status; the route writes it as JSON or as COUNTER's tabular text.
 *
 * Whose usage: the site is open to all and knows no institution of its readers (no address ranges,
 * no sign-in to read), so every read is usage of "The World" (customer_id 0000000000000000), which
 * any valid key may harvest, as the Code of Practice advises for open access. A key's own
 * customer_id is its holder's: answered, with no usage attributed to it (Exception 3030 says why).
 */

/** Bad keys an address may try before it waits (Exception 1020). */
export const BAD_KEYS: AttemptRule = { max: 10, windowSeconds: 600 };

export type CounterAnswer = { status: number; body: unknown; headers?: Record<string, string> };

export type CounterOptions = {
  /** The platform's and the journal's names and identifiers, read when a report is made. */
  facts(): Promise<PlatformFacts>;
  /** The public address of an article's page. */
  articleUrl(slug: string): string;
  /** The clock (tests set it). */
  now?: () => Date;
};

const NOT_ATTRIBUTED =
  "This platform attributes no usage to institutions: all of it is open access usage of The World (customer_id 0000000000000000), which this key may harvest.";

function refusal(exception: CounterException, headers?: Record<string, string>): CounterAnswer {
  return { status: EXCEPTION_STATUS[exception.Code as keyof typeof EXCEPTION_STATUS] ?? 400, body: exception, headers };
}

function currentMonthOf(now: Date) {
  return now.toISOString().slice(0, 7);
}

export function counterService(db: Database, options: CounterOptions) {
  const keys = counterKeys(db);
  const limiter = attemptLimiter(db);
  const now = options.now ?? (() => new Date());

  /** The first month with processed usage of the platform's articles or searches. */
  async function firstMonth(): Promise<string | null> {
    const [row] = await db
      .select({ first: sql<string | null>`min(${readershipMonthly.month})` })
      .from(readershipMonthly)
      .where(inArray(readershipMonthly.itemType, ["article", "search"]));
    return row?.first ? String(row.first).slice(0, 7) : null;
  }

  /** The months' usage, from the monthly sums (decision 045): reports are by whole months. */
  async function usageBetween(beginMonth: string, endMonth: string): Promise<Usage> {
    const month = sql<string>`to_char(${readershipMonthly.month}, 'YYYY-MM')`;
    const rows = await db
      .select({
        month,
        metric: readershipMonthly.metric,
        itemType: readershipMonthly.itemType,
        itemKey: readershipMonthly.itemKey,
        count: readershipMonthly.count,
      })
      .from(readershipMonthly)
      .where(
        and(
          gte(readershipMonthly.month, `${beginMonth}-01`),
          lte(readershipMonthly.month, `${endMonth}-01`),
          or(
            and(
              sql`${readershipMonthly.itemType} = 'article'`,
              inArray(readershipMonthly.metric, Object.values(ITEM_METRICS)),
            ),
            and(sql`${readershipMonthly.itemType} = 'search'`, sql`${readershipMonthly.metric} = 'searches'`),
          ),
        ),
      );
    const byName = Object.fromEntries(Object.entries(ITEM_METRICS).map(([name, metric]) => [metric, name])) as Record<
      string,
      ItemMetric
    >;
    const usage: Usage = { articles: new Map(), searches: new Map() };
    for (const row of rows) {
      const count = Number(row.count);
      if (row.itemType === "search") {
        usage.searches.set(row.month, (usage.searches.get(row.month) ?? 0) + count);
        continue;
      }
      const metrics = usage.articles.get(row.itemKey) ?? new Map<ItemMetric, Map<string, number>>();
      usage.articles.set(row.itemKey, metrics);
      const months = metrics.get(byName[row.metric]) ?? new Map<string, number>();
      metrics.set(byName[row.metric], months);
      months.set(row.month, (months.get(row.month) ?? 0) + count);
    }
    return usage;
  }

  /** The articles that have usage, described as the Item Report names them, by title. */
  async function articlesOf(ids: string[]): Promise<ArticleFacts[]> {
    const uuids = ids.filter((id) => /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(id));
    if (!uuids.length) return [];
    const rows = await db
      .select({
        id: articles.id,
        slug: articles.slug,
        title: articles.title,
        doi: articles.doi,
        authors: articles.authors,
        publishedOn: articles.publishedOn,
        createdAt: articles.createdAt,
      })
      .from(articles)
      .where(inArray(articles.id, uuids));
    return rows
      .map((row) => ({
        id: row.id,
        title: row.title,
        doi: row.doi,
        url: options.articleUrl(row.slug),
        authors: row.authors.map((person) => ({
          name: [person.given, person.family].filter(Boolean).join(" ").trim(),
          orcid: person.orcid,
        })),
        publicationDate: row.publishedOn ?? row.createdAt.toISOString().slice(0, 10),
      }))
      .sort((a, b) => a.title.localeCompare(b.title) || a.id.localeCompare(b.id));
  }

  /**
   * Who asks, by their key; a request for a customer the key does not hold is refused (2010). Bad
   * keys count against the address (not the key: a guess names no key), so that keys cannot be
   * tried by the thousand.
   */
  async function authorize(
    query: URLSearchParams,
    address: string | null,
  ): Promise<{ holder: KeyHolder; institution: Institution } | { answer: CounterAnswer }> {
    const key = query.get("api_key")?.trim();
    if (!key) return { answer: refusal(counterException(1030, "api_key is required.")) };
    const limitKeys = address ? [`counter-key:ip:${address}`] : [];
    const attempt = await limiter.take(limitKeys, BAD_KEYS);
    if (!attempt.allowed) {
      return {
        answer: refusal(
          counterException(1020, `Too many invalid API keys; try again in ${attempt.retryAfter} seconds.`),
          {
            "Retry-After": String(attempt.retryAfter),
          },
        ),
      };
    }
    const holder = await keys.holderOf(key);
    if (!holder) return { answer: refusal(counterException(2020)) };
    await limiter.giveBack(limitKeys);
    const customerId = query.get("customer_id")?.trim();
    if (!customerId) return { answer: refusal(counterException(1030, "customer_id is required.")) };
    if (customerId === WORLD_CUSTOMER_ID) return { holder, institution: { name: "The World", customerId } };
    if (customerId !== holder.customerId) {
      return { answer: refusal(counterException(2010, `This key holds customer_id ${holder.customerId}.`)) };
    }
    return { holder, institution: { name: holder.name, customerId } };
  }

  return {
    /** GET /r51/status: public. */
    async status(): Promise<CounterAnswer> {
      const facts = await options.facts();
      return {
        status: 200,
        body: [
          {
            Description: `COUNTER Release 5.1 usage reports for ${facts.platform}: the Platform Report and the Item Report of ${facts.journal.title}, with their standard views.`,
            Service_Active: true,
            Note: "Authenticate with api_key; customer_id 0000000000000000 is The World (all usage: the platform is open access).",
          },
        ],
      };
    },

    /** GET /r51/members. */
    async members(query: URLSearchParams, address: string | null): Promise<CounterAnswer> {
      const who = await authorize(query, address);
      if ("answer" in who) return who.answer;
      const facts = await options.facts();
      const { institution, holder } = who;
      const members = [
        {
          Customer_ID: institution.customerId,
          Institution_Name: institution.name,
          Institution_ID: institutionId(facts, institution),
          ...(institution.customerId === holder.customerId ? { Notes: NOT_ATTRIBUTED } : {}),
        },
      ];
      return { status: 200, body: members };
    },

    /** GET /r51/reports: the reports this server offers, with the months of usage it has. */
    async reports(query: URLSearchParams, address: string | null): Promise<CounterAnswer> {
      const who = await authorize(query, address);
      if ("answer" in who) return who.answer;
      const last = addMonths(currentMonthOf(now()), -1);
      const first = (await firstMonth()) ?? last;
      return {
        status: 200,
        body: REPORT_IDS.map((id) => ({
          Report_Name: REPORTS[id].name,
          Report_ID: id.toUpperCase(),
          Release: "5.1",
          Report_Description: REPORTS[id].description,
          Path: `/r51/reports/${id}`,
          First_Month_Available: first < last ? first : last,
          Last_Month_Available: last,
        })),
      };
    },

    /** GET /r51/reports/{id}: one report, or the exception that stops it. */
    async report(reportId: ReportId, query: URLSearchParams, address: string | null): Promise<CounterAnswer> {
      const who = await authorize(query, address);
      if ("answer" in who) return who.answer;
      const created = now();
      const request = readReportRequest(reportId, query, currentMonthOf(created));
      if (isRefusal(request)) return refusal(request.refusal);
      const attributedNothing = who.institution.customerId === WORLD_CUSTOMER_ID ? undefined : NOT_ATTRIBUTED;
      const [facts, first, usage] = await Promise.all([
        options.facts(),
        firstMonth(),
        attributedNothing
          ? Promise.resolve<Usage>({ articles: new Map(), searches: new Map() })
          : usageBetween(request.beginMonth, request.endMonth),
      ]);
      const described = reportId === "ir" || reportId === "ir_a1" ? await articlesOf([...usage.articles.keys()]) : [];
      const report = buildReport({
        request,
        institution: who.institution,
        facts,
        articles: described,
        usage,
        firstMonth: first,
        attributedNothing,
        created,
      });
      return { status: 200, body: report };
    },
  };
}

export type CounterService = ReturnType<typeof counterService>;

export const counterEffects = effectTable({
  read: ["status", "members", "reports", "report"],
  write: [],
}) satisfies Effects<CounterService>;
