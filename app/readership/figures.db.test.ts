import { type SQL, sql } from "drizzle-orm";
import { beforeAll, expect, it } from "vitest";

import { rowsOf } from "~/db/client.server";
import {
  articles,
  readershipCountries,
  readershipDaily,
  readershipReferrers,
  readershipRobots,
  readershipSpikes,
} from "~/db/schema";
import { loader as postEditor } from "~/routes/post-editor";

import { setUpDashboardWorld } from "../../tests/support/dashboard-world";
import { issueInput } from "../../tests/support/journal-issues";
import { postInput } from "../../tests/support/post-input";
import { readershipFigures } from "./figures.server";
import { presetPeriod } from "./period";

const world = setUpDashboardWorld();

const TODAY = "2026-11-27";
const ids = { first: "", second: "", loose: "", post: "", issue: "", other: "" };

/** A figure of the daily table. */
const figure = (day: string, metric: string, itemType: string, itemKey: string, count: number) => ({
  day,
  metric,
  itemType,
  itemKey,
  count,
});

beforeAll(async () => {
  const { db } = world.database;
  const issue = await world.services.journal.createIssue(
    issueInput({ volume: 3, number: 2, title: "Borders", status: "published", publishedOn: "2026-06-01" }),
  );
  const other = await world.services.journal.createIssue(
    issueInput({ volume: 3, number: 3, status: "published", publishedOn: "2026-09-01" }),
  );
  ids.issue = issue.id;
  ids.other = other.id;
  const stored = await db
    .insert(articles)
    .values([
      {
        slug: "counted-first",
        title: "Ceasefires that hold",
        pdf: "/uploads/a.pdf",
        issueId: issue.id,
        status: "published",
      },
      {
        slug: "counted-second",
        title: "Mediators at work",
        pdf: "/uploads/b.pdf",
        issueId: issue.id,
        status: "published",
      },
      { slug: "counted-loose", title: "An article in no issue", pdf: "/uploads/c.pdf", status: "published" },
    ])
    .returning({ id: articles.id, slug: articles.slug });
  ids.first = stored.find((a) => a.slug === "counted-first")!.id;
  ids.second = stored.find((a) => a.slug === "counted-second")!.id;
  ids.loose = stored.find((a) => a.slug === "counted-loose")!.id;
  ids.post = (await world.services.posts.create(postInput("Open day in spring"))).id;

  await db.insert(readershipDaily).values([
    // The first article: read on three days in the last week, and once long ago.
    figure("2026-11-25", "views", "article", ids.first, 10),
    figure("2026-11-25", "investigations", "article", ids.first, 14),
    figure("2026-11-25", "requests", "article", ids.first, 4),
    figure("2026-11-26", "investigations", "article", ids.first, 6),
    figure("2026-11-26", "requests", "article", ids.first, 1),
    figure("2026-11-27", "investigations", "article", ids.first, 2),
    figure("2025-01-10", "investigations", "article", ids.first, 100),
    figure("2025-01-10", "requests", "article", ids.first, 50),
    // The second: fewer reads, in the same issue.
    figure("2026-11-26", "investigations", "article", ids.second, 5),
    figure("2026-11-26", "requests", "article", ids.second, 2),
    figure("2026-11-26", "investigations", "article", ids.loose, 3),
    // An article deleted since: still counted, named as gone.
    figure("2026-11-26", "investigations", "article", "00000000-0000-4000-8000-000000000035", 1),
    // Pages.
    figure("2026-11-24", "views", "home", "/", 40),
    figure("2026-11-24", "unique_views", "home", "/", 30),
    figure("2026-11-26", "views", "post", ids.post, 12),
    figure("2026-11-26", "views", "issue", issue.id, 7),
    figure("2026-11-26", "views", "department", "/programmes/law", 3),
    figure("2026-11-26", "searches", "search", "", 9),
    figure("2026-11-26", "feed_fetches", "feed", "/rss.xml", 11),
    // Outside the last 7 days.
    figure("2026-10-01", "views", "home", "/", 1000),
  ]);
  await db.insert(readershipReferrers).values([
    { day: "2026-11-25", host: "", views: 20 },
    { day: "2026-11-26", host: "scholar.google.com", views: 15 },
    { day: "2026-11-26", host: "duckduckgo.com", views: 5 },
    { day: "2026-10-01", host: "old.example.org", views: 500 },
  ]);
  await db.insert(readershipRobots).values([
    { day: "2026-11-26", kind: "view", count: 70 },
    { day: "2026-11-26", kind: "download", count: 8 },
  ]);
  await db.insert(readershipSpikes).values([{ day: "2026-11-26", itemType: "article", itemKey: ids.first, count: 80 }]);
});

const week = () => presetPeriod("7d", TODAY);

