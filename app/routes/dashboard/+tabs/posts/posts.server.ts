import { byIntent, runAction, type TabLoadArgs } from "~/dashboard/actions.server";
import { bulkAction, listRequest } from "~/dashboard/editorial-list.server";
import { categoryFilter } from "~/dashboard/ListControls";
import { POST_DELETED } from "~/domain/messages/posts";
import { categoryLabel } from "~/domain/vocabulary";
import { services } from "~/runtime.server";
import { POSTS_PAGE_SIZE } from "~/services/pagination";

// SPEC.md has no words for an unexpected failure here.
const POSTS_FAILURES = { failed: "The post could not be deleted. Please try again." };

export async function load({ url }: TabLoadArgs) {
  const { request, query, pageOf } = listRequest(url, POSTS_PAGE_SIZE);
  const { posts, categories } = await services();
  const [result, list] = await Promise.all([
    posts.adminList({ ...request, category: query.category }),
    categories.list(),
  ]);
  const names = Object.fromEntries(list.map((category) => [category.slug, category.name]));
  const page = pageOf(
    result.items.map(({ id, slug, title, category, image, updatedAt, status, publishAt, authorName }) => ({
      id,
      slug,
      title,
      category,
      categoryName: categoryLabel(category, names),
      image,
      updatedAt,
      status,
      publishAt,
      authorName,
    })),
    result.total,
  );
  // The category filter lists the categories editors keep (issue 33).
  return { ...page, filter: categoryFilter(list) };
}

export const deletePost = runAction("delete-post", POSTS_FAILURES, async ({ form, reply }) => {
  // A post that is gone answers 404 with the service's words (runAction). It goes to the trash.
  await (await services()).posts.remove(String(form.get("postId") ?? ""));
  return reply(true, POST_DELETED);
});

export const bulkPosts = bulkAction("post");

export const actions = byIntent(deletePost, bulkPosts);
