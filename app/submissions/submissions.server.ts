import { and, eq, sql } from "drizzle-orm";

import type { Database } from "~/db/client.server";
import { articles, submissions, submissionSettings } from "~/db/schema";
import { attemptLimiter } from "~/services/attempt-limits.server";
import { effectTable } from "~/services/content-changes.server";
import { visibleTo } from "~/services/editorial.server";
import type { MailService } from "~/services/mail/mail.server";

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

type Rest<F> = F extends (context: SubmissionsContext, ...args: infer A) => infer R ? (...args: A) => R : never;
const bind = <F extends (context: SubmissionsContext, ...args: never[]) => unknown>(
  context: SubmissionsContext,
  flow: F,
) => ((...args: never[]) => flow(context, ...args)) as Rest<F>;

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

    /* the author */
    startDraft: bind(context, submitting.startDraft),
    draft: bind(context, submitting.draft),
    saveDraft: bind(context, submitting.saveDraft),
    addFile: bind(context, submitting.addFile),
    removeFile: bind(context, submitting.removeFile),
    missingFromDraft: bind(context, submitting.missingFromDraft),
    submit: bind(context, submitting.submit),
    mySubmissions: bind(context, submitting.mySubmissions),
    mySubmission: bind(context, submitting.mySubmission),
    myFile: bind(context, submitting.myFile),
    submitRevision: bind(context, submitting.submitRevision),

    /* the desk */
    queue: bind(context, desk.queue),
    submission: bind(context, desk.submission),
    deskFile: bind(context, desk.deskFile),
    deskEditors: bind(context, desk.deskEditors),
    assignEditor: bind(context, desk.assignEditor),
    addNote: bind(context, desk.addNote),
    letterDraft: bind(context, desk.letterDraft),
    decide: bind(context, desk.decide),
    editForAuthor: bind(context, desk.editForAuthor),

    /* reviewers */
    pool: bind(context, reviewing.pool),
    invitationDraft: bind(context, reviewing.invitationDraft),
    invite: bind(context, reviewing.invite),
    cancelReview: bind(context, reviewing.cancelReview),
    reinvite: bind(context, reviewing.reinvite),
    returnReview: bind(context, reviewing.returnReview),
    reviewerView: bind(context, reviewing.reviewerView),
    respond: bind(context, reviewing.respond),
    reviewerFile: bind(context, reviewing.reviewerFile),
    submitReview: bind(context, reviewing.submitReview),
    certificate: bind(context, reviewing.certificate),
    myReviews: bind(context, reviewing.myReviews),
    hasReviews: bind(context, reviewing.hasReviews),
    resendLink: bind(context, reviewing.resendLink),
    sendReminders: bind(context, reviewing.sendReminders),

    /* figures */
    journalFigures: bind(context, figures.journalFigures),
    deskFigures: bind(context, figures.deskFigures),

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
export const submissionsEffects = effectTable({
  read: [
    "settings",
    "draft",
    "missingFromDraft",
    "mySubmissions",
    "mySubmission",
    "myFile",
    "queue",
    "submission",
    "deskFile",
    "deskEditors",
    "letterDraft",
    "pool",
    "invitationDraft",
    "reviewerView",
    "reviewerFile",
    "certificate",
    "myReviews",
    "hasReviews",
    "journalFigures",
    "deskFigures",
  ],
  write: [
    "saveSettings",
    "startDraft",
    "saveDraft",
    "addFile",
    "removeFile",
    "submit",
    "submitRevision",
    "assignEditor",
    "addNote",
    "decide",
    "editForAuthor",
    "invite",
    "cancelReview",
    "reinvite",
    "returnReview",
    "respond",
    "submitReview",
    "resendLink",
    "sendReminders",
    "markPublished",
  ],
});
