import { count } from "drizzle-orm";
import { describe, expect, it } from "vitest";

import { articles } from "~/db/schema";
import { demoJournals } from "~/demo/content";
import { extractPendingPdfText } from "~/journal/pdf-text.server";
import { loader as journalLoader } from "~/journal/routes/article";
import { loader as journalsLoader } from "~/journal/routes/articles";
import { mediaOptions } from "~/registry.server";

import { openSeededTestDatabase, testDatabaseKind } from "../../tests/support/database";
import { setUpRouteRuntime, thrownStatus } from "../../tests/support/route-runtime";
import { loader as departmentLoader } from "./department";
import { loader as homeLoader } from "./home";
import { loader as postLoader } from "./post";
import { loader as postsLoader } from "./posts";
import { loader as programmesLoader } from "./programmes";
import { loader as searchLoader } from "./search";

const world = setUpRouteRuntime(openSeededTestDatabase);

/** Calls a route loader the way React Router does, with a request and route params. */
function call<T>(loader: (args: never) => T, url: string, params: Record<string, string> = {}) {
  return loader({ request: new Request(`http://localhost${url}`), params, context: {} } as never);
}

describe(`page loaders (${testDatabaseKind})`, () => {
  it("home: every block's data, and the 3 latest posts as news", async () => {
    const data = await call(homeLoader, "/");
    expect(data.homepage.title).not.toBe("");
    expect(data.homepage.homeimage).toMatch(/^\/uploads\//);
    expect(data.director.description).not.toBe("");
    expect(data.vc.name).not.toBe("");
    expect(data.steps).toHaveLength(3);
    expect(data.news).toHaveLength(3);
    // Excerpts are plain text.
    expect(data.news!.every((p) => !p.excerpt.includes("<"))).toBe(true);
  });

  it("posts: 9 a page, then the rest", async () => {
    const first = await call(postsLoader, "/posts");
    expect(first.items).toHaveLength(9);
    expect(first.hasMore).toBe(true);
    const second = await call(postsLoader, "/posts?page=2");
    expect(second.items.length).toBeGreaterThan(0);
    expect(second.items.length).toBeLessThan(9);
    expect(second.hasMore).toBe(false);
    expect(second.items.map((p) => p.id)).not.toContain(first.items[0].id);
  });

  it("post: the article and related posts of its category, excluding itself; 404 when missing", async () => {
    const { items } = await call(postsLoader, "/posts");
    const data = await call(postLoader, `/post/${items[0].slug}`, { postSlug: items[0].slug });
    expect(data.post.id).toBe(items[0].id);
    expect(data.related.every((p) => p.category === data.post.category && p.id !== data.post.id)).toBe(true);
    expect(await thrownStatus(call(postLoader, "/post/nope", { postSlug: "nope" }))).toBe(404);
  });

  it("journals: heading from the home focus record, 9 a page; a journal page; 404 when missing", async () => {
    const list = await call(journalsLoader, "/journals");
    expect(list.heading).toBe("Journal Articles");
    expect(list.items).toHaveLength(9);
    expect(list.hasMore).toBe(true);
    const data = await call(journalLoader, `/journal/${list.items[0].slug}`, { journalSlug: list.items[0].slug });
    expect(data.pdfPath).toMatch(new RegExp(`^/journal/${list.items[0].slug}/pdf\\?v=`));
    expect(data.article.authors.length).toBeGreaterThan(0);
    // Authors' e-mail addresses are the editors' to know: the page's data never carries them.
    expect(JSON.stringify(data)).not.toMatch(/[\w.+-]+@[\w-]+\.[\w.-]+/);
    expect(await thrownStatus(call(journalLoader, "/journal/nope", { journalSlug: "nope" }))).toBe(404);
  });

  it("programmes and department pages; 404 for unknown and malformed ids", async () => {
    const { faculties } = await call(programmesLoader, "/programmes");
    const department = faculties[0].departments[0];
    const data = await call(departmentLoader, `/programmes/${department.id}`, { id: department.id });
    expect(data.department.facultyName).toBe(faculties[0].name);
    expect(data.department.courses.length).toBe(department.courseCount);
    expect(await thrownStatus(call(departmentLoader, "/journals/x", { id: "not-a-uuid" }))).toBe(404);
    const unknown = "00000000-0000-4000-8000-000000000000";
    expect(await thrownStatus(call(departmentLoader, `/journals/${unknown}`, { id: unknown }))).toBe(404);
  });

  it("search: the demo articles' PDFs are read, then their words are found; a query too long is a 400", async () => {
    const before = (await call(searchLoader, "/search?q=promise")) as { results: { hits: { title: string }[] } };
    expect(before.results.hits).toEqual([]);
    // The words of the first demo article's PDF ("Early warning systems promise to turn ...").
    const { db, dataDir } = world.database;
    // Every article's PDF: the demo journal's, and the draft articles of its accepted submissions.
    const [{ stored }] = await db.select({ stored: count() }).from(articles);
    expect(stored).toBeGreaterThan(demoJournals.length);
    expect(await extractPendingPdfText(db, mediaOptions(dataDir).store)).toBe(stored);
    const after = (await call(searchLoader, "/search?q=promise&kind=article&category=nonsense&year=x")) as {
      results: { hits: { title: string; url: string }[] };
      filters: Record<string, string>;
    };
    expect(after.results.hits.map((hit) => hit.title)).toEqual([demoJournals[0].title]);
    expect(after.filters).toEqual({ kind: "article", category: "", year: "" });
    const tooLong = (await call(searchLoader, `/search?q=${"a".repeat(201)}`)) as unknown as {
      init: { status: number };
      data: { error: string };
    };
    expect(tooLong.init.status).toBe(400);
    expect(tooLong.data.error).toMatch(/at most 200 characters/);
  });
});
