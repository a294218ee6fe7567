import { describe, expect, it } from "vitest";

import { timeChartLayout } from "./charts.server";
import { bucketsOf, presetPeriod } from "./period";

describe("the chart over time, laid out on the server", () => {
  const buckets = bucketsOf(presetPeriod("30d", "2026-11-27"));

  it("gives round ticks from zero past the highest value, and a path per series", () => {
    const views = buckets.map((_, i) => 100 + i * 3);
    const layout = timeChartLayout(buckets, [
      { name: "Page views", values: views, area: true },
      { name: "Downloads", values: views.map((v) => Math.round(v / 3)) },
    ]);
    expect(layout.ticks.map((t) => t.value)).toEqual([0, 50, 100, 150, 200]);
    expect(layout.ticks[0].top).toBe(100);
    expect(layout.ticks.at(-1)!.top).toBe(0);
    const [line, downloads] = layout.paths;
    // From the first day at the left to the last at the right; the area closes on the axis.
    expect(line.line).toMatch(/^M0,200(\.0)?L/);
    expect(line.line).toMatch(/L1000,[\d.]+$/);
    expect(line.area).toMatch(/Z$/);
    expect(downloads.area).toBeNull();
    expect(layout.labels.length).toBeLessThanOrEqual(6);
    expect(layout.labels[0]).toEqual({ bucket: "2026-10-29", left: 0 });
  });

  it("draws a period with nothing read as a flat line at zero", () => {
    const layout = timeChartLayout(buckets, [{ name: "Page views", values: buckets.map(() => 0) }]);
    expect(layout.ticks.map((t) => t.value)).toEqual([0, 1, 2, 3, 4]);
    expect(layout.paths[0].line).toMatch(/^M0,400L/);
  });
});
