import { and, eq, sql } from "drizzle-orm";

import type { Database } from "~/db/client.server";
import { articles, submissions, submissionSettings } from "~/db/schema";
import { attemptLimiter } from "~/services/attempt-limits.server";
import { type Effects, effectTable } from "~/services/content-changes.server";
import { visibleTo } from "~/services/editorial.server";
import type { MailService } from "~/services/mail/mail.server";
import { serviceFlows } from "~/services/service-flows.server";

import {
  type Actor,
  type JournalDesk,
  loadSettings,
  type ManuscriptStore,
  recordEvent,
  requireDesk,
  type SubmissionsContext,
} from "./context.server";
import * as desk from "./desk.server";
import * as figures from "./figures.server";
import * as reviewing from "./reviewing.server";
import type { SubmissionSettings } from "./settings";
import * as submitting from "./submitting.server";

/**
 * Online submission and peer review (issue 34, decision 041), bound as one service: the author's
 * flow (submitting.server.ts), the editor's desk (desk.server.ts), the reviewers
 * (reviewing.server.ts) and the figures (figures.server.ts), each a set of functions of the
 * context (context.server.ts). Every method takes the acting account and checks it; screens and
 * the JSON API call these and nothing below them.
 */

export type SubmissionsOptions = {
  files: ManuscriptStore;
  journal: JournalDesk;
  mail: MailService;
  secret: string;
  linkOrigin: string;
  now?: () => Date;
};

/** The flows that make the service: each names in its `SERVICE_METHODS` the functions that are methods. */
const SUBMISSIONS_FLOWS = serviceFlows(submitting, desk, reviewing, figures);

export function submissionsService(db: Database, options: SubmissionsOptions) {
  const context: SubmissionsContext = {
    db,
    mail: options.mail,
    files: options.files,
    journal: options.journal,
    secret: options.secret,
    linkOrigin: options.linkOrigin,
    now: options.now ?? (() => new Date()),
    limiter: attemptLimiter(db),
  };
  return {
    /* the settings */
    settings: () => loadSettings(db),
    async saveSettings(actor: Actor, settings: SubmissionSettings) {
      requireDesk(actor);
      await db
        .insert(submissionSettings)
        .values({ id: 1, fields: settings })
        .onConflictDoUpdate({ target: submissionSettings.id, set: { fields: settings, updatedAt: new Date() } });
    },

    ...SUBMISSIONS_FLOWS.methods(context),

    /** Accepted submissions whose article has gone public are published (the publishing tick calls this). */
    async markPublished(): Promise<number> {
      const now = context.now();
      const done = await db
        .update(submissions)
        .set({ stage: "published", stageChangedAt: now, updatedAt: now })
        .where(
          and(
            eq(submissions.stage, "accepted"),
            sql`exists (select 1 from ${articles} where ${articles.id} = ${submissions.articleId} and ${visibleTo(articles, "public")})`,
          ),
        )
        .returning({ id: submissions.id, round: submissions.round });
      for (const row of done)
        await recordEvent(db, { submissionId: row.id, kind: "published", round: row.round, at: now });
      return done.length;
    },
  };
}

export type SubmissionsService = ReturnType<typeof submissionsService>;

/**
 * What each method does to the site's pages: only the public figures and the call for papers' link
 * are on public pages, and the figures page is never cached (it reads nothing the cache tracks).
 */
export const submissionsEffects = {
  ...effectTable({ read: ["settings"], write: ["saveSettings", "markPublished"] }),
  ...SUBMISSIONS_FLOWS.effects,
} satisfies Effects<SubmissionsService>;
