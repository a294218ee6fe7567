import { MAX_QUERY_LENGTH, SEARCH_WORDS } from "~/domain/messages/search";

/** Its name, apart from the header's "Search the site", which a screen reader lists beside it. */
const FIND_IT = "Find what you were looking for";

/**
 * On a page that did not find what was asked for: the site's search, so that a visitor with a
 * broken or old link has a way on (a plain GET form, which works before any script loads).
 */
export function SearchInstead({ tone = "light" }: { tone?: "light" | "dark" }) {
  const dark = tone === "dark";
  return (
    <form
      method="get"
      action="/search"
      role="search"
      aria-label={FIND_IT}
      className="mx-auto mt-8 flex max-w-md gap-2 px-6"
    >
      <label htmlFor="search-instead" className="sr-only">
        {FIND_IT}
      </label>
      <input
        id="search-instead"
        type="search"
        name="q"
        maxLength={MAX_QUERY_LENGTH}
        placeholder={SEARCH_WORDS.placeholder}
        className={`h-11 min-w-0 flex-1 rounded-md border px-3 text-base ${
          dark
            ? "border-white/40 bg-white/10 text-white placeholder:text-slate-300"
            : "border-slate-300 bg-white text-ink dark:border-slate-600 dark:bg-night dark:text-slate-100"
        }`}
      />
      <button
        type="submit"
        className={`h-11 rounded-md px-5 font-semibold ${
          dark ? "bg-white/15 text-white hover:bg-white/25" : "bg-navy-800 text-white hover:bg-navy-700"
        }`}
      >
        {SEARCH_WORDS.button}
      </button>
    </form>
  );
}
