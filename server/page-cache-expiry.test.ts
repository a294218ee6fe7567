import { afterEach, expect, it, vi } from "vitest";

import type { ContentTag } from "~/services/content-changes.server";

import { type CachedPage, pageCache, READERSHIP_PAGE_MAX_AGE_MS } from "./page-cache.server";

const page = (tags: ContentTag[]): CachedPage => ({
  status: 200,
  headers: [],
  body: Buffer.from("<p>page</p>"),
  etag: '"e"',
  tags: new Set(tags),
});

afterEach(() => {
  vi.useRealTimers();
});

it("keeps a page that shows readership figures ten minutes, and other pages until their content changes", () => {
  vi.useFakeTimers({ now: Date.parse("2026-11-27T12:00:00Z") });
  const cache = pageCache();
  cache.set("/journal/an-article", page(["journals", "readership"]), cache.generation);
  cache.set("/about", page(["settings"]), cache.generation);
  vi.advanceTimersByTime(READERSHIP_PAGE_MAX_AGE_MS - 1000);
  expect(cache.get("/journal/an-article")).toBeDefined();
  vi.advanceTimersByTime(2000);
  expect(cache.get("/journal/an-article")).toBeUndefined();
  expect(cache.size).toBe(1);
  vi.advanceTimersByTime(24 * 60 * 60_000);
  expect(cache.get("/about")).toBeDefined();
});
