import { expect, it } from "vitest";

import { answerOf, formPost, setUpDashboardWorld } from "../../test-world.server";
import { deletePost } from "./posts.server";

const world = setUpDashboardWorld();

it("deletes a post, and says when it is already gone", async () => {
  const post = await world.services.posts.create({
    title: "Fees for next year",
    category: "fees",
    image: "",
    content: "<p>Soon</p>",
  });
  const deleted = answerOf(await deletePost(formPost(world.admin, { postId: post.id })));
  expect(deleted).toMatchObject({
    status: 200,
    body: { intent: "delete-post", ok: true, message: "Post deleted successfully!" },
  });
  expect((await world.services.posts.list()).items.some((p) => p.id === post.id)).toBe(false);

  const again = answerOf(await deletePost(formPost(world.admin, { postId: post.id })));
  expect(again).toMatchObject({ status: 404, body: { ok: false, message: "That post no longer exists." } });
});
