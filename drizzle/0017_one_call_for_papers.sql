-- One call for papers (decision 040): the journal's settings hold it. An announcement saved before
-- becomes the call's title and text where the journal's settings have no call of their own yet.
INSERT INTO "journal_profile" ("id", "fields")
SELECT 1, jsonb_build_object('callTitle', "title", 'callText', "content")
FROM "announcement"
WHERE "id" = 1 AND (length(trim("title")) > 0 OR length(trim("content")) > 0)
ON CONFLICT ("id") DO UPDATE SET "fields" = "journal_profile"."fields" || excluded."fields", "updated_at" = now()
WHERE coalesce("journal_profile"."fields"->>'callTitle', '') = '' AND coalesce("journal_profile"."fields"->>'callText', '') = '';
