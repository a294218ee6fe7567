import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";

import { rowsOf } from "~/db/client.server";

import { testDatabaseKind } from "../../tests/support/database";
import { setUpRouteRuntime } from "../../tests/support/route-runtime";
import { sitemapAnswer, validSitemap } from "../../tests/support/sitemaps";

/**
 * The sitemaps of a large site, read through the route as a crawler reads them. A volume test
 * (`npm run test:volume`): 140,000 rows, and every child checked against the protocol's schema.
 */

const world = setUpRouteRuntime();

describe(`a sitemap of 100,000+ posts (${testDatabaseKind})`, () => {
  it("is an index of children of at most 50,000 addresses, each valid, with drafts and trashed rows left out", async () => {
    const { db } = world.database;
    const ROWS = 120_000;
    // Bulk rows as SQL makes them: every tenth a draft, every seventeenth in the trash.
    await db.execute(sql`
      insert into posts (slug, title, category, content, status, deleted_at, created_at, updated_at)
      select 'bulk-' || g, 'Bulk post ' || g, 'exams', '<p>Bulk</p>',
             case when g % 10 = 0 then 'draft' else 'published' end,
             case when g % 17 = 0 then now() else null end,
             now() - make_interval(secs => ${ROWS} - g + 60), now() - make_interval(secs => ${ROWS} - g + 60)
      from generate_series(1, ${ROWS}) g`);
    await db.execute(sql`
      insert into articles (slug, title, pdf, created_at, updated_at)
      select 'bulk-article-' || g, 'Bulk article ' || g, '/uploads/none.pdf',
             now() - make_interval(secs => 20000 - g + 60), now() - make_interval(secs => 20000 - g + 60)
      from generate_series(1, 20000) g`);
    const [{ n: publicPosts }] = rowsOf<{ n: number }>(
      await db.execute(sql`select count(*)::int as n from posts where deleted_at is null and status = 'published'`),
    );
    expect(publicPosts).toBeGreaterThan(100_000);

    let started = performance.now();
    const index = await validSitemap("/sitemap.xml", "siteindex.xsd");
    const indexMs = performance.now() - started;
    const postChildren = index.locs.filter((loc) => loc.includes("/sitemaps/posts-"));
    expect(postChildren).toEqual([1, 2, 3].map((n) => `http://localhost/sitemaps/posts-${n}.xml`));
    expect(index.locs).toContain("http://localhost/sitemaps/journals-1.xml");

    const seen = new Set<string>();
    let largest = 0;
    started = performance.now();
    for (const child of postChildren) {
      const { locs, body } = await validSitemap(new URL(child).pathname);
      expect(locs.length).toBeLessThanOrEqual(50_000);
      expect(Buffer.byteLength(body)).toBeLessThan(50 * 1024 * 1024);
      largest = Math.max(largest, Buffer.byteLength(body));
      for (const loc of locs) seen.add(loc);
    }
    const childrenMs = performance.now() - started;
    // Every public post once, across the children; no draft and nothing from the trash.
    expect(seen.size).toBe(publicPosts);
    expect(seen.has("http://localhost/post/bulk-1")).toBe(true);
    expect(seen.has("http://localhost/post/bulk-10")).toBe(false);
    expect(seen.has("http://localhost/post/bulk-17")).toBe(false);
    const articles = await validSitemap("/sitemaps/journals-1.xml");
    expect(articles.locs.length).toBe(20_000);
    expect((await sitemapAnswer("/sitemaps/posts-4.xml")).status).toBe(404);
    console.log(
      `sitemap of ${publicPosts} posts (${testDatabaseKind}): index ${indexMs.toFixed(0)} ms, ` +
        `3 children ${childrenMs.toFixed(0)} ms (largest ${(largest / 1024 / 1024).toFixed(1)} MB)`,
    );
  });
});
