-- Summing and pruning (which take this advisory lock, summing.server.ts) leave off until this
-- migration is in: a pass meanwhile would run the old roll-up and leave no weekly rows behind.
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
-- Migration 0022's roll-up of the articles' sums, now by week too (decision 050).
CREATE OR REPLACE FUNCTION "readership_daily_articles_roll_up"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    WITH changes AS (
      SELECT day, item_key::uuid AS article,
        coalesce(sum(count) FILTER (WHERE metric = 'investigations'), 0) AS investigations,
        coalesce(sum(count) FILTER (WHERE metric = 'requests'), 0) AS requests
      FROM added
      WHERE item_type = 'article' AND metric IN ('investigations', 'requests') AND item_key ~ '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$'
      GROUP BY day, item_key
    ), daily AS (
      INSERT INTO readership_article_daily (day, article, investigations, requests)
        SELECT day, article, investigations, requests FROM changes
        ON CONFLICT (day, article) DO UPDATE SET
          investigations = readership_article_daily.investigations + excluded.investigations,
          requests = readership_article_daily.requests + excluded.requests
    ), weekly AS (
      INSERT INTO readership_article_weekly (week, article, investigations, requests)
        SELECT date_trunc('week', day)::date, article, sum(investigations), sum(requests) FROM changes GROUP BY 1, 2
        ON CONFLICT (week, article) DO UPDATE SET
          investigations = readership_article_weekly.investigations + excluded.investigations,
          requests = readership_article_weekly.requests + excluded.requests
    )
    INSERT INTO readership_article_monthly (month, article, investigations, requests)
      SELECT date_trunc('month', day)::date, article, sum(investigations), sum(requests) FROM changes GROUP BY 1, 2
      ON CONFLICT (month, article) DO UPDATE SET
        investigations = readership_article_monthly.investigations + excluded.investigations,
        requests = readership_article_monthly.requests + excluded.requests;
  END IF;
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    WITH changes AS (
      SELECT day, item_key::uuid AS article,
        coalesce(sum(count) FILTER (WHERE metric = 'investigations'), 0) AS investigations,
        coalesce(sum(count) FILTER (WHERE metric = 'requests'), 0) AS requests
      FROM removed
      WHERE item_type = 'article' AND metric IN ('investigations', 'requests') AND item_key ~ '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$'
      GROUP BY day, item_key
    ), daily AS (
      UPDATE readership_article_daily a
        SET investigations = a.investigations - c.investigations, requests = a.requests - c.requests
        FROM changes c WHERE a.day = c.day AND a.article = c.article
    ), weekly AS (
      UPDATE readership_article_weekly a
        SET investigations = a.investigations - c.investigations, requests = a.requests - c.requests
        FROM (SELECT date_trunc('week', day)::date AS week, article, sum(investigations) AS investigations,
                sum(requests) AS requests FROM changes GROUP BY 1, 2) c
        WHERE a.week = c.week AND a.article = c.article
    )
    UPDATE readership_article_monthly a
      SET investigations = a.investigations - c.investigations, requests = a.requests - c.requests
      FROM (SELECT date_trunc('month', day)::date AS month, article, sum(investigations) AS investigations,
              sum(requests) AS requests FROM changes GROUP BY 1, 2) c
      WHERE a.month = c.month AND a.article = c.article;
    -- What retention removed altogether leaves no row behind.
    IF TG_OP = 'DELETE' THEN
      DELETE FROM readership_article_daily WHERE investigations = 0 AND requests = 0
        AND day IN (SELECT DISTINCT day FROM removed);
      DELETE FROM readership_article_weekly WHERE investigations = 0 AND requests = 0
        AND week IN (SELECT DISTINCT date_trunc('week', day)::date FROM removed);
      DELETE FROM readership_article_monthly WHERE investigations = 0 AND requests = 0
        AND month IN (SELECT DISTINCT date_trunc('month', day)::date FROM removed);
    END IF;
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
INSERT INTO readership_article_weekly (week, article, investigations, requests)
  SELECT date_trunc('week', day)::date, article, sum(investigations), sum(requests)
  FROM readership_article_daily GROUP BY 1, article;
