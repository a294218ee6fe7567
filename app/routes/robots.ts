import { robotsTxt } from "~/routes/sitemaps.server";

import type { Route } from "./+types/robots";

/** `/robots.txt`: the sitemap's address, and the addresses crawlers should leave alone. */
export function loader({ request }: Route.LoaderArgs) {
  return robotsTxt(request);
}
