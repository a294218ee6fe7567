import { and, desc, eq, type SQL, sql } from "drizzle-orm";
import type { PgColumn, PgTable } from "drizzle-orm/pg-core";

import type { Database } from "~/db/client.server";
import { isUuid } from "~/lib/text";

import { normalisePage, type Page, type PageRequest, toPage } from "./pagination";

/** A table listed newest first through its (created_at, id) index. */
type DatedTable = PgTable & { id: PgColumn; createdAt: PgColumn };

/** The order of every public list: newest first, the id breaking ties. */
export function newestFirst(table: DatedTable) {
  return [desc(table.createdAt), desc(table.id)] as const;
}

/** One page of the rows that pass every filter, newest first. */
export async function pageNewestFirst<T extends DatedTable>(
  db: Database,
  table: T,
  request: PageRequest,
  defaultLimit: number,
  filters: (SQL | undefined)[] = [],
): Promise<Page<T["$inferSelect"]>> {
  const { limit, startIndex } = normalisePage(request, defaultLimit);
  // Keyset: after a row that still exists; otherwise the offset.
  const [cursor] =
    request.after && isUuid(request.after)
      ? await db
          .select({ id: table.id })
          .from(table as DatedTable)
          .where(eq(table.id, request.after))
      : [];
  const after = cursor
    ? sql`(${table.createdAt}, ${table.id}) < (select c.created_at, c.id from ${table} c where c.id = ${cursor.id})`
    : undefined;
  const rows = await db
    .select()
    .from(table as DatedTable)
    .where(and(...filters, after))
    .orderBy(...newestFirst(table))
    .limit(limit + 1)
    .offset(cursor ? 0 : startIndex);
  return toPage(rows as T["$inferSelect"][], limit);
}

/** How many rows pass every filter. */
export async function countWhere(db: Database, table: PgTable, filters: (SQL | undefined)[] = []) {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(table)
    .where(and(...filters));
  return row.n;
}
