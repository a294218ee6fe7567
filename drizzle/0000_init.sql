CREATE TABLE "announcement" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"title" text NOT NULL,
	"content" text DEFAULT '' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "announcement_single_row" CHECK ("announcement"."id" = 1)
);
--> statement-breakpoint
CREATE TABLE "courses" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"code" text NOT NULL,
	"credits" integer DEFAULT 3 NOT NULL,
	"semester" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"department_id" uuid NOT NULL,
	"faculty_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "courses_credits_check" CHECK ("courses"."credits" between 1 and 6),
	CONSTRAINT "courses_semester_check" CHECK ("courses"."semester" in ('First', 'Second', 'Both')),
	CONSTRAINT "courses_name_check" CHECK (length(trim("courses"."name")) > 0),
	CONSTRAINT "courses_code_check" CHECK (length(trim("courses"."code")) > 0)
);
--> statement-breakpoint
CREATE TABLE "departments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"faculty_id" uuid NOT NULL,
	"departimage" text DEFAULT '' NOT NULL,
	"content" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "departments_id_faculty_key" UNIQUE("id","faculty_id"),
	CONSTRAINT "departments_name_check" CHECK (length(trim("departments"."name")) > 0)
);
--> statement-breakpoint
CREATE TABLE "faculties" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "faculties_name_check" CHECK (length(trim("faculties"."name")) > 0)
);
--> statement-breakpoint
CREATE TABLE "focus_pages" (
	"key" text PRIMARY KEY NOT NULL,
	"title" text DEFAULT '' NOT NULL,
	"subtitle" text DEFAULT '' NOT NULL,
	"content" text DEFAULT '' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "focus_pages_key_check" CHECK ("focus_pages"."key" in ('homePage', 'submitPage', 'aboutPage', 'focusPage'))
);
--> statement-breakpoint
CREATE TABLE "journals" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"slug" text NOT NULL,
	"filename" text NOT NULL,
	"details" text DEFAULT '' NOT NULL,
	"file" text NOT NULL,
	"user_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "journals_filename_check" CHECK (length(trim("journals"."filename")) > 0)
);
--> statement-breakpoint
CREATE TABLE "media" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"storage_key" text NOT NULL,
	"kind" text NOT NULL,
	"content_type" text NOT NULL,
	"size_bytes" bigint NOT NULL,
	"width" integer,
	"height" integer,
	"original_name" text DEFAULT '' NOT NULL,
	"uploaded_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "media_kind_check" CHECK ("media"."kind" in ('image', 'pdf')),
	CONSTRAINT "media_size_check" CHECK ("media"."size_bytes" >= 0)
);
--> statement-breakpoint
CREATE TABLE "posts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"slug" text NOT NULL,
	"title" text NOT NULL,
	"category" text DEFAULT 'uncategorized' NOT NULL,
	"image" text DEFAULT '' NOT NULL,
	"content" text DEFAULT '' NOT NULL,
	"user_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "posts_category_check" CHECK ("posts"."category" in ('uncategorized', 'fees', 'course', 'exams')),
	CONSTRAINT "posts_title_check" CHECK (length(trim("posts"."title")) > 0)
);
--> statement-breakpoint
CREATE TABLE "site_settings" (
	"section" text PRIMARY KEY NOT NULL,
	"fields" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "site_settings_section_check" CHECK ("site_settings"."section" in ('about', 'homepage', 'howtoapplyone', 'howtoapplytwo', 'howtoapplythree', 'programmes', 'blog', 'calltoaction', 'links'))
);
--> statement-breakpoint
CREATE TABLE "staff" (
	"role" text PRIMARY KEY NOT NULL,
	"name" text DEFAULT '' NOT NULL,
	"post" text DEFAULT '' NOT NULL,
	"email" text DEFAULT '' NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"photo" text DEFAULT '' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "staff_role_check" CHECK ("staff"."role" in ('vc', 'director', 'deputy', 'bursar', 'registrar', 'library', 'depIct', 'acad'))
);
--> statement-breakpoint
ALTER TABLE "courses" ADD CONSTRAINT "courses_department_id_departments_id_fk" FOREIGN KEY ("department_id") REFERENCES "public"."departments"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "courses" ADD CONSTRAINT "courses_faculty_id_faculties_id_fk" FOREIGN KEY ("faculty_id") REFERENCES "public"."faculties"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "courses" ADD CONSTRAINT "courses_department_faculty_fkey" FOREIGN KEY ("department_id","faculty_id") REFERENCES "public"."departments"("id","faculty_id") ON DELETE no action ON UPDATE cascade;--> statement-breakpoint
ALTER TABLE "departments" ADD CONSTRAINT "departments_faculty_id_faculties_id_fk" FOREIGN KEY ("faculty_id") REFERENCES "public"."faculties"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "courses_code_key" ON "courses" USING btree (upper("code"));--> statement-breakpoint
CREATE INDEX "courses_department_idx" ON "courses" USING btree ("department_id","code");--> statement-breakpoint
CREATE INDEX "courses_faculty_idx" ON "courses" USING btree ("faculty_id");--> statement-breakpoint
CREATE INDEX "departments_faculty_idx" ON "departments" USING btree ("faculty_id","name");--> statement-breakpoint
CREATE UNIQUE INDEX "departments_faculty_name_key" ON "departments" USING btree ("faculty_id",lower("name"));--> statement-breakpoint
CREATE UNIQUE INDEX "faculties_name_key" ON "faculties" USING btree (lower("name"));--> statement-breakpoint
CREATE UNIQUE INDEX "journals_slug_key" ON "journals" USING btree ("slug");--> statement-breakpoint
CREATE INDEX "journals_created_idx" ON "journals" USING btree ("created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "journals_user_created_idx" ON "journals" USING btree ("user_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "media_storage_key_key" ON "media" USING btree ("storage_key");--> statement-breakpoint
CREATE INDEX "media_created_idx" ON "media" USING btree ("created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "media_uploaded_by_idx" ON "media" USING btree ("uploaded_by");--> statement-breakpoint
CREATE UNIQUE INDEX "posts_slug_key" ON "posts" USING btree ("slug");--> statement-breakpoint
CREATE INDEX "posts_created_idx" ON "posts" USING btree ("created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "posts_category_created_idx" ON "posts" USING btree ("category","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "posts_user_created_idx" ON "posts" USING btree ("user_id","created_at" DESC NULLS LAST);