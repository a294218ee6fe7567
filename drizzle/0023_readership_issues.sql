-- Summing and pruning (which take this advisory lock, summing.server.ts) leave off until this
-- migration is in, so that the sums below are filled from figures no pass is changing.
SELECT pg_advisory_xact_lock(35043);--> statement-breakpoint
CREATE TABLE "readership_article_weekly" (
	"week" date NOT NULL,
	"article" uuid NOT NULL,
	"investigations" integer NOT NULL,
	"requests" integer NOT NULL,
	CONSTRAINT "readership_article_weekly_week_article_pk" PRIMARY KEY("week","article")
);
--> statement-breakpoint
CREATE TABLE "readership_issue_daily" (
	"day" date NOT NULL,
	"issue" uuid NOT NULL,
	"investigations" integer NOT NULL,
	"requests" integer NOT NULL,
	CONSTRAINT "readership_issue_daily_day_issue_pk" PRIMARY KEY("day","issue")
);
--> statement-breakpoint
CREATE TABLE "readership_issue_monthly" (
	"month" date NOT NULL,
	"issue" uuid NOT NULL,
	"investigations" integer NOT NULL,
	"requests" integer NOT NULL,
	CONSTRAINT "readership_issue_monthly_month_issue_pk" PRIMARY KEY("month","issue")
);
--> statement-breakpoint
CREATE INDEX "readership_article_weekly_period_idx" ON "readership_article_weekly" USING btree ("week","article","investigations","requests");--> statement-breakpoint
CREATE INDEX "readership_article_daily_article_idx" ON "readership_article_daily" USING btree ("article","day","investigations","requests");
--> statement-breakpoint
-- Each issue's sums of its articles' (decision 050), by day and by month, from signed changes
-- (day, issue, investigations, requests): added to the sums, and a sum of nothing leaves no row.
CREATE OR REPLACE FUNCTION "readership_issue_sums_add"(changes readership_issue_daily[]) RETURNS void LANGUAGE sql AS $$
  WITH c AS (
    SELECT day, issue, sum(investigations) AS investigations, sum(requests) AS requests FROM unnest(changes) GROUP BY 1, 2
  ), daily AS (
    INSERT INTO readership_issue_daily (day, issue, investigations, requests) SELECT * FROM c
      ON CONFLICT (day, issue) DO UPDATE SET
        investigations = readership_issue_daily.investigations + excluded.investigations,
        requests = readership_issue_daily.requests + excluded.requests
  )
  INSERT INTO readership_issue_monthly (month, issue, investigations, requests)
    SELECT date_trunc('month', day)::date, issue, sum(investigations), sum(requests) FROM c GROUP BY 1, 2
    ON CONFLICT (month, issue) DO UPDATE SET
      investigations = readership_issue_monthly.investigations + excluded.investigations,
      requests = readership_issue_monthly.requests + excluded.requests;
  DELETE FROM readership_issue_daily d USING unnest(changes) c
    WHERE d.day = c.day AND d.issue = c.issue AND d.investigations = 0 AND d.requests = 0;
  DELETE FROM readership_issue_monthly m USING unnest(changes) c
    WHERE m.month = date_trunc('month', c.day)::date AND m.issue = c.issue AND m.investigations = 0 AND m.requests = 0;