--> statement-breakpoint
-- Each issue's sums of its articles' investigations and requests (decision 050), kept from
-- readership_article_daily's changes by a trigger of its own, like migration 0022's: each changed
-- row counted to the issue its article is in now (the nil uuid: in none). An article that is no
-- longer there adds nothing: its figures left its issue when it was deleted (below).
CREATE OR REPLACE FUNCTION "readership_article_daily_issues_roll_up"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    WITH changes AS (
      SELECT c.day, coalesce(a.issue_id, '00000000-0000-0000-0000-000000000000'::uuid) AS issue,
        sum(c.investigations) AS investigations, sum(c.requests) AS requests
      FROM added c JOIN articles a ON a.id = c.article
      GROUP BY 1, 2
    ), daily AS (
      INSERT INTO readership_issue_daily (day, issue, investigations, requests)
        SELECT day, issue, investigations, requests FROM changes
        ON CONFLICT (day, issue) DO UPDATE SET
          investigations = readership_issue_daily.investigations + excluded.investigations,
          requests = readership_issue_daily.requests + excluded.requests
    )
    INSERT INTO readership_issue_monthly (month, issue, investigations, requests)
      SELECT date_trunc('month', day)::date, issue, sum(investigations), sum(requests) FROM changes GROUP BY 1, 2
      ON CONFLICT (month, issue) DO UPDATE SET
        investigations = readership_issue_monthly.investigations + excluded.investigations,
        requests = readership_issue_monthly.requests + excluded.requests;
  END IF;
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    WITH changes AS (
      SELECT c.day, coalesce(a.issue_id, '00000000-0000-0000-0000-000000000000'::uuid) AS issue,
        -sum(c.investigations) AS investigations, -sum(c.requests) AS requests
      FROM removed c JOIN articles a ON a.id = c.article
      GROUP BY 1, 2
    ), daily AS (
      INSERT INTO readership_issue_daily (day, issue, investigations, requests)
        SELECT day, issue, investigations, requests FROM changes
        ON CONFLICT (day, issue) DO UPDATE SET
          investigations = readership_issue_daily.investigations + excluded.investigations,
          requests = readership_issue_daily.requests + excluded.requests
    )
    INSERT INTO readership_issue_monthly (month, issue, investigations, requests)
      SELECT date_trunc('month', day)::date, issue, sum(investigations), sum(requests) FROM changes GROUP BY 1, 2
      ON CONFLICT (month, issue) DO UPDATE SET
        investigations = readership_issue_monthly.investigations + excluded.investigations,
        requests = readership_issue_monthly.requests + excluded.requests;
    -- What retention removed altogether leaves no row behind.
    IF TG_OP = 'DELETE' THEN
      DELETE FROM readership_issue_daily WHERE investigations = 0 AND requests = 0
        AND day IN (SELECT DISTINCT day FROM removed);
      DELETE FROM readership_issue_monthly WHERE investigations = 0 AND requests = 0
        AND month IN (SELECT DISTINCT date_trunc('month', day)::date FROM removed);
    END IF;
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "readership_article_daily_issues_added" AFTER INSERT ON "readership_article_daily"
  REFERENCING NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION "readership_article_daily_issues_roll_up"();--> statement-breakpoint
CREATE TRIGGER "readership_article_daily_issues_changed" AFTER UPDATE ON "readership_article_daily"
  REFERENCING OLD TABLE AS removed NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION "readership_article_daily_issues_roll_up"();--> statement-breakpoint
CREATE TRIGGER "readership_article_daily_issues_removed" AFTER DELETE ON "readership_article_daily"
  REFERENCING OLD TABLE AS removed FOR EACH STATEMENT EXECUTE FUNCTION "readership_article_daily_issues_roll_up"();--> statement-breakpoint
-- An article that changes issue takes its figures with it; one deleted takes them out of its issue.
-- It first waits for the summing pass's lock (summing.server.ts, LOCK_KEY 35043): a pass under way
-- ends first, and its reads of this article, counted to the issue it was in, then move with the
-- rest; a pass that starts meanwhile finds the lock taken and leaves its reads to the next.
CREATE OR REPLACE FUNCTION "articles_move_readership"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_advisory_xact_lock(35043);
  WITH changes AS (
    SELECT day, coalesce(OLD.issue_id, '00000000-0000-0000-0000-000000000000'::uuid) AS issue,
      -investigations AS investigations, -requests AS requests
    FROM readership_article_daily WHERE article = OLD.id
    UNION ALL
    SELECT day, coalesce(NEW.issue_id, '00000000-0000-0000-0000-000000000000'::uuid), investigations, requests
    FROM readership_article_daily WHERE article = OLD.id AND TG_OP = 'UPDATE'
  ), daily AS (
    INSERT INTO readership_issue_daily (day, issue, investigations, requests)
      SELECT day, issue, sum(investigations), sum(requests) FROM changes GROUP BY 1, 2
      ON CONFLICT (day, issue) DO UPDATE SET
        investigations = readership_issue_daily.investigations + excluded.investigations,
        requests = readership_issue_daily.requests + excluded.requests
  )
  INSERT INTO readership_issue_monthly (month, issue, investigations, requests)
    SELECT date_trunc('month', day)::date, issue, sum(investigations), sum(requests) FROM changes GROUP BY 1, 2
    ON CONFLICT (month, issue) DO UPDATE SET
      investigations = readership_issue_monthly.investigations + excluded.investigations,
      requests = readership_issue_monthly.requests + excluded.requests;
  DELETE FROM readership_issue_daily WHERE investigations = 0 AND requests = 0
    AND issue = coalesce(OLD.issue_id, '00000000-0000-0000-0000-000000000000'::uuid)
    AND day IN (SELECT day FROM readership_article_daily WHERE article = OLD.id);
  DELETE FROM readership_issue_monthly WHERE investigations = 0 AND requests = 0
    AND issue = coalesce(OLD.issue_id, '00000000-0000-0000-0000-000000000000'::uuid)
    AND month IN (SELECT date_trunc('month', day)::date FROM readership_article_daily WHERE article = OLD.id);
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "articles_readership_issue_changed" AFTER UPDATE OF "issue_id" ON "articles"
  FOR EACH ROW WHEN (OLD.issue_id IS DISTINCT FROM NEW.issue_id) EXECUTE FUNCTION "articles_move_readership"();--> statement-breakpoint
CREATE TRIGGER "articles_readership_issue_removed" AFTER DELETE ON "articles"
  FOR EACH ROW EXECUTE FUNCTION "articles_move_readership"();--> statement-breakpoint
-- The figures counted so far.
INSERT INTO readership_issue_daily (day, issue, investigations, requests)
  SELECT d.day, coalesce(a.issue_id, '00000000-0000-0000-0000-000000000000'::uuid), sum(d.investigations), sum(d.requests)
  FROM readership_article_daily d JOIN articles a ON a.id = d.article
  GROUP BY 1, 2;--> statement-breakpoint
INSERT INTO readership_issue_monthly (month, issue, investigations, requests)
  SELECT date_trunc('month', day)::date, issue, sum(investigations), sum(requests)
  FROM readership_issue_daily GROUP BY 1, 2;
