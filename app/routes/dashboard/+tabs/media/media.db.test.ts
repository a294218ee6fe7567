import { eq } from "drizzle-orm";
import { expect, it } from "vitest";

import { media } from "~/db/schema";
import { landscapeImage } from "~/demo/images.server";
import { renderPdf } from "~/demo/pdf.server";

import { accepted, setUpDashboardWorld } from "../../../../../tests/support/dashboard-world";
import { postInput } from "../../../../../tests/support/post-input";
import { deleteFile, describeFile, load } from "./media.server";

const world = setUpDashboardWorld();

async function upload(fileName: string, width = 800, height = 450) {
  const { bytes } = await landscapeImage(3, width, height);
  return world.services.media.ingestBuffer(bytes, { purpose: "image", fileName });
}

const libraryRow = async (id: string, kind?: "image" | "pdf") => {
  const url = new URL(`http://localhost/dashboard?tab=media${kind ? `&kind=${kind}` : ""}`);
  const view = await load({ request: new Request(url), url, user: world.admin });
  return view.items.find((item) => item.id === id);
};

it("lists an upload with its original name, size and dimensions, and where it is used", async () => {
  const stored = await upload("Library façade.png", 1200, 800);
  const unused = await libraryRow(stored.id);
  expect(unused).toMatchObject({
    originalName: "Library façade.png",
    kind: "image",
    size: stored.size,
    width: 1200,
    height: 800,
    uses: [],
  });

  const post = await world.services.posts.create(
    postInput("The new library opens", { image: stored.url, content: "<p>Doors open at nine.</p>" }),
  );
  await world.services.siteContent.saveStaff("library", {
    name: "A. Librarian",
    post: "Librarian",
    email: "librarian@example.edu",
    description: `<p><img src="${stored.url}" alt="The reading room"></p>`,
    photo: (await upload("librarian.png")).url,
  });
  const used = await libraryRow(stored.id);
  expect(used?.uses).toEqual(
    expect.arrayContaining([
      { area: "post", id: post.id, name: "The new library opens" },
      { area: "staff", id: "library", name: "A. Librarian" },
    ]),
  );
  expect(used?.uses).toHaveLength(2);
});

it("lists PDFs apart from images when asked", async () => {
  const pdf = await world.services.media.ingestBuffer(
    await renderPdf([{ text: "Annual report", style: "title" }], { title: "Report", author: "Centre" }),
    { purpose: "pdf", fileName: "annual-report.pdf" },
  );
  expect(await libraryRow(pdf.id, "pdf")).toMatchObject({ originalName: "annual-report.pdf", width: null });
  expect(await libraryRow(pdf.id, "image")).toBeUndefined();
});

it("saves a file's alt text and caption, and the sweep of unused uploads keeps a described file", async () => {
  const described = await upload("described.png");
  const plain = await upload("plain.png");
  const saved = await world.asAdmin(describeFile, {
    fileId: described.id,
    alt: "  Students reading in the new library  ",
    caption: "The reading room, spring term",
  });
  expect(saved).toMatchObject(accepted("describe-file", "File details saved."));
  expect(await libraryRow(described.id)).toMatchObject({
    alt: "Students reading in the new library",
    caption: "The reading room, spring term",
  });

  const tooLong = await world.asAdmin(describeFile, { fileId: described.id, alt: "x".repeat(301), caption: "" });
  expect(tooLong).toMatchObject({ status: 400, body: { ok: false, message: expect.stringContaining("300") } });
  const gone = await world.asAdmin(describeFile, { fileId: "not-a-file", alt: "", caption: "" });
  expect(gone).toMatchObject({ status: 404, body: { message: "That file no longer exists." } });

  // Both are a day old and unused: only the one nobody described goes.
  const yesterday = new Date(Date.now() - 2 * 24 * 3600 * 1000);
  await world.database.db
    .update(media)
    .set({ createdAt: yesterday, claimedAt: yesterday })
    .where(eq(media.id, described.id));
  await world.database.db
    .update(media)
    .set({ createdAt: yesterday, claimedAt: yesterday })
    .where(eq(media.id, plain.id));
  // Other tests' files are in use by then, so the sweep's "wrong database" guard does not stop it.
  await world.services.media.removeUnreferenced(new Date(0), { unusedBefore: new Date(Date.now() - 24 * 3600 * 1000) });
  expect(await libraryRow(described.id)).toBeDefined();
  expect(await libraryRow(plain.id)).toBeUndefined();
});

it("deletes an unused file with its stored copies, and refuses one in use, saying where", async () => {
  const used = await upload("in-use.png");
  await world.services.posts.create(postInput("Open day", { category: "course", image: used.url }));
  const refused = await world.asAdmin(deleteFile, { fileId: used.id });
  expect(refused).toMatchObject({
    status: 409,
    body: { ok: false, message: 'This file is in use and was not deleted. Remove it from "Open day" first.' },
  });
  expect(await libraryRow(used.id)).toBeDefined();

  const unused = await upload("unused.png", 1200, 675);
  const key = unused.url.slice("/uploads/".length);
  expect(await world.services.media.head(key)).not.toBeNull();
  const deleted = await world.asAdmin(deleteFile, { fileId: unused.id });
  expect(deleted).toMatchObject(accepted("delete-file", "File deleted."));
  expect(await libraryRow(unused.id)).toBeUndefined();
  expect(await world.services.media.head(key)).toBeNull();
  expect(await world.services.media.head(key.replace(/-\d+w\.webp$/, "-640w.webp"))).toBeNull();

  const again = await world.asAdmin(deleteFile, { fileId: unused.id });
  expect(again).toMatchObject({ status: 404, body: { message: "That file no longer exists." } });
});

it("names an earlier version and a trashed post as such, and lets the file go despite them", async () => {
  const cover = await upload("cover.png");
  const post = await world.services.posts.create(postInput("Graduation", { category: "course", image: cover.url }));
  // The image removed: only the revision of the first save names it now.
  await world.services.posts.update(post.id, postInput("Graduation", { category: "course" }));
  expect((await libraryRow(cover.id))?.uses).toEqual([
    { area: "post", id: post.id, name: "Graduation", via: "revision" },
  ]);

  const other = await upload("other.png");
  const trashed = await world.services.posts.create(postInput("Old notice", { image: other.url }));
  await world.services.posts.remove(trashed.id);
  expect((await libraryRow(other.id))?.uses).toContainEqual({
    area: "post",
    id: trashed.id,
    name: "Old notice",
    via: "trash",
  });

  expect(await world.asAdmin(deleteFile, { fileId: cover.id })).toMatchObject(accepted("delete-file", "File deleted."));
  expect(await world.asAdmin(deleteFile, { fileId: other.id })).toMatchObject(accepted("delete-file", "File deleted."));
});
