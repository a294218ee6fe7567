CREATE TABLE "readership_article_daily" (
	"day" date NOT NULL,
	"article" uuid NOT NULL,
	"investigations" integer NOT NULL,
	"requests" integer NOT NULL,
	CONSTRAINT "readership_article_daily_day_article_pk" PRIMARY KEY("day","article")
);
--> statement-breakpoint
CREATE TABLE "readership_article_monthly" (
	"month" date NOT NULL,
	"article" uuid NOT NULL,
	"investigations" integer NOT NULL,
	"requests" integer NOT NULL,
	CONSTRAINT "readership_article_monthly_month_article_pk" PRIMARY KEY("month","article")
);
--> statement-breakpoint
CREATE INDEX "readership_article_daily_period_idx" ON "readership_article_daily" USING btree ("day","article","investigations","requests");--> statement-breakpoint
CREATE INDEX "readership_article_monthly_period_idx" ON "readership_article_monthly" USING btree ("month","article","investigations","requests");--> statement-breakpoint
CREATE INDEX "articles_id_issue_idx" ON "articles" USING btree ("id","issue_id");--> statement-breakpoint
-- The articles' investigations and requests by day and by month, one row for both (decision 047),
-- kept like migration 0020's sums, by triggers of their own: one grouped pass over each statement's
-- changed rows. Only keys that are an article's uuid go in: the regular expression guards the cast,
-- which would otherwise fail the summing's insert.
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
      DELETE FROM readership_article_monthly WHERE investigations = 0 AND requests = 0
        AND month IN (SELECT DISTINCT date_trunc('month', day)::date FROM removed);
    END IF;
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "readership_daily_articles_added" AFTER INSERT ON "readership_daily"
  REFERENCING NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION "readership_daily_articles_roll_up"();--> statement-breakpoint
CREATE TRIGGER "readership_daily_articles_changed" AFTER UPDATE ON "readership_daily"
  REFERENCING OLD TABLE AS removed NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION "readership_daily_articles_roll_up"();--> statement-breakpoint
CREATE TRIGGER "readership_daily_articles_removed" AFTER DELETE ON "readership_daily"
  REFERENCING OLD TABLE AS removed FOR EACH STATEMENT EXECUTE FUNCTION "readership_daily_articles_roll_up"();--> statement-breakpoint
-- The figures counted so far.
INSERT INTO readership_article_daily (day, article, investigations, requests)
  SELECT day, item_key::uuid, coalesce(sum(count) FILTER (WHERE metric = 'investigations'), 0),
    coalesce(sum(count) FILTER (WHERE metric = 'requests'), 0)
  FROM readership_daily
  WHERE item_type = 'article' AND metric IN ('investigations', 'requests') AND item_key ~ '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$'
  GROUP BY day, item_key;--> statement-breakpoint
INSERT INTO readership_article_monthly (month, article, investigations, requests)
  SELECT date_trunc('month', day)::date, article, sum(investigations), sum(requests)
  FROM readership_article_daily GROUP BY 1, article;
