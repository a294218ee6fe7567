import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";

import { renderPdf } from "~/demo/pdf.server";
import { fileVersion } from "~/journal/file-version";
import { publishingTick } from "~/publishing-tick.server";

import { setUpDashboardWorld } from "../../tests/support/dashboard-world";
import { testDatabaseKind } from "../../tests/support/database";
import { StaleVersionError } from "./editorial.server";

const world = setUpDashboardWorld();
const HOUR = 3_600_000;

const post = (title: string, extra: Record<string, unknown> = {}) => ({
  title,
  category: "fees" as const,
  image: "",
  content: `<p>${title}</p>`,
  ...extra,
});

/** Every way a visitor reaches posts: does any of them show this one? */
async function visitorSees(id: string, slug: string) {
  const { posts } = world.services;
  const seen = [
    (await posts.list({ limit: 50 })).items.some((p) => p.id === id),
    (await posts.latest(50)).some((p) => p.id === id),
    (await posts.bySlug(slug)) !== undefined,
    (await posts.byId(id)) !== undefined,
  ];
  if (seen.every(Boolean)) return true;
  if (seen.some(Boolean)) throw new Error(`seen by some public reads only: ${seen.join(",")}`);
  return false;
}

describe(`editorial state (${testDatabaseKind})`, () => {
  it("keeps drafts from visitors and shows them to admins", async () => {
    const { posts } = world.services;
    const draft = await posts.create(post("A draft in progress", { status: "draft", userId: world.admin.id }));
    expect(draft.status).toBe("draft");
    expect(await visitorSees(draft.id, draft.slug)).toBe(false);
    expect(await posts.count({ category: "fees" })).toBe(
      (await posts.list({ category: "fees", limit: 50 })).items.length,
    );
    expect((await posts.bySlug(draft.slug, "admin"))?.id).toBe(draft.id);
    const listed = await posts.adminList({ status: "draft" });
    expect(listed.items.map((p) => p.id)).toContain(draft.id);

    const [published] = await posts.setStatus([draft.id], "published");
    expect(published.status).toBe("published");
    expect(await visitorSees(draft.id, draft.slug)).toBe(true);
  });

  it("publishes a scheduled post at its time, exactly once however many servers tick", async () => {
    const { posts } = world.services;
    const later = await posts.create(
      post("Scheduled for later", { status: "scheduled", publishAt: new Date(Date.now() + HOUR) }),
    );
    expect(await visitorSees(later.id, later.slug)).toBe(false);
    // A scheduled post takes its publication time as its public date.
    expect(later.createdAt.getTime()).toBe(later.publishAt!.getTime());

    const due = await posts.create(
      post("Due a moment ago", { status: "scheduled", publishAt: new Date(Date.now() + 200) }),
    );
    expect(await visitorSees(due.id, due.slug)).toBe(false);
    await new Promise((resolve) => setTimeout(resolve, 400));
    // Public at its time, even before any tick has run.
    expect(await visitorSees(due.id, due.slug)).toBe(true);

    const announced: string[][] = [];
    const stop = world.services.changes.subscribe((tags) => announced.push(tags));
    const files = world.services.media;
    const ticks = await Promise.all(
      [1, 2, 3].map(() => publishingTick(world.database.db, files, world.services.changes)),
    );
    stop();
    const flipped = ticks.flatMap((tick) => tick.published.posts);
    expect(flipped.filter((id) => id === due.id)).toHaveLength(1);
    expect(flipped).not.toContain(later.id);
    expect(announced.flat()).toContain("posts");
    expect((await posts.byId(due.id))?.status).toBe("published");
    // Nothing due: no announcement, so no page cache is dropped.
    announced.length = 0;
    const quiet = world.services.changes.subscribe((tags) => announced.push(tags));
    await publishingTick(world.database.db, files, world.services.changes);
    quiet();
    expect(announced).toEqual([]);
  });

  it("refuses a save over a newer version, and keeps what the other editor saved", async () => {
    const { posts } = world.services;
    const created = await posts.create(post("Two editors"));
    const first = await posts.update(created.id, post("Two editors, first save"), { version: created.version });
    expect(first.version).toBe(created.version + 1);
    const second = posts.update(created.id, post("Two editors, second save"), { version: created.version });
    await expect(second).rejects.toBeInstanceOf(StaleVersionError);
    await expect(second).rejects.toMatchObject({ status: 409, currentVersion: first.version });
    expect((await posts.byId(created.id))?.title).toBe("Two editors, first save");
    // Saving knowingly over theirs (the version now loaded) works.
    const third = await posts.update(created.id, post("Two editors, mine after all"), { version: first.version });
    expect(third.title).toBe("Two editors, mine after all");
  });

  it("keeps every save as a revision with who and when, and restores one as a new save", async () => {
    const { posts } = world.services;
    const created = await posts.create(post("Revised post", { userId: world.admin.id }));
    await posts.update(created.id, post("Revised post, second"), { editorId: world.admin.id });
    await posts.update(
      created.id,
      { ...post("Revised post, third"), content: "<p>Third</p>" },
      { editorId: world.admin.id },
    );
    const history = await posts.revisions(created.id);
    expect(history.map((r) => r.version)).toEqual([3, 2, 1]);
    expect(history[0].authorName).toBe(world.admin.username);
    const oldest = history.at(-1)!;
    expect((await posts.revision(created.id, oldest.id)).data).toMatchObject({ title: "Revised post" });

    const restored = await posts.restoreRevision(created.id, oldest.id, world.admin.id);
    expect(restored).toMatchObject({ title: "Revised post", content: "<p>Revised post</p>", slug: created.slug });
    expect((await posts.revisions(created.id)).map((r) => r.version)).toEqual([4, 3, 2, 1]);
    // A revision of another post is not this post's.
    const other = await posts.create(post("Another post"));
    await expect(posts.restoreRevision(other.id, oldest.id)).rejects.toMatchObject({ status: 404 });
  });

  it("restores a revision of a scheduled post or article, keeping its status and time (issue 31)", async () => {
    const { posts, articles, media } = world.services;
    const at = new Date(Math.floor((Date.now() + 48 * HOUR) / 60_000) * 60_000);
    const scheduled = { status: "scheduled" as const, publishAt: at };
    const created = await posts.create(post("Scheduled, first words", { ...scheduled, userId: world.admin.id }));
    await posts.update(created.id, { ...post("Scheduled, second words"), ...scheduled });
    const first = (await posts.revisions(created.id)).at(-1)!;
    const restored = await posts.restoreRevision(created.id, first.id, world.admin.id);
    expect(restored).toMatchObject({ title: "Scheduled, first words", status: "scheduled", publishAt: at });
    expect(restored.createdAt).toEqual(at);
    expect(await visitorSees(created.id, created.slug)).toBe(false);

    const file = (
      await media.ingestBuffer(renderPdf([{ text: "Scheduled article" }], { title: "S", author: "T" }), {
        purpose: "pdf",
        fileName: "s.pdf",
      })
    ).url;
    const article = await articles.create({ title: "Scheduled article", abstract: "", pdf: file, ...scheduled });
    await articles.update(article.id, { title: "Scheduled article, renamed", abstract: "", pdf: file, ...scheduled });
    const oldest = (await articles.revisions(article.id)).at(-1)!;
    expect(await articles.restoreRevision(article.id, oldest.id)).toMatchObject({
      title: "Scheduled article",
      status: "scheduled",
      publishAt: at,
    });
    // Saving a schedule still needs its time.
    await expect(
      posts.update(created.id, { ...post("No time"), status: "scheduled", publishAt: null }),
    ).rejects.toMatchObject({ status: 400, field: "publishAt" });
  });

  it("keeps a post from before revisions existed as its first revision when it is first saved", async () => {
    const { posts } = world.services;
    const legacy = await posts.create(post("Legacy post"));
    await world.database.db.execute(sql`delete from revisions where record_id = ${legacy.id}`);
    await posts.update(legacy.id, post("Legacy post, edited"));
    const history = await posts.revisions(legacy.id);
    expect(history).toHaveLength(2);
    expect((await posts.revision(legacy.id, history[1].id)).data).toMatchObject({ title: "Legacy post" });
  });

  it("moves deletes to a trash that restores, keeps the address reserved, and empties after 30 days", async () => {
    const { posts } = world.services;
    const doomed = await posts.create(post("Trashed post"));
    await posts.remove(doomed.id);
    expect(await visitorSees(doomed.id, doomed.slug)).toBe(false);
    expect((await posts.adminList({})).items.map((p) => p.id)).not.toContain(doomed.id);
    expect((await posts.adminList({ trashed: true })).items.map((p) => p.id)).toContain(doomed.id);
    // Its address stays its own while it is in the trash.
    const sameTitle = await posts.create(post("Trashed post"));
    expect(sameTitle.slug).toBe("trashed-post-2");
    // A trashed post cannot be saved (nor deleted again).
    await expect(posts.update(doomed.id, post("Edited in the trash"))).rejects.toMatchObject({ status: 404 });
    await expect(posts.remove(doomed.id)).rejects.toMatchObject({ status: 404 });

    await posts.restore([doomed.id]);
    expect(await visitorSees(doomed.id, doomed.slug)).toBe(true);

    await posts.remove(doomed.id);
    await world.database.db.execute(
      sql`update posts set deleted_at = now() - interval '31 days' where id = ${doomed.id}`,
    );
    const recent = await posts.create(post("Recently trashed"));
    await posts.remove(recent.id);
    const { purged } = await publishingTick(world.database.db, world.services.media, world.services.changes);
    expect(purged.posts.map((p) => p.id)).toEqual([doomed.id]);
    expect((await posts.adminList({ trashed: true })).items.map((p) => p.id)).toContain(recent.id);
    expect(await posts.purge([recent.id])).toHaveLength(1);
    expect((await posts.adminList({ trashed: true })).items.map((p) => p.id)).not.toContain(recent.id);
  });

  it("keeps the address when the title changes, and redirects every old slug to the current one", async () => {
    const { posts } = world.services;
    const created = await posts.create(post("First name of a post"));
    const renamed = await posts.update(created.id, post("Second name of a post"));
    expect(renamed.slug).toBe("first-name-of-a-post");
    const moved = await posts.update(created.id, post("Second name of a post"), { slug: "second-name" });
    const again = await posts.update(created.id, post("Second name of a post"), { slug: "third-name" });
    expect([moved.slug, again.slug]).toEqual(["second-name", "third-name"]);
    expect(await posts.movedSlug("first-name-of-a-post")).toBe("third-name");
    expect(await posts.movedSlug("second-name")).toBe("third-name");
    expect(await posts.movedSlug("third-name")).toBeUndefined();
    await expect(posts.update(created.id, post("x"), { slug: "!!!" })).rejects.toMatchObject({
      status: 400,
      field: "slug",
    });
    // An old address of a draft leads nowhere for visitors.
    await posts.setStatus([created.id], "draft");
    expect(await posts.movedSlug("first-name-of-a-post")).toBeUndefined();
    expect(await posts.movedSlug("first-name-of-a-post", "admin")).toBe("third-name");
  });

  it("gives a replaced journal PDF a new versioned address, and keeps the old file for its revisions", async () => {
    const { articles, media } = world.services;
    const pdf = async (title: string) =>
      (
        await media.ingestBuffer(renderPdf([{ text: title, style: "title" }], { title, author: "Tests" }), {
          purpose: "pdf",
          fileName: "a.pdf",
        })
      ).url;
    const first = await pdf("First PDF");
    const article = await articles.create({ title: "Versioned article", abstract: "", pdf: first });
    const replaced = await articles.update(article.id, {
      title: "Versioned article",
      abstract: "",
      pdf: await pdf("Second PDF"),
    });
    expect(fileVersion(replaced.pdf)).not.toBe(fileVersion(first));
    expect(await media.isStored(first, "pdf")).toBe(true);
    const history = await articles.revisions(article.id);
    const restored = await articles.restoreRevision(article.id, history.at(-1)!.id);
    expect(restored.pdf).toBe(first);
  });

  it("keeps every save of site content as a revision, and restores one", async () => {
    const { siteContent } = world.services;
    await siteContent.saveAnnouncement({ title: "First notice", content: "<p>One</p>" }, world.admin.id);
    await siteContent.saveAnnouncement({ title: "Second notice", content: "<p>Two</p>" }, world.admin.id);
    const history = await siteContent.revisions("announcement", "announcement");
    // What was there before the first save here is kept too.
    expect(history.map((r) => r.version)).toEqual([3, 2, 1]);
    expect(history[0].authorName).toBe(world.admin.username);
    await siteContent.restoreRevision("announcement", "announcement", history[1].id, world.admin.id);
    expect(await siteContent.announcement()).toEqual({ title: "First notice", content: "<p>One</p>" });

    await siteContent.saveFocus({ key: "homePage", title: "Focus A", subtitle: "", content: "" }, world.admin.id);
    await siteContent.saveFocus({ key: "homePage", title: "Focus B", subtitle: "", content: "" }, world.admin.id);
    const focus = await siteContent.revisions("focus", "homePage");
    await siteContent.restoreRevision("focus", "homePage", focus[1].id);
    expect((await siteContent.focus("homePage")).title).toBe("Focus A");
    // A revision of another record is not this one's.
    await expect(siteContent.restoreRevision("focus", "aboutPage", focus[1].id)).rejects.toMatchObject({ status: 404 });
  });

  it("keeps a row written as before the editorial columns existed published, public and at its address", async () => {
    // What the migration meets: rows inserted with only the earlier columns.
    await world.database.db.execute(
      sql`insert into posts (slug, title, category, image, content) values ('from-before', 'From before', 'fees', '', '<p>Old</p>')`,
    );
    const { posts } = world.services;
    const old = await posts.bySlug("from-before");
    expect(old).toMatchObject({ status: "published", version: 1, deletedAt: null, publishAt: null });
    expect((await posts.list({ limit: 50 })).items.map((p) => p.slug)).toContain("from-before");
  });
});
