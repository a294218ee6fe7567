const LEVELS = {
  2: "font-serif text-3xl font-bold text-navy-900 dark:text-white",
  3: "font-serif text-xl font-semibold text-navy-900 dark:text-white",
} as const;

export const HEADING_CLASSES = LEVELS;

/** A section heading: level 2 for a page's or tab's title, 3 for a part of it. */
export function Heading({
  level = 2,
  className = "",
  ...props
}: React.HTMLAttributes<HTMLHeadingElement> & { level?: 2 | 3 }) {
  const Tag = level === 2 ? "h2" : "h3";
  return <Tag className={`${LEVELS[level]} ${className}`.trim()} {...props} />;
}
