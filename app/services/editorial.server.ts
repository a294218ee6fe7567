import { and, desc, eq, inArray, isNotNull, isNull, lt, lte, or, type SQL, sql } from "drizzle-orm";
import type { PgColumn, PgTable } from "drizzle-orm/pg-core";

import type { Database } from "~/db/client.server";
import { journalIssues, revisions, slugHistory, users } from "~/db/schema";
import { EDITED_ELSEWHERE, SCHEDULE_NEEDS_TIME } from "~/domain/messages/editorial";
import type { EditorialStatus, RevisionKind } from "~/domain/vocabulary";
import { isUuid } from "~/lib/text";

import { ConflictError, InvalidError, NotFoundError } from "./errors.server";

/** A post or journal table: the columns decision 020 adds to both. */
export type EditorialTable = PgTable & {
  id: PgColumn;
  slug: PgColumn;
  status: PgColumn;
  publishAt: PgColumn;
  deletedAt: PgColumn;
  version: PgColumn;
  createdAt: PgColumn;
  updatedAt: PgColumn;
};

/** Who is reading: visitors see what is public; admins also see drafts and scheduled items. */
export type Audience = "public" | "admin";

/** How long a deleted item stays restorable. */
export const TRASH_DAYS = 30;

/**
 * An article in an issue is public only once its issue is (issue 31): a forthcoming issue's
 * articles wait for it, whatever their own status. A table without issues is not concerned.
 */
function issueIsOut(table: EditorialTable): SQL | undefined {
  const issueId = (table as EditorialTable & { issueId?: PgColumn }).issueId;
  if (!issueId) return undefined;
  return or(
    isNull(issueId),
    // A name of its own for the issue looked up: the query around it may read the issues too.
    sql`exists (select 1 from ${journalIssues} own_issue where own_issue.id = ${issueId} and own_issue.status = 'published')`,
  );
}

/**
 * The one rule for what the public sees: published, or scheduled and due (so an item is public at
 * its time even before the publishing tick flips it), never what is in the trash, and an article
 * only once its issue is published.
 */
export function visibleTo(table: EditorialTable, audience: Audience = "public"): SQL {
  const notTrashed = isNull(table.deletedAt);
  if (audience === "admin") return notTrashed;
  return and(
    notTrashed,
    or(eq(table.status, "published"), and(eq(table.status, "scheduled"), lte(table.publishAt, sql`now()`))),
    issueIsOut(table),
  )!;
}

/**
 * Whether a row as loaded is public now (the same rule as `visibleTo`, for a row in hand). An
 * article's issue, when it has one, is the caller's to pass.
 */
export function isPublic(
  row: { status: string; publishAt: Date | null; deletedAt: Date | null },
  now = new Date(),
  issue?: { status: string } | null,
) {
  if (row.deletedAt) return false;
  if (issue && issue.status !== "published") return false;
  return row.status === "published" || (row.status === "scheduled" && !!row.publishAt && row.publishAt <= now);
}

export type EditorialInput = { status?: EditorialStatus; publishAt?: Date | null };

/**
 * The status columns of a save. `created_at` is the public date: scheduling moves it to the time
 * chosen, and the first publication of a draft to now, so lists stay newest first by one column.
 * A save that names no status (a restored revision, a form or client without the field) keeps the
 * record's status and, when it is scheduled, its time.
 */
export function editorialColumns(
  input: EditorialInput,
  current?: { status: string; createdAt: Date; publishAt?: Date | null },
): { status: EditorialStatus; publishAt: Date | null; createdAt?: Date } {
  const status = input.status ?? (current?.status as EditorialStatus | undefined) ?? "published";
  if (status === "scheduled") {
    const publishAt = input.publishAt ?? (input.status === undefined ? current?.publishAt : null);
    if (!publishAt) throw new InvalidError(SCHEDULE_NEEDS_TIME, "publishAt");
    return { status, publishAt, createdAt: publishAt };
  }
  if (status === "published" && current && current.status !== "published") {
    return { status, publishAt: null, createdAt: new Date() };
  }
  return { status, publishAt: null };
}

/** Someone saved the record after this editor loaded it: never overwritten silently. */
export class StaleVersionError extends ConflictError {
  constructor(readonly currentVersion: number) {
    super(EDITED_ELSEWHERE, "version");
    // The form now holds their version's number, so saving again replaces theirs knowingly (the
    // message says so), and nothing was overwritten silently.
    this.corrected = { version: String(currentVersion) };
  }
}

/**
 * Updates a record that is not in the trash, only if it is still at the version the editor loaded
 * (when one is given), and moves it to the next version. Refuses with NotFound or StaleVersion.
 */
export async function updateAtVersion<T extends EditorialTable>(
  db: Database,
  table: T,
  id: string,
  expectedVersion: number | undefined,
  values: Record<string, unknown>,
  gone: string,
): Promise<T["$inferSelect"]> {
  if (!isUuid(id)) throw new NotFoundError(gone);
  const [row] = (await db
    .update(table)
    .set({ ...values, version: sql`${table.version} + 1`, updatedAt: new Date() } as never)
    .where(
      and(
        eq(table.id, id),
        isNull(table.deletedAt),
        expectedVersion === undefined ? undefined : eq(table.version, expectedVersion),
      ),
    )
    .returning()) as T["$inferSelect"][];
  if (row) return row as T["$inferSelect"];
  const [now] = (await db
    .select({ version: table.version })
    .from(table as EditorialTable)
    .where(and(eq(table.id, id), isNull(table.deletedAt)))) as { version: number }[];
  if (!now) throw new NotFoundError(gone);
  throw new StaleVersionError(now.version as number);
}

