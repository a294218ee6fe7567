-- Issue 32: an article's funding statement, as the article prints it (empty: not stated).
ALTER TABLE "articles" ADD COLUMN "funding" text DEFAULT '' NOT NULL;