-- The scholarly journal (issue 20): issues, the journal's settings, article metadata, usage counts
-- and the record of withdrawn articles that OAI-PMH reports as deleted.
CREATE TABLE "article_usage" (
	"journal_id" uuid PRIMARY KEY NOT NULL,
	"views" bigint DEFAULT 0 NOT NULL,
	"downloads" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "article_usage_recent" (
	"key" text PRIMARY KEY NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "journal_issues" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"volume" integer NOT NULL,
	"number" integer NOT NULL,
	"year" integer NOT NULL,
	"title" text DEFAULT '' NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"cover" text DEFAULT '' NOT NULL,
	"published_on" date,
	"status" text DEFAULT 'forthcoming' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "journal_issues_status_check" CHECK ("journal_issues"."status" in ('forthcoming', 'published')),
	CONSTRAINT "journal_issues_numbers_check" CHECK ("journal_issues"."volume" > 0 and "journal_issues"."number" > 0 and "journal_issues"."year" between 1900 and 2999)
);
--> statement-breakpoint
CREATE TABLE "journal_profile" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"fields" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "journal_profile_single_row" CHECK ("journal_profile"."id" = 1)
);
--> statement-breakpoint
CREATE TABLE "journal_withdrawals" (
	"journal_id" uuid PRIMARY KEY NOT NULL,
	"slug" text NOT NULL,
	"issue_id" uuid,
	"section" text NOT NULL,
	"withdrawn_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "journals" ADD COLUMN "issue_id" uuid;--> statement-breakpoint
ALTER TABLE "journals" ADD COLUMN "section" text DEFAULT 'research' NOT NULL;--> statement-breakpoint
ALTER TABLE "journals" ADD COLUMN "authors" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "journals" ADD COLUMN "keywords" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "journals" ADD COLUMN "first_page" integer;--> statement-breakpoint
ALTER TABLE "journals" ADD COLUMN "last_page" integer;--> statement-breakpoint
ALTER TABLE "journals" ADD COLUMN "doi" text;--> statement-breakpoint
ALTER TABLE "journals" ADD COLUMN "licence" text;--> statement-breakpoint
ALTER TABLE "journals" ADD COLUMN "language" text DEFAULT 'en' NOT NULL;--> statement-breakpoint
ALTER TABLE "journals" ADD COLUMN "received_on" date;--> statement-breakpoint
ALTER TABLE "journals" ADD COLUMN "accepted_on" date;--> statement-breakpoint
ALTER TABLE "journals" ADD COLUMN "published_on" date;--> statement-breakpoint
ALTER TABLE "journals" ADD COLUMN "references" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "journals" ADD COLUMN "supplementary" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "journals" ADD COLUMN "metadata_changed_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "article_usage" ADD CONSTRAINT "article_usage_journal_id_journals_id_fk" FOREIGN KEY ("journal_id") REFERENCES "public"."journals"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "article_usage_recent_at_idx" ON "article_usage_recent" USING btree ("at");--> statement-breakpoint
CREATE UNIQUE INDEX "journal_issues_volume_number_key" ON "journal_issues" USING btree ("volume","number");--> statement-breakpoint
CREATE INDEX "journal_withdrawals_withdrawn_idx" ON "journal_withdrawals" USING btree ("withdrawn_at","journal_id");--> statement-breakpoint
ALTER TABLE "journals" ADD CONSTRAINT "journals_issue_id_journal_issues_id_fk" FOREIGN KEY ("issue_id") REFERENCES "public"."journal_issues"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "journals_doi_key" ON "journals" USING btree ("doi");--> statement-breakpoint
CREATE INDEX "journals_issue_idx" ON "journals" USING btree ("issue_id","section","first_page");--> statement-breakpoint
CREATE INDEX "journals_metadata_changed_idx" ON "journals" USING btree ("metadata_changed_at","id");--> statement-breakpoint
ALTER TABLE "journals" ADD CONSTRAINT "journals_section_check" CHECK ("journals"."section" in ('editorial', 'research', 'review', 'policy', 'book-review'));--> statement-breakpoint
ALTER TABLE "journals" ADD CONSTRAINT "journals_licence_check" CHECK ("journals"."licence" is null or "journals"."licence" in ('CC-BY-4.0', 'CC-BY-SA-4.0', 'CC-BY-NC-4.0', 'CC-BY-NC-SA-4.0', 'CC-BY-ND-4.0', 'CC-BY-NC-ND-4.0', 'CC0-1.0'));--> statement-breakpoint
ALTER TABLE "journals" ADD CONSTRAINT "journals_pages_check" CHECK (("journals"."first_page" is null or "journals"."first_page" > 0) and ("journals"."last_page" is null or "journals"."last_page" >= coalesce("journals"."first_page", 1)));--> statement-breakpoint
-- Existing articles: their last change is their OAI-PMH datestamp; a trashed article that was published is withdrawn.
UPDATE "journals" SET "metadata_changed_at" = "updated_at";--> statement-breakpoint
INSERT INTO "journal_withdrawals" ("journal_id", "slug", "issue_id", "section", "withdrawn_at")
  SELECT "id", "slug", "issue_id", "section", "deleted_at" FROM "journals"
  WHERE "deleted_at" IS NOT NULL AND "status" = 'published';--> statement-breakpoint
-- Every change of an article's row moves its datestamp (a new row takes the column's default, or the
-- datestamp a restore brings), and an article that stops being public (unpublished, trashed, deleted
-- for good) is recorded as withdrawn, whichever code path did it. CREATE OR REPLACE: a restore drops
-- the tables and applies the migrations again, and functions outlive tables.
CREATE OR REPLACE FUNCTION "journals_track_metadata"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.metadata_changed_at := clock_timestamp();
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER "journals_track_metadata" BEFORE UPDATE ON "journals"
  FOR EACH ROW EXECUTE FUNCTION "journals_track_metadata"();--> statement-breakpoint
CREATE OR REPLACE FUNCTION "journals_track_withdrawals"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  was_public boolean := false;
  is_public boolean := false;
BEGIN
  IF TG_OP <> 'INSERT' THEN
    was_public := OLD.deleted_at IS NULL
      AND (OLD.status = 'published' OR (OLD.status = 'scheduled' AND OLD.publish_at <= now()));
  END IF;
  IF TG_OP <> 'DELETE' THEN
    is_public := NEW.deleted_at IS NULL
      AND (NEW.status = 'published' OR (NEW.status = 'scheduled' AND NEW.publish_at <= now()));
  END IF;
  IF is_public THEN
    DELETE FROM journal_withdrawals WHERE journal_id = NEW.id;
  ELSIF was_public OR (TG_OP = 'DELETE' AND EXISTS (SELECT 1 FROM journal_withdrawals WHERE journal_id = OLD.id)) THEN
    INSERT INTO journal_withdrawals (journal_id, slug, issue_id, section, withdrawn_at)
      VALUES (OLD.id, OLD.slug, OLD.issue_id, OLD.section, clock_timestamp())
      ON CONFLICT (journal_id) DO UPDATE SET withdrawn_at = excluded.withdrawn_at;
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "journals_track_withdrawals" AFTER INSERT OR UPDATE OR DELETE ON "journals"
  FOR EACH ROW EXECUTE FUNCTION "journals_track_withdrawals"();
