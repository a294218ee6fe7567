import { inArray, type SQL, sql } from "drizzle-orm";

import { type Database, rowsOf } from "~/db/client.server";
import {
  articles,
  journalIssues,
  NO_ISSUE,
  posts,
  readershipArticleDaily,
  readershipArticleMonthly,
  readershipArticleWeekly,
  readershipCountries,
  readershipDaily,
  readershipIssueDaily,
  readershipIssueMonthly,
  readershipMonthly,
  readershipReferrers,
  readershipRobots,
  readershipSiteDaily,
  readershipSpikes,
} from "~/db/schema";
import type { PageKind } from "~/domain/vocabulary";
import { issueLabel, issuePath } from "~/journal/names";
import { isUuid } from "~/lib/text";
import { effectTable } from "~/services/content-changes.server";

import { bucketsOf, type Period, periodSpans, weekSpans } from "./period";

/**
 * What editors and readers see of readership (issue 35, decision 043): sums of the daily figures
 * (readership_daily and its side tables, which the counting fills) over a period. Only reads. The
 * figures over time read the site's totals by day (readership_site_daily); the top lists read each
 * item's sums by month for the months wholly inside the period and its days only at the edges
 * (readership_monthly, decision 045); the heaviest, the top articles, is one pass over the articles'
 * own sums (one row for both metrics, readership_article_*, decision 047); the issues side by side
 * read each issue's sums of its articles' (readership_issue_*, decision 050).
 */

export type Point = {
  bucket: string;
  views: number;
  uniqueViews: number;
  investigations: number;
  requests: number;
  searches: number;
  feedFetches: number;
};
export type Totals = Omit<Point, "bucket">;

export type ArticleFigure = {
  id: string;
  title: string;
  /** The public page's path; empty for an article no longer stored. */
  path: string;
  investigations: number;
  requests: number;
};
export type PageFigure = { kind: PageKind; key: string; title: string; path: string; views: number };
export type IssueFigure = {
  id: string | null;
  label: string;
  investigations: number;
  requests: number;
};
export type SpikeFigure = { day: string; kind: string; title: string; path: string; count: number };

const TIME_METRICS = {
  views: "views",
  uniqueViews: "unique_views",
  investigations: "investigations",
  requests: "requests",
  searches: "searches",
  feedFetches: "feed_fetches",
} as const;

const num = (value: unknown) => Number(value ?? 0);
/** What an issue is named by (issueLabel, issuePath). */
const ISSUE_NAME = {
  id: journalIssues.id,
  volume: journalIssues.volume,
  number: journalIssues.number,
  year: journalIssues.year,
  title: journalIssues.title,
};
const GONE = "(no longer on the site)";

export type FiguresOptions = {
  /**
   * How long a period's answer is kept in memory (ms; 0: not kept). The figures are summed once a
   * minute (decision 043), and a year of a large journal's is millions of rows: the tab's queries
   * are then paid once a minute per period, not on every visit.
   */
  keepMs?: number;
  now?: () => number;
};

/** At most this many periods' answers are kept. */
const KEPT_ANSWERS = 200;

