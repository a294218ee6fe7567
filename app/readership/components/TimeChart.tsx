import { scaleLinear } from "@visx/scale";
import { AreaClosed, LinePath } from "@visx/shape";

import { bucketLabel } from "../period";

export type TimeSeries = {
  name: string;
  values: number[];
  /** Tailwind classes for its line (stroke) and its key's swatch (bg), in both themes. */
  line: string;
  swatch: string;
  /** A line drawn dashed, so the series differ by more than their colour. */
  dashed?: boolean;
  /** Shade the area under the line. */
  area?: string;
};

/** The plot's own units: the drawing is stretched to its box, the lines keep their width. */
const WIDTH = 1000;
const HEIGHT = 400;
const X_LABELS = 6;

/**
 * Figures over time as lines, drawn on the server as SVG (decision 044): the drawing is stretched
 * to its box, so it fits a phone and a wide screen alike, and the axes' words are HTML placed over
 * it, so they keep the page's type size. The numbers are in the table beside it; the drawing is
 * hidden from screen readers.
 */
export function TimeChart({
  buckets,
  unit,
  series,
  label,
}: {
  buckets: string[];
  unit: "day" | "month";
  series: TimeSeries[];
  label: string;
}) {
  const highest = Math.max(1, ...series.flatMap((s) => s.values));
  const y = scaleLinear<number>({ domain: [0, highest], range: [HEIGHT, 0], nice: 4 });
  const ticks = y.ticks(4);
  const top = y.domain()[1];
  const x = (index: number) => (buckets.length > 1 ? (index / (buckets.length - 1)) * WIDTH : WIDTH / 2);
  const step = Math.max(1, Math.ceil(buckets.length / X_LABELS));
  const labelled = buckets.map((bucket, index) => ({ bucket, index })).filter(({ index }) => index % step === 0);
  return (
    <figure className="space-y-3">
      <figcaption className="flex flex-wrap gap-x-5 gap-y-1 text-sm text-slate-700 dark:text-slate-200">
        <span className="sr-only">{label}: </span>
        {series.map((s) => (
          <span key={s.name} className="inline-flex items-center gap-2">
            <span
              aria-hidden="true"
              className={`inline-block h-1 w-6 rounded ${s.swatch} ${s.dashed ? "opacity-70" : ""}`}
            />
            {s.name}
          </span>
        ))}
      </figcaption>
      <div className="relative h-56 pb-6 pl-12 sm:h-64" aria-hidden="true">
        <div className="relative h-full w-full">
          {ticks.map((tick) => (
            <span
              key={tick}
              className="absolute -left-12 w-10 -translate-y-1/2 text-right text-xs text-slate-600 tabular-nums dark:text-slate-300"
              style={{ top: `${(1 - tick / top) * 100}%` }}
            >
              {tick.toLocaleString("en")}
            </span>
          ))}
          <svg
            viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
            preserveAspectRatio="none"
            className="h-full w-full overflow-visible"
            focusable="false"
          >
            {ticks.map((tick) => (
              <line
                key={tick}
                x1={0}
                x2={WIDTH}
                y1={y(tick)}
                y2={y(tick)}
                className="stroke-slate-200 dark:stroke-slate-700"
                vectorEffect="non-scaling-stroke"
              />
            ))}
            {series.map((s) =>
              s.area ? (
                <AreaClosed
                  key={`${s.name}-area`}
                  data={s.values}
                  x={(_, index) => x(index)}
                  y={(value) => y(value)}
                  yScale={y}
                  className={s.area}
                  stroke="none"
                />
              ) : null,
            )}
            {series.map((s) => (
              <LinePath
                key={s.name}
                data={s.values}
                x={(_, index) => x(index)}
                y={(value) => y(value)}
                className={s.line}
                fill="none"
                strokeWidth={2.5}
                strokeDasharray={s.dashed ? "6 4" : undefined}
                strokeLinejoin="round"
                vectorEffect="non-scaling-stroke"
              />
            ))}
          </svg>
          {labelled.map(({ bucket, index }) => (
            <span
              key={bucket}
              className="absolute top-full mt-1 -translate-x-1/2 text-xs whitespace-nowrap text-slate-600 dark:text-slate-300"
              style={{ left: `${(x(index) / WIDTH) * 100}%` }}
            >
              {bucketLabel(bucket, unit)}
            </span>
          ))}
        </div>
      </div>
    </figure>
  );
}
