/**
 * The one way a page asks search engines to stay away (sign-in, sign-up, the account mail pages,
 * two-factor, previews, setup, the dashboard and editors, error pages, search results):
 *
 *   export const meta = ({ matches }) => [{ title: pageTitle(matches, "Sign in") }, NOINDEX];
 *
 * Links on such a page may still be followed (a search result leads to pages that should be found).
 */
export const NOINDEX = { name: "robots", content: "noindex" } as const;

/** For previews: neither the page nor the unpublished work it links to is for indexers. */
export const NOINDEX_NOFOLLOW = { name: "robots", content: "noindex, nofollow" } as const;
