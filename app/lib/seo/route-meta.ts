import type { MetaDescriptor } from "react-router";

import { NOINDEX } from "./noindex";
import { pageTitle } from "./title";

type MetaArgsLike = {
  loaderData?: unknown;
  matches: readonly ({ id: string; loaderData?: unknown } | undefined)[];
};

/**
 * A public route's `meta`: the tags its loader made (`seo`, from web/seo.server.ts), or, when the
 * loader failed (not found, an error), the fallback title and no indexing.
 */
export function routeMeta(fallbackTitle: string) {
  return ({ loaderData, matches }: MetaArgsLike): MetaDescriptor[] => {
    const seo = (loaderData as { seo?: MetaDescriptor[] } | undefined)?.seo;
    return seo ?? [{ title: pageTitle(matches, fallbackTitle) }, NOINDEX];
  };
}
