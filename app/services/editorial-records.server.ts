import { and, asc, desc, eq, ilike, inArray, type InferInsertModel, type SQL, sql } from "drizzle-orm";
import type { PgColumn } from "drizzle-orm/pg-core";

import type { Database } from "~/db/client.server";
import { users } from "~/db/schema";
import { DRAFT_KEY_INVALID, REVISION_GONE, SLUG_INVALID } from "~/domain/messages/editorial";
import type { EditorialStatus } from "~/domain/vocabulary";
import { isSlug, isUuid, slugify } from "~/lib/text";

import { effectTable } from "./content-changes.server";
import {
  type Audience,
  type EditorialTable,
  hasRevisions,
  listRevisions,
  purgeTrashed,
  recordOfOldSlug,
  recordRevision,
  rememberOldSlug,
  revisionById,
  setTrashed,
  updateAtVersion,
  visibleTo,
} from "./editorial.server";
import { InvalidError, NotFoundError } from "./errors.server";
import { normalisePage } from "./pagination";
import { insertWithSlug, insertWithSlugOnce, retryOnSlugClash, uniqueSlug } from "./slugs.server";

/** The methods posts and journals both have, by effect (each service adds its own). */
const EDITORIAL_READS = ["bySlug", "movedSlug", "byId", "adminList", "count", "revisions", "revision"] as const;
const EDITORIAL_WRITES = [
  "create",
  "createOnce",
  "update",
  "remove",
  "trash",
  "restore",
  "purge",
  "setStatus",
  "restoreRevision",
  "publishDue",
  "purgeExpired",
] as const;

const EDITORIAL_EFFECTS = effectTable({ read: EDITORIAL_READS, write: EDITORIAL_WRITES });

/** An editorial service's table of effects: the methods all of them have, and its own `reads`. */
export function editorialEffects<const R extends string>(reads: readonly R[]) {
  return { ...effectTable({ read: reads, write: [] }), ...EDITORIAL_EFFECTS };
}

export const ADMIN_SORTS = ["newest", "oldest", "title", "updated"] as const;
export type AdminSort = (typeof ADMIN_SORTS)[number];

/** The dashboard's list of posts or articles: search, filters, sort, one page. */
export type AdminListQuery = {
  q?: string;
  status?: EditorialStatus;
  trashed?: boolean;
  sort?: AdminSort;
  startIndex?: number;
  limit?: number;
  filters?: (SQL | undefined)[];
};

/** How a save asks for its address and its check against another editor's save. */
export type SaveOptions = {
  /** The slug field as the editor left it: the address changes only when this differs. */
  slug?: string;
  /** The version the editor loaded; a save over a newer one is refused. */
  version?: number;
  /** Who saved: kept with the revision. */
  editorId?: string | null;
  /** False for an autosave: the editor did not choose to save, so no revision is kept. */
  keepRevision?: boolean;
};

type Spec<T extends EditorialTable> = {
  table: T;
  kind: "post" | "journal";
  gone: string;
  /** The column searched by the dashboard and sorted by "title". */
  titleColumn: PgColumn;
  /** What a revision keeps of a row: the fields an editor edits. */
  snapshot: (row: T["$inferSelect"]) => Record<string, unknown>;
};

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** The parts of editorialRecords that posts and articles hand on as they are. */
type HandedOn = "bySlug" | "byId" | "movedSlug" | "trash" | "restore" | "setStatus" | "revisions" | "revision";

/**
 * What both services offer unchanged from their records: a record by address or id (public unless
 * asked for the admin's view), old addresses, the trash, bulk status, history.
 */
export function handedOn<R extends Record<HandedOn, unknown>>(records: R): Pick<R, HandedOn> {
  const { bySlug, byId, movedSlug, trash, restore, setStatus, revisions, revision } = records;
  return { bySlug, byId, movedSlug, trash, restore, setStatus, revisions, revision };
}

/**
 * What posts and journal articles share (decision 020): who may see a row, the dashboard's list,
 * saves checked against the loaded version and kept as revisions, addresses that never break, and
 * the trash. The two services add their own fields and rules around it.
 */
