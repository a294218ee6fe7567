import { describe, expect, it } from "vitest";

import {
  CATEGORY_DELETED,
  CATEGORY_NAME_TAKEN,
  CATEGORY_SAVED,
  categoryInUse,
  DEFAULT_CATEGORY_KEPT,
} from "~/domain/messages/posts";
import { categoryOptions } from "~/lib/forms/publishing";
import { loader as feedLoader } from "~/routes/feeds";
import { loader as postLoader } from "~/routes/post";
import { loader as topicLoader } from "~/routes/posts-topic";

import { accepted, setUpDashboardWorld } from "../../../../../tests/support/dashboard-world";
import { testDatabaseKind } from "../../../../../tests/support/database";
import { routeAnswer, thrownStatus } from "../../../../../tests/support/route-runtime";
import { deleteCategory, load, moveCategory, saveCategory } from "./categories.server";

const world = setUpDashboardWorld();

const names = async () => (await world.services.categories.list()).map((category) => category.name);
const tab = async (edit?: string) =>
  load({ url: new URL(`http://localhost/dashboard?tab=categories${edit ? `&edit=${edit}` : ""}`) } as never);
const post = (title: string, category: string, tags?: string[]) =>
  world.services.posts.create({ title, category, image: "", content: `<p>${title}</p>`, tags });
const call = (loader: (args: never) => unknown, params: Record<string, string>) =>
  loader({ request: new Request("http://localhost/"), params, context: {} } as never) as Promise<never>;

describe(`news categories (${testDatabaseKind})`, () => {
  it("starts with SPEC.md's four, under the slugs posts already carry", async () => {
    const list = await world.services.categories.list();
    expect(list.map(({ slug, name }) => ({ slug, name }))).toEqual([
      { slug: "uncategorized", name: "News" },
      { slug: "fees", name: "Fees" },
      { slug: "course", name: "Course" },
      { slug: "exams", name: "Exams" },
    ]);
  });

  it("adds, renames and reorders categories; a rename keeps the address", async () => {
    expect(await world.asAdmin(saveCategory, { name: "Scholarships", description: "Awards and grants" })).toMatchObject(
      accepted("save-category", CATEGORY_SAVED),
    );
    const added = (await world.services.categories.list()).at(-1)!;
    expect(added).toMatchObject({ slug: "scholarships", name: "Scholarships" });
    // The same name in another case is refused at the name field.
    const twice = await world.asAdmin(saveCategory, { name: "scholarships" });
    expect(twice.status).toBe(409);
    expect(twice.body).toMatchObject({ ok: false, errors: { name: CATEGORY_NAME_TAKEN } });

    await world.asAdmin(saveCategory, { slug: "scholarships", name: "Bursaries", description: "" });
    expect((await world.services.categories.bySlug("scholarships"))?.name).toBe("Bursaries");

    await world.asAdmin(moveCategory, { slug: "scholarships", direction: "up" });
    expect(await names()).toEqual(["News", "Fees", "Course", "Bursaries", "Exams"]);
    const shown = await tab("scholarships");
    expect(shown.editing).toBe("scholarships");
    // The post editor's select offers them in that order, its placeholder (SPEC.md) standing for News.
    expect(categoryOptions(await world.services.categories.list()).map((option) => option.label)).toEqual([
      "Select a category",
      "Fees",
      "Course",
      "Bursaries",
      "Exams",
    ]);
  });

  it("refuses to delete a category that holds posts until told where they go, and never the default one", async () => {
    await world.services.categories.create({ name: "Open days" });
    const kept = await post("Open day in March", "open-days");
    const refused = await world.asAdmin(deleteCategory, { slug: "open-days" });
    expect(refused.status).toBe(409);
    expect(refused.body?.message).toBe(categoryInUse("Open days", 1));
    expect(await world.services.categories.bySlug("open-days")).toBeDefined();

    expect(await world.asAdmin(deleteCategory, { slug: "open-days", moveTo: "course" })).toMatchObject(
      accepted("delete-category", CATEGORY_DELETED),
    );
    expect(await world.services.categories.bySlug("open-days")).toBeUndefined();
    expect((await world.services.posts.byId(kept.id, "admin"))?.category).toBe("course");

    const news = await world.asAdmin(deleteCategory, { slug: "uncategorized", moveTo: "fees" });
    expect(news.status).toBe(409);
    expect(news.body?.message).toBe(DEFAULT_CATEGORY_KEPT);
  });

  it("refuses a post in a category that does not exist", async () => {
    await expect(post("Gossip", "gossip")).rejects.toMatchObject({ status: 400, field: "category" });
  });
});

