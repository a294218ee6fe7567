-- Issue 22: site search (decision 025): posts' and articles' weighted documents, and the words of articles' PDFs.
-- Written by hand and kept out of app/db/schema.ts on purpose: whole-row selects (lists, pages, the
-- API) never carry a document or a PDF's words; only services/search.server.ts and
-- services/pdf-text.server.ts name these columns. Each document holds the English stems (words,
-- phrases, exclusions) and the words as written ('simple', for a prefix being typed). Weights: title
-- A; excerpt, abstract, authors and keywords B; text C; an article's PDF D (a column of its own). Tags and entities of rich
-- text are read as spaces.
ALTER TABLE "posts" ADD COLUMN "search_vector" tsvector GENERATED ALWAYS AS (setweight(to_tsvector('english', "title"), 'A') || setweight(to_tsvector('simple', "title"), 'A') || setweight(to_tsvector('english', "excerpt"), 'B') || setweight(to_tsvector('simple', "excerpt"), 'B') || setweight(to_tsvector('english', regexp_replace("content", '<[^>]*>|&[#a-z0-9]+;', ' ', 'gi')), 'C') || setweight(to_tsvector('simple', regexp_replace("content", '<[^>]*>|&[#a-z0-9]+;', ' ', 'gi')), 'C')) STORED;--> statement-breakpoint
CREATE INDEX "posts_search_idx" ON "posts" USING gin ("search_vector");--> statement-breakpoint
-- An article's PDF as read in the background: its words, the file they were read from (a replaced
-- PDF is read again), whether it could not be read (not tried again), and which server is reading it.
ALTER TABLE "journals" ADD COLUMN "pdf_text" text;--> statement-breakpoint
ALTER TABLE "journals" ADD COLUMN "pdf_text_of" text;--> statement-breakpoint
ALTER TABLE "journals" ADD COLUMN "pdf_text_failed" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "journals" ADD COLUMN "pdf_text_claimed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "journals" ADD COLUMN "search_vector" tsvector GENERATED ALWAYS AS (setweight(to_tsvector('english', "filename"), 'A') || setweight(to_tsvector('simple', "filename"), 'A') || setweight(to_tsvector('english', regexp_replace("details", '<[^>]*>|&[#a-z0-9]+;', ' ', 'gi')), 'B') || setweight(to_tsvector('simple', regexp_replace("details", '<[^>]*>|&[#a-z0-9]+;', ' ', 'gi')), 'B') || setweight(to_tsvector('english', (jsonb_path_query_array("authors", '$[*].given') || jsonb_path_query_array("authors", '$[*].family') || jsonb_path_query_array("authors", '$[*].affiliation') || "keywords")::text), 'B') || setweight(to_tsvector('simple', (jsonb_path_query_array("authors", '$[*].given') || jsonb_path_query_array("authors", '$[*].family') || jsonb_path_query_array("authors", '$[*].affiliation') || "keywords")::text), 'B')) STORED;--> statement-breakpoint
CREATE INDEX "journals_search_idx" ON "journals" USING gin ("search_vector");--> statement-breakpoint
-- The PDF's words are a document of their own: an article matches in either, and is ranked by the
-- small one, so a long PDF is read from disk only when its words are what matched. English stems
-- only (a prefix being typed reaches them through its stem).
ALTER TABLE "journals" ADD COLUMN "pdf_vector" tsvector GENERATED ALWAYS AS (setweight(to_tsvector('english', coalesce("pdf_text", '')), 'D')) STORED;--> statement-breakpoint
CREATE INDEX "journals_pdf_search_idx" ON "journals" USING gin ("pdf_vector");--> statement-breakpoint
CREATE INDEX "journals_pdf_text_pending_idx" ON "journals" USING btree ("created_at") WHERE "pdf_text_of" IS DISTINCT FROM "file";--> statement-breakpoint
-- Reading a PDF's words is not a change of the article: its OAI-PMH datestamp stays (its version
-- and revisions are the services' and are not touched either).
CREATE OR REPLACE FUNCTION "journals_track_metadata"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF (to_jsonb(NEW) - '{pdf_text,pdf_text_of,pdf_text_failed,pdf_text_claimed_at,search_vector,pdf_vector,metadata_changed_at}'::text[])
     IS DISTINCT FROM (to_jsonb(OLD) - '{pdf_text,pdf_text_of,pdf_text_failed,pdf_text_claimed_at,search_vector,pdf_vector,metadata_changed_at}'::text[]) THEN
    NEW.metadata_changed_at := clock_timestamp();
  END IF;
  RETURN NEW;
END $$;