/**
 * The rows of derived sums (each a table keyed by a period's first day and `key`) that differ from
 * `expected` (day, key, investigations, requests) summed by that period, either way.
 */
async function sumsDiffering(expected: SQL, key: string, sums: [table: string, period: "day" | "week" | "month"][]) {
  const checks = sums.map(([table, period]) => {
    const summed = sql.raw(
      `select ${period === "day" ? "day" : `date_trunc('${period}', day)::date`}, key, sum(investigations), sum(requests) from expected group by 1, 2`,
    );
    const stored = sql.raw(`select ${period}, ${key}, investigations, requests from ${table}`);
    return sql`(select ${table} as missing_from, * from (${summed} except ${stored}) m)
      union all (select ${table} || ' has more', * from (${stored} except ${summed}) e)`;
  });
  return rowsOf(
    await world.database.db.execute(sql`with expected as (${expected}) ${sql.join(checks, sql` union all `)}`),
  );
}

it("sums the period's figures by day, every day present, with their totals", async () => {
  const { points, totals } = await world.services.readership.overTime(week());
  expect(points.map((p) => p.bucket)).toEqual([
    "2026-11-21",
    "2026-11-22",
    "2026-11-23",
    "2026-11-24",
    "2026-11-25",
    "2026-11-26",
    "2026-11-27",
  ]);
  expect(points.find((p) => p.bucket === "2026-11-24")).toMatchObject({ views: 40, uniqueViews: 30 });
  expect(points.find((p) => p.bucket === "2026-11-26")).toMatchObject({ investigations: 15, requests: 3, views: 22 });
  expect(totals).toEqual({
    views: 72,
    uniqueViews: 30,
    investigations: 31,
    requests: 7,
    searches: 9,
    feedFetches: 11,
  });
});

it("sums twelve months by month", async () => {
  const { points, totals } = await world.services.readership.overTime(presetPeriod("12m", TODAY));
  expect(points).toHaveLength(12);
  expect(points[0].bucket).toBe("2025-12-01");
  expect(points.find((p) => p.bucket === "2026-10-01")?.views).toBe(1000);
  expect(points.find((p) => p.bucket === "2026-11-01")?.investigations).toBe(31);
  expect(totals.views).toBe(1072);
});

it("ranks the articles with their titles and sums each issue's articles, side by side", async () => {
  const { top, issues } = await world.services.readership.articles(week());
  expect(top.map((a) => [a.title, a.investigations, a.requests])).toEqual([
    ["Ceasefires that hold", 22, 5],
    ["Mediators at work", 5, 2],
    ["An article in no issue", 3, 0],
    ["(no longer on the site)", 1, 0],
  ]);
  expect(top[0].path).toBe("/journal/counted-first");
  expect(top[3].path).toBe("");
  expect(issues).toEqual([
    { id: ids.issue, label: "Vol. 3 No. 2 (2026): Borders", investigations: 27, requests: 7 },
    { id: ids.other, label: "Vol. 3 No. 3 (2026)", investigations: 0, requests: 0 },
    { id: null, label: "In no issue", investigations: 3, requests: 0 },
  ]);
});

