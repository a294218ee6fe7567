/** Site search's words (issue 22, decision 025). */

/** The longest query taken; a longer one is refused with QUERY_TOO_LONG. */
export const MAX_QUERY_LENGTH = 200;

export const SEARCH_WORDS = {
  title: "Search",
  heading: "Search the site",
  label: "Search",
  placeholder: "Search news, articles, pages…",
  button: "Search",
  kind: "Kind",
  anyKind: "Everything",
  category: "News category",
  anyCategory: "Any category",
  year: "Year",
  anyYear: "Any year",
  filters: "Filters",
  apply: "Apply filters",
  hint: 'Words find their other forms ("negotiations" finds "negotiating"); use "quotes" for a phrase and a minus sign to leave a word out (-exams).',
  empty: "Type a word or two above to search news, journal articles and the pages of the site.",
  suggestions: "Suggestions",
  previous: "Previous page",
  next: "Next page",
} as const;

export const KIND_LABELS = { post: "News", article: "Journal article", page: "Page" } as const;

export const QUERY_TOO_LONG = `A search can be at most ${MAX_QUERY_LENGTH} characters long. Shorten it and try again.`;
export const NOTHING_TO_FIND =
  "There is no word to look for in that search: add a word that is not left out with a minus sign.";

export function noResults(query: string) {
  return `Nothing on the site matches “${query}”. Try fewer or other words, or remove a filter.`;
}

export function resultCount(total: number, capped: boolean) {
  if (capped) return `${total.toLocaleString("en")}+ results`;
  return total === 1 ? "1 result" : `${total.toLocaleString("en")} results`;
}

export function pageOf(page: number, pages: number) {
  return `Page ${page} of ${pages}`;
}