export function editorialRecords<T extends EditorialTable>(db: Database, spec: Spec<T>) {
  type Row = T["$inferSelect"];
  const { table, kind } = spec;
  const rows = (where: SQL | undefined) =>
    db
      .select()
      .from(table as EditorialTable)
      .where(where);

  async function keepRevision(executor: Database, row: Row, editorId: string | null | undefined) {
    const r = row as unknown as { id: string; version: number };
    await recordRevision(executor, {
      kind,
      recordId: r.id,
      version: r.version,
      data: spec.snapshot(row),
      authorId: editorId,
    });
  }

  return {
    async bySlug(slug: string, audience: Audience = "public"): Promise<Row | undefined> {
      if (!isSlug(slug)) return undefined;
      const [row] = await rows(and(eq(table.slug, slug), visibleTo(table, audience))).limit(1);
      return row as Row | undefined;
    },

    /** The current slug of the record an old slug belonged to, if the reader may see it. */
    async movedSlug(slug: string, audience: Audience = "public"): Promise<string | undefined> {
      if (!isSlug(slug)) return undefined;
      const recordId = await recordOfOldSlug(db, kind, slug);
      if (!recordId) return undefined;
      const [row] = await rows(and(eq(table.id, recordId), visibleTo(table, audience))).limit(1);
      const current = (row as { slug?: string } | undefined)?.slug;
      return current && current !== slug ? current : undefined;
    },

    async byId(id: string, audience: Audience = "public"): Promise<Row | undefined> {
      if (!isUuid(id)) return undefined;
      const [row] = await rows(and(eq(table.id, id), visibleTo(table, audience))).limit(1);
      return row as Row | undefined;
    },

    /** The dashboard's page of rows (drafts and scheduled included; the trash on its own). */
    async adminList(query: AdminListQuery): Promise<{ items: (Row & { authorName: string | null })[]; total: number }> {
      const { limit, startIndex } = normalisePage(query, 10);
      const q = query.q?.trim().slice(0, 200);
      const where = and(
        query.trashed ? sql`${table.deletedAt} is not null` : visibleTo(table, "admin"),
        query.status ? eq(table.status, query.status) : undefined,
        q ? ilike(spec.titleColumn, `%${escapeLike(q)}%`) : undefined,
        ...(query.filters ?? []),
      );
      const order = {
        newest: [desc(table.createdAt), desc(table.id)],
        oldest: [asc(table.createdAt), asc(table.id)],
        title: [asc(sql`lower(${spec.titleColumn})`), asc(table.id)],
        updated: [desc(table.updatedAt), desc(table.id)],
      }[query.sort ?? "newest"];
      const [items, [{ n }]] = await Promise.all([
        rows(where)
          .orderBy(...order)
          .limit(limit)
          .offset(startIndex),
        db
          .select({ n: sql<number>`count(*)::int` })
          .from(table as EditorialTable)
          .where(where),
      ]);
      // Authors by name, for the list's Author column.
      const authorIds = [...new Set(items.map((row) => (row as { userId: string | null }).userId).filter(Boolean))];
      const authors = new Map(
        authorIds.length === 0
          ? []
          : (
              await db
                .select({ id: users.id, name: users.username })
                .from(users)
                .where(inArray(users.id, authorIds as string[]))
            ).map((author) => [author.id, author.name]),
      );
      const named = items.map((row) => ({
        ...(row as Row),
        authorName: authors.get((row as { userId: string | null }).userId ?? "") ?? null,
      }));
      return { items: named, total: n };
    },

    /** Inserts a new record under a free slug made from its title, and its first revision. */
    async insert(title: string, values: Omit<InferInsertModel<T>, "slug">, authorId?: string | null) {
      const row = await insertWithSlug(db, table, title, values, (values as { createdAt?: Date }).createdAt);
      await keepRevision(db, row as Row, authorId);
      return row as Row;
    },

    /**
     * The same under a given id, unless a record has it already (then undefined, nothing written):
     * the key of a new item's editor page, so that the page's saves make one record however they race.
     */
    async insertOnce(id: string, title: string, values: Omit<InferInsertModel<T>, "slug">, authorId?: string | null) {
      if (!isUuid(id)) throw new InvalidError(DRAFT_KEY_INVALID, "draftId");
      const row = await insertWithSlugOnce(db, table, title, { ...values, id });
      if (row) await keepRevision(db, row as Row, authorId);
      return row as Row | undefined;
    },

    /**
     * Saves a record at the version the editor loaded, in one transaction with its revision and
     * its old slug. The slug changes only when the editor asked for another one.
     */
    async save(current: Row, values: Record<string, unknown>, options: SaveOptions = {}): Promise<Row> {
      const was = current as unknown as { id: string; slug: string; userId: string | null; updatedAt: Date };
      const wanted = options.slug?.trim() ? slugify(options.slug) : was.slug;
      // A slug field of only punctuation would become a made-up address: the editor is asked instead.
      const unusable = !/[a-z0-9]/i.test((options.slug ?? "").normalize("NFKD"));
      if (options.slug?.trim() && (unusable || !isSlug(wanted))) throw new InvalidError(SLUG_INVALID, "slug");
      // Rows from before revisions existed: their state before this first save is kept too.
      const firstRevision = !(await hasRevisions(db, kind, was.id));
      return retryOnSlugClash(async () => {
        const slug = wanted === was.slug ? was.slug : await uniqueSlug(db, table, wanted, was.id);
        return db.transaction(async (tx) => {
          const executor = tx as unknown as Database;
          if (firstRevision && options.keepRevision !== false) {
            await recordRevision(executor, {
              kind,
              recordId: was.id,
              version: (current as unknown as { version: number }).version,
              data: spec.snapshot(current),
              authorId: was.userId,
            });
          }
          const saved = await updateAtVersion(executor, table, was.id, options.version, { ...values, slug }, spec.gone);
          if (slug !== was.slug) await rememberOldSlug(executor, kind, was.id, was.slug);
          if (options.keepRevision !== false) await keepRevision(executor, saved as Row, options.editorId);
          return saved as Row;
        });
      });
    },

    /** Moves rows to the trash (deletes are restorable for TRASH_DAYS); answers those moved. */
    async trash(ids: string[]): Promise<Row[]> {
      return setTrashed(db, table, ids, true);
    },

    /** Moves one row to the trash; one that is not there (or is there already) is a 404. */
    async trashOne(id: string): Promise<Row> {
      const [row] = await setTrashed(db, table, [id], true);
      if (!row) throw new NotFoundError(spec.gone);
      return row;
    },

    async restore(ids: string[]): Promise<Row[]> {
      return setTrashed(db, table, ids, false);
    },

    /** Deletes trashed rows for good (all those older than the trash keeps, without ids). */
    async purge(ids?: string[]): Promise<Row[]> {
      return purgeTrashed(db, table, ids);
    },

    /** Publishes or unpublishes several rows at once (the dashboard's bulk actions). */
    async setStatus(ids: string[], status: "draft" | "published"): Promise<Row[]> {
      const valid = ids.filter(isUuid);
      if (valid.length === 0) return [];
      const changed = await db
        .update(table)
        .set({
          status,
          publishAt: null,
          version: sql`${table.version} + 1`,
          updatedAt: new Date(),
          // A draft published for the first time takes today's date.
          ...(status === "published"
            ? { createdAt: sql`case when ${table.status} = 'published' then ${table.createdAt} else now() end` }
            : {}),
        } as never)
        .where(and(inArray(table.id, valid), visibleTo(table, "admin"), sql`${table.status} <> ${status}`))
        .returning();
      return changed as Row[];
    },

    async revisions(id: string) {
      if (!isUuid(id)) throw new NotFoundError(spec.gone);
      return listRevisions(db, kind, id);
    },

    /** One revision's saved fields, checked to belong to this record. */
    async revision(id: string, revisionId: string) {
      const revision = await revisionById(db, kind, revisionId);
      if (!revision || revision.recordId !== id) throw new NotFoundError(REVISION_GONE);
      return revision;
    },
  };
}
