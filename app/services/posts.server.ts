import { and, eq, ne } from "drizzle-orm";

import type { Database } from "~/db/client.server";
import { posts } from "~/db/schema";
import { POST_GONE } from "~/domain/messages/posts";
import { type PostCategory } from "~/domain/vocabulary";
import { sanitizeRichText } from "~/lib/sanitize.server";
import { isUuid, slugify } from "~/lib/text";

import { type Effects, effectTable } from "./content-changes.server";
import { NotFoundError, requireStoredImage, type StoredFiles } from "./errors.server";
import { countWhere, newestFirst, pageNewestFirst } from "./newest-first.server";
import { type PageRequest, POSTS_PAGE_SIZE } from "./pagination";
import { insertWithSlug, retryOnSlugClash, rowBy, uniqueSlug } from "./slugs.server";

export type Post = typeof posts.$inferSelect;

export type PostInput = {
  title: string;
  category: PostCategory;
  image: string;
  content: string;
  userId?: string | null;
};

export type PostFilter = PageRequest & { category?: string; userId?: string };

function byCategoryAndAuthor(filter: { category?: string; userId?: string }) {
  return [
    filter.category ? eq(posts.category, filter.category) : undefined,
    filter.userId ? eq(posts.userId, filter.userId) : undefined,
  ];
}

export function postsService(db: Database, files: StoredFiles) {
  return {
    async list(filter: PostFilter = {}) {
      return pageNewestFirst(db, posts, filter, POSTS_PAGE_SIZE, byCategoryAndAuthor(filter));
    },

    async latest(count: number) {
      return db
        .select()
        .from(posts)
        .orderBy(...newestFirst(posts))
        .limit(count);
    },

    async bySlug(slug: string): Promise<Post | undefined> {
      return rowBy(db, posts, "slug", slug);
    },

    async byId(id: string): Promise<Post | undefined> {
      return rowBy(db, posts, "id", id);
    },

    /** Other posts of the same category, newest first. */
    async related(post: Pick<Post, "id" | "category">, count = 6) {
      return db
        .select()
        .from(posts)
        .where(and(eq(posts.category, post.category), ne(posts.id, post.id)))
        .orderBy(...newestFirst(posts))
        .limit(count);
    },

    /** Refuses an image that no upload to this site produced: never a post pointing at nothing. */
    async create(input: PostInput, createdAt?: Date): Promise<Post> {
      await requireStoredImage(files, input.image, "image");
      await files.claimNamedIn(input.content);
      const title = input.title.trim();
      return insertWithSlug(db, posts, title, { ...input, title, content: sanitizeRichText(input.content) }, createdAt);
    },

    /** Saves an edited post. The slug follows the title, and stays when only the content changes. */
    async update(id: string, input: Omit<PostInput, "userId">): Promise<Post> {
      const current = await this.byId(id);
      if (!current) throw new NotFoundError(POST_GONE);
      if (input.image !== current.image) await requireStoredImage(files, input.image, "image");
      await files.claimNamedIn(input.content);
      const title = input.title.trim();
      return retryOnSlugClash(async () => {
        const slug = title === current.title ? current.slug : await uniqueSlug(db, posts, slugify(title), id);
        const [row] = await db
          .update(posts)
          .set({
            title,
            category: input.category,
            image: input.image,
            content: sanitizeRichText(input.content),
            slug,
            updatedAt: new Date(),
          })
          .where(eq(posts.id, id))
          .returning();
        // Deleted by someone else in between.
        if (!row) throw new NotFoundError(POST_GONE);
        return row;
      });
    },

    async remove(id: string): Promise<Post> {
      if (!isUuid(id)) throw new NotFoundError(POST_GONE);
      const [row] = await db.delete(posts).where(eq(posts.id, id)).returning();
      if (!row) throw new NotFoundError(POST_GONE);
      return row;
    },

    async count(filter: { category?: string; userId?: string } = {}) {
      return countWhere(db, posts, byCategoryAndAuthor(filter));
    },
  };
}

export type PostsService = ReturnType<typeof postsService>;

/** What each method does to stored posts: writes drop the cached pages that show posts. */
export const postsEffects = effectTable({
  read: ["list", "latest", "bySlug", "byId", "related", "count"],
  write: ["create", "update", "remove"],
}) satisfies Effects<PostsService>;
