CREATE TABLE "counter_api_keys" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"customer_id" text NOT NULL,
	"name" text NOT NULL,
	"key_hash" text NOT NULL,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_used_at" timestamp with time zone,
	"revoked_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "readership_countries" (
	"day" date NOT NULL,
	"country" text NOT NULL,
	"views" integer NOT NULL,
	CONSTRAINT "readership_countries_day_country_pk" PRIMARY KEY("day","country")
);
--> statement-breakpoint
CREATE TABLE "readership_daily" (
	"day" date NOT NULL,
	"metric" text NOT NULL,
	"item_type" text NOT NULL,
	"item_key" text NOT NULL,
	"count" integer NOT NULL,
	CONSTRAINT "readership_daily_day_metric_item_type_item_key_pk" PRIMARY KEY("day","metric","item_type","item_key"),
	CONSTRAINT "readership_daily_metric_check" CHECK ("readership_daily"."metric" in ('views', 'unique_views', 'investigations', 'unique_investigations', 'requests', 'unique_requests', 'searches', 'feed_fetches')),
	CONSTRAINT "readership_daily_item_type_check" CHECK ("readership_daily"."item_type" in ('home', 'post', 'article', 'issue', 'course', 'department', 'page', 'search', 'feed'))
);
--> statement-breakpoint
CREATE TABLE "readership_events" (
	"id" text PRIMARY KEY NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"reader" text NOT NULL,
	"kind" text NOT NULL,
	"item_type" text NOT NULL,
	"target" text NOT NULL,
	"referrer_host" text,
	"country" text,
	"robot" boolean DEFAULT false NOT NULL,
	"summed_at" timestamp with time zone,
	CONSTRAINT "readership_events_kind_check" CHECK ("readership_events"."kind" in ('view', 'download', 'search', 'feed')),
	CONSTRAINT "readership_events_item_type_check" CHECK ("readership_events"."item_type" in ('home', 'post', 'article', 'issue', 'course', 'department', 'page', 'search', 'feed'))
);
--> statement-breakpoint
CREATE TABLE "readership_referrers" (
	"day" date NOT NULL,
	"host" text NOT NULL,
	"views" integer NOT NULL,
	CONSTRAINT "readership_referrers_day_host_pk" PRIMARY KEY("day","host")
);
--> statement-breakpoint
CREATE TABLE "readership_robots" (
	"day" date NOT NULL,
	"kind" text NOT NULL,
	"count" integer NOT NULL,
	CONSTRAINT "readership_robots_day_kind_pk" PRIMARY KEY("day","kind")
);
--> statement-breakpoint
CREATE TABLE "readership_secrets" (
	"day" date PRIMARY KEY NOT NULL,
	"secret" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "readership_spikes" (
	"day" date NOT NULL,
	"item_type" text NOT NULL,
	"item_key" text NOT NULL,
	"count" integer NOT NULL,
	CONSTRAINT "readership_spikes_day_item_type_item_key_pk" PRIMARY KEY("day","item_type","item_key")
);
--> statement-breakpoint
ALTER TABLE "counter_api_keys" ADD CONSTRAINT "counter_api_keys_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "counter_api_keys_key_hash_key" ON "counter_api_keys" USING btree ("key_hash");--> statement-breakpoint
CREATE UNIQUE INDEX "counter_api_keys_customer_key" ON "counter_api_keys" USING btree ("customer_id");--> statement-breakpoint
CREATE INDEX "readership_daily_item_idx" ON "readership_daily" USING btree ("item_type","item_key","metric","day");--> statement-breakpoint
CREATE INDEX "readership_daily_metric_idx" ON "readership_daily" USING btree ("metric","day","item_type");--> statement-breakpoint
CREATE INDEX "readership_events_unsummed_idx" ON "readership_events" USING btree ("at") WHERE "readership_events"."summed_at" is null;--> statement-breakpoint
CREATE INDEX "readership_events_reader_idx" ON "readership_events" USING btree ("reader","target","at");--> statement-breakpoint
CREATE INDEX "readership_events_summed_idx" ON "readership_events" USING btree ("at") WHERE "readership_events"."summed_at" is not null;