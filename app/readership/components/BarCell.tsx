import { Bar } from "@visx/shape";

/**
 * A row's figures as bars, for a table that is its own bar chart: each bar's length is its value
 * against the table's largest. Drawn on the server as SVG; hidden from screen readers, who read
 * the numbers in the row's cells.
 */
export function BarCell({ bars, largest }: { bars: { value: number; className: string }[]; largest: number }) {
  const height = 10;
  const gap = 3;
  return (
    <svg
      viewBox={`0 0 100 ${bars.length * (height + gap) - gap}`}
      preserveAspectRatio="none"
      className="block w-24 sm:w-40"
      style={{ height: `${bars.length * 0.6 + (bars.length - 1) * 0.2}rem` }}
      aria-hidden="true"
      focusable="false"
    >
      {bars.map((bar, index) => (
        <Bar
          key={index}
          x={0}
          y={index * (height + gap)}
          width={largest > 0 ? Math.max(bar.value > 0 ? 1 : 0, (bar.value / largest) * 100) : 0}
          height={height}
          className={bar.className}
        />
      ))}
    </svg>
  );
}
