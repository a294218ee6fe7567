-- The media library (issue 19): an image's alt text and a caption per file. Nothing to backfill:
-- the original file name, size and dimensions have been recorded with every upload since 0000.
ALTER TABLE "media" ADD COLUMN "alt" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "media" ADD COLUMN "caption" text DEFAULT '' NOT NULL;
