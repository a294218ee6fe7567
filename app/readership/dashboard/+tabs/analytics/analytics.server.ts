import { byIntent, type TabLoadArgs } from "~/dashboard/actions.server";
import { timeChartLayout } from "~/readership/charts.server";
import { dayOf, periodOf } from "~/readership/period";
import { DOWNLOADS_SERIES, VIEWS_SERIES } from "~/readership/words";
import { services } from "~/runtime.server";

/**
 * Readership (issue 35): the period's figures over time, the most read articles, posts and pages,
 * the referring sites, the journal's issues side by side, robots apart and the flagged spikes. The
 * period comes from the address (a GET form), so the tab works before its scripts load.
 */
export async function load({ url }: TabLoadArgs) {
  const { readership } = await services();
  const { period, errors, values } = periodOf(url.searchParams, dayOf(new Date()));
  const [time, articles, pages, referrers, countries, robots, spikes] = await Promise.all([
    readership.overTime(period),
    readership.articles(period),
    readership.pages(period),
    readership.referrers(period),
    readership.countries(period),
    readership.robots(period),
    readership.spikes(period),
  ]);
  // The chart is laid out here: the browser gets its paths, not the chart library (decision 044).
  const chart = timeChartLayout(
    time.points.map((p) => p.bucket),
    [
      { name: VIEWS_SERIES, values: time.points.map((p) => p.views), area: true },
      { name: DOWNLOADS_SERIES, values: time.points.map((p) => p.requests) },
    ],
  );
  return { period, errors, values, time, chart, articles, pages, referrers, countries, robots, spikes };
}

// The figures are read here, never written: the counting fills them (decision 043).
export const actions = byIntent();