it("ranks posts apart from the other pages, by their titles and paths", async () => {
  const { posts, pages } = await world.services.readership.pages(week());
  expect(posts).toEqual([
    { kind: "post", key: ids.post, title: "Open day in spring", path: expect.stringMatching(/^\/post\//), views: 12 },
  ]);
  expect(pages.map((p) => [p.kind, p.title, p.path, p.views])).toEqual([
    ["home", "Home page", "/", 40],
    ["issue", "Vol. 3 No. 2 (2026): Borders", "/journals/issue/3/2", 7],
    ["department", "/programmes/law", "/programmes/law", 3],
  ]);
});

it("gives referrers, robots apart, flagged days, and no country when no proxy named one", async () => {
  const { readership } = world.services;
  expect(await readership.referrers(week())).toEqual([
    { host: "", views: 20 },
    { host: "scholar.google.com", views: 15 },
    { host: "duckduckgo.com", views: 5 },
  ]);
  expect(await readership.robots(week())).toBe(78);
  expect(await readership.countries(week())).toEqual([]);
  await world.database.db.insert(readershipCountries).values({ day: "2026-11-26", country: "KE", views: 4 });
  // Another period: the week's answer is kept a minute (the figures are summed once a minute).
  expect(await readership.countries(presetPeriod("30d", TODAY))).toEqual([{ country: "KE", views: 4 }]);
  expect(await readership.spikes(week())).toEqual([
    { day: "2026-11-26", kind: "article", title: "Ceasefires that hold", path: "/journal/counted-first", count: 80 },
  ]);
});

it("keeps a period's answer a minute, then gives it once more while it asks the database again", async () => {
  let clock = 0;
  const figures = readershipFigures(world.database.db, { now: () => clock });
  const day = presetPeriod("7d", "2026-01-07");
  expect(await figures.robots(day)).toBe(0);
  await world.database.db.insert(readershipRobots).values({ day: "2026-01-05", kind: "view", count: 3 });
  clock = 59_000;
  expect(await figures.robots(day)).toBe(0);
  clock = 61_000;
  // The kept answer at once; the new one for the next visit.
  expect(await figures.robots(day)).toBe(0);
  await expect.poll(() => figures.robots(day)).toBe(3);
  // Long unasked: worked out before answering.
  await world.database.db.insert(readershipRobots).values({ day: "2026-01-06", kind: "view", count: 4 });
  clock = 61_000 + 600_000;
  expect(await figures.robots(day)).toBe(7);
});

it("totals an article since counting began, and a post's views, for their pages", async () => {
  const { readership } = world.services;
  expect(await readership.articleTotals(ids.first)).toEqual({ investigations: 122, requests: 55 });
  expect(await readership.articleTotals(ids.loose)).toEqual({ investigations: 3, requests: 0 });
  expect(await readership.pageViews("post", ids.post)).toBe(12);
  expect(await readership.pageViews("post", "not-a-post")).toBe(0);
});

it("shows a published post's views on its editor", async () => {
  const request = new Request(`http://localhost/update-post/${ids.post}`, { headers: { cookie: world.admin.cookie } });
  const loaded = await postEditor({ request, params: { postId: ids.post }, context: {} } as never);
  expect(loaded.post).toMatchObject({ published: true, views: 12 });
});

it("reads a long period from the monthly sums and its loose days, as the daily figures add up", async () => {
  const { db } = world.database;
  const { readership } = world.services;
  // Another article read on days across three months of 2024, besides the figures above.
  const [extra] = await db
    .insert(articles)
    .values({ slug: "counted-across-months", title: "Read across months", pdf: "/uploads/d.pdf", status: "published" })
    .returning({ id: articles.id });
  const days = ["2024-02-27", "2024-03-01", "2024-03-15", "2024-03-31", "2024-04-01", "2024-04-02"];
  await db
    .insert(readershipDaily)
    .values(days.map((day, n) => figure(day, "investigations", "article", extra.id, n + 1)));
  const range = (from: string, to: string) => ({ choice: "custom" as const, from, to, unit: "month" as const });
  const read = async (from: string, to: string) =>
    (await readership.articles(range(from, to), 50)).top.find((a) => a.id === extra.id)?.investigations ?? 0;
  // Loose days, a whole month with loose days on both sides, and a range of whole months.
  expect(await read("2024-02-28", "2024-03-15")).toBe(2 + 3);
  expect(await read("2024-02-27", "2024-04-01")).toBe(1 + 2 + 3 + 4 + 5);
  expect(await read("2024-03-01", "2024-04-30")).toBe(2 + 3 + 4 + 5 + 6);
  // Loose days with whole weeks among them (4 March 2024 is a Monday): read by week, and day by day around them.
  expect(await read("2024-03-04", "2024-04-02")).toBe(3 + 4 + 5 + 6);
  expect(await read("2024-03-12", "2024-03-31")).toBe(3 + 4);
  expect(await read("2024-03-16", "2024-03-30")).toBe(0);
  expect((await readership.overTime(range("2024-03-01", "2024-03-31"))).totals.investigations).toBe(2 + 3 + 4);

  // The summing adds to a day already counted; retention removes days: the sums follow.
  await db.execute(
    sql`update readership_daily set count = count + 10 where item_key = ${extra.id} and day = '2024-03-15'`,
  );
  await db.execute(sql`delete from readership_daily where item_key = ${extra.id} and day < '2024-03-15'`);
  const fresh = readershipFigures(db, { keepMs: 0 });
  const month = range("2024-03-01", "2024-03-31");
  expect((await fresh.articles(month, 50)).top.find((a) => a.id === extra.id)?.investigations).toBe(13 + 4);
  expect((await fresh.overTime(month)).totals.investigations).toBe(13 + 4);
  // No month is left with a sum of nothing.
  const february = await db.execute(sql`select * from readership_monthly where month = '2024-02-01'`);
  expect(rowsOf(february)).toEqual([]);
  expect(rowsOf(await db.execute(sql`select * from readership_article_monthly where month = '2024-02-01'`))).toEqual(
    [],
  );

  // An article deleted before its reads were summed is kept under its slug: the summing still
  // writes, and the articles' own sums (by uuid) leave it out.
  await db.insert(readershipDaily).values(figure("2024-03-20", "investigations", "article", "a-deleted-article", 2));
  // Whatever was written, the articles' sums by day and by month are readership_daily's, summed.
  const expected = sql`
    select day, item_key::uuid as key,
      coalesce(sum(count) filter (where metric = 'investigations'), 0) as investigations,
      coalesce(sum(count) filter (where metric = 'requests'), 0) as requests
    from readership_daily
    where item_type = 'article' and metric in ('investigations', 'requests') and item_key <> 'a-deleted-article'
    group by day, item_key`;
  const mismatches = await sumsDiffering(expected, "article", [
    ["readership_article_daily", "day"],
    ["readership_article_weekly", "week"],
    ["readership_article_monthly", "month"],
  ]);
  expect(mismatches).toEqual([]);
});

it("moves an article's figures with it when it changes issue, and takes them out when it is deleted", async () => {
  const { db } = world.database;
  const fresh = readershipFigures(db, { keepMs: 0 });
  const from = await world.services.journal.createIssue(
    issueInput({ volume: 4, number: 1, title: "From", status: "published", publishedOn: "2023-03-01" }),
  );
  const to = await world.services.journal.createIssue(
    issueInput({ volume: 4, number: 2, title: "To", status: "published", publishedOn: "2023-06-01" }),
  );
  const [moving] = await db
    .insert(articles)
    .values({
      slug: "counted-moving",
      title: "A moving article",
      pdf: "/uploads/m.pdf",
      issueId: from.id,
      status: "published",
    })
    .returning({ id: articles.id });
  await db
    .insert(readershipDaily)
    .values([
      figure("2023-04-28", "investigations", "article", moving.id, 4),
      figure("2023-05-02", "investigations", "article", moving.id, 6),
      figure("2023-05-02", "requests", "article", moving.id, 2),
    ]);
  const spring = { choice: "custom" as const, from: "2023-04-01", to: "2023-05-31", unit: "month" as const };
  const issueFigures = async () =>
    Object.fromEntries(
      (await fresh.articles(spring)).issues.map((issue) => [issue.label, [issue.investigations, issue.requests]]),
    );
  expect(await issueFigures()).toMatchObject({
    "Vol. 4 No. 1 (2026): From": [10, 2],
    "Vol. 4 No. 2 (2026): To": [0, 0],
  });
  // Only the loose days: 2 May is in a loose span of its own here.
  const days = { ...spring, from: "2023-04-29", to: "2023-05-02" };
  expect((await fresh.articles(days)).issues.find((issue) => issue.id === from.id)).toMatchObject({
    investigations: 6,
    requests: 2,
  });

  await db
    .update(articles)
    .set({ issueId: to.id })
    .where(sql`${articles.id} = ${moving.id}`);
  expect(await issueFigures()).toMatchObject({
    "Vol. 4 No. 1 (2026): From": [0, 0],
    "Vol. 4 No. 2 (2026): To": [10, 2],
  });
  await db
    .update(articles)
    .set({ issueId: null })
    .where(sql`${articles.id} = ${moving.id}`);
  expect(await issueFigures()).toEqual({
    "Vol. 3 No. 2 (2026): Borders": [0, 0],
    "Vol. 3 No. 3 (2026)": [0, 0],
    "Vol. 4 No. 1 (2026): From": [0, 0],
    "Vol. 4 No. 2 (2026): To": [0, 0],
    "In no issue": [10, 2],
  });
  await db
    .update(articles)
    .set({ issueId: from.id })
    .where(sql`${articles.id} = ${moving.id}`);
  // A read summed after the move counts to the issue the article is in now.
  await db.insert(readershipDaily).values(figure("2023-05-03", "investigations", "article", moving.id, 1));
  expect(await issueFigures()).toMatchObject({ "Vol. 4 No. 1 (2026): From": [11, 2] });

  await db.delete(articles).where(sql`${articles.id} = ${moving.id}`);
  expect(await issueFigures()).toMatchObject({ "Vol. 4 No. 1 (2026): From": [0, 0] });
  expect(Object.keys(await issueFigures())).not.toContain("In no issue");
  // Still among the articles read, as one no longer on the site.
  expect((await fresh.articles(spring)).top.find((article) => article.id === moving.id)?.title).toBe(
    "(no longer on the site)",
  );
  // No issue is left with rows of nothing.
  expect(
    rowsOf(
      await db.execute(
        sql`select * from readership_issue_daily where issue = ${from.id} and investigations = 0 and requests = 0`,
      ),
    ),
  ).toEqual([]);

  // Whatever was written, the issues' sums are their articles' sums, by day and by month.
  const expected = sql`
    select d.day, coalesce(a.issue_id, '00000000-0000-0000-0000-000000000000'::uuid) as key,
      sum(d.investigations) as investigations, sum(d.requests) as requests
    from readership_article_daily d join articles a on a.id = d.article
    group by 1, 2`;
  const mismatches = await sumsDiffering(expected, "issue", [
    ["readership_issue_daily", "day"],
    ["readership_issue_monthly", "month"],
  ]);
  expect(mismatches).toEqual([]);
});
