const LEVELS = {
  1: "font-serif text-3xl font-bold text-navy-900 dark:text-white",
  2: "font-serif text-3xl font-bold text-navy-900 dark:text-white",
  3: "font-serif text-xl font-semibold text-navy-900 dark:text-white",
} as const;

export const HEADING_CLASSES = LEVELS;

/** A heading: 1 for an editor page's title, 2 for a tab's or section's, 3 for a part of it. */
export function Heading({
  level = 2,
  className = "",
  ...props
}: React.HTMLAttributes<HTMLHeadingElement> & { level?: 1 | 2 | 3 }) {
  const Tag = (["h1", "h2", "h3"] as const)[level - 1];
  return <Tag className={`${LEVELS[level]} ${className}`.trim()} {...props} />;
}
