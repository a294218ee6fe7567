-- The journal's settings keep revisions like the site's other content (issue 20).
ALTER TABLE "revisions" DROP CONSTRAINT "revisions_kind_check";--> statement-breakpoint
ALTER TABLE "revisions" ADD CONSTRAINT "revisions_kind_check" CHECK ("revisions"."kind" in ('post', 'journal', 'settings', 'staff', 'announcement', 'focus', 'journal-settings'));