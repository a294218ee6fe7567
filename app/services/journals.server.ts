import { eq } from "drizzle-orm";

import type { Database } from "~/db/client.server";
import { journals } from "~/db/schema";
import { JOURNAL_GONE, PDF_NOT_STORED } from "~/domain/messages/journals";
import { sanitizeRichText } from "~/lib/sanitize.server";
import { isUuid, slugify } from "~/lib/text";

import { type Effects, effectTable } from "./content-changes.server";
import { InvalidError, NotFoundError, type StoredFiles } from "./errors.server";
import { countWhere, pageNewestFirst } from "./newest-first.server";
import { JOURNALS_PAGE_SIZE, type PageRequest } from "./pagination";
import { insertWithSlug, retryOnSlugClash, rowBy, uniqueSlug } from "./slugs.server";

export type Journal = typeof journals.$inferSelect;

export type JournalInput = { filename: string; details: string; file: string; userId?: string | null };

function byAuthor(filter: { userId?: string }) {
  return [filter.userId ? eq(journals.userId, filter.userId) : undefined];
}

export function journalsService(db: Database, files: StoredFiles) {
  async function requirePdf(file: string) {
    if (!(await files.isStored(file, "pdf"))) throw new InvalidError(PDF_NOT_STORED, "file");
  }
  /** A PDF no article uses any more is withdrawn from the site. */
  async function withdrawIfUnused(file: string) {
    const [row] = await db.select({ id: journals.id }).from(journals).where(eq(journals.file, file)).limit(1);
    if (!row) await files.removeByUrl(file);
  }

  return {
    async list(request: PageRequest & { userId?: string } = {}) {
      return pageNewestFirst(db, journals, request, JOURNALS_PAGE_SIZE, byAuthor(request));
    },

    async bySlug(slug: string): Promise<Journal | undefined> {
      return rowBy(db, journals, "slug", slug);
    },

    async byId(id: string): Promise<Journal | undefined> {
      return rowBy(db, journals, "id", id);
    },

    /** Never a journal without its PDF: the file must be one uploaded here. */
    async create(input: JournalInput, createdAt?: Date): Promise<Journal> {
      await requirePdf(input.file);
      await files.claimNamedIn(input.details);
      const filename = input.filename.trim();
      const details = sanitizeRichText(input.details);
      return insertWithSlug(db, journals, filename, { ...input, filename, details }, createdAt);
    },

    /** Saves an edited journal article (title, description, and perhaps a new PDF). */
    async update(id: string, input: Omit<JournalInput, "userId">): Promise<Journal> {
      const current = await this.byId(id);
      if (!current) throw new NotFoundError(JOURNAL_GONE);
      if (input.file !== current.file) await requirePdf(input.file);
      await files.claimNamedIn(input.details);
      const filename = input.filename.trim();
      const saved = await retryOnSlugClash(async () => {
        const slug =
          filename === current.filename ? current.slug : await uniqueSlug(db, journals, slugify(filename), id);
        const [row] = await db
          .update(journals)
          .set({ filename, details: sanitizeRichText(input.details), file: input.file, slug, updatedAt: new Date() })
          .where(eq(journals.id, id))
          .returning();
        // Deleted by someone else in between.
        if (!row) throw new NotFoundError(JOURNAL_GONE);
        return row;
      });
      // A replaced PDF is withdrawn, unless another article uses the same file.
      if (current.file !== saved.file) await withdrawIfUnused(current.file);
      return saved;
    },

    async remove(id: string): Promise<Journal> {
      if (!isUuid(id)) throw new NotFoundError(JOURNAL_GONE);
      const [row] = await db.delete(journals).where(eq(journals.id, id)).returning();
      if (!row) throw new NotFoundError(JOURNAL_GONE);
      // A deleted article's PDF goes too, unless another article uses the same file.
      await withdrawIfUnused(row.file);
      return row;
    },

    async count(filter: { userId?: string } = {}) {
      return countWhere(db, journals, byAuthor(filter));
    },
  };
}

export type JournalsService = ReturnType<typeof journalsService>;

/** What each method does to stored articles: writes drop the cached pages that show articles. */
export const journalsEffects = effectTable({
  read: ["list", "bySlug", "byId", "count"],
  write: ["create", "update", "remove"],
}) satisfies Effects<JournalsService>;
