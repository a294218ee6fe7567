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
] as const;
export type ContentTag = (typeof CONTENT_TAGS)[number];
