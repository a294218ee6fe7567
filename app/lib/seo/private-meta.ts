import { NOINDEX } from "./noindex";
import { pageTitle } from "./title";

type MetaArgsLike = { matches: readonly ({ id: string; loaderData?: unknown } | undefined)[] };

/** The `meta` of a page with a fixed title that search engines stay away from (sign-in, setup). */
export function privateMeta(title: string) {
  return ({ matches }: MetaArgsLike) => [{ title: pageTitle(matches, title) }, NOINDEX];
}
