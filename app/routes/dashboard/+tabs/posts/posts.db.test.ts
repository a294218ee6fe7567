import { expect, it } from "vitest";

import { accepted, setUpDashboardWorld } from "../../../../../tests/support/dashboard-world";
import { deletePost } from "./posts.server";

const world = setUpDashboardWorld();

it("deletes a post, and says when it is already gone", async () => {
  const post = await world.services.posts.create({
    title: "Fees for next year",
    category: "fees",
    image: "",
    content: "<p>Soon</p>",
  });
  const deleted = await world.asAdmin(deletePost, { postId: post.id });
  expect(deleted).toMatchObject(accepted("delete-post", "Post deleted successfully!"));
  expect((await world.services.posts.list()).items.some((p) => p.id === post.id)).toBe(false);

  const again = await world.asAdmin(deletePost, { postId: post.id });
  expect(again).toMatchObject({ status: 404, body: { ok: false, message: "That post no longer exists." } });
});
