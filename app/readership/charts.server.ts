import { scaleLinear } from "@visx/scale";
import { area, line } from "@visx/shape";

/**
 * The charts' drawing, laid out on the server with visx (decision 044): scales with round ticks and
 * the lines' SVG paths. The tab's screen gets the paths as data and draws them as they are, so the
 * charts show before any script runs and the browser downloads none of the library.
 */

/** The plot's own units: the drawing is stretched to its box, the lines keep their width. */
export const PLOT_WIDTH = 1000;
export const PLOT_HEIGHT = 400;
/** At most this many labels under the chart (every nth bucket). */
const X_LABELS = 6;

export type TimeChartLayout = {
  /** The value axis: each tick's value and its height from the top, in per cent. */
  ticks: { value: number; top: number }[];
  /** Each series' line, and the area under it where asked, as SVG path data in plot units. */
  paths: { name: string; line: string; area: string | null }[];
  /** The buckets labelled under the chart, and where, in per cent from the left. */
  labels: { bucket: string; left: number }[];
};

export function timeChartLayout(
  buckets: string[],
  series: { name: string; values: number[]; area?: boolean }[],
): TimeChartLayout {
  // Counts are whole: at least 4 at the top keeps the ticks whole too.
  const highest = Math.max(4, ...series.flatMap((s) => s.values));
  const y = scaleLinear<number>({ domain: [0, highest], range: [PLOT_HEIGHT, 0], nice: 4 });
  const top = y.domain()[1];
  const x = (index: number) => (buckets.length > 1 ? (index / (buckets.length - 1)) * PLOT_WIDTH : PLOT_WIDTH / 2);
  const step = Math.max(1, Math.ceil(buckets.length / X_LABELS));
  const round = (n: number) => Math.round(n * 10) / 10;
  const draw = line<number>({ x: (_, index) => round(x(index)), y: (value) => round(y(value)) });
  const shade = area<number>({ x: (_, index) => round(x(index)), y0: PLOT_HEIGHT, y1: (value) => round(y(value)) });
  return {
    ticks: y.ticks(4).map((value) => ({ value, top: (1 - value / top) * 100 })),
    paths: series.map((s) => ({
      name: s.name,
      line: draw(s.values) ?? "",
      area: s.area ? (shade(s.values) ?? "") : null,
    })),
    labels: buckets
      .map((bucket, index) => ({ bucket, left: (x(index) / PLOT_WIDTH) * 100, index }))
      .filter(({ index }) => index % step === 0)
      .map(({ bucket, left }) => ({ bucket, left })),
  };
}
