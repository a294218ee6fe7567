import { and, asc, eq, inArray, ne, notExists, sql } from "drizzle-orm";

import type { Database } from "~/db/client.server";
import { categories, posts, postTags, tags } from "~/db/schema";
import { CHOOSE_CATEGORY, POST_GONE, TAG_TOO_LONG, TOO_MANY_TAGS } from "~/domain/messages/posts";
import { DEFAULT_CATEGORY, type PostCategory } from "~/domain/vocabulary";
import { sanitizeRichText } from "~/lib/sanitize.server";
import { MAX_TAG_LENGTH, MAX_TAGS, parseTags, type Tag } from "~/lib/tags";

import type { Effects } from "./content-changes.server";
import { editorialColumns, type EditorialInput, publishDue, visibleTo } from "./editorial.server";
import {
  type AdminListQuery,
  editorialEffects,
  editorialRecords,
  handedOn,
  type SaveOptions,
} from "./editorial-records.server";
import { InvalidError, NotFoundError, requireStoredImage, type StoredFiles } from "./errors.server";
import { countWhere, newestFirst, pageNewestFirst } from "./newest-first.server";
import { type PageRequest, POSTS_PAGE_SIZE } from "./pagination";

export type Post = typeof posts.$inferSelect;

export type PostInput = EditorialInput & {
  title: string;
  category: PostCategory;
  image: string;
  content: string;
  /** The editors' own summary (plain text); empty or left out: taken from the text where needed. */
  excerpt?: string;
  userId?: string | null;
  /** The address asked for on creation; made from the title when empty. */
  slug?: string;
  /** Its tags' names (issue 33); left out: the tags stay as they are. */
  tags?: readonly string[];
};

export type PostFilter = PageRequest & { category?: string; userId?: string; tag?: string };

function byCategoryAndAuthor(filter: { category?: string; userId?: string; tag?: string }) {
  return [
    filter.category ? eq(posts.category, filter.category) : undefined,
    filter.userId ? eq(posts.userId, filter.userId) : undefined,
    filter.tag
      ? inArray(posts.id, sql`(select ${postTags.postId} from ${postTags} where ${postTags.tag} = ${filter.tag})`)
      : undefined,
  ];
}

/** Tags as a post may carry them: each one once, a bounded number, each of a bounded length. */
export function checkedTags(names: readonly string[]): Tag[] {
  const list = parseTags(names);
  if (list.length > MAX_TAGS) throw new InvalidError(TOO_MANY_TAGS, "tags");
  if (list.some((tag) => tag.name.length > MAX_TAG_LENGTH)) throw new InvalidError(TAG_TOO_LONG, "tags");
  return list;
}

/** An excerpt as stored: plain text on one line (forms and the API cap its length). */
const plainExcerpt = (text: string | undefined) => (text ?? "").replace(/\s+/g, " ").trim();

/** What a revision of a post keeps, and what restoring one puts back. */
const postSnapshot = (post: Post) => ({
  title: post.title,
  category: post.category,
  image: post.image,
  content: post.content,
  excerpt: post.excerpt,
  slug: post.slug,
  status: post.status,
});

