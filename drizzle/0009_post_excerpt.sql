-- Issue 22: the editors' own summary of a post, for search engines, link previews and feeds.
ALTER TABLE "posts" ADD COLUMN "excerpt" text DEFAULT '' NOT NULL;