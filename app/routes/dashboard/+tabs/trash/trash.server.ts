import { byIntent, runAction, type TabLoadArgs } from "~/dashboard/actions.server";
import { DELETED_FOREVER, NOT_IN_TRASH, RESTORED_FROM_TRASH } from "~/domain/messages/editorial";
import { type Area, mayWorkOn } from "~/domain/roles";
import { services } from "~/runtime.server";
import { TRASH_DAYS } from "~/services/editorial.server";

const TRASH_FAILURES = { failed: "The change could not be made. Please try again." };
const DAY = 86_400_000;

/** Days left before the nightly tick deletes an item for good. */
const daysLeft = (deletedAt: Date | null) =>
  Math.max(0, Math.ceil(((deletedAt?.getTime() ?? Date.now()) + TRASH_DAYS * DAY - Date.now()) / DAY));

const NOTHING = { items: [], total: 0 };

/** Each person sees the deleted items of the kinds their roles work on: posts (news), articles (journal). */
export async function load({ user }: TabLoadArgs) {
  const { posts, articles } = await services();
  const [trashedPosts, trashedArticles] = await Promise.all([
    mayWorkOn(user.roles, "news") ? posts.adminList({ trashed: true, sort: "updated", limit: 50 }) : NOTHING,
    mayWorkOn(user.roles, "journal") ? articles.adminList({ trashed: true, sort: "updated", limit: 50 }) : NOTHING,
  ]);
  return {
    items: [
      ...trashedPosts.items.map((post) => ({
        kind: "post" as const,
        id: post.id,
        title: post.title,
        deletedAt: post.deletedAt,
        daysLeft: daysLeft(post.deletedAt),
      })),
      ...trashedArticles.items.map((article) => ({
        kind: "journal" as const,
        id: article.id,
        title: article.title,
        deletedAt: article.deletedAt,
        daysLeft: daysLeft(article.deletedAt),
      })),
    ].sort((a, b) => (b.deletedAt?.getTime() ?? 0) - (a.deletedAt?.getTime() ?? 0)),
    more: trashedPosts.total + trashedArticles.total > 100,
  };
}

/** Whose the item is: the dashboard lets only those who work on its kind restore or delete it. */
const areaOf = (form: FormData): Area => (form.get("kind") === "journal" ? "journal" : "news");

/** The store of the kind the form names, and the ids it names. */
async function target(form: FormData) {
  const all = await services();
  return { store: areaOf(form) === "journal" ? all.articles : all.posts, ids: [String(form.get("id") ?? "")] };
}

/** Restore and delete for good: the item the form names, changed, or refused when it is no longer in the trash. */
const trashAction = (intent: string, change: "restore" | "purge", done: string) =>
  runAction(
    intent,
    TRASH_FAILURES,
    async ({ form, reply }) => {
      const { store, ids } = await target(form);
      const changed = await store[change](ids);
      return changed.length ? reply(true, done) : reply(false, NOT_IN_TRASH, { status: 404 });
    },
    { areaOf },
  );

export const restoreItem = trashAction("restore-item", "restore", RESTORED_FROM_TRASH);
export const purgeItem = trashAction("purge-item", "purge", DELETED_FOREVER);

export const actions = byIntent(restoreItem, purgeItem);
