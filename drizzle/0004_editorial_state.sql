CREATE TABLE "preview_tokens" (
	"token" text PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"record_id" uuid,
	"data" jsonb NOT NULL,
	"created_by" text,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "revisions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" text NOT NULL,
	"record_id" text NOT NULL,
	"version" integer NOT NULL,
	"data" jsonb NOT NULL,
	"author_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "revisions_kind_check" CHECK ("revisions"."kind" in ('post', 'journal', 'settings', 'staff', 'announcement', 'focus'))
);
--> statement-breakpoint
CREATE TABLE "slug_history" (
	"kind" text NOT NULL,
	"slug" text NOT NULL,
	"record_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "journals" ADD COLUMN "status" text DEFAULT 'published' NOT NULL;--> statement-breakpoint
ALTER TABLE "journals" ADD COLUMN "publish_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "journals" ADD COLUMN "deleted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "journals" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "posts" ADD COLUMN "status" text DEFAULT 'published' NOT NULL;--> statement-breakpoint
ALTER TABLE "posts" ADD COLUMN "publish_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "posts" ADD COLUMN "deleted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "posts" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "preview_tokens" ADD CONSTRAINT "preview_tokens_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "revisions" ADD CONSTRAINT "revisions_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "preview_tokens_expires_idx" ON "preview_tokens" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "revisions_record_idx" ON "revisions" USING btree ("kind","record_id","created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE UNIQUE INDEX "slug_history_kind_slug_key" ON "slug_history" USING btree ("kind","slug");--> statement-breakpoint
CREATE INDEX "slug_history_record_idx" ON "slug_history" USING btree ("record_id");--> statement-breakpoint
ALTER TABLE "journals" ADD CONSTRAINT "journals_status_check" CHECK ("journals"."status" in ('draft', 'scheduled', 'published'));--> statement-breakpoint
ALTER TABLE "journals" ADD CONSTRAINT "journals_schedule_check" CHECK ("journals"."status" <> 'scheduled' or "journals"."publish_at" is not null);--> statement-breakpoint
ALTER TABLE "posts" ADD CONSTRAINT "posts_status_check" CHECK ("posts"."status" in ('draft', 'scheduled', 'published'));--> statement-breakpoint
ALTER TABLE "posts" ADD CONSTRAINT "posts_schedule_check" CHECK ("posts"."status" <> 'scheduled' or "posts"."publish_at" is not null);