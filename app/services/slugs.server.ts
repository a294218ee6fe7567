import { and, eq, type InferInsertModel, type InferSelectModel, like, ne, or } from "drizzle-orm";
import type { PgColumn, PgTable } from "drizzle-orm/pg-core";

import type { Database } from "~/db/client.server";
import { pgErrorCode } from "~/db/errors.server";
import { isSlug, isUuid, slugify } from "~/lib/text";

type SluggedTable = PgTable & { slug: PgColumn; id: PgColumn };

/**
 * The base slug, or the base with the lowest free numeric suffix ("title-2", "title-3"...).
 * The unique index on slug is the final guard against a race between two writers.
 */
export async function uniqueSlug(db: Database, table: SluggedTable, base: string, exceptId?: string) {
  const taken = await db
    .select({ slug: table.slug })
    .from(table)
    .where(and(or(eq(table.slug, base), like(table.slug, `${base}-%`)), exceptId ? ne(table.id, exceptId) : undefined));
  const used = new Set(taken.map((row) => row.slug as string));
  if (!used.has(base)) return base;
  for (let n = 2; ; n++) {
    if (!used.has(`${base}-${n}`)) return `${base}-${n}`;
  }
}

/**
 * Runs a write that picks a slug, again if another writer took the same slug in between (the
 * unique index refuses the second); a person never sees that race.
 */
export async function retryOnSlugClash<T>(write: () => Promise<T>, attempts = 3): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await write();
    } catch (error) {
      const { refusal, constraint } = pgErrorCode(error);
      const slugClash = refusal === "unique" && String(constraint ?? "").endsWith("_slug_key");
      if (!slugClash || attempt >= attempts) throw error;
    }
  }
}

/**
 * Inserts a row under a free slug made from `title`, again on a clash. `createdAt` backdates it (the
 * demo content); otherwise it is now.
 */
export async function insertWithSlug<T extends SluggedTable>(
  db: Database,
  table: T,
  title: string,
  values: Omit<InferInsertModel<T>, "slug">,
  createdAt?: Date,
): Promise<InferSelectModel<T>> {
  return (await insertUnderSlug(db, table, title, values, createdAt, false))!;
}

/**
 * The same for a row whose id is given (`values.id`), unless a row has that id already: then
 * nothing is inserted and the answer is undefined. The primary key decides, so of two writers that
 * race with one id exactly one inserts.
 */
export function insertWithSlugOnce<T extends SluggedTable>(
  db: Database,
  table: T,
  title: string,
  values: Omit<InferInsertModel<T>, "slug"> & { id: string },
): Promise<InferSelectModel<T> | undefined> {
  return insertUnderSlug(db, table, title, values, undefined, true);
}

function insertUnderSlug<T extends SluggedTable>(
  db: Database,
  table: T,
  title: string,
  values: Omit<InferInsertModel<T>, "slug">,
  createdAt: Date | undefined,
  skipTakenId: boolean,
): Promise<InferSelectModel<T> | undefined> {
  return retryOnSlugClash(async () => {
    const slug = await uniqueSlug(db, table, slugify(title));
    const row = { ...values, slug, ...(createdAt ? { createdAt, updatedAt: createdAt } : {}) };
    const insert = db.insert(table).values(row as InferInsertModel<T>);
    const [inserted] = await (skipTakenId ? insert.onConflictDoNothing({ target: table.id }) : insert).returning();
    return inserted as InferSelectModel<T> | undefined;
  });
}

/** The row with this slug, or with this id; undefined for a value that is not one at all. */
export async function rowBy<T extends SluggedTable>(
  db: Database,
  table: T,
  key: "slug" | "id",
  value: string,
): Promise<InferSelectModel<T> | undefined> {
  if (!(key === "slug" ? isSlug(value) : isUuid(value))) return undefined;
  const [row] = await db
    .select()
    .from(table as SluggedTable)
    .where(eq(table[key], value))
    .limit(1);
  return row as InferSelectModel<T> | undefined;
}