/** Moves a record to the trash (or takes it out): its slug stays reserved meanwhile. */
export async function setTrashed<T extends EditorialTable>(
  db: Database,
  table: T,
  ids: string[],
  trashed: boolean,
): Promise<T["$inferSelect"][]> {
  const valid = ids.filter(isUuid);
  if (valid.length === 0) return [];
  const rows = await db
    .update(table)
    .set({ deletedAt: trashed ? new Date() : null, version: sql`${table.version} + 1`, updatedAt: new Date() } as never)
    .where(and(inArray(table.id, valid), trashed ? isNull(table.deletedAt) : isNotNull(table.deletedAt)))
    .returning();
  return rows as T["$inferSelect"][];
}

/**
 * Flips scheduled items whose time has come to published. Safe on several servers at once: a
 * second UPDATE waits for the first one's row lock, sees the new status and skips the row, so each
 * item is published (and announced) exactly once.
 */
export async function publishDue(db: Database, table: EditorialTable): Promise<string[]> {
  const rows = await db
    .update(table)
    .set({ status: "published", version: sql`${table.version} + 1` } as never)
    .where(and(eq(table.status, "scheduled"), lte(table.publishAt, sql`now()`), isNull(table.deletedAt)))
    .returning({ id: table.id });
  return rows.map((row) => row.id as string);
}

/** Deletes for good what has been in the trash longer than TRASH_DAYS (or `ids`, on request). */
export async function purgeTrashed<T extends EditorialTable>(
  db: Database,
  table: T,
  ids?: string[],
): Promise<T["$inferSelect"][]> {
  const which = ids
    ? inArray(table.id, ids.filter(isUuid))
    : lt(table.deletedAt, sql`now() - make_interval(days => ${TRASH_DAYS})`);
  if (ids && ids.filter(isUuid).length === 0) return [];
  const rows = await db
    .delete(table)
    .where(and(isNotNull(table.deletedAt), which))
    .returning();
  await forgetOldSlugs(
    db,
    rows.map((row) => (row as { id: string }).id),
  );
  return rows as T["$inferSelect"][];
}

/* Old slugs: an address once given out keeps working. */

/** Keeps `oldSlug` as a way to reach `recordId` (the current slug is always looked up first). */
export async function rememberOldSlug(db: Database, kind: "post" | "journal", recordId: string, oldSlug: string) {
  await db
    .insert(slugHistory)
    .values({ kind, slug: oldSlug, recordId })
    .onConflictDoUpdate({ target: [slugHistory.kind, slugHistory.slug], set: { recordId, createdAt: new Date() } });
}

/** The record an old slug led to, if any. */
export async function recordOfOldSlug(db: Database, kind: "post" | "journal", slug: string) {
  const [row] = await db
    .select({ recordId: slugHistory.recordId })
    .from(slugHistory)
    .where(and(eq(slugHistory.kind, kind), eq(slugHistory.slug, slug)));
  return row?.recordId;
}

async function forgetOldSlugs(db: Database, recordIds: string[]) {
  if (recordIds.length > 0) await db.delete(slugHistory).where(inArray(slugHistory.recordId, recordIds));
}

/* Revisions: every save, as saved, with who and when. */

export type RevisionSummary = {
  id: string;
  version: number;
  createdAt: Date;
  authorName: string | null;
};

export async function recordRevision(
  db: Database,
  entry: { kind: RevisionKind; recordId: string; version: number; data: unknown; authorId?: string | null },
) {
  await db.insert(revisions).values({
    kind: entry.kind,
    recordId: entry.recordId,
    version: entry.version,
    data: entry.data,
    authorId: entry.authorId ?? null,
  });
}

/** The version number the next revision of a record takes (site content has no version column). */
export async function nextRevisionVersion(db: Database, kind: RevisionKind, recordId: string) {
  const [row] = await db
    .select({ last: sql<number>`coalesce(max(${revisions.version}), 0)::int` })
    .from(revisions)
    .where(and(eq(revisions.kind, kind), eq(revisions.recordId, recordId)));
  return row.last + 1;
}

/** Whether a record has any revision yet (rows from before revisions existed have none). */
export async function hasRevisions(db: Database, kind: RevisionKind, recordId: string) {
  const [row] = await db
    .select({ id: revisions.id })
    .from(revisions)
    .where(and(eq(revisions.kind, kind), eq(revisions.recordId, recordId)))
    .limit(1);
  return !!row;
}

export async function listRevisions(db: Database, kind: RevisionKind, recordId: string, limit = 50) {
  const rows = await db
    .select({
      id: revisions.id,
      version: revisions.version,
      createdAt: revisions.createdAt,
      authorName: users.name,
      authorUsername: users.username,
    })
    .from(revisions)
    .leftJoin(users, eq(users.id, revisions.authorId))
    .where(and(eq(revisions.kind, kind), eq(revisions.recordId, recordId)))
    .orderBy(desc(revisions.createdAt), desc(revisions.version))
    .limit(limit);
  return rows.map((row): RevisionSummary => ({
    id: row.id,
    version: row.version,
    createdAt: row.createdAt,
    authorName: row.authorUsername ?? row.authorName ?? null,
  }));
}

export async function revisionById(db: Database, kind: RevisionKind, id: string) {
  if (!isUuid(id)) return undefined;
  const [row] = await db
    .select()
    .from(revisions)
    .where(and(eq(revisions.kind, kind), eq(revisions.id, id)));
  return row;
}
