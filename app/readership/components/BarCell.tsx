/**
 * A row's figures as bars, for a table that is its own bar chart: each bar's length is its value
 * against the table's largest. Plain SVG, drawn with the page; hidden from screen readers, who read
 * the numbers in the row's cells.
 */
export function BarCell({ bars, largest }: { bars: { value: number; className: string }[]; largest: number }) {
  const height = 10;
  const gap = 3;
  const length = (value: number) => (largest > 0 && value > 0 ? Math.max(1, (value / largest) * 100) : 0);
  return (
    <svg
      viewBox={`0 0 100 ${bars.length * (height + gap) - gap}`}
      preserveAspectRatio="none"
      className="block w-24 sm:w-40"
      style={{ height: `${bars.length * 0.6 + (bars.length - 1) * 0.2}rem` }}
      aria-hidden="true"
    >
      {bars.map((bar, index) => (
        <rect
          key={index}
          x={0}
          y={index * (height + gap)}
          width={length(bar.value)}
          height={height}
          className={bar.className}
        />
      ))}
    </svg>
  );
}
