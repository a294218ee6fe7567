import { expect, it } from "vitest";

import { periodSpans, weekSpans } from "./period";

it("splits a period into the whole months inside it and the loose days around them", () => {
  expect(periodSpans({ from: "2026-03-05", to: "2026-03-20" })).toEqual({
    months: null,
    days: [{ from: "2026-03-05", to: "2026-03-20" }],
  });
  expect(periodSpans({ from: "2026-02-20", to: "2026-04-03" })).toEqual({
    months: { from: "2026-03-01", to: "2026-03-01" },
    days: [
      { from: "2026-02-20", to: "2026-02-28" },
      { from: "2026-04-01", to: "2026-04-03" },
    ],
  });
  // Whole months on both ends, across a year; a leap February ending the period.
  expect(periodSpans({ from: "2025-12-01", to: "2026-01-31" })).toEqual({
    months: { from: "2025-12-01", to: "2026-01-01" },
    days: [],
  });
  expect(periodSpans({ from: "2028-01-15", to: "2028-02-29" })).toEqual({
    months: { from: "2028-02-01", to: "2028-02-01" },
    days: [{ from: "2028-01-15", to: "2028-01-31" }],
  });
  // Less than a month across a month's end.
  expect(periodSpans({ from: "2026-01-20", to: "2026-02-10" })).toEqual({
    months: null,
    days: [{ from: "2026-01-20", to: "2026-02-10" }],
  });
});

it("splits loose days into the whole weeks (Monday to Sunday) inside them and the days around them", () => {
  // 2026-03-02 is a Monday.
  expect(weekSpans({ from: "2026-03-04", to: "2026-03-08" })).toEqual({
    weeks: null,
    days: [{ from: "2026-03-04", to: "2026-03-08" }],
  });
  expect(weekSpans({ from: "2026-03-02", to: "2026-03-08" })).toEqual({
    weeks: { from: "2026-03-02", to: "2026-03-02" },
    days: [],
  });
  expect(weekSpans({ from: "2026-03-01", to: "2026-03-24" })).toEqual({
    weeks: { from: "2026-03-02", to: "2026-03-16" },
    days: [
      { from: "2026-03-01", to: "2026-03-01" },
      { from: "2026-03-23", to: "2026-03-24" },
    ],
  });
  // Across a month's and a year's end; a Sunday-to-Saturday span holds no whole week.
  expect(weekSpans({ from: "2025-12-29", to: "2026-01-11" })).toEqual({
    weeks: { from: "2025-12-29", to: "2026-01-05" },
    days: [],
  });
  expect(weekSpans({ from: "2026-03-01", to: "2026-03-07" })).toEqual({
    weeks: null,
    days: [{ from: "2026-03-01", to: "2026-03-07" }],
  });
});