describe(`tags (${testDatabaseKind})`, () => {
  it("keeps a post's tags trimmed, once each whatever their case, and lists a tag's posts on its page and feed", async () => {
    const first = await post("Admissions open", "fees", ["  Open  Day ", "admissions", "open day", "ADMISSIONS", ""]);
    expect(await world.services.posts.tagsOf(first.id)).toEqual([
      { slug: "open-day", name: "Open Day" },
      { slug: "admissions", name: "admissions" },
    ]);
    const second = await post("Campus tour", "course", ["Open day"]);
    // An edit that leaves tags out keeps them; one that gives them replaces them.
    await world.services.posts.update(second.id, { title: "Campus tour", category: "course", image: "", content: "" });
    expect((await world.services.posts.tagsOf(second.id)).map((tag) => tag.slug)).toEqual(["open-day"]);

    const page = await call(topicLoader, { tag: "open-day" });
    expect((page as { topic: { name: string } }).topic.name).toBe("Open Day");
    expect((page as { items: { title: string }[] }).items.map((item) => item.title)).toEqual([
      "Campus tour",
      "Admissions open",
    ]);
    expect(await thrownStatus(call(topicLoader, { tag: "no-such-tag" }))).toBe(404);

    const feed = await routeAnswer(feedLoader, "/posts/tag/open-day/rss.xml", { tag: "open-day", feedFile: "rss.xml" });
    expect(feed.status).toBe(200);
    const xml = await feed.text();
    expect(xml).toContain("News tagged Open Day");
    expect(xml).toContain("Campus tour");
    expect(xml).not.toContain("<title>Gossip");
    const json = await routeAnswer(feedLoader, "/posts/tag/open-day/feed.json", {
      tag: "open-day",
      feedFile: "feed.json",
    });
    expect(((await json.json()) as { items: unknown[] }).items).toHaveLength(2);

    // The post's page names its category by its present name and links its tags.
    const shown = (await call(postLoader, { postSlug: first.slug })) as {
      categoryName: string;
      tags: { slug: string }[];
    };
    expect(shown.categoryName).toBe("Fees");
    expect(shown.tags.map((tag) => tag.slug)).toEqual(["open-day", "admissions"]);

    // A tag no post carries any more is forgotten.
    await world.services.posts.update(first.id, {
      title: first.title,
      category: first.category,
      image: "",
      content: first.content,
      tags: ["Open day"],
    });
    expect(await world.services.posts.tag("admissions")).toBeUndefined();
  });

  it("lists a category's posts on its page and feed, under its present name", async () => {
    await world.services.categories.update("exams", { name: "Examinations", description: "Timetables and results" });
    await post("Exam timetable", "exams");
    const page = (await call(topicLoader, { category: "exams" })) as { topic: { name: string; description: string } };
    expect(page.topic).toMatchObject({ name: "Examinations", description: "Timetables and results" });
    const feed = await routeAnswer(feedLoader, "/posts/category/exams/atom.xml", {
      category: "exams",
      feedFile: "atom.xml",
    });
    const xml = await feed.text();
    expect(xml).toContain("News, Examinations");
    expect(xml).toContain("Exam timetable");
    expect(await thrownStatus(call(topicLoader, { category: "gossip" }))).toBe(404);
  });
});
