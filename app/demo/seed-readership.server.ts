import type { Database } from "~/db/client.server";
import { readershipDaily, readershipReferrers, readershipRobots, readershipSpikes } from "~/db/schema";

/**
 * A year of readership for the demo centre (issue 35), so that the Analytics tab, the COUNTER API
 * and the articles' pages show something on a new site. Made up, but shaped like a journal's
 * traffic: fewer readers at weekends, an article read most in the weeks after it is published and
 * less ever after, a slow growth over the year, and a few referring sites. Deterministic: the same
 * `now` gives the same figures. Inserted in bulk, a few thousand rows a statement.
 */

const DAY = 24 * 60 * 60 * 1000;
const DAYS = 365;
const CHUNK = 2000;

export type ReadItem = { id: string; publishedAt: Date };

/** A number from 0 to 1 that depends only on its arguments (the demo's "noise"). */
function noise(a: number, b: number): number {
  const x = Math.sin(a * 12.9898 + b * 78.233) * 43758.5453;
  return x - Math.floor(x);
}

/** Weekends are quieter: Saturday and Sunday read about half as much. */
const weekday = (date: Date) => [0.5, 1, 1.05, 1, 0.95, 0.85, 0.55][date.getUTCDay()];

/** How much an item is read `age` days after it went public: a burst, then a steady tail. */
const interest = (age: number) => (age < 0 ? 0 : 0.35 + 2.6 * Math.exp(-age / 21));

const REFERRERS: [string, number][] = [
  ["", 0.42],
  ["scholar.google.com", 0.18],
  ["www.google.com", 0.16],
  ["duckduckgo.com", 0.05],
  ["doaj.org", 0.05],
  ["www.linkedin.com", 0.04],
  ["t.co", 0.03],
  ["www.bing.com", 0.03],
];

/** The other pages a visitor reads, by path, with their daily readers on a weekday. */
const PAGES: { kind: "home" | "page"; path: string; daily: number }[] = [
  { kind: "home", path: "/", daily: 70 },
  { kind: "page", path: "/journals", daily: 28 },
  { kind: "page", path: "/posts", daily: 16 },
  { kind: "page", path: "/about", daily: 12 },
  { kind: "page", path: "/programmes", daily: 14 },
  { kind: "page", path: "/admision", daily: 6 },
];

type DailyRow = typeof readershipDaily.$inferInsert;

export async function seedDemoReadership(
  db: Database,
  { now, articles, posts, issues }: { now: Date; articles: ReadItem[]; posts: ReadItem[]; issues: ReadItem[] },
) {
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  const daily: DailyRow[] = [];
  const referrers: (typeof readershipReferrers.$inferInsert)[] = [];
  const robots: (typeof readershipRobots.$inferInsert)[] = [];
  const add = (day: string, metric: DailyRow["metric"], itemType: string, itemKey: string, count: number) => {
    if (count > 0) daily.push({ day, metric, itemType, itemKey, count });
  };
  /** Views and their uniques (a few readers come back within the hour). */
  const addViews = (day: string, itemType: string, itemKey: string, views: number) => {
    add(day, "views", itemType, itemKey, views);
    add(day, "unique_views", itemType, itemKey, Math.max(views > 0 ? 1 : 0, Math.round(views * 0.86)));
  };

  for (let back = DAYS - 1; back >= 0; back--) {
    const date = new Date(today - back * DAY);
    const day = date.toISOString().slice(0, 10);
    const t = DAYS - back;
    // The site grows by about half over the year.
    const scale = weekday(date) * (1 + (0.5 * t) / DAYS);
    let views = 0;

    for (const [index, article] of articles.entries()) {
      const age = Math.floor((date.getTime() - article.publishedAt.getTime()) / DAY);
      const base = 6 + 10 * noise(index, 1);
      const pageViews = Math.round(base * interest(age) * scale * (0.7 + 0.6 * noise(index, t)));
      const downloads = Math.round(pageViews * (0.3 + 0.15 * noise(t, index)));
      addViews(day, "article", article.id, pageViews);
      add(day, "investigations", "article", article.id, pageViews + downloads);
      add(day, "unique_investigations", "article", article.id, Math.round((pageViews + downloads) * 0.82));
      add(day, "requests", "article", article.id, downloads);
      add(day, "unique_requests", "article", article.id, Math.round(downloads * 0.9));
      views += pageViews;
    }
    for (const [index, post] of posts.entries()) {
      const age = Math.floor((date.getTime() - post.publishedAt.getTime()) / DAY);
      const postViews = Math.round(
        (3 + 6 * noise(index, 2)) * interest(age) * scale * (0.6 + 0.8 * noise(t, index + 50)),
      );
      addViews(day, "post", post.id, postViews);
      views += postViews;
    }
    for (const [index, issue] of issues.entries()) {
      const age = Math.floor((date.getTime() - issue.publishedAt.getTime()) / DAY);
      const issueViews = Math.round(5 * interest(age) * scale * (0.6 + 0.8 * noise(t, index + 90)));
      addViews(day, "issue", issue.id, issueViews);
      views += issueViews;
    }
    for (const [index, page] of PAGES.entries()) {
      const pageViews = Math.round(page.daily * scale * (0.75 + 0.5 * noise(t, index + 120)));
      addViews(day, page.kind, page.path, pageViews);
      views += pageViews;
    }
    add(day, "searches", "search", "", Math.round(9 * scale * (0.6 + 0.8 * noise(t, 150))));
    add(day, "feed_fetches", "feed", "/rss.xml", Math.round(24 * (0.8 + 0.4 * noise(t, 160))));
    add(day, "feed_fetches", "feed", "/journals/rss.xml", Math.round(14 * (0.8 + 0.4 * noise(t, 170))));

    let left = views;
    for (const [index, [host, share]] of REFERRERS.entries()) {
      // The last site takes what the others left, so the referrers sum to the views.
      const count =
        index === REFERRERS.length - 1 ? left : Math.round(views * share * (0.85 + 0.3 * noise(t, index + 200)));
      const kept = Math.max(0, Math.min(left, count));
      left -= kept;
      if (kept > 0) referrers.push({ day, host, views: kept });
    }
    robots.push({ day, kind: "view", count: Math.round(180 * (0.7 + 0.6 * noise(t, 300))) });
    robots.push({ day, kind: "download", count: Math.round(25 * (0.7 + 0.6 * noise(t, 310))) });
  }

  // A few days a reader (or a script) read one article unusually often: flagged for a person.
  const spikes = articles.slice(0, 2).map((article, index) => ({
    day: new Date(today - (12 + index * 150) * DAY).toISOString().slice(0, 10),
    itemType: "article",
    itemKey: article.id,
    count: 64 + index * 37,
  }));

  for (let at = 0; at < daily.length; at += CHUNK) await db.insert(readershipDaily).values(daily.slice(at, at + CHUNK));
  for (let at = 0; at < referrers.length; at += CHUNK)
    await db.insert(readershipReferrers).values(referrers.slice(at, at + CHUNK));
  await db.insert(readershipRobots).values(robots);
  if (spikes.length) await db.insert(readershipSpikes).values(spikes);
  return { daily: daily.length, referrers: referrers.length };
}
