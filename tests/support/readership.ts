import type { Database } from "~/db/client.server";
import { readershipDaily } from "~/db/schema";
import type { ReadershipItemType, ReadershipMetric } from "~/domain/vocabulary";

/**
 * Rows of readership_daily as the counting would have summed them (decision 043), for tests of
 * what reads the figures: the COUNTER API, the Analytics tab.
 */
export type DailyFigure = {
  /** "yyyy-mm-dd". */
  day: string;
  metric: ReadershipMetric;
  itemType: ReadershipItemType;
  itemKey?: string;
  count: number;
};

export async function addDailyFigures(db: Database, figures: DailyFigure[]) {
  if (!figures.length) return;
  await db
    .insert(readershipDaily)
    .values(figures.map((figure) => ({ ...figure, itemKey: figure.itemKey ?? "" })))
    .onConflictDoNothing();
}

/** An article's four COUNTER figures for one day: its page views and PDF downloads, each unique too. */
export function articleDay(
  articleId: string,
  day: string,
  figures: { investigations: number; uniqueInvestigations: number; requests: number; uniqueRequests: number },
): DailyFigure[] {
  return (
    [
      ["investigations", figures.investigations],
      ["unique_investigations", figures.uniqueInvestigations],
      ["requests", figures.requests],
      ["unique_requests", figures.uniqueRequests],
    ] as const
  )
    .filter(([, count]) => count > 0)
    .map(([metric, count]) => ({ day, metric, itemType: "article", itemKey: articleId, count }));
}

/** "yyyy-mm" of the month `count` months before the current one (UTC). */
export function monthsAgo(count: number, now = new Date()): string {
  const date = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - count, 1));
  return date.toISOString().slice(0, 7);
}
