/**
 * Short items in a row that wraps on a narrow screen, with a "·" between neighbours. The dot goes
 * with the item after it, in the space before it; an item that starts a line has that space
 * pushed out of the box and clipped, so no line starts or ends with a dot. (The box is a little
 * larger than its text, so a focused link's outline is not clipped with it.)
 */
export function DotSeparated({ items, className = "" }: { items: React.ReactNode[]; className?: string }) {
  return (
    <div className={`-m-1 overflow-hidden p-1 ${className}`}>
      <ul className="-ml-6 flex flex-wrap gap-y-1">
        {items.map((item, index) => (
          <li key={index} className="relative pl-6">
            <span aria-hidden="true" data-separator="" className="absolute left-0 w-6 text-center">
              ·
            </span>
            <span>{item}</span>
          </li>
        ))}
      </ul>
    </div>
  );
}
