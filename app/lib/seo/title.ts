type MatchLike = { id: string; loaderData?: unknown } | undefined;

type Brand = { name: string; shortName: string };

/** "Page | Short name"; the home page (no title of its own) is the site's full name. */
export function titleFor(site: Brand, title?: string | null): string {
  const own = (title ?? "").replace(/\s+/g, " ").trim();
  return own ? `${own} | ${site.shortName}` : site.name;
}

/** The brand the root loader read from the site settings, for a route's `meta` (CPSCR before any settings). */
export function brandOf(matches: readonly MatchLike[]): Brand {
  const site = (matches.find((m) => m?.id === "root")?.loaderData as { site?: Brand } | undefined)?.site;
  return {
    name: site?.name ?? "Centre for Peace, Security and Conflict Resolution",
    shortName: site?.shortName ?? "CPSCR",
  };
}

/** The title pattern for a route's `meta` that has only the root's data (sign-in, dashboard, errors). */
export function pageTitle(matches: readonly MatchLike[], title?: string): string {
  return titleFor(brandOf(matches), title);
}
