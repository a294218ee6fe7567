import { Form } from "react-router";

import { SearchIcon } from "~/components/icons";
import { MAX_QUERY_LENGTH, SEARCH_WORDS } from "~/domain/messages/search";

/**
 * The site's search box (decision 025): a GET form to /search, so it works before and without
 * JavaScript; once the page runs, the results open without reloading the page.
 */
export function SearchBox({
  id,
  variant,
  label,
  className = "",
}: {
  id: string;
  /** "header": on the dark bar; "menu": on a light page. */
  variant: "header" | "menu";
  /** Another name where the header's box is on the same page (a not-found page's "find it instead"). */
  label?: string;
  className?: string;
}) {
  const onDark = variant === "header";
  return (
    <Form method="get" action="/search" role="search" aria-label={label} className={`flex items-center ${className}`}>
      <label htmlFor={id} className="sr-only">
        {label ?? SEARCH_WORDS.heading}
      </label>
      <input
        id={id}
        type="search"
        name="q"
        maxLength={MAX_QUERY_LENGTH}
        placeholder={SEARCH_WORDS.label}
        autoComplete="off"
        enterKeyHint="search"
        className={
          onDark
            ? "h-10 w-36 rounded-l-md border border-white/30 bg-white/10 px-3 text-sm text-white placeholder:text-white/80 focus-visible:outline-2 focus-visible:outline-gold-400 xl:w-44"
            : "h-11 min-w-0 flex-1 rounded-l-md border border-slate-300 bg-white px-3 text-base text-ink placeholder:text-slate-500 focus-visible:outline-2 focus-visible:outline-navy-600 dark:border-slate-600 dark:bg-night dark:text-slate-100 dark:placeholder:text-slate-400"
        }
      />
      <button
        type="submit"
        aria-label={SEARCH_WORDS.button}
        className={
          onDark
            ? "inline-flex h-10 w-10 items-center justify-center rounded-r-md border border-l-0 border-white/30 bg-white/10 text-white hover:bg-white/20 focus-visible:outline-2 focus-visible:outline-gold-400"
            : "inline-flex h-11 w-11 items-center justify-center rounded-r-md bg-navy-700 text-white hover:bg-navy-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-navy-600"
        }
      >
        <SearchIcon />
      </button>
    </Form>
  );
}
