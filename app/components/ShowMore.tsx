import { useState } from "react";
import { useFetcher } from "react-router";

import { SpinnerIcon } from "~/components/icons";
import { InPlaceLink } from "~/components/InPlaceLink";

export type ListPage<T> = {
  items: T[];
  hasMore: boolean;
  page: number;
  /** The last item's id: the next page starts after it (keyset), when the list supports that. */
  next?: string;
};

/** The next page's address: its number (for the page's own links) and, when known, where it starts. */
export function nextPageHref(path: string, list: { page: number; next?: string }) {
  return `${path}?page=${list.page + 1}${list.next ? `&after=${encodeURIComponent(list.next)}` : ""}`;
}

/**
 * "Show More" for a paged list: with JavaScript it loads the next page through the route's
 * loader and appends it; without, the button is a link to the next page.
 */
export function useShowMore<T extends { id: string }>(
  first: ListPage<T>,
  /** Where the list sits in the route's loader data, when it is not the data itself. */
  pick: (data: never) => ListPage<T> | null | undefined = (data) => data,
) {
  const fetcher = useFetcher();
  const [list, setList] = useState(first);
  const [source, setSource] = useState(first);
  const [seenData, setSeenData] = useState(fetcher.data);
  // State adjusted during render (no effect): new loader data restarts the list; a fetched
  // next page is appended once.
  if (source !== first) {
    setSource(first);
    setList(first);
  } else if (fetcher.data !== seenData) {
    setSeenData(fetcher.data);
    const next = fetcher.data ? pick(fetcher.data as never) : null;
    if (next && next.page === list.page + 1) {
      const seen = new Set(list.items.map((item) => item.id));
      setList({
        items: [...list.items, ...next.items.filter((item) => !seen.has(item.id))],
        hasMore: next.hasMore,
        page: next.page,
        next: next.next,
      });
    }
  }

  return {
    ...list,
    loading: fetcher.state !== "idle",
    /** Loads the next page; `pageHref(n)` is the address of page n. */
    loadNext: (pageHref: (page: number) => string) => fetcher.load(pageHref(list.page + 1)),
  };
}

export function ShowMoreButton({
  href,
  loading,
  onLoad,
  label = "Show More",
}: {
  href: string;
  loading: boolean;
  onLoad: () => void;
  /** SPEC.md says "Show More" on public pages and "Show more" in the dashboard. */
  label?: string;
}) {
  return (
    <div className="mt-12 flex justify-center" aria-live="polite">
      {loading ? (
        <span className="inline-flex items-center gap-2 px-6 py-3 text-sm text-slate-600 dark:text-slate-300">
          <SpinnerIcon /> Loading more…
        </span>
      ) : (
        <InPlaceLink
          to={href}
          onActivate={onLoad}
          className="rounded-md border-2 border-navy-800 px-8 py-3 text-sm font-semibold text-navy-800 transition hover:bg-navy-800 hover:text-white dark:border-gold-400 dark:text-gold-300 dark:hover:bg-gold-400 dark:hover:text-navy-950"
        >
          {label}
        </InPlaceLink>
      )}
    </div>
  );
}
