import { expect, it } from "vitest";

import { periodSpans } from "./period";

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
