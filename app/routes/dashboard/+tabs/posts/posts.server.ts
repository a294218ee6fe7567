import { services } from "~/runtime.server";
import { pageNumber, POSTS_PAGE_SIZE } from "~/services/pagination";

import { byIntent, runAction, type TabLoadArgs } from "../../actions.server";

// SPEC.md has no words for an unexpected failure here.
const POSTS_FAILURES = { failed: "The post could not be deleted. Please try again." };

export async function load({ url }: TabLoadArgs) {
  const page = pageNumber(url.searchParams.get("page"));
  const result = await (await services()).posts.list({ startIndex: (page - 1) * POSTS_PAGE_SIZE });
  return {
    items: result.items.map(({ id, slug, title, category, image, updatedAt }) => ({
      id,
      slug,
      title,
      category,
      image,
      updatedAt,
    })),
    hasMore: result.hasMore,
    page,
  };
}

export const deletePost = runAction("delete-post", POSTS_FAILURES, async ({ form, reply }) => {
  // A post that is gone answers 404 with the service's words (runAction).
  await (await services()).posts.remove(String(form.get("postId") ?? ""));
  return reply(true, "Post deleted successfully!"); // SPEC.md
});

export const actions = byIntent(deletePost);
