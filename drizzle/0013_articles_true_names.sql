-- Issue 32: articles under their true names. The earlier system called an article a "journal", its
-- title "filename", its abstract "details" and its PDF "file"; the JSON API keeps those names at its
-- edge (app/api/records.server.ts), the database and the code now say what each is. Renames only: no
-- row moves, and the search documents, indexes and checks follow the renamed columns by themselves.
-- The triggers' functions name the table and its columns in their text, so they are made again.
DROP TRIGGER IF EXISTS "journals_track_metadata" ON "journals";--> statement-breakpoint
DROP TRIGGER IF EXISTS "journals_track_withdrawals" ON "journals";--> statement-breakpoint
DROP FUNCTION IF EXISTS "journals_track_metadata"();--> statement-breakpoint
DROP FUNCTION IF EXISTS "journals_track_withdrawals"();--> statement-breakpoint
ALTER TABLE "journals" RENAME TO "articles";--> statement-breakpoint
ALTER TABLE "articles" RENAME COLUMN "filename" TO "title";--> statement-breakpoint
ALTER TABLE "articles" RENAME COLUMN "details" TO "abstract";--> statement-breakpoint
ALTER TABLE "articles" RENAME COLUMN "file" TO "pdf";--> statement-breakpoint
-- The usage counts and the withdrawals are an article's: their key is the article's id.
ALTER TABLE "article_usage" RENAME COLUMN "journal_id" TO "article_id";--> statement-breakpoint
ALTER TABLE "journal_withdrawals" RENAME COLUMN "journal_id" TO "article_id";--> statement-breakpoint
ALTER TABLE "articles" RENAME CONSTRAINT "journals_pkey" TO "articles_pkey";--> statement-breakpoint
ALTER TABLE "articles" RENAME CONSTRAINT "journals_filename_check" TO "articles_title_check";--> statement-breakpoint
ALTER TABLE "articles" RENAME CONSTRAINT "journals_section_check" TO "articles_section_check";--> statement-breakpoint
ALTER TABLE "articles" RENAME CONSTRAINT "journals_licence_check" TO "articles_licence_check";--> statement-breakpoint
ALTER TABLE "articles" RENAME CONSTRAINT "journals_pages_check" TO "articles_pages_check";--> statement-breakpoint
ALTER TABLE "articles" RENAME CONSTRAINT "journals_status_check" TO "articles_status_check";--> statement-breakpoint
ALTER TABLE "articles" RENAME CONSTRAINT "journals_schedule_check" TO "articles_schedule_check";--> statement-breakpoint
ALTER TABLE "articles" RENAME CONSTRAINT "journals_user_id_users_id_fk" TO "articles_user_id_users_id_fk";--> statement-breakpoint
ALTER TABLE "articles" RENAME CONSTRAINT "journals_issue_id_journal_issues_id_fk" TO "articles_issue_id_journal_issues_id_fk";--> statement-breakpoint
ALTER TABLE "article_usage" RENAME CONSTRAINT "article_usage_journal_id_journals_id_fk" TO "article_usage_article_id_articles_id_fk";--> statement-breakpoint
ALTER INDEX "journals_slug_key" RENAME TO "articles_slug_key";--> statement-breakpoint
ALTER INDEX "journals_doi_key" RENAME TO "articles_doi_key";--> statement-breakpoint
ALTER INDEX "journals_issue_idx" RENAME TO "articles_issue_idx";--> statement-breakpoint
ALTER INDEX "journals_metadata_changed_idx" RENAME TO "articles_metadata_changed_idx";--> statement-breakpoint
ALTER INDEX "journals_created_idx" RENAME TO "articles_created_idx";--> statement-breakpoint
ALTER INDEX "journals_user_created_idx" RENAME TO "articles_user_created_idx";--> statement-breakpoint
ALTER INDEX "journals_search_idx" RENAME TO "articles_search_idx";--> statement-breakpoint
ALTER INDEX "journals_pdf_search_idx" RENAME TO "articles_pdf_search_idx";--> statement-breakpoint
ALTER INDEX "journals_pdf_text_pending_idx" RENAME TO "articles_pdf_text_pending_idx";--> statement-breakpoint
-- The triggers of migrations 0006, 0010 and 0012 as they were, under the new names. CREATE OR
-- REPLACE: a restore drops the tables and applies the migrations again, and functions outlive tables.
CREATE OR REPLACE FUNCTION "articles_track_metadata"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF (to_jsonb(NEW) - '{pdf_text,pdf_text_of,pdf_text_failed,pdf_text_claimed_at,search_vector,pdf_vector,metadata_changed_at}'::text[])
     IS DISTINCT FROM (to_jsonb(OLD) - '{pdf_text,pdf_text_of,pdf_text_failed,pdf_text_claimed_at,search_vector,pdf_vector,metadata_changed_at}'::text[]) THEN
    NEW.metadata_changed_at := clock_timestamp();
  END IF;
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER "articles_track_metadata" BEFORE UPDATE ON "articles"
  FOR EACH ROW EXECUTE FUNCTION "articles_track_metadata"();--> statement-breakpoint
