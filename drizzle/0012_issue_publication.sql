-- Issue 31: an article in a forthcoming issue waits for its issue. An issue's page shows when its
-- status is 'published' (unchanged: every issue public before this migration stays public), and
-- from now on its articles are public only then, whatever their own status (`visibleTo` in
-- services/editorial.server.ts). The database keeps what harvesters need in step with that rule.
--
-- An article is withdrawn (OAI-PMH's deleted record) when it stops being public for any reason,
-- its issue included: moved into a forthcoming issue, or its issue taken back to forthcoming.
-- CREATE OR REPLACE: a restore drops the tables and applies the migrations again, and functions outlive tables.
CREATE OR REPLACE FUNCTION "journals_track_withdrawals"() RETURNS trigger LANGUAGE plpgsql AS $$
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
    DELETE FROM journal_withdrawals WHERE journal_id = NEW.id;
  ELSIF was_public OR (TG_OP = 'DELETE' AND EXISTS (SELECT 1 FROM journal_withdrawals WHERE journal_id = OLD.id)) THEN
    INSERT INTO journal_withdrawals (journal_id, slug, issue_id, section, withdrawn_at)
      VALUES (OLD.id, OLD.slug, OLD.issue_id, OLD.section, clock_timestamp())
      ON CONFLICT (journal_id) DO UPDATE SET withdrawn_at = excluded.withdrawn_at;
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
-- Any change of an issue is a change of its articles' metadata (their volume, number, date, and
-- whether they are public at all): their datestamps move, whichever code path changed the issue,
-- so an incremental harvest fetches them again, and those that became public with their issue
-- leave the withdrawals (the articles' own trigger). The datestamp is set outright: since 0010 a
-- row written back unchanged keeps it. An issue taken back to forthcoming withdraws its public
-- articles here, as the articles' rows themselves do not change.
CREATE OR REPLACE FUNCTION "journal_issues_track_articles"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF OLD.status = 'published' AND NEW.status <> 'published' THEN
    INSERT INTO journal_withdrawals (journal_id, slug, issue_id, section, withdrawn_at)
      SELECT j.id, j.slug, j.issue_id, j.section, clock_timestamp() FROM journals j
      WHERE j.issue_id = NEW.id AND j.deleted_at IS NULL
        AND (j.status = 'published' OR (j.status = 'scheduled' AND j.publish_at <= now()))
      ON CONFLICT (journal_id) DO UPDATE SET withdrawn_at = excluded.withdrawn_at;
  END IF;
  UPDATE journals SET metadata_changed_at = clock_timestamp() WHERE issue_id = NEW.id;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "journal_issues_track_articles" AFTER UPDATE ON "journal_issues"
  FOR EACH ROW WHEN (OLD.* IS DISTINCT FROM NEW.*) EXECUTE FUNCTION "journal_issues_track_articles"();--> statement-breakpoint
-- Articles that were public in a forthcoming issue until now (the defect): harvesters may have
-- taken them, so they are reported withdrawn until their issue is published.
INSERT INTO journal_withdrawals (journal_id, slug, issue_id, section, withdrawn_at)
  SELECT j.id, j.slug, j.issue_id, j.section, clock_timestamp()
  FROM journals j JOIN journal_issues i ON i.id = j.issue_id
  WHERE i.status <> 'published' AND j.deleted_at IS NULL
    AND (j.status = 'published' OR (j.status = 'scheduled' AND j.publish_at <= now()))
  ON CONFLICT (journal_id) DO UPDATE SET withdrawn_at = excluded.withdrawn_at;
