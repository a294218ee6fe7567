type MatchLike = { id: string; loaderData?: unknown } | undefined;

/** "Page | CPSCR", with the brand from the site settings the root loader read. */
export function pageTitle(matches: readonly MatchLike[], title?: string): string {
  const site = (
    matches.find((m) => m?.id === "root")?.loaderData as { site?: { name: string; shortName: string } } | undefined
  )?.site;
  const brand = site?.shortName ?? "CPSCR";
  return title ? `${title} | ${brand}` : (site?.name ?? brand);
}

/**
 * The page's description for search engines and link previews: its own words when it has some,
 * else the site's name and motto.
 */
export function pageDescription(
  matches: readonly MatchLike[],
  text?: string | null,
): { name: "description"; content: string } {
  const site = (
    matches.find((m) => m?.id === "root")?.loaderData as { site?: { name: string; motto?: string } } | undefined
  )?.site;
  const own = (text ?? "").replace(/\s+/g, " ").trim();
  const fallback = [site?.name, site?.motto].filter(Boolean).join(": ");
  const content = own || fallback || "Centre for Peace, Security and Conflict Resolution";
  return { name: "description", content: content.length > 160 ? `${content.slice(0, 157).trimEnd()}…` : content };
}