export function readershipFigures(db: Database, { keepMs = 60_000, now = Date.now }: FiguresOptions = {}) {
  const memo = new Map<string, { at: number; answer: Promise<unknown>; refreshing?: boolean }>();
  const keep = (key: string, answer: Promise<unknown>) => {
    memo.delete(key);
    memo.set(key, { at: now(), answer });
    if (memo.size > KEPT_ANSWERS) memo.delete(memo.keys().next().value!);
  };
  /**
   * The answer for `key`: from the memo while it is fresh; past that, and for up to ten times as
   * long, the kept answer at once while a new one is worked out for the next visit (a long period's
   * queries take seconds on a large journal); a failed answer is not kept.
   */
  function kept<T>(key: string, work: () => Promise<T>): Promise<T> {
    const hit = memo.get(key);
    const age = hit ? now() - hit.at : Infinity;
    if (hit && age < keepMs) return hit.answer as Promise<T>;
    if (hit && age < keepMs * 10) {
      if (!hit.refreshing) {
        hit.refreshing = true;
        work().then(
          (fresh) => keep(key, Promise.resolve(fresh)),
          () => (hit.refreshing = false),
        );
      }
      return hit.answer as Promise<T>;
    }
    const answer = work();
    if (keepMs > 0) {
      keep(key, answer);
      answer.catch(() => memo.delete(key));
    }
    return answer;
  }
  const keyOf = (name: string, period: Period, limit?: number) =>
    `${name}|${period.from}|${period.to}|${period.unit}|${limit ?? ""}`;

  const between = (column: unknown, period: Period) =>
    sql`${column} between ${period.from}::date and ${period.to}::date`;

  /**
   * The period's rows of `columns` from a set of sums: the monthly ones of its whole months, the
   * weekly ones (where there are) of the whole weeks among its loose days, and the daily ones of the
   * rest, where `where` (naming the columns bare) picks them.
   */
  function periodRows(
    period: Period,
    columns: SQL,
    {
      monthly,
      weekly,
      daily,
    }:
      | { monthly: typeof readershipMonthly; weekly?: never; daily: typeof readershipDaily }
      | {
          monthly: typeof readershipArticleMonthly;
          weekly: typeof readershipArticleWeekly;
          daily: typeof readershipArticleDaily;
        }
      | { monthly: typeof readershipIssueMonthly; weekly?: never; daily: typeof readershipIssueDaily },
    where: SQL = sql`true`,
  ) {
    const { months, days } = periodSpans(period);
    const parts = [];
    if (months)
      parts.push(sql`select ${columns} from ${monthly}
        where month between ${months.from}::date and ${months.to}::date and ${where}`);
    // A select for each span, not one with "or": each is then a range of the index alone.
    for (const span of days) {
      let loose = [span];
      if (weekly) {
        const { weeks, days: around } = weekSpans(span);
        if (weeks)
          parts.push(sql`select ${columns} from ${weekly}
          where week between ${weeks.from}::date and ${weeks.to}::date and ${where}`);
        loose = around;
      }
      for (const { from, to } of loose)
        parts.push(sql`select ${columns} from ${daily} where day between ${from}::date and ${to}::date and ${where}`);
    }
    return sql.join(parts, sql` union all `);
  }
  /** Each item's figures (item_type, item_key, metric, count) that `where` picks. */
  const itemRows = (period: Period, where: SQL) =>
    periodRows(
      period,
      sql`item_type, item_key, metric, count`,
      { monthly: readershipMonthly, daily: readershipDaily },
      where,
    );
  /** The articles' investigations and requests (article, investigations, requests): decisions 047 and 050. */
  const articleRows = (period: Period) =>
    periodRows(period, sql`article, investigations, requests`, {
      monthly: readershipArticleMonthly,
      weekly: readershipArticleWeekly,
      daily: readershipArticleDaily,
    });
  /** The issues' sums of their articles' (issue, investigations, requests): decision 050. */
  const issueRows = (period: Period) =>
    periodRows(period, sql`issue, investigations, requests`, {
      monthly: readershipIssueMonthly,
      daily: readershipIssueDaily,
    });

  /** The period's page views summed by the referring host or the country, the most first. */
  async function viewsBy(
    [table, key]:
      | [typeof readershipReferrers, typeof readershipReferrers.host]
      | [typeof readershipCountries, typeof readershipCountries.country],
    period: Period,
    limit: number,
  ) {
    const rows = await db
      .select({ key, views: sql<string>`sum(${table.views})` })
      .from(table)
      .where(between(table.day, period))
      .groupBy(key)
      .orderBy(sql`2 desc`, key)
      .limit(limit);
    return rows.map((r) => ({ key: r.key, views: num(r.views) }));
  }

  /** Titles and paths of articles, posts and issues by id (ids that are not uuids are skipped). */
  async function namesOf(kind: "article" | "post" | "issue", ids: string[]) {
    const wanted = [...new Set(ids.filter(isUuid))];
    const names = new Map<string, { title: string; path: string }>();
    if (!wanted.length) return names;
    if (kind === "article") {
      const rows = await db
        .select({ id: articles.id, title: articles.title, slug: articles.slug })
        .from(articles)
        .where(inArray(articles.id, wanted));
      for (const row of rows) names.set(row.id, { title: row.title, path: `/journal/${row.slug}` });
    } else if (kind === "post") {
      const rows = await db
        .select({ id: posts.id, title: posts.title, slug: posts.slug })
        .from(posts)
        .where(inArray(posts.id, wanted));
      for (const row of rows) names.set(row.id, { title: row.title, path: `/post/${row.slug}` });
    } else {
      const rows = await db.select(ISSUE_NAME).from(journalIssues).where(inArray(journalIssues.id, wanted));
      for (const row of rows) names.set(row.id, { title: issueLabel(row), path: issuePath(row) });
    }
    return names;
  }

  return {
    /** The period's figures by day (or month), every bucket present, and their totals. */
    overTime(period: Period): Promise<{ points: Point[]; totals: Totals }> {
      return kept(keyOf("overTime", period), async () => {
        // Grouped by the date itself and named as text once per bucket: formatting every row's
        // date (to_char) was most of a long period's time (bench/readership.mjs).
        const bucket =
          period.unit === "day"
            ? sql`${readershipSiteDaily.day}`
            : sql`date_trunc('month', ${readershipSiteDaily.day})::date`;
        const rows = rowsOf<{ bucket: string; metric: string; total: string }>(
          await db.execute(sql`
          select bucket::text as bucket, metric, total from (
            select ${bucket} as bucket, ${readershipSiteDaily.metric} as metric, sum(${readershipSiteDaily.count}) as total
            from ${readershipSiteDaily}
            where ${readershipSiteDaily.metric} in (${sql.join(
              Object.values(TIME_METRICS).map((m) => sql`${m}`),
              sql`, `,
            )})
              and ${between(readershipSiteDaily.day, period)}
            group by 1, 2
          ) grouped`),
        );
        const empty = (): Totals => ({
          views: 0,
          uniqueViews: 0,
          investigations: 0,
          requests: 0,
          searches: 0,
          feedFetches: 0,
        });
        const byBucket = new Map(bucketsOf(period).map((b) => [b, { bucket: b, ...empty() } as Point]));
        const totals = empty();
        const nameOf = Object.fromEntries(
          Object.entries(TIME_METRICS).map(([name, metric]) => [metric, name]),
        ) as Record<string, keyof Totals>;
        for (const row of rows) {
          const name = nameOf[row.metric];
          const point = byBucket.get(row.bucket);
          if (!name || !point) continue;
          point[name] += num(row.total);
          totals[name] += num(row.total);
        }
        return { points: [...byBucket.values()], totals };
      });
    },

    /**
     * The most read articles (investigations: page views and downloads) with their downloads, and
     * every published issue's sums of its articles' (with those in no issue last, when read).
     */
    articles(period: Period, limit = 10): Promise<{ top: ArticleFigure[]; issues: IssueFigure[] }> {
      return kept(keyOf("articles", period, limit), async () => {
        type Sums = { key: string; investigations: string; requests: string };
        // Two queries side by side (each its own connection on PostgreSQL): the top list is the
        // period's one pass over every article's sums; the issues' sums are a few rows a day or month per issue.
        const [topRows, issueSums, issues] = await Promise.all([
          db.execute(sql`
            select article::text as key, sum(investigations) as investigations, sum(requests) as requests
            from (${articleRows(period)}) rows
            group by article order by 2 desc, article limit ${limit}`),
          db.execute(sql`
            select issue::text as key, sum(investigations) as investigations, sum(requests) as requests
            from (${issueRows(period)}) rows
            group by issue`),
          db
            .select(ISSUE_NAME)
            .from(journalIssues)
            .where(sql`${journalIssues.status} = 'published'`)
            .orderBy(journalIssues.volume, journalIssues.number),
        ]);
        const top = rowsOf<Sums>(topRows);
        const names = await namesOf(
          "article",
          top.map((r) => r.key),
        );
        const sums = new Map(rowsOf<Sums>(issueSums).map((r) => [r.key, r]));
        const issueFigures: IssueFigure[] = issues.map((issue) => {
          const sum = sums.get(issue.id);
          return {
            id: issue.id,
            label: issueLabel(issue),
            investigations: num(sum?.investigations),
            requests: num(sum?.requests),
          };
        });
        const loose = sums.get(NO_ISSUE);
        if (loose && (num(loose.investigations) || num(loose.requests))) {
          issueFigures.push({
            id: null,
            label: "In no issue",
            investigations: num(loose.investigations),
            requests: num(loose.requests),
          });
        }
        return {
          top: top.map((r) => ({
            id: r.key,
            title: names.get(r.key)?.title ?? GONE,
            path: names.get(r.key)?.path ?? "",
            investigations: num(r.investigations),
            requests: num(r.requests),
          })),
          issues: issueFigures,
        };
      });
    },

    /** The most viewed posts, and the most viewed other pages (home, issues, courses, departments, pages). */
    pages(period: Period, limit = 10): Promise<{ posts: PageFigure[]; pages: PageFigure[] }> {
      return kept(keyOf("pages", period, limit), async () => {
        // Two top lists, each kept to its first few as it is sorted (a window over every page read
        // in a year sorted them all).
        const topOf = (types: SQL) => sql`(
          select item_type as kind, item_key as key, sum(count) as views
          from (${itemRows(period, sql`metric = 'views' and item_type in (${types})`)}) rows
          group by 1, 2 order by 3 desc, 2 limit ${limit})`;
        const rows = rowsOf<{ kind: PageKind; key: string; views: string }>(
          await db.execute(sql`
          select * from (${topOf(sql`'post'`)} union all ${topOf(sql`'home', 'issue', 'course', 'department', 'page'`)}) top
          order by views desc, key`),
        );
        const [postNames, issueNames] = await Promise.all([
          namesOf(
            "post",
            rows.filter((r) => r.kind === "post").map((r) => r.key),
          ),
          namesOf(
            "issue",
            rows.filter((r) => r.kind === "issue").map((r) => r.key),
          ),
        ]);
        const figure = (row: (typeof rows)[number]): PageFigure => {
          const named =
            row.kind === "post" ? postNames.get(row.key) : row.kind === "issue" ? issueNames.get(row.key) : undefined;
          const isPath = row.key.startsWith("/");
          return {
            kind: row.kind,
            key: row.key,
            title: named?.title ?? (row.kind === "home" ? "Home page" : isPath ? row.key : GONE),
            path: named?.path ?? (isPath ? row.key : row.kind === "home" ? "/" : ""),
            views: num(row.views),
          };
        };
        return {
          posts: rows.filter((r) => r.kind === "post").map(figure),
          pages: rows.filter((r) => r.kind !== "post").map(figure),
        };
      });
    },

    /** Page views by referring host ("" : none, typed or bookmarked), the most first. */
    referrers(period: Period, limit = 10): Promise<{ host: string; views: number }[]> {
      return kept(keyOf("referrers", period, limit), async () =>
        (await viewsBy([readershipReferrers, readershipReferrers.host], period, limit)).map(({ key, views }) => ({
          host: key,
          views,
        })),
      );
    },

    /** Page views by country, where a trusted proxy named it; empty when none did. */
    countries(period: Period, limit = 10): Promise<{ country: string; views: number }[]> {
      return kept(keyOf("countries", period, limit), async () =>
        (await viewsBy([readershipCountries, readershipCountries.country], period, limit)).map(({ key, views }) => ({
          country: key,
          views,
        })),
      );
    },

    /** Robots' and crawlers' requests in the period, counted apart. */
    robots(period: Period): Promise<number> {
      return kept(keyOf("robots", period), async () => {
        const [row] = await db
          .select({ total: sql<string>`coalesce(sum(${readershipRobots.count}), 0)` })
          .from(readershipRobots)
          .where(between(readershipRobots.day, period));
        return num(row?.total);
      });
    },

    /** Item-days flagged in the period (one reader read the item unusually often), the latest first. */
    spikes(period: Period, limit = 20): Promise<SpikeFigure[]> {
      return kept(keyOf("spikes", period, limit), async () => {
        const rows = await db
          .select()
          .from(readershipSpikes)
          .where(between(readershipSpikes.day, period))
          .orderBy(sql`${readershipSpikes.day} desc`, sql`${readershipSpikes.count} desc`)
          .limit(limit);
        const [articleNames, postNames, issueNames] = await Promise.all(
          (["article", "post", "issue"] as const).map((kind) =>
            namesOf(
              kind,
              rows.filter((r) => r.itemType === kind).map((r) => r.itemKey),
            ),
          ),
        );
        const names = { article: articleNames, post: postNames, issue: issueNames } as Record<
          string,
          Map<string, { title: string; path: string }>
        >;
        return rows.map((r) => {
          const named = names[r.itemType]?.get(r.itemKey);
          const isPath = r.itemKey.startsWith("/");
          return {
            day: r.day,
            kind: r.itemType,
            title: named?.title ?? (isPath ? r.itemKey : GONE),
            path: named?.path ?? (isPath ? r.itemKey : ""),
            count: r.count,
          };
        });
      });
    },

    /** An article's COUNTER totals since counting began: investigations (views and downloads), requests (downloads). */
    async articleTotals(articleId: string): Promise<{ investigations: number; requests: number }> {
      const [row] = rowsOf<{ investigations: string; requests: string }>(
        await db.execute(sql`
          select coalesce(sum(${readershipMonthly.count}) filter (where ${readershipMonthly.metric} = 'investigations'), 0) as investigations,
                 coalesce(sum(${readershipMonthly.count}) filter (where ${readershipMonthly.metric} = 'requests'), 0) as requests
          from ${readershipMonthly}
          where ${readershipMonthly.itemType} = 'article' and ${readershipMonthly.itemKey} = ${articleId}
            and ${readershipMonthly.metric} in ('investigations', 'requests')`),
      );
      return { investigations: num(row?.investigations), requests: num(row?.requests) };
    },

    /** A page's views since counting began (a post's by its id). */
    async pageViews(kind: PageKind, key: string): Promise<number> {
      const [row] = rowsOf<{ views: string }>(
        await db.execute(sql`
          select coalesce(sum(${readershipMonthly.count}), 0) as views from ${readershipMonthly}
          where ${readershipMonthly.itemType} = ${kind} and ${readershipMonthly.itemKey} = ${key} and ${readershipMonthly.metric} = 'views'`),
      );
      return num(row?.views);
    },
  };
}

export type ReadershipFigures = ReturnType<typeof readershipFigures>;

/** Only reads: counting is the readership pipeline's (decision 043), and a figure changes no content. */
export const readershipFiguresEffects = effectTable({
  read: ["overTime", "articles", "pages", "referrers", "countries", "robots", "spikes", "articleTotals", "pageViews"],
  write: [],
});
