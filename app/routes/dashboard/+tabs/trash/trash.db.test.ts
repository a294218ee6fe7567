import { expect, it } from "vitest";

import { deleteJournal } from "~/journal/dashboard/+tabs/journals/journals.server";

import { accepted, answerOf, setUpDashboardWorld } from "../../../../../tests/support/dashboard-world";
import { bulkPosts, deletePost } from "../posts/posts.server";
import { load, purgeItem, restoreItem } from "./trash.server";

const world = setUpDashboardWorld();

const args = () => ({
  request: new Request("http://localhost/dashboard?tab=trash"),
  url: new URL("http://localhost/dashboard?tab=trash"),
  user: world.admin,
});

it("keeps a deleted post in the trash, restores it at its address, and deletes it for good on request", async () => {
  const { posts } = world.services;
  const post = await posts.create({ title: "Trash me", category: "fees", image: "", content: "<p>x</p>" });
  expect(await world.asAdmin(deletePost, { postId: post.id })).toMatchObject(
    accepted("delete-post", "Post deleted successfully!"),
  );
  const trashed = await load(args());
  expect(trashed.items).toEqual([
    expect.objectContaining({ kind: "post", id: post.id, title: "Trash me", daysLeft: 30 }),
  ]);

  expect(await world.asAdmin(restoreItem, { kind: "post", id: post.id })).toMatchObject(
    accepted("restore-item", "Restored from the trash."),
  );
  expect((await posts.bySlug("trash-me"))?.id).toBe(post.id);
  expect((await load(args())).items).toEqual([]);

  await world.asAdmin(deletePost, { postId: post.id });
  expect(await world.asAdmin(purgeItem, { kind: "post", id: post.id })).toMatchObject(
    accepted("purge-item", "Deleted permanently."),
  );
  expect(await world.asAdmin(restoreItem, { kind: "post", id: post.id })).toMatchObject({
    status: 404,
    body: { ok: false, message: "That item is not in the trash." },
  });
});

it("publishes, unpublishes and trashes the ticked posts at once", async () => {
  const { posts } = world.services;
  const a = await posts.create({ title: "Bulk A", category: "fees", image: "", content: "", status: "draft" });
  const b = await posts.create({ title: "Bulk B", category: "fees", image: "", content: "", status: "draft" });
  const form = new FormData();
  form.append("intent", "bulk-posts");
  form.append("bulkAction", "publish");
  form.append("ids", a.id);
  form.append("ids", b.id);
  const bulk = async () =>
    answerOf(await bulkPosts({ request: new Request("http://localhost/dashboard"), form, user: world.admin }));
  expect(await bulk()).toMatchObject(accepted("bulk-posts", "2 items published."));
  expect((await posts.bySlug("bulk-a"))?.status).toBe("published");

  form.set("bulkAction", "trash");
  await bulk();
  expect(await posts.bySlug("bulk-b")).toBeUndefined();
  expect((await load(args())).items.map((item) => item.id)).toEqual(expect.arrayContaining([a.id, b.id]));

  form.set("bulkAction", "explode");
  expect(await bulk()).toMatchObject({ body: { ok: false, message: "Choose what to do with the selected items." } });
});

it("sends a trashed journal article's PDF away only when it is deleted for good", async () => {
  const { articles } = world.services;
  const { renderPdf } = await import("~/demo/pdf.server");
  const bytes = renderPdf([{ text: "Trash article", style: "title" }], { title: "Trash article", author: "Tests" });
  const file = (await world.services.media.ingestBuffer(bytes, { purpose: "pdf", fileName: "a.pdf" })).url;
  const journal = await articles.create({ title: "Trash article", abstract: "", pdf: file });
  await world.asAdmin(deleteJournal, { journalId: journal.id });
  expect(await world.services.media.isStored(file, "pdf")).toBe(true);
  await world.asAdmin(purgeItem, { kind: "journal", id: journal.id });
  expect(await world.services.media.isStored(file, "pdf")).toBe(false);
});
