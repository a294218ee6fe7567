/**
 * What public pages are made of, by kind. Pages rendered for the page cache record the kinds they
 * read (request-record.server.ts); every write announces the kind it changed, here and (on
 * PostgreSQL) to every other app server through NOTIFY (content-changes.server.ts), so exactly the
 * pages that showed it are rendered again.
 */
export const CONTENT_TAGS = [
  "posts",
  "journals",
  "academics",
  "settings",
  "staff",
  "announcement",
  "focus",
  "links",
  // The readership figures a public page shows (an article's views and downloads): never announced,
  // they change every minute; the page cache keeps such a page for a while instead (page-cache.server.ts).
  "readership",
] as const;
export type ContentTag = (typeof CONTENT_TAGS)[number];
