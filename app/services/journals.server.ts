import { desc, eq, sql } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { journals } from "~/db/schema";
import { isSlug, slugify } from "~/lib/text";
import { JOURNALS_PAGE_SIZE, normalisePage, toPage, type PageRequest } from "./pagination";
import { uniqueSlug } from "./slugs.server";

export type Journal = typeof journals.$inferSelect;

export type JournalInput = { filename: string; details: string; file: string; userId?: string | null };

export function journalsService(db: Database) {
  return {
    async list(request: PageRequest & { userId?: string } = {}) {
      const { limit, startIndex } = normalisePage(request, JOURNALS_PAGE_SIZE);
      const rows = await db
        .select()
        .from(journals)
        .where(request.userId ? eq(journals.userId, request.userId) : undefined)
        .orderBy(desc(journals.createdAt), desc(journals.id))
        .limit(limit + 1)
        .offset(startIndex);
      return toPage(rows, limit);
    },

    async bySlug(slug: string): Promise<Journal | undefined> {
      if (!isSlug(slug)) return undefined;
      const [row] = await db.select().from(journals).where(eq(journals.slug, slug)).limit(1);
      return row;
    },

    async create(input: JournalInput, createdAt?: Date): Promise<Journal> {
      const slug = await uniqueSlug(db, journals, slugify(input.filename));
      const [row] = await db
        .insert(journals)
        .values({ ...input, slug, ...(createdAt ? { createdAt, updatedAt: createdAt } : {}) })
        .returning();
      return row;
    },

    async count() {
      const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(journals);
      return row.n;
    },
  };
}