$$;--> statement-breakpoint
-- What each statement changes in the articles' daily sums (migration 0022's), as signed rows (what
-- it added, less what it removed), goes on into their weekly sums and into the sums of the issue
-- each article is in now (the nil uuid: in none). An article no longer there adds nothing: its
-- figures left its issue when it was deleted (below).
CREATE OR REPLACE FUNCTION "readership_article_daily_roll_up"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  changes readership_article_daily[] := '{}';
BEGIN
  IF TG_OP <> 'DELETE' THEN
    changes := array(SELECT a FROM added a);
  END IF;
  IF TG_OP <> 'INSERT' THEN
    changes := changes || array(
      SELECT (r.day, r.article, -r.investigations, -r.requests)::readership_article_daily FROM removed r);
  END IF;
  INSERT INTO readership_article_weekly (week, article, investigations, requests)
    SELECT date_trunc('week', day)::date, article, sum(investigations), sum(requests) FROM unnest(changes) GROUP BY 1, 2
    ON CONFLICT (week, article) DO UPDATE SET
      investigations = readership_article_weekly.investigations + excluded.investigations,
      requests = readership_article_weekly.requests + excluded.requests;
  DELETE FROM readership_article_weekly w USING unnest(changes) c
    WHERE w.week = date_trunc('week', c.day)::date AND w.article = c.article AND w.investigations = 0 AND w.requests = 0;
  PERFORM readership_issue_sums_add(array(
    SELECT (c.day, coalesce(a.issue_id, '00000000-0000-0000-0000-000000000000'::uuid), c.investigations, c.requests)::readership_issue_daily
    FROM unnest(changes) c JOIN articles a ON a.id = c.article));
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "readership_article_daily_added" AFTER INSERT ON "readership_article_daily"
  REFERENCING NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION "readership_article_daily_roll_up"();--> statement-breakpoint
CREATE TRIGGER "readership_article_daily_changed" AFTER UPDATE ON "readership_article_daily"
  REFERENCING OLD TABLE AS removed NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION "readership_article_daily_roll_up"();--> statement-breakpoint
CREATE TRIGGER "readership_article_daily_removed" AFTER DELETE ON "readership_article_daily"
  REFERENCING OLD TABLE AS removed FOR EACH STATEMENT EXECUTE FUNCTION "readership_article_daily_roll_up"();--> statement-breakpoint
-- An article that changes issue takes its figures with it; one deleted takes them out of its issue.
-- It first waits for the summing pass's lock (summing.server.ts, LOCK_KEY 35043): a pass under way
-- ends first, and its reads of this article, counted to the issue it was in, then move with the
-- rest; a pass that starts meanwhile finds the lock taken and leaves its reads to the next.
CREATE OR REPLACE FUNCTION "articles_move_readership"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_advisory_xact_lock(35043);
  PERFORM readership_issue_sums_add(array(
    SELECT (day, coalesce(OLD.issue_id, '00000000-0000-0000-0000-000000000000'::uuid), -investigations, -requests)::readership_issue_daily
    FROM readership_article_daily WHERE article = OLD.id
    UNION ALL
    SELECT (day, coalesce(NEW.issue_id, '00000000-0000-0000-0000-000000000000'::uuid), investigations, requests)::readership_issue_daily
    FROM readership_article_daily WHERE article = OLD.id AND TG_OP = 'UPDATE'));
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "articles_readership_issue_changed" AFTER UPDATE OF "issue_id" ON "articles"
  FOR EACH ROW WHEN (OLD.issue_id IS DISTINCT FROM NEW.issue_id) EXECUTE FUNCTION "articles_move_readership"();--> statement-breakpoint
CREATE TRIGGER "articles_readership_issue_removed" AFTER DELETE ON "articles"
  FOR EACH ROW EXECUTE FUNCTION "articles_move_readership"();--> statement-breakpoint
-- The figures counted so far.
INSERT INTO readership_article_weekly (week, article, investigations, requests)
  SELECT date_trunc('week', day)::date, article, sum(investigations), sum(requests)
  FROM readership_article_daily GROUP BY 1, article;--> statement-breakpoint
INSERT INTO readership_issue_daily (day, issue, investigations, requests)
  SELECT d.day, coalesce(a.issue_id, '00000000-0000-0000-0000-000000000000'::uuid), sum(d.investigations), sum(d.requests)
  FROM readership_article_daily d JOIN articles a ON a.id = d.article
  GROUP BY 1, 2;--> statement-breakpoint
INSERT INTO readership_issue_monthly (month, issue, investigations, requests)
  SELECT date_trunc('month', day)::date, issue, sum(investigations), sum(requests)
  FROM readership_issue_daily GROUP BY 1, 2;
