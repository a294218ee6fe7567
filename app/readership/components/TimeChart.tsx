import { bucketLabel } from "../period";

/** How a series looks, in both themes (Tailwind classes of the site's colours). */
export type SeriesStyle = {
  name: string;
  /** Its line (stroke) and its key's swatch (bg). */
  line: string;
  swatch: string;
  /** A dashed line, so that the series differ by more than their colour. */
  dashed?: boolean;
  /** The shade under the line (fill), where the layout has one. */
  area?: string;
};

/** The layout the server made (charts.server.ts); repeated here as a type, the screen imports no server module. */
type Layout = {
  ticks: { value: number; top: number }[];
  paths: { name: string; line: string; area: string | null }[];
  labels: { bucket: string; left: number }[];
};

/**
 * Figures over time as lines, laid out on the server (decision 044): the drawing is stretched to
 * its box, so it fits a phone and a wide screen alike, and the axes' words are HTML placed over it,
 * so they keep the page's type size. The numbers are in the table beside it; the drawing is hidden
 * from screen readers.
 */
export function TimeChart({
  layout,
  unit,
  styles,
  label,
}: {
  layout: Layout;
  unit: "day" | "month";
  styles: SeriesStyle[];
  label: string;
}) {
  const styleOf = new Map(styles.map((style) => [style.name, style]));
  return (
    <figure className="space-y-3">
      <figcaption className="flex flex-wrap gap-x-5 gap-y-1 text-sm text-slate-700 dark:text-slate-200">
        <span className="sr-only">{label}: </span>
        {styles.map((s) => (
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
          {layout.ticks.map((tick) => (
            <span
              key={tick.value}
              className="absolute -left-12 w-10 -translate-y-1/2 text-right text-xs text-slate-600 tabular-nums dark:text-slate-300"
              style={{ top: `${tick.top}%` }}
            >
              {tick.value.toLocaleString("en")}
            </span>
          ))}
          <svg viewBox="0 0 1000 400" preserveAspectRatio="none" className="h-full w-full overflow-visible">
            {layout.ticks.map((tick) => (
              <line
                key={tick.value}
                x1={0}
                x2={1000}
                y1={tick.top * 4}
                y2={tick.top * 4}
                className="stroke-slate-200 dark:stroke-slate-700"
                vectorEffect="non-scaling-stroke"
              />
            ))}
            {layout.paths.map((path) =>
              path.area ? (
                <path key={`${path.name} area`} d={path.area} className={styleOf.get(path.name)?.area} stroke="none" />
              ) : null,
            )}
            {layout.paths.map((path) => (
              <path
                key={path.name}
                d={path.line}
                className={styleOf.get(path.name)?.line}
                fill="none"
                strokeWidth={2.5}
                strokeDasharray={styleOf.get(path.name)?.dashed ? "6 4" : undefined}
                strokeLinejoin="round"
                vectorEffect="non-scaling-stroke"
              />
            ))}
          </svg>
          {layout.labels.map(({ bucket, left }) => (
            <span
              key={bucket}
              className="absolute top-full mt-1 -translate-x-1/2 text-xs whitespace-nowrap text-slate-600 dark:text-slate-300"
              style={{ left: `${left}%` }}
            >
              {bucketLabel(bucket, unit)}
            </span>
          ))}
        </div>
      </div>
    </figure>
  );
}
