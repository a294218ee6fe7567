import { isRouteErrorResponse, type MetaDescriptor } from "react-router";

import { NOINDEX } from "./noindex";
import { pageTitle } from "./title";

type MetaArgsLike = {
  loaderData?: unknown;
  error?: unknown;
  matches: readonly ({ id: string; loaderData?: unknown } | undefined)[];
};

/**
 * A public route's `meta`: the tags its loader made (`seo`, from web/seo.server.ts), or, when the
 * loader failed (not found, an error), the fallback title and no indexing; `missingTitle`, where
 * given, when what was asked for does not exist (404).
 */
export function routeMeta(fallbackTitle: string, missingTitle = fallbackTitle) {
  return ({ loaderData, error, matches }: MetaArgsLike): MetaDescriptor[] => {
    const seo = (loaderData as { seo?: MetaDescriptor[] } | undefined)?.seo;
    const missing = isRouteErrorResponse(error) && error.status === 404;
    return seo ?? [{ title: pageTitle(matches, missing ? missingTitle : fallbackTitle) }, NOINDEX];
  };
}
