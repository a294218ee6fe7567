import { and, asc, eq, isNull, sql } from "drizzle-orm";

import type { Database } from "~/db/client.server";
import { pgErrorCode } from "~/db/errors.server";
import { journals } from "~/db/schema";
import { DOI_TAKEN } from "~/domain/messages/issues";
import { JOURNAL_GONE, PDF_NOT_STORED } from "~/domain/messages/journals";
import { ARTICLE_SECTIONS } from "~/domain/scholarly";
import type { ArticleMetadata } from "~/lib/forms/scholarly";
import { sanitizeRichText } from "~/lib/sanitize.server";

import { type Effects, effectTable } from "./content-changes.server";
import { type Audience, editorialColumns, type EditorialInput, publishDue, visibleTo } from "./editorial.server";
import {
  type AdminListQuery,
  EDITORIAL_READS,
  EDITORIAL_WRITES,
  editorialRecords,
  type SaveOptions,
} from "./editorial-records.server";
import { ConflictError, InvalidError, NotFoundError, type StoredFiles } from "./errors.server";
import { countWhere, pageNewestFirst } from "./newest-first.server";
import { JOURNALS_PAGE_SIZE, type PageRequest } from "./pagination";

export type Journal = typeof journals.$inferSelect;

/** An article's scholarly fields as a new record has them (the table's defaults). */
export const ARTICLE_METADATA_DEFAULTS = {
  issueId: null,
  section: "research",
  authors: [],
  keywords: [],
  firstPage: null,
  lastPage: null,
  doi: null,
  licence: null,
  language: "en",
  receivedOn: null,
  acceptedOn: null,
  publishedOn: null,
  references: [],
  supplementary: [],
} satisfies Partial<Journal>;

export type JournalInput = EditorialInput &
  Partial<ArticleMetadata> & {
    supplementary?: Journal["supplementary"];
    filename: string;
    details: string;
    file: string;
    userId?: string | null;
    /** The address asked for on creation; made from the title when empty. */
    slug?: string;
  };

function byAuthor(filter: { userId?: string }) {
  return [filter.userId ? eq(journals.userId, filter.userId) : undefined];
}

type MetadataKey = keyof typeof ARTICLE_METADATA_DEFAULTS;
const METADATA_KEYS = Object.keys(ARTICLE_METADATA_DEFAULTS) as MetadataKey[];

/** The scholarly fields a save was given (those not given keep their stored values). */
function metadataColumns(input: Partial<ArticleMetadata> & { supplementary?: Journal["supplementary"] }) {
  const columns: Partial<Journal> = {};
  for (const key of METADATA_KEYS) {
    const value = (input as Record<string, unknown>)[key];
    if (value !== undefined) (columns as Record<string, unknown>)[key] = value;
  }
  // Trimmed and free of duplicates: an author's affiliation or a keyword is shown as typed.
  if (columns.keywords) columns.keywords = [...new Set(columns.keywords.map((k) => k.trim()).filter(Boolean))];
  return columns;
}

/** A DOI another article has: the editor's words, not the database's. */
async function refusingTakenDoi<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (pgErrorCode(error).constraint === "journals_doi_key") throw new ConflictError(DOI_TAKEN, "doi");
    if (pgErrorCode(error).constraint?.startsWith("journals_issue_id"))
      throw new InvalidError("Choose an issue", "issueId");
    throw error;
  }
}

/**
 * What a revision of an article keeps (restoring one puts back all but the address and status).
 * The history page compares every one of these fields: its descriptions are typed by this.
 */
export type JournalSnapshot = Pick<Journal, "filename" | "details" | "file" | "slug" | "status" | MetadataKey>;

const journalSnapshot = (journal: Journal): JournalSnapshot => ({
  filename: journal.filename,
  details: journal.details,
  file: journal.file,
  slug: journal.slug,
  status: journal.status,
  ...(Object.fromEntries(METADATA_KEYS.map((key) => [key, journal[key]])) as Pick<Journal, MetadataKey>),
});

