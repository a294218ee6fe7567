CREATE TABLE "readership_monthly" (
	"month" date NOT NULL,
	"metric" text NOT NULL,
	"item_type" text NOT NULL,
	"item_key" text NOT NULL,
	"count" bigint NOT NULL,
	CONSTRAINT "readership_monthly_month_metric_item_type_item_key_pk" PRIMARY KEY("month","metric","item_type","item_key")
);
--> statement-breakpoint
CREATE TABLE "readership_site_daily" (
	"day" date NOT NULL,
	"metric" text NOT NULL,
	"count" bigint NOT NULL,
	CONSTRAINT "readership_site_daily_day_metric_pk" PRIMARY KEY("day","metric")
);
--> statement-breakpoint
-- Readership (issue 35) replaced the repeat window of the earlier counting; article_usage keeps its counts.
DROP TABLE "article_usage_recent" CASCADE;--> statement-breakpoint
DROP INDEX "readership_daily_metric_idx";--> statement-breakpoint
CREATE INDEX "readership_monthly_item_idx" ON "readership_monthly" USING btree ("item_type","item_key","metric","month");--> statement-breakpoint
CREATE INDEX "readership_monthly_period_idx" ON "readership_monthly" USING btree ("metric","item_type","month","item_key","count");--> statement-breakpoint
CREATE INDEX "readership_daily_period_idx" ON "readership_daily" USING btree ("metric","item_type","day","item_key","count");--> statement-breakpoint
-- readership_daily's sums, kept by its triggers (decision 045): one pass over each statement's changed
-- rows (its transition tables), added rows counted in and removed ones out, so every writer (the
-- summing, a restore, the demo, retention) keeps them right. CREATE OR REPLACE: functions outlive tables.
CREATE OR REPLACE FUNCTION "readership_daily_roll_up"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    INSERT INTO readership_site_daily (day, metric, count)
      SELECT day, metric, sum(count) FROM added GROUP BY day, metric
      ON CONFLICT (day, metric) DO UPDATE SET count = readership_site_daily.count + excluded.count;
    INSERT INTO readership_monthly (month, metric, item_type, item_key, count)
      SELECT date_trunc('month', day)::date, metric, item_type, item_key, sum(count) FROM added
      GROUP BY 1, metric, item_type, item_key
      ON CONFLICT (month, metric, item_type, item_key) DO UPDATE SET count = readership_monthly.count + excluded.count;
  END IF;
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    UPDATE readership_site_daily s SET count = s.count - r.count
      FROM (SELECT day, metric, sum(count) AS count FROM removed GROUP BY day, metric) r
      WHERE s.day = r.day AND s.metric = r.metric;
    UPDATE readership_monthly m SET count = m.count - r.count
      FROM (SELECT date_trunc('month', day)::date AS month, metric, item_type, item_key, sum(count) AS count
            FROM removed GROUP BY 1, metric, item_type, item_key) r
      WHERE m.month = r.month AND m.metric = r.metric AND m.item_type = r.item_type AND m.item_key = r.item_key;
    -- What retention removed altogether leaves no row behind.
    IF TG_OP = 'DELETE' THEN
      DELETE FROM readership_site_daily WHERE count = 0 AND day IN (SELECT day FROM removed);
      DELETE FROM readership_monthly WHERE count = 0
        AND month IN (SELECT DISTINCT date_trunc('month', day)::date FROM removed);
    END IF;
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "readership_daily_added" AFTER INSERT ON "readership_daily"
  REFERENCING NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION "readership_daily_roll_up"();--> statement-breakpoint
CREATE TRIGGER "readership_daily_changed" AFTER UPDATE ON "readership_daily"
  REFERENCING OLD TABLE AS removed NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION "readership_daily_roll_up"();--> statement-breakpoint
CREATE TRIGGER "readership_daily_removed" AFTER DELETE ON "readership_daily"
  REFERENCING OLD TABLE AS removed FOR EACH STATEMENT EXECUTE FUNCTION "readership_daily_roll_up"();--> statement-breakpoint
-- The figures counted so far.
INSERT INTO readership_site_daily (day, metric, count)
  SELECT day, metric, sum(count) FROM readership_daily GROUP BY day, metric;--> statement-breakpoint
INSERT INTO readership_monthly (month, metric, item_type, item_key, count)
  SELECT date_trunc('month', day)::date, metric, item_type, item_key, sum(count) FROM readership_daily
  GROUP BY 1, metric, item_type, item_key;
