import { data } from "react-router";

import type { ListPage } from "~/components/ShowMore";
import { type Page, pageNumber, type PageRequest } from "~/services/pagination";

/** The page of a public list the address asks for (?page=N, and ?after=ID where the list was left). */
export function requestedPage(request: Request, pageSize: number) {
  const query = new URL(request.url).searchParams;
  const page = pageNumber(query.get("page"));
  const slice: PageRequest = {
    startIndex: (page - 1) * pageSize,
    limit: pageSize,
    after: query.get("after") ?? undefined,
  };
  return { page, slice };
}

/** The loaded page as the list shows it; a page past the end is not a page. */
export function listPage<Row extends { id: string }, Card>(
  page: number,
  result: Page<Row>,
  toCard: (row: Row) => Card,
): ListPage<Card> {
  if (page > 1 && result.items.length === 0) throw data({ message: "No such page" }, { status: 404 });
  return { items: result.items.map(toCard), hasMore: result.hasMore, page, next: result.items.at(-1)?.id };
}
