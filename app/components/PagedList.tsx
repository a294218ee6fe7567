import type { ReactNode } from "react";
import { Link } from "react-router";

import { type ListPage, nextPageHref, ShowMoreButton, useShowMore } from "~/components/ShowMore";

/**
 * A public list of cards, newest first: a way back to the first page from a later one, the cards
 * (or what to say when there are none) and "Show More".
 */
export function PagedList<T extends { id: string }>({
  path,
  first,
  backLabel,
  empty,
  card,
}: {
  /** The list's own address. */
  path: string;
  first: ListPage<T>;
  backLabel: string;
  empty: string;
  card: (item: T, index: number) => ReactNode;
}) {
  const list = useShowMore(first);
  return (
    <section className="mx-auto max-w-7xl px-6 py-14">
      {first.page > 1 && (
        <p className="mb-8">
          <Link to={path} className="font-semibold text-navy-700 underline dark:text-gold-300">
            {`← ${backLabel}`}
          </Link>
        </p>
      )}
      {list.items.length === 0 ? (
        <p className="text-lg text-slate-600 dark:text-slate-400">{empty}</p>
      ) : (
        <div className="grid gap-8 md:grid-cols-2 lg:grid-cols-3">{list.items.map(card)}</div>
      )}
      {list.hasMore && (
        <ShowMoreButton
          href={nextPageHref(path, list)}
          loading={list.loading}
          onLoad={() => list.loadNext((n) => nextPageHref(path, { ...list, page: n - 1 }))}
        />
      )}
    </section>
  );
}
