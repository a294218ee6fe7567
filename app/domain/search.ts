/** Site search's vocabulary (decision 025), shared by the service, the page and the JSON API. */

export const SEARCH_KINDS = ["post", "article", "page"] as const;
export type SearchKind = (typeof SEARCH_KINDS)[number];

/** A stretch of a snippet: `match` marks the words the query found. */
export type SnippetPart = { text: string; match: boolean };

export type SearchHit = {
  kind: SearchKind;
  title: string;
  url: string;
  /** A post's category or an article's section; a page's place on the site. */
  category: string;
  /** When it went public (posts and articles), ISO 8601. */
  date: string | null;
  snippet: SnippetPart[];
};

export type SearchResults = {
  query: string;
  hits: SearchHit[];
  /** Matches found, counted up to a cap of each kind. */
  total: number;
  /** More matched than were counted. */
  capped: boolean;
  page: number;
  pages: number;
};