export function journalsService(db: Database, files: StoredFiles) {
  const records = editorialRecords(db, {
    table: journals,
    kind: "journal",
    gone: JOURNAL_GONE,
    titleColumn: journals.filename,
    snapshot: journalSnapshot,
  });
  const publicOnly = visibleTo(journals, "public");

  async function requirePdf(file: string) {
    if (!(await files.isStored(file, "pdf"))) throw new InvalidError(PDF_NOT_STORED, "file");
  }
  /** Supplementary files are PDFs uploaded here, like the article's own. */
  async function requireSupplementary(entries: Journal["supplementary"] | undefined) {
    for (const [i, entry] of (entries ?? []).entries())
      if (!(await files.isStored(entry.file, "pdf"))) throw new InvalidError(PDF_NOT_STORED, `supp${i}_file`);
  }
  /**
   * A PDF that no article (not even one in the trash) and no revision of one uses any more is
   * withdrawn from the site.
   */
  async function withdrawIfUnused(file: string) {
    const [row] = await db.select({ id: journals.id }).from(journals).where(eq(journals.file, file)).limit(1);
    if (!row) await files.removeByUrl(file);
  }

  async function insertArticle(input: JournalInput, createdAt?: Date, id?: string): Promise<Journal | undefined> {
    await requirePdf(input.file);
    await files.claimNamedIn(input.details);
    const filename = input.filename.trim();
    const editorial = editorialColumns(input);
    await requireSupplementary(input.supplementary);
    await files.claimNamedIn(...(input.supplementary ?? []).map((s) => s.file));
    const values = {
      filename,
      details: sanitizeRichText(input.details),
      file: input.file,
      userId: input.userId ?? null,
      status: editorial.status,
      publishAt: editorial.publishAt,
      ...metadataColumns(input),
      ...(createdAt || editorial.createdAt ? { createdAt: createdAt ?? editorial.createdAt } : {}),
    };
    const slugFrom = input.slug?.trim() || filename;
    return refusingTakenDoi(() =>
      id ? records.insertOnce(id, slugFrom, values, input.userId) : records.insert(slugFrom, values, input.userId),
    );
  }

  // Shared with posts as they are: old addresses, the trash, bulk status, history.
  const { movedSlug, trash, restore, setStatus, revisions, revision } = records;

  return {
    movedSlug,
    trash,
    restore,
    setStatus,
    revisions,
    revision,

    /** Public lists: what visitors may see, newest first. */
    async list(request: PageRequest & { userId?: string } = {}) {
      return pageNewestFirst(db, journals, request, JOURNALS_PAGE_SIZE, [publicOnly, ...byAuthor(request)]);
    },

    async bySlug(slug: string, audience: Audience = "public"): Promise<Journal | undefined> {
      return records.bySlug(slug, audience);
    },

    async byId(id: string, audience: Audience = "public"): Promise<Journal | undefined> {
      return records.byId(id, audience);
    },

    /** The dashboard's list: drafts and scheduled articles too; search, filters, sort. */
    async adminList(query: AdminListQuery) {
      return records.adminList(query);
    },

    /** Never a journal without its PDF: the file must be one uploaded here. */
    async create(input: JournalInput, createdAt?: Date): Promise<Journal> {
      return (await insertArticle(input, createdAt))!;
    },

    /**
     * A new article under `id`, the key its editor page was given; undefined (nothing written) when
     * a save with that key already made it: that page's autosave, a second click, a retry.
     */
    async createOnce(id: string, input: JournalInput): Promise<Journal | undefined> {
      return insertArticle(input, undefined, id);
    },

    /**
     * Saves an edited article (title, description, perhaps a new PDF) at the version the editor
     * loaded. The address changes only when the slug field does; the old one then redirects.
     */
    async update(
      id: string,
      input: Omit<JournalInput, "userId" | "slug">,
      options: SaveOptions = {},
    ): Promise<Journal> {
      const current = await records.byId(id, "admin");
      if (!current) throw new NotFoundError(JOURNAL_GONE);
      if (input.file !== current.file) await requirePdf(input.file);
      await files.claimNamedIn(input.details);
      const editorial = editorialColumns(input, current);
      await requireSupplementary(input.supplementary);
      await files.claimNamedIn(...(input.supplementary ?? []).map((s) => s.file));
      // A replaced PDF stays stored: the revisions before this save still name it.
      return refusingTakenDoi(() =>
        records.save(
          current,
          {
            filename: input.filename.trim(),
            details: sanitizeRichText(input.details),
            file: input.file,
            ...metadataColumns(input),
            ...editorial,
          },
          options,
        ),
      );
    },

    /** Moves an article to the trash: restorable for 30 days, gone from the site at once. */
    async remove(id: string): Promise<Journal> {
      const [row] = await records.trash([id]);
      if (!row) throw new NotFoundError(JOURNAL_GONE);
      return row;
    },

    /** Deletes trashed articles for good, and their PDFs unless another article uses the same file. */
    async purge(ids: string[]) {
      const removed = await records.purge(ids);
      for (const row of removed) await withdrawIfUnused(row.file);
      return removed;
    },

    /** Saves a revision's fields again (the address and status stay): itself a new revision. */
    async restoreRevision(id: string, revisionId: string, editorId?: string | null): Promise<Journal> {
      const { data } = await records.revision(id, revisionId);
      const old = data as JournalSnapshot & Record<string, unknown>;
      // Revisions from before the scholarly fields existed restore only what they kept.
      const metadata = Object.fromEntries(METADATA_KEYS.filter((key) => key in old).map((key) => [key, old[key]]));
      return this.update(
        id,
        { filename: old.filename, details: old.details, file: old.file, ...(metadata as Partial<ArticleMetadata>) },
        { editorId },
      );
    },

    /** Scheduled articles whose time has come become published (the publishing tick). */
    async publishDue() {
      return publishDue(db, journals);
    },

    /** Trashed articles older than the trash keeps are deleted for good, with unused PDFs. */
    async purgeExpired() {
      const removed = await records.purge();
      for (const row of removed) await withdrawIfUnused(row.file);
      return removed;
    },

    /**
     * An issue's table of contents, or the articles published without an issue (`null`): by
     * section in the journal's order, then by first page, then by title.
     */
    async inIssue(issueId: string | null, audience: Audience = "public"): Promise<Journal[]> {
      return db
        .select()
        .from(journals)
        .where(and(visibleTo(journals, audience), issueId ? eq(journals.issueId, issueId) : isNull(journals.issueId)))
        .orderBy(
          sql`array_position(${sql.raw(`ARRAY[${ARTICLE_SECTIONS.map((s) => `'${s}'`).join(",")}]::text[]`)}, ${journals.section})`,
          sql`${journals.firstPage} asc nulls last`,
          asc(journals.filename),
        );
    },

    async count(filter: { userId?: string } = {}) {
      return countWhere(db, journals, [publicOnly, ...byAuthor(filter)]);
    },
  };
}

export type JournalsService = ReturnType<typeof journalsService>;

/** What each method does to stored articles: writes drop the cached pages that show articles. */
export const journalsEffects = effectTable({
  read: ["list", "inIssue", ...EDITORIAL_READS],
  write: EDITORIAL_WRITES,
}) satisfies Effects<JournalsService>;
