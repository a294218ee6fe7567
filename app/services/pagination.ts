/** Page sizes of SPEC.md section 9. */
export const POSTS_PAGE_SIZE = 9;
export const ARTICLES_PAGE_SIZE = 9;
export const USERS_PAGE_SIZE = 5;
export const MAX_PAGE_SIZE = 50;

export type Page<T> = { items: T[]; hasMore: boolean };

export type PageRequest = {
  startIndex?: number;
  limit?: number;
  /**
   * The id of the last item already shown: the page starts right after it, found through the
   * (created_at, id) index, so the thousandth page costs what the first does. Wins over startIndex.
   */
  after?: string;
};

export function normalisePage(request: PageRequest, defaultLimit: number) {
  const limit = Math.min(Math.max(Math.trunc(request.limit ?? defaultLimit) || defaultLimit, 1), MAX_PAGE_SIZE);
  const startIndex = Math.max(Math.trunc(request.startIndex ?? 0) || 0, 0);
  return { limit, startIndex };
}

/** Rows were fetched with one extra to know whether another page exists. */
export function toPage<T>(rows: T[], limit: number): Page<T> {
  return { items: rows.slice(0, limit), hasMore: rows.length > limit };
}

/** 1-based page number from a query string value; anything odd is page 1. */
export function pageNumber(value: string | null): number {
  const n = Number(value);
  return Number.isInteger(n) && n >= 1 && n <= 1_000_000 ? n : 1;
}
