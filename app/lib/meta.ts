type MatchLike = { id: string; loaderData?: unknown } | undefined;

/** "Page | CPSCR", with the brand from the site settings the root loader read. */
export function pageTitle(matches: readonly MatchLike[], title?: string): string {
  const site = (matches.find((m) => m?.id === "root")?.loaderData as { site?: { name: string; shortName: string } } | undefined)?.site;
  const brand = site?.shortName ?? "CPSCR";
  return title ? `${title} | ${brand}` : (site?.name ?? brand);
}