export function postsService(db: Database, files: StoredFiles) {
  const records = editorialRecords(db, {
    table: posts,
    kind: "post",
    gone: POST_GONE,
    titleColumn: posts.title,
    snapshot: postSnapshot,
  });
  const publicOnly = visibleTo(posts, "public");

  /** A post names a category that exists (editors delete categories; an API client may send anything). */
  async function requireCategory(slug: string) {
    const [row] = await db.select({ slug: categories.slug }).from(categories).where(eq(categories.slug, slug));
    if (!row) throw new InvalidError(CHOOSE_CATEGORY, "category");
  }

  /** A post's tags as given, in that order; a tag no post carries any more is forgotten. */
  async function setTags(postId: string, list: Tag[]) {
    await db.transaction(async (tx) => {
      if (list.length) await tx.insert(tags).values(list).onConflictDoNothing();
      await tx.delete(postTags).where(eq(postTags.postId, postId));
      if (list.length)
        await tx.insert(postTags).values(list.map((tag, position) => ({ postId, tag: tag.slug, position })));
      await tx.delete(tags).where(
        notExists(
          tx
            .select({ one: sql`1` })
            .from(postTags)
            .where(eq(postTags.tag, tags.slug)),
        ),
      );
    });
  }

  async function tagsOf(postId: string): Promise<Tag[]> {
    return db
      .select({ slug: tags.slug, name: tags.name })
      .from(postTags)
      .innerJoin(tags, eq(tags.slug, postTags.tag))
      .where(eq(postTags.postId, postId))
      .orderBy(asc(postTags.position));
  }

  async function insertPost(input: PostInput, createdAt?: Date, id?: string): Promise<Post | undefined> {
    await requireCategory(input.category);
    const tagList = input.tags && checkedTags(input.tags);
    await requireStoredImage(files, input.image, "image");
    await files.claimNamedIn(input.content);
    const title = input.title.trim();
    const editorial = editorialColumns(input);
    const values = {
      title,
      category: input.category,
      image: input.image,
      content: sanitizeRichText(input.content),
      excerpt: plainExcerpt(input.excerpt),
      userId: input.userId ?? null,
      status: editorial.status,
      publishAt: editorial.publishAt,
      ...(createdAt || editorial.createdAt ? { createdAt: createdAt ?? editorial.createdAt } : {}),
    };
    const slugFrom = input.slug?.trim() || title;
    const post = id
      ? await records.insertOnce(id, slugFrom, values, input.userId)
      : await records.insert(slugFrom, values, input.userId);
    if (post && tagList) await setTags(post.id, tagList);
    return post;
  }

  return {
    // Shared with journals as they are: by address or id, old addresses, the trash, bulk status, history.
    ...handedOn(records),

    /** Public lists: what visitors may see, newest first. */
    async list(filter: PostFilter = {}) {
      return pageNewestFirst(db, posts, filter, POSTS_PAGE_SIZE, [publicOnly, ...byCategoryAndAuthor(filter)]);
    },

    async latest(count: number) {
      return db
        .select()
        .from(posts)
        .where(publicOnly)
        .orderBy(...newestFirst(posts))
        .limit(count);
    },

    tagsOf,

    /** The tags at least one public post carries, by name (the sitemap lists their pages). */
    async publicTags(): Promise<Tag[]> {
      return db
        .selectDistinct({ slug: tags.slug, name: tags.name })
        .from(tags)
        .innerJoin(postTags, eq(postTags.tag, tags.slug))
        .innerJoin(posts, eq(posts.id, postTags.postId))
        .where(publicOnly)
        .orderBy(asc(tags.name));
    },

    /** A tag by its slug (its page's heading). */
    async tag(slug: string): Promise<Tag | undefined> {
      const [row] = await db.select({ slug: tags.slug, name: tags.name }).from(tags).where(eq(tags.slug, slug));
      return row;
    },

    /** Other public posts of the same category, newest first. */
    async related(post: Pick<Post, "id" | "category">, count = 6) {
      return db
        .select()
        .from(posts)
        .where(and(publicOnly, eq(posts.category, post.category), ne(posts.id, post.id)))
        .orderBy(...newestFirst(posts))
        .limit(count);
    },

    /** The dashboard's list: drafts and scheduled posts too; search, filters, sort. */
    async adminList(query: AdminListQuery & { category?: string }) {
      return records.adminList({ ...query, filters: byCategoryAndAuthor({ category: query.category }) });
    },

    /** Refuses an image that no upload to this site produced: never a post pointing at nothing. */
    async create(input: PostInput, createdAt?: Date): Promise<Post> {
      return (await insertPost(input, createdAt))!;
    },

    /**
     * A new post under `id`, the key its editor page was given; undefined (nothing written) when a
     * save with that key already made it: that page's autosave, a second click, a retry.
     */
    async createOnce(id: string, input: PostInput): Promise<Post | undefined> {
      return insertPost(input, undefined, id);
    },

    /**
     * Saves an edited post at the version the editor loaded. The address stays when the title
     * changes; it changes only when the slug field does, and the old one then redirects.
     */
    async update(id: string, input: Omit<PostInput, "userId" | "slug">, options: SaveOptions = {}): Promise<Post> {
      const current = await records.byId(id, "admin");
      if (!current) throw new NotFoundError(POST_GONE);
      if (input.category !== current.category) await requireCategory(input.category);
      const tagList = input.tags && checkedTags(input.tags);
      if (input.image !== current.image) await requireStoredImage(files, input.image, "image");
      await files.claimNamedIn(input.content);
      const editorial = editorialColumns(input, current);
      const saved = await records.save(
        current,
        {
          title: input.title.trim(),
          category: input.category,
          image: input.image,
          content: sanitizeRichText(input.content),
          // A caller that does not know the field (an older API client) leaves it as it was.
          excerpt: input.excerpt === undefined ? current.excerpt : plainExcerpt(input.excerpt),
          ...editorial,
        },
        options,
      );
      if (tagList) await setTags(saved.id, tagList);
      return saved;
    },

    /** Moves a post to the trash: restorable for 30 days, gone from the site at once. */
    async remove(id: string): Promise<Post> {
      return records.trashOne(id);
    },

    async purge(ids: string[]) {
      return records.purge(ids);
    },

    /**
     * Saves a revision's fields again: itself a new revision. The address, the status and a
     * schedule stay as they are now (a restore brings back the text, not when it is published).
     */
    async restoreRevision(id: string, revisionId: string, editorId?: string | null): Promise<Post> {
      const { data } = await records.revision(id, revisionId);
      const old = data as ReturnType<typeof postSnapshot>;
      // A category deleted since gave its posts to another; the revision's goes to the default one.
      const [kept] = await db.select().from(categories).where(eq(categories.slug, old.category));
      return this.update(
        id,
        {
          title: old.title,
          category: kept ? old.category : DEFAULT_CATEGORY,
          image: old.image,
          content: old.content,
          // Revisions kept before excerpts existed had none.
          excerpt: old.excerpt ?? "",
        },
        { editorId },
      );
    },

    /** Scheduled posts whose time has come become published (the publishing tick). */
    async publishDue() {
      return publishDue(db, posts);
    },

    /** Trashed posts older than the trash keeps are deleted for good (the publishing tick). */
    async purgeExpired() {
      return records.purge();
    },

    async count(filter: { category?: string; userId?: string; tag?: string } = {}) {
      return countWhere(db, posts, [publicOnly, ...byCategoryAndAuthor(filter)]);
    },
  };
}

export type PostsService = ReturnType<typeof postsService>;

/** What each method does to stored posts: writes drop the cached pages that show posts. */
export const postsEffects = editorialEffects([
  "list",
  "latest",
  "related",
  "tagsOf",
  "tag",
  "publicTags",
]) satisfies Effects<PostsService>;
