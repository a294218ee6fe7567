CREATE SEQUENCE "public"."submission_numbers" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1;--> statement-breakpoint
CREATE TABLE "editor_decisions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"submission_id" uuid NOT NULL,
	"round" integer NOT NULL,
	"decision" text NOT NULL,
	"recommendation" boolean DEFAULT false NOT NULL,
	"editor_id" text,
	"letter" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "editor_decisions_decision_check" CHECK ("editor_decisions"."decision" in ('send-to-review', 'accept', 'minor', 'major', 'decline'))
);
--> statement-breakpoint
CREATE TABLE "reviewers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"affiliation" text DEFAULT '' NOT NULL,
	"keywords" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "reviews" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"submission_id" uuid NOT NULL,
	"reviewer_id" uuid NOT NULL,
	"round" integer NOT NULL,
	"status" text DEFAULT 'invited' NOT NULL,
	"token_hash" text NOT NULL,
	"link_generation" integer DEFAULT 1 NOT NULL,
	"invited_by" text,
	"invited_at" timestamp with time zone DEFAULT now() NOT NULL,
	"due_on" date NOT NULL,
	"responded_at" timestamp with time zone,
	"submitted_at" timestamp with time zone,
	"cancelled_at" timestamp with time zone,
	"decline_reason" text DEFAULT '' NOT NULL,
	"suggested_colleague" text DEFAULT '' NOT NULL,
	"recommendation" text,
	"for_author" text DEFAULT '' NOT NULL,
	"for_author_edited" text,
	"for_editor" text DEFAULT '' NOT NULL,
	"name_shown" boolean DEFAULT false NOT NULL,
	"returned_at" timestamp with time zone,
	"return_note" text DEFAULT '' NOT NULL,
	"reminded_before_at" timestamp with time zone,
	"reminded_after_at" timestamp with time zone,
	CONSTRAINT "reviews_status_check" CHECK ("reviews"."status" in ('invited', 'accepted', 'declined', 'submitted', 'cancelled')),
	CONSTRAINT "reviews_recommendation_check" CHECK ("reviews"."recommendation" is null or "reviews"."recommendation" in ('accept', 'minor', 'major', 'decline')),
	CONSTRAINT "reviews_submitted_check" CHECK ("reviews"."status" <> 'submitted' or "reviews"."recommendation" is not null)
);
--> statement-breakpoint
CREATE TABLE "submission_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"submission_id" uuid NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"actor_id" text,
	"kind" text NOT NULL,
	"round" integer DEFAULT 1 NOT NULL,
	"detail" jsonb DEFAULT '{}'::jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "submission_files" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"submission_id" uuid NOT NULL,
	"round" integer DEFAULT 1 NOT NULL,
	"kind" text NOT NULL,
	"review_id" uuid,
	"name" text NOT NULL,
	"storage_key" text NOT NULL,
	"anonymised_key" text,
	"content_type" text NOT NULL,
	"size" integer NOT NULL,
	"names_found" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"uploaded_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "submission_files_kind_check" CHECK ("submission_files"."kind" in ('manuscript', 'title-page', 'supplementary', 'response', 'annotated'))
);
--> statement-breakpoint
CREATE TABLE "submission_notes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"submission_id" uuid NOT NULL,
	"author_id" text,
	"body" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "submission_settings" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"fields" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "submission_settings_single_row" CHECK ("submission_settings"."id" = 1)
);
--> statement-breakpoint
CREATE TABLE "submissions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"number" integer,
	"author_id" text,
	"stage" text DEFAULT 'draft' NOT NULL,
	"round" integer DEFAULT 1 NOT NULL,
	"title" text DEFAULT '' NOT NULL,
	"abstract" text DEFAULT '' NOT NULL,
	"keywords" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"section" text DEFAULT 'research' NOT NULL,
	"language" text DEFAULT 'en' NOT NULL,
	"funding" text DEFAULT '' NOT NULL,
	"competing_interests" text DEFAULT '' NOT NULL,
	"cover_letter" text DEFAULT '' NOT NULL,
	"authors" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"suggested_reviewers" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"opposed_reviewers" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"checklist" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"editor_id" text,
	"article_id" uuid,
	"submitted_at" timestamp with time zone,
	"stage_changed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "submissions_stage_check" CHECK ("submissions"."stage" in ('draft', 'submitted', 'review', 'revisions', 'accepted', 'declined', 'published')),
	CONSTRAINT "submissions_section_check" CHECK ("submissions"."section" in ('editorial', 'research', 'review', 'policy', 'book-review')),
	CONSTRAINT "submissions_number_check" CHECK ("submissions"."stage" = 'draft' or "submissions"."number" is not null),
	CONSTRAINT "submissions_round_check" CHECK ("submissions"."round" >= 1)
);
--> statement-breakpoint
ALTER TABLE "editor_decisions" ADD CONSTRAINT "editor_decisions_submission_id_submissions_id_fk" FOREIGN KEY ("submission_id") REFERENCES "public"."submissions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "editor_decisions" ADD CONSTRAINT "editor_decisions_editor_id_users_id_fk" FOREIGN KEY ("editor_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_submission_id_submissions_id_fk" FOREIGN KEY ("submission_id") REFERENCES "public"."submissions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_reviewer_id_reviewers_id_fk" FOREIGN KEY ("reviewer_id") REFERENCES "public"."reviewers"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_invited_by_users_id_fk" FOREIGN KEY ("invited_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "submission_events" ADD CONSTRAINT "submission_events_submission_id_submissions_id_fk" FOREIGN KEY ("submission_id") REFERENCES "public"."submissions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "submission_events" ADD CONSTRAINT "submission_events_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "submission_files" ADD CONSTRAINT "submission_files_submission_id_submissions_id_fk" FOREIGN KEY ("submission_id") REFERENCES "public"."submissions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "submission_files" ADD CONSTRAINT "submission_files_uploaded_by_users_id_fk" FOREIGN KEY ("uploaded_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "submission_notes" ADD CONSTRAINT "submission_notes_submission_id_submissions_id_fk" FOREIGN KEY ("submission_id") REFERENCES "public"."submissions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "submission_notes" ADD CONSTRAINT "submission_notes_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "submissions" ADD CONSTRAINT "submissions_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "submissions" ADD CONSTRAINT "submissions_editor_id_users_id_fk" FOREIGN KEY ("editor_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "submissions" ADD CONSTRAINT "submissions_article_id_articles_id_fk" FOREIGN KEY ("article_id") REFERENCES "public"."articles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "editor_decisions_submission_idx" ON "editor_decisions" USING btree ("submission_id","created_at");--> statement-breakpoint
CREATE INDEX "editor_decisions_created_idx" ON "editor_decisions" USING btree ("created_at","decision");--> statement-breakpoint
CREATE UNIQUE INDEX "reviewers_email_key" ON "reviewers" USING btree (lower("email"));--> statement-breakpoint
CREATE UNIQUE INDEX "reviews_token_hash_key" ON "reviews" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "reviews_submission_idx" ON "reviews" USING btree ("submission_id","round");--> statement-breakpoint
CREATE INDEX "reviews_reviewer_idx" ON "reviews" USING btree ("reviewer_id","status");--> statement-breakpoint
CREATE INDEX "reviews_due_idx" ON "reviews" USING btree ("due_on") WHERE "reviews"."status" in ('invited', 'accepted');--> statement-breakpoint
CREATE UNIQUE INDEX "reviews_live_key" ON "reviews" USING btree ("submission_id","reviewer_id","round") WHERE "reviews"."status" in ('invited', 'accepted', 'submitted');--> statement-breakpoint
CREATE INDEX "submission_events_submission_idx" ON "submission_events" USING btree ("submission_id","at");--> statement-breakpoint
CREATE INDEX "submission_events_kind_idx" ON "submission_events" USING btree ("kind","at");--> statement-breakpoint
CREATE INDEX "submission_files_submission_idx" ON "submission_files" USING btree ("submission_id","round","created_at");--> statement-breakpoint
CREATE INDEX "submission_notes_submission_idx" ON "submission_notes" USING btree ("submission_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "submissions_number_key" ON "submissions" USING btree ("number");--> statement-breakpoint
CREATE INDEX "submissions_stage_idx" ON "submissions" USING btree ("stage","stage_changed_at");--> statement-breakpoint
CREATE INDEX "submissions_author_idx" ON "submissions" USING btree ("author_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "submissions_editor_idx" ON "submissions" USING btree ("editor_id","stage");--> statement-breakpoint
CREATE INDEX "submissions_submitted_idx" ON "submissions" USING btree ("submitted_at" DESC NULLS LAST,"id");