import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { openTestDatabase, type TestDatabase, testDatabaseKind } from "../../tests/support/database";
import { postInput } from "../../tests/support/post-input";
import { NotFoundError } from "./errors.server";
import { mediaService } from "./media.server";
import { mediaOptions } from "./media-options.server";
import { postsService } from "./posts.server";

let database: TestDatabase;
let posts: ReturnType<typeof postsService>;
const DAY = 86_400_000;

beforeAll(async () => {
  database = await openTestDatabase();
  posts = postsService(database.db, mediaService(database.db, mediaOptions(database.dataDir)));
  const now = Date.now();
  for (let i = 0; i < 20; i++) {
    await posts.create(
      { title: `Post number ${i}`, category: i % 2 ? "fees" : "exams", image: "", content: `<p>Body ${i}</p>` },
      new Date(now - i * DAY),
    );
  }
});
afterAll(async () => {
  await database?.dispose();
});

describe(`posts service (${testDatabaseKind})`, () => {
  it("pages after the last post shown (keyset) exactly as by position, even between posts of the same moment", async () => {
    // Two posts created in the same microsecond-precise instant as others: order falls back to the id.
    const sameMoment = new Date(Date.now() - 5.5 * DAY);
    const added = [
      await posts.create(postInput("Same moment A"), sameMoment),
      await posts.create(postInput("Same moment B"), sameMoment),
    ];
    const byPosition = [];
    for (let start = 0; ; start += 9) {
      const page = await posts.list({ startIndex: start });
      byPosition.push(...page.items.map((p) => p.id));
      if (!page.hasMore) break;
    }
    const byKeyset = [];
    let after: string | undefined;
    for (;;) {
      const page = await posts.list({ after });
      byKeyset.push(...page.items.map((p) => p.id));
      if (!page.hasMore) break;
      after = page.items.at(-1)!.id;
    }
    expect(byKeyset).toEqual(byPosition);
    expect(new Set(byKeyset).size).toBe(byKeyset.length);
    expect(byKeyset).toHaveLength(22);
    for (const post of added) await posts.remove(post.id);
  });

  it("pages newest first, 9 at a time, and says when no more remain", async () => {
    const first = await posts.list({ startIndex: 0 });
    expect(first.items.map((p) => p.title)).toEqual(Array.from({ length: 9 }, (_, i) => `Post number ${i}`));
    expect(first.hasMore).toBe(true);
    const third = await posts.list({ startIndex: 18 });
    expect(third.items).toHaveLength(2);
    expect(third.hasMore).toBe(false);
  });

  it("gives two posts with the same title different, readable slugs", async () => {
    const a = await posts.create(postInput("Annual Lecture", { category: "uncategorized" }));
    const b = await posts.create(postInput("Annual Lecture", { category: "uncategorized" }));
    expect(a.slug).toBe("annual-lecture");
    expect(b.slug).toBe("annual-lecture-2");
    expect((await posts.bySlug("annual-lecture-2"))?.id).toBe(b.id);
  });

  it("finds related posts of the same category, never the post itself", async () => {
    const post = (await posts.bySlug("post-number-1"))!;
    const related = await posts.related(post, 6);
    expect(related.length).toBe(6);
    expect(related.every((p) => p.category === "fees" && p.id !== post.id)).toBe(true);
  });

  it("filters by category", async () => {
    const page = await posts.list({ category: "exams", limit: 50 });
    expect(page.items).toHaveLength(10);
  });

  it("keeps the slug when the content or the title changes, moves it when the slug is edited, and sanitises", async () => {
    const post = await posts.create(postInput("Stable Address", { content: "<p>One</p><script>alert(1)</script>" }));
    expect(post.content).toBe("<p>One</p>");
    const edited = await posts.update(post.id, postInput("Stable Address", { content: '<p onclick="x()">Two</p>' }));
    expect(edited).toMatchObject({ slug: "stable-address", content: "<p>Two</p>" });
    const renamed = await posts.update(post.id, postInput("Moved Address", { content: "<p>Two</p>" }));
    // The address is stable: a new title keeps it (SPEC-NOTES.md).
    expect(renamed).toMatchObject({ slug: "stable-address", title: "Moved Address" });
    const moved = await posts.update(post.id, postInput("Moved Address", { content: "<p>Two</p>" }), {
      slug: "Moved Address",
    });
    expect(moved.slug).toBe("moved-address");
    expect(await posts.movedSlug("stable-address")).toBe("moved-address");
    // A post that is not there is a refusal (404), not an empty answer.
    await expect(posts.update("00000000-0000-4000-8000-000000000000", postInput("x"))).rejects.toBeInstanceOf(
      NotFoundError,
    );
    expect((await posts.remove(post.id))?.id).toBe(post.id);
    expect(await posts.bySlug("moved-address")).toBeUndefined();
  });

  it("keeps the editors' excerpt as plain text on one line, in revisions too", async () => {
    const post = await posts.create(postInput("Excerpted", { content: "<p>Body</p>", excerpt: " First\n summary. " }));
    expect(post.excerpt).toBe("First summary.");
    const changed = await posts.update(
      post.id,
      postInput("Excerpted", { content: "<p>Body</p>", excerpt: "Second summary." }),
    );
    expect(changed.excerpt).toBe("Second summary.");
    const [, first] = await posts.revisions(post.id);
    const restored = await posts.restoreRevision(post.id, first.id);
    expect(restored.excerpt).toBe("First summary.");
  });
});
