import { data } from "react-router";

import { sitemapChild, sitemapIndex } from "~/routes/sitemaps.server";

import type { Route } from "./+types/sitemaps";

/**
 * `/sitemap.xml`, the index, and its children under `/sitemaps/`: `pages.xml` (the site's own
 * pages), `posts-{n}.xml` and `journals-{n}.xml` (50,000 addresses each). Decision 026.
 */
export async function loader({ request, params }: Route.LoaderArgs) {
  if (!("sitemapFile" in params)) return sitemapIndex(request);
  const answer = await sitemapChild(request, String(params.sitemapFile));
  if (!answer) throw data({ message: "Sitemap not found" }, { status: 404 });
  return answer;
}
