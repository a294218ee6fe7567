import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";

import { rowsOf } from "~/db/client.server";
import { renderPdf } from "~/demo/pdf.server";
import { robotsTxt } from "~/routes/sitemaps.server";
import { sitemapsService } from "~/services/sitemaps.server";

import { setUpDashboardWorld } from "../../tests/support/dashboard-world";
import { testDatabaseKind } from "../../tests/support/database";
import { postInput } from "../../tests/support/post-input";
import { sitemapAnswer, validSitemap } from "../../tests/support/sitemaps";

const world = setUpDashboardWorld();

describe(`sitemaps and robots.txt (${testDatabaseKind})`, () => {
  it("an index of valid children listing the public pages, posts and articles, and nothing unpublished", async () => {
    const { posts, articles, journal, academicsAdmin, media } = world.services;
    const shown = await posts.create(postInput("A public post", { content: "<p>x</p>" }));
    await posts.create(postInput("A draft post", { status: "draft" }));
    await posts.create(
      postInput("A scheduled post", { status: "scheduled", publishAt: new Date(Date.now() + 24 * 3600_000) }),
    );
    const trashed = await posts.create(postInput("A trashed post"));
    await posts.remove(trashed.id);
    const file = (
      await media.ingestBuffer(renderPdf([{ text: "S", style: "title" }], { title: "S", author: "T" }), {
        purpose: "pdf",
        fileName: "s.pdf",
      })
    ).url;
    const article = await articles.create({ title: "A public article", abstract: "", pdf: file });
    await articles.create({ title: "A draft article", abstract: "", pdf: file, status: "draft" });
    const gone = await articles.create({ title: "A trashed article", abstract: "", pdf: file });
    await articles.trash([gone.id]);
    const faculty = await academicsAdmin.createFaculty("Faculty of Sitemaps");
    const department = await academicsAdmin.createDepartment({ name: "Mapping", facultyId: faculty.id });
    const issue = { year: 2026, title: "", description: "", cover: "" };
    await journal.createIssue({ ...issue, volume: 7, number: 1, publishedOn: "2026-01-01", status: "published" });
    await journal.createIssue({ ...issue, volume: 7, number: 2, publishedOn: null, status: "forthcoming" });

    const index = await validSitemap("/sitemap.xml", "siteindex.xsd");
    expect(index.locs).toEqual([
      "http://localhost/sitemaps/pages.xml",
      "http://localhost/sitemaps/posts-1.xml",
      "http://localhost/sitemaps/journals-1.xml",
    ]);
    expect(index.body).toMatch(/<lastmod>\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z<\/lastmod>/);

    const pages = await validSitemap("/sitemaps/pages.xml");
    expect(pages.locs).toEqual(
      expect.arrayContaining([
        "http://localhost/",
        "http://localhost/about",
        "http://localhost/posts",
        "http://localhost/journals",
        "http://localhost/journals/issues",
        "http://localhost/programmes",
        "http://localhost/admision",
        `http://localhost/programmes/${department.id}`,
        "http://localhost/journals/issue/7/1",
      ]),
    );
    expect(pages.locs).not.toContain("http://localhost/journals/issue/7/2");
    expect(pages.locs.some((loc) => /dashboard|signin|api|preview/.test(loc))).toBe(false);

    const postsChild = await validSitemap("/sitemaps/posts-1.xml");
    expect(postsChild.locs).toEqual([`http://localhost/post/${shown.slug}`]);
    const journalsChild = await validSitemap("/sitemaps/journals-1.xml");
    expect(journalsChild.locs).toEqual([`http://localhost/journal/${article.slug}`]);
    for (const hidden of ["draft", "scheduled", "trashed"]) {
      expect(postsChild.body).not.toContain(hidden);
      expect(journalsChild.body).not.toContain(hidden);
    }
    expect(postsChild.answer.headers.get("last-modified")).toBeTruthy();
    expect(
      (await sitemapAnswer("/sitemaps/posts-1.xml", { "If-None-Match": postsChild.answer.headers.get("etag")! }))
        .status,
    ).toBe(304);
    expect(
      (
        await sitemapAnswer("/sitemaps/posts-1.xml", {
          "If-Modified-Since": postsChild.answer.headers.get("last-modified")!,
        })
      ).status,
    ).toBe(304);

    // Children that do not exist, and names that are not children.
    for (const missing of ["posts-2.xml", "journals-2.xml", "posts-0.xml", "posts.xml", "users-1.xml", "pages-1.xml"])
      expect((await sitemapAnswer(`/sitemaps/${missing}`)).status, missing).toBe(404);
  });

  it("robots.txt points to the sitemap and keeps crawlers out of accounts, editors, the API and previews", async () => {
    const answer = await sitemapAnswer("/robots.txt");
    expect(answer.status).toBe(200);
    expect(answer.headers.get("content-type")).toBe("text/plain; charset=utf-8");
    const lines = (await answer.text()).split("\n");
    expect(lines[0]).toBe("User-agent: *");
    expect(lines).toContain("Sitemap: http://localhost/sitemap.xml");
    for (const path of [
      "/dashboard",
      "/api/",
      "/preview",
      "/signin",
      "/signup",
      "/create-post",
      "/update-post/",
      "/setup",
    ])
      expect(lines).toContain(`Disallow: ${path}`);
    expect(lines).not.toContain("Disallow: /");
    expect(lines.some((line) => /^Disallow: \/(post|journal|journals|about|programmes)\/?$/.test(line))).toBe(false);

    // A staging copy (ROBOTS_NOINDEX) keeps every crawler out, and names no sitemap.
    const staging = await robotsTxt(new Request("http://localhost/robots.txt"), true).text();
    expect(staging).toBe("User-agent: *\nDisallow: /\n");
  });

  it("pages through its records by keyset: every public record once, in order, and no page past the last", async () => {
    const small = sitemapsService(world.database.db, { pageSize: 2 });
    const chunks = await small.chunks("posts");
    const pages = await Promise.all(chunks.map((chunk) => small.chunk("posts", chunk.page)));
    const all = pages.flatMap((page) => page!.map((entry) => entry.slug));
    const expected = rowsOf<{ slug: string }>(
      await world.database.db.execute(
        sql`select slug from posts where deleted_at is null and (status = 'published' or (status = 'scheduled' and publish_at <= now())) order by created_at, id`,
      ),
    ).map((row) => row.slug);
    expect(all).toEqual(expected);
    expect(chunks.map((chunk) => chunk.count)).toEqual(pages.map((page) => page!.length));
    expect(await small.chunk("posts", chunks.length + 1)).toBeUndefined();
    expect(await small.chunk("posts", 0)).toBeUndefined();
  });
});
