import { SearchBox } from "./layout/SearchBox";

/**
 * On a page that did not find what was asked for: the site's search box, so that a visitor with a
 * broken or old link has a way on. Named apart from the header's "Search the site" beside it.
 */
export function SearchInstead({ tone = "light" }: { tone?: "light" | "dark" }) {
  return (
    <div className="mx-auto mt-8 max-w-md px-6">
      <SearchBox
        id="search-instead"
        variant={tone === "dark" ? "header" : "menu"}
        label="Find what you were looking for"
        className="w-full [&>input]:flex-1"
      />
    </div>
  );
}
