import type { Database } from "~/db/client.server";
import { articlesService } from "~/journal/articles.server";
import { activityService, DEFAULT_ACTIVITY_RETENTION_DAYS } from "~/services/activity.server";
import type { ContentChanges } from "~/services/content-changes.server";
import type { StoredFiles } from "~/services/errors.server";
import { postsService } from "~/services/posts.server";
import { repeatEvery } from "~/services/repeating-job.server";

/** How often each server looks for scheduled items whose time has come. */
export const TICK_EVERY_MS = 15_000;

/** The submissions' periodic work (issue 34): the registry's `submissions` service has both. */
export type SubmissionsTick = { sendReminders(): Promise<number>; markPublished(): Promise<number> };

export type TickOptions = {
  /** Activity log entries older than this many days are deleted (ACTIVITY_RETENTION_DAYS). */
  activityRetentionDays?: number;
  /** Reviewers' reminders, and accepted submissions whose article went public: each claimed once by one server. */
  submissions?: SubmissionsTick;
};

/**
 * The publishing tick composes the features' periodic work (posts, the journal's articles and
 * usage counts, the activity log), so it sits with the registry above them (docs/architecture.md).
 *
 * One pass: publishes what is due, empties the trash of what is older than 30 days and the activity
 * log of what is older than its retention, marks submissions published and sends reviewers'
 * reminders. Writes are
 * announced only when something changed, so the page caches are not dropped every few seconds.
 * Every server runs it; each item flips once (decision 020).
 */
export async function publishingTick(
  db: Database,
  files: StoredFiles,
  changes: ContentChanges,
  options: TickOptions = {},
) {
  const posts = postsService(db, files);
  const articles = articlesService(db, files);
  const published = { posts: await posts.publishDue(), articles: await articles.publishDue() };
  const purged = { posts: await posts.purgeExpired(), articles: await articles.purgeExpired() };
  if (published.posts.length + purged.posts.length > 0) await changes.publish(["posts"]);
  if (published.articles.length + purged.articles.length > 0) await changes.publish(["journals"]);
  const activityPurged = await activityService(db).purgeOlderThan(
    options.activityRetentionDays ?? DEFAULT_ACTIVITY_RETENTION_DAYS,
  );
  // After publishing: an article that went public in this pass marks its submission published now.
  const submissions = options.submissions
    ? { published: await options.submissions.markPublished(), reminded: await options.submissions.sendReminders() }
    : { published: 0, reminded: 0 };
  return { published, purged, activityPurged, submissions };
}

/** Runs the tick now and every TICK_EVERY_MS until stopped; a pass that fails is logged and tried again. */
export function schedulePublishingTick(
  db: Database,
  files: StoredFiles,
  changes: ContentChanges,
  everyMs = TICK_EVERY_MS,
  options: TickOptions = {},
) {
  return repeatEvery(everyMs, "Scheduled publishing", async () => {
    const { published } = await publishingTick(db, files, changes, options);
    const count = published.posts.length + published.articles.length;
    if (count > 0) console.log(`Scheduled publishing: ${count} item${count === 1 ? "" : "s"} published.`);
  });
}
