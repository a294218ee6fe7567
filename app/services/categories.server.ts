import { asc, count, eq, sql } from "drizzle-orm";

import type { Database } from "~/db/client.server";
import { categories, posts } from "~/db/schema";
import {
  CATEGORY_GONE,
  CATEGORY_NAME_REQUIRED,
  CATEGORY_NAME_TAKEN,
  categoryInUse,
  DEFAULT_CATEGORY_KEPT,
  MOVE_TO_SAME,
} from "~/domain/messages/posts";
import { DEFAULT_CATEGORY } from "~/domain/vocabulary";
import { slugify } from "~/lib/text";

import { effectTable } from "./content-changes.server";
import { ConflictError, InvalidError, NotFoundError } from "./errors.server";

export type Category = typeof categories.$inferSelect;
export type CategoryInput = { name: string; description?: string };

/**
 * The news categories editors keep (issue 33). A category's slug is fixed when it is made: a rename
 * changes its name only, so its page, its feed and the posts' stored value stay.
 */
export function categoriesService(db: Database) {
  async function bySlug(slug: string): Promise<Category | undefined> {
    const [row] = await db.select().from(categories).where(eq(categories.slug, slug));
    return row;
  }

  /** Every category in the editors' order. */
  async function list(): Promise<Category[]> {
    return db.select().from(categories).orderBy(asc(categories.position), asc(categories.slug));
  }

  function cleanName(input: CategoryInput) {
    const name = input.name.replace(/\s+/g, " ").trim();
    if (!name) throw new InvalidError(CATEGORY_NAME_REQUIRED, "name");
    return { name: name.slice(0, 60), description: (input.description ?? "").trim().slice(0, 300) };
  }

  async function nameTaken(name: string, except?: string) {
    const [row] = await db
      .select({ slug: categories.slug })
      .from(categories)
      .where(sql`lower(${categories.name}) = lower(${name})`);
    return Boolean(row && row.slug !== except);
  }

  /** A free slug made from the name: `-2`, `-3`... after one already used. */
  async function freeSlug(name: string) {
    const base = slugify(name);
    for (let n = 1; ; n++) {
      const slug = n === 1 ? base : `${base}-${n}`;
      if (!(await bySlug(slug))) return slug;
    }
  }

  return {
    list,
    bySlug,

    /** Each category's name by its slug, for pages that show posts' categories. */
    async names(): Promise<Record<string, string>> {
      const rows = await db.select({ slug: categories.slug, name: categories.name }).from(categories);
      return Object.fromEntries(rows.map((row) => [row.slug, row.name]));
    },

    /** How many posts (any status, trashed too) each category holds. */
    async usage(): Promise<Record<string, number>> {
      const rows = await db.select({ slug: posts.category, n: count() }).from(posts).groupBy(posts.category);
      return Object.fromEntries(rows.map((row) => [row.slug, Number(row.n)]));
    },

    async create(input: CategoryInput): Promise<Category> {
      const fields = cleanName(input);
      if (await nameTaken(fields.name)) throw new ConflictError(CATEGORY_NAME_TAKEN, "name");
      const [last] = await db
        .select({ position: sql<number>`coalesce(max(${categories.position}), -1)` })
        .from(categories);
      const [row] = await db
        .insert(categories)
        .values({ ...fields, slug: await freeSlug(fields.name), position: Number(last?.position ?? -1) + 1 })
        .returning();
      return row;
    },

    /** A new name or description; the slug, and so every address, stays. */
    async update(slug: string, input: CategoryInput): Promise<Category> {
      const fields = cleanName(input);
      if (await nameTaken(fields.name, slug)) throw new ConflictError(CATEGORY_NAME_TAKEN, "name");
      const [row] = await db
        .update(categories)
        .set({ ...fields, updatedAt: new Date() })
        .where(eq(categories.slug, slug))
        .returning();
      if (!row) throw new NotFoundError(CATEGORY_GONE);
      return row;
    },

    /** Moves a category one place up or down the list. */
    async move(slug: string, direction: "up" | "down"): Promise<Category[]> {
      const order = await list();
      const at = order.findIndex((category) => category.slug === slug);
      if (at < 0) throw new NotFoundError(CATEGORY_GONE);
      const to = direction === "up" ? at - 1 : at + 1;
      if (to >= 0 && to < order.length) [order[at], order[to]] = [order[to], order[at]];
      await db.transaction(async (tx) => {
        for (const [position, category] of order.entries())
          await tx.update(categories).set({ position }).where(eq(categories.slug, category.slug));
      });
      return list();
    },

    /**
     * Deletes a category. Its posts (drafts and trashed ones too) move to `moveTo`; without it a
     * category that holds any is refused, saying how many. The default category stays.
     */
    async remove(slug: string, moveTo?: string): Promise<{ moved: number }> {
      if (slug === DEFAULT_CATEGORY) throw new ConflictError(DEFAULT_CATEGORY_KEPT);
      const category = await bySlug(slug);
      if (!category) throw new NotFoundError(CATEGORY_GONE);
      return db.transaction(async (tx) => {
        const [held] = await tx.select({ n: count() }).from(posts).where(eq(posts.category, slug));
        const inUse = Number(held?.n ?? 0);
        let moved = 0;
        if (inUse > 0) {
          if (!moveTo) throw new ConflictError(categoryInUse(category.name, inUse), "moveTo");
          if (moveTo === slug) throw new InvalidError(MOVE_TO_SAME, "moveTo");
          const [target] = await tx.select().from(categories).where(eq(categories.slug, moveTo));
          if (!target) throw new InvalidError(CATEGORY_GONE, "moveTo");
          moved = (
            await tx.update(posts).set({ category: moveTo }).where(eq(posts.category, slug)).returning({ id: posts.id })
          ).length;
        }
        await tx.delete(categories).where(eq(categories.slug, slug));
        return { moved };
      });
    },
  };
}

export type CategoriesService = ReturnType<typeof categoriesService>;

/** Renaming, moving or deleting a category changes the pages that show posts. */
export const categoriesEffects = effectTable({
  read: ["list", "bySlug", "names", "usage"],
  write: ["create", "update", "move", "remove"],
});