CREATE OR REPLACE FUNCTION "articles_track_withdrawals"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  was_public boolean := false;
  is_public boolean := false;
BEGIN
  IF TG_OP <> 'INSERT' THEN
    was_public := OLD.deleted_at IS NULL
      AND (OLD.status = 'published' OR (OLD.status = 'scheduled' AND OLD.publish_at <= now()))
      AND (OLD.issue_id IS NULL OR EXISTS (
        SELECT 1 FROM journal_issues i WHERE i.id = OLD.issue_id AND i.status = 'published'));
  END IF;
  IF TG_OP <> 'DELETE' THEN
    is_public := NEW.deleted_at IS NULL
      AND (NEW.status = 'published' OR (NEW.status = 'scheduled' AND NEW.publish_at <= now()))
      AND (NEW.issue_id IS NULL OR EXISTS (
        SELECT 1 FROM journal_issues i WHERE i.id = NEW.issue_id AND i.status = 'published'));
  END IF;
  IF is_public THEN
    DELETE FROM journal_withdrawals WHERE article_id = NEW.id;
  ELSIF was_public OR (TG_OP = 'DELETE' AND EXISTS (SELECT 1 FROM journal_withdrawals WHERE article_id = OLD.id)) THEN
    INSERT INTO journal_withdrawals (article_id, slug, issue_id, section, withdrawn_at)
      VALUES (OLD.id, OLD.slug, OLD.issue_id, OLD.section, clock_timestamp())
      ON CONFLICT (article_id) DO UPDATE SET withdrawn_at = excluded.withdrawn_at;
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "articles_track_withdrawals" AFTER INSERT OR UPDATE OR DELETE ON "articles"
  FOR EACH ROW EXECUTE FUNCTION "articles_track_withdrawals"();--> statement-breakpoint
CREATE OR REPLACE FUNCTION "journal_issues_track_articles"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF OLD.status = 'published' AND NEW.status <> 'published' THEN
    INSERT INTO journal_withdrawals (article_id, slug, issue_id, section, withdrawn_at)
      SELECT a.id, a.slug, a.issue_id, a.section, clock_timestamp() FROM articles a
      WHERE a.issue_id = NEW.id AND a.deleted_at IS NULL
        AND (a.status = 'published' OR (a.status = 'scheduled' AND a.publish_at <= now()))
      ON CONFLICT (article_id) DO UPDATE SET withdrawn_at = excluded.withdrawn_at;
  END IF;
  UPDATE articles SET metadata_changed_at = clock_timestamp() WHERE issue_id = NEW.id;
  RETURN NULL;
END $$;--> statement-breakpoint
-- What an article's revisions and preview links keep, under the same names, so that every revision
-- compares with the next and restores as it did (their kind, 'journal', is a stored value and stays).
UPDATE "revisions" SET "data" = ("data" - 'filename' - 'details' - 'file')
  || CASE WHEN "data" ? 'filename' THEN jsonb_build_object('title', "data" -> 'filename') ELSE '{}'::jsonb END
  || CASE WHEN "data" ? 'details' THEN jsonb_build_object('abstract', "data" -> 'details') ELSE '{}'::jsonb END
  || CASE WHEN "data" ? 'file' THEN jsonb_build_object('pdf', "data" -> 'file') ELSE '{}'::jsonb END
  WHERE "kind" = 'journal';--> statement-breakpoint
UPDATE "preview_tokens" SET "data" = ("data" - 'filename' - 'details' - 'file')
  || CASE WHEN "data" ? 'filename' THEN jsonb_build_object('title', "data" -> 'filename') ELSE '{}'::jsonb END
  || CASE WHEN "data" ? 'details' THEN jsonb_build_object('abstract', "data" -> 'details') ELSE '{}'::jsonb END
  || CASE WHEN "data" ? 'file' THEN jsonb_build_object('pdf', "data" -> 'file') ELSE '{}'::jsonb END
  WHERE "kind" = 'journal';
