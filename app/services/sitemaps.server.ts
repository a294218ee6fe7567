import { sql } from "drizzle-orm";

import { type Database, rowsOf } from "~/db/client.server";
import { articles, posts } from "~/db/schema";

import { type Effects, effectTable } from "./content-changes.server";
import { visibleTo } from "./editorial.server";

/**
 * The kinds of record with a page each, listed in sitemaps and feeds, by the page cache's tag of
 * their content (and their sitemaps' file names: /sitemaps/journals-1.xml lists the articles).
 */
export type ListedKind = "posts" | "journals";

/** sitemaps.org's limit: at most 50,000 addresses (and 50 MB) in one sitemap. */
export const SITEMAP_MAX_URLS = 50_000;

/** One child sitemap of a kind: its number (from 1) and the newest change among its addresses. */
export type SitemapChunk = { page: number; lastmod: string; count: number };

/** One listed record: its address's slug and when it last changed (W3C datetime, UTC). */
export type SitemapEntry = { slug: string; lastmod: string };

const TABLES = { posts, journals: articles } as const;

/** A timestamp as a W3C datetime in UTC, to the second ("2026-11-24T10:00:00Z"). */
const w3c = (column: unknown) => sql`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"')`;

/**
 * What search engines and feed readers are told about the public records (issue 22, decision 026):
 * the child sitemaps of each kind and their addresses, and when each kind last changed. Only what
 * `visibleTo` shows the public is ever listed.
 *
 * Records are listed oldest first by (created_at, id), so a new record lands in the last child and
 * the others keep their addresses and lastmod. A child's rows are read by keyset, from the first
 * (created_at, id) of its page: the boundary comes from one pass over two narrow columns in index
 * order, and no page of full rows is ever skipped with OFFSET.
 */
export function sitemapsService(db: Database, options: { pageSize?: number } = {}) {
  const size = options.pageSize ?? SITEMAP_MAX_URLS;

  return {
    /** The child sitemaps of a kind, numbered from 1 (none when the kind has no public records). */
    async chunks(kind: ListedKind): Promise<SitemapChunk[]> {
      const table = TABLES[kind];
      const rows = rowsOf<{ page: number; lastmod: string; count: number }>(
        await db.execute(sql`
          select ((rn - 1) / ${size} + 1)::int as page, ${w3c(sql`max(changed)`)} as lastmod, count(*)::int as count
          from (
            select greatest(${table.updatedAt}, ${table.createdAt}) as changed,
                   row_number() over (order by ${table.createdAt}, ${table.id}) as rn
            from ${table} where ${visibleTo(table, "public")}
          ) numbered
          group by 1 order by 1`),
      );
      return rows.map((row) => ({ page: Number(row.page), lastmod: row.lastmod, count: Number(row.count) }));
    },

    /** The public records of one child sitemap, oldest first; undefined when there is no such page. */
    async chunk(kind: ListedKind, page: number): Promise<SitemapEntry[] | undefined> {
      if (!Number.isSafeInteger(page) || page < 1) return undefined;
      const table = TABLES[kind];
      const first = (page - 1) * size + 1;
      const rows = rowsOf<SitemapEntry>(
        await db.execute(sql`
          with boundary as (
            select created_at, id from (
              select ${table.createdAt} as created_at, ${table.id} as id,
                     row_number() over (order by ${table.createdAt}, ${table.id}) as rn
              from ${table} where ${visibleTo(table, "public")}
            ) numbered where rn = ${first}
          )
          select ${table.slug} as slug, ${w3c(sql`greatest(${table.updatedAt}, ${table.createdAt})`)} as lastmod
          from ${table}, boundary
          where ${visibleTo(table, "public")} and (${table.createdAt}, ${table.id}) >= (boundary.created_at, boundary.id)
          order by ${table.createdAt}, ${table.id}
          limit ${size}`),
      );
      return rows.length ? rows : undefined;
    },

    /**
     * When the public records of a kind last changed: the newest save or move to the trash of any
     * of them, or the newest public date (a scheduled record goes public at its time, unsaved). A
     * scheduled record's save is dated at its time (slugs.server.ts): it counts once that has come.
     * A feed's Last-Modified: it moves whenever what the feed shows may have.
     */
    async lastChange(kind: ListedKind): Promise<Date | undefined> {
      const table = TABLES[kind];
      const [row] = rowsOf<{ at: string | null }>(
        await db.execute(sql`
          select ${w3c(sql`greatest(max(${table.updatedAt}) filter (where ${table.updatedAt} <= now()), max(${table.createdAt}) filter (where ${visibleTo(table, "public")}))`)} as at
          from ${table}`),
      );
      return row?.at ? new Date(row.at) : undefined;
    },
  };
}

export type SitemapsService = ReturnType<typeof sitemapsService>;

/** Only reads. */
export const sitemapsEffects = effectTable({
  read: ["chunks", "chunk", "lastChange"],
  write: [],
}) satisfies Effects<SitemapsService>;
