DROP INDEX "media_uploaded_by_idx";--> statement-breakpoint
ALTER TABLE "media" ADD COLUMN "claimed_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
CREATE INDEX "media_uploaded_by_idx" ON "media" USING btree ("uploaded_by","created_at");