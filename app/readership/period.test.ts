import { describe, expect, it } from "vitest";

import { periodSpans, weekSpans } from "./period";

/** A span written as an ISO 8601 interval of days, "from/to". */
const span = (interval: string) => {
  const [from, to] = interval.split("/");
  return { from, to };
};

describe("a period split into the whole months inside it and the loose days around them", () => {
  it.each([
    ["2026-03-05/2026-03-20", null, ["2026-03-05/2026-03-20"]],
    ["2026-02-20/2026-04-03", "2026-03-01/2026-03-01", ["2026-02-20/2026-02-28", "2026-04-01/2026-04-03"]],
    // Whole months on both ends, across a year; a leap February ending the period.
    ["2025-12-01/2026-01-31", "2025-12-01/2026-01-01", []],
    ["2028-01-15/2028-02-29", "2028-02-01/2028-02-01", ["2028-01-15/2028-01-31"]],
    // Less than a month across a month's end.
    ["2026-01-20/2026-02-10", null, ["2026-01-20/2026-02-10"]],
  ])("%s: months %s, days %j", (period, months, days) => {
    expect(periodSpans(span(period))).toEqual({ months: months && span(months), days: days.map(span) });
  });
});

describe("loose days split into the whole weeks (Monday to Sunday) inside them and the days around them", () => {
  // 2026-03-02 is a Monday.
  it.each([
    ["2026-03-04/2026-03-08", null, ["2026-03-04/2026-03-08"]],
    ["2026-03-02/2026-03-08", "2026-03-02/2026-03-02", []],
    ["2026-03-01/2026-03-24", "2026-03-02/2026-03-16", ["2026-03-01/2026-03-01", "2026-03-23/2026-03-24"]],
    // Across a month's and a year's end; a Sunday-to-Saturday span holds no whole week.
    ["2025-12-29/2026-01-11", "2025-12-29/2026-01-05", []],
    ["2026-03-01/2026-03-07", null, ["2026-03-01/2026-03-07"]],
  ])("%s: weeks %s, days %j", (days, weeks, loose) => {
    expect(weekSpans(span(days))).toEqual({ weeks: weeks && span(weeks), days: loose.map(span) });
  });
});
