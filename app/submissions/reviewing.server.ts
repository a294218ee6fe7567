import { createHash, createHmac, randomUUID } from "node:crypto";
import type { Readable } from "node:stream";

import { and, asc, desc, eq, ilike, inArray, ne, or, type SQL, sql } from "drizzle-orm";

import { articles, reviewers, reviews, submissionEvents, submissionFiles, submissions } from "~/db/schema";
import type { ArticleAuthor, ReviewRecommendation, ReviewStatus } from "~/domain/vocabulary";
import { isUuid } from "~/lib/text";
import { perMinutes, takeAttempt } from "~/services/attempt-limits.server";
import { effectTable } from "~/services/content-changes.server";
import { ConflictError, ForbiddenError, InvalidError, NotFoundError } from "~/services/errors.server";
import type { ComposedMail } from "~/services/mail/mail.server";

import {
  accountOf,
  type Actor,
  composeWorkflowMail,
  DAY_MS,
  dayAfter,
  fileOfSubmission,
  links,
  loadSettings,
  longDate,
  OUTER_REVIEWER,
  recordEvent,
  requireDesk,
  type SubmissionsContext,
} from "./context.server";
import { mailText } from "./settings";
import {
  DUE_DATE_INVALID,
  FILE_NOT_FOUND,
  NOT_UNDER_REVIEW,
  REVIEW_ALREADY_ANSWERED,
  REVIEW_CANNOT_CANCEL,
  REVIEW_LINK_GONE,
  REVIEW_NOT_ACCEPTED,
  REVIEW_NOT_IN,
  REVIEW_NOT_YOURS,
  REVIEWER_ALREADY_INVITED,
  REVIEWER_IS_AUTHOR,
  SUBMISSION_NOT_FOUND,
} from "./words";

/**
 * Reviewers (issue 34): the journal's pool with what it knows of each, conflicts of interest, the
 * invitation and its link, the reviewer's answer and review, sending a review back, reminders, and
 * the certificate. A reviewer needs no account: the link's token is the key to one review only,
 * kept as a hash, and works while the review is invited or accepted (after it is submitted, only
 * the thank-you page and its certificate). Nothing a reviewer sees names an author.
 */

const hashOf = (token: string) => createHash("sha256").update(token).digest("base64url");
/**
 * A review's link: an HMAC-SHA256 of its id and link generation under the site's secret (43
 * characters no one can guess). Only its hash is stored, so the database alone opens no review; the
 * server can mail the same link again (reminders) and ends it by moving to the next generation.
 */
const linkToken = (context: SubmissionsContext, reviewId: string, generation: number) =>
  createHmac("sha256", context.secret).update(`review-link:${reviewId}:${generation}`).digest("base64url");
const TOKEN_SHAPE = /^[A-Za-z0-9_-]{43}$/;

/** Mail providers many people share: the same one is no conflict of interest. */
const SHARED_MAIL_DOMAINS = new Set([
  "gmail.com",
  "googlemail.com",
  "outlook.com",
  "hotmail.com",
  "live.com",
  "yahoo.com",
  "icloud.com",
  "proton.me",
  "protonmail.com",
  "aol.com",
  "gmx.de",
  "gmx.net",
  "mail.ru",
  "yandex.ru",
  "qq.com",
  "163.com",
]);

const domainOf = (email: string) => email.trim().toLowerCase().split("@")[1] ?? "";
const same = (a: string, b: string) =>
  a.trim().toLowerCase() !== "" && a.trim().toLowerCase() === b.trim().toLowerCase();
const fullName = (author: ArticleAuthor) => `${author.given} ${author.family}`.replace(/\s+/g, " ").trim();

type ReviewerRow = typeof reviewers.$inferSelect;
type SubmissionRow = typeof submissions.$inferSelect;

/** Why a reviewer may not be impartial about a submission, in the editor's words. */
export async function conflictsOf(
  context: SubmissionsContext,
  row: SubmissionRow,
  reviewer: Pick<ReviewerRow, "name" | "email" | "affiliation">,
) {
  const warnings: string[] = [];
  const domain = domainOf(reviewer.email);
  for (const author of row.authors) {
    if (domain && !SHARED_MAIL_DOMAINS.has(domain) && domainOf(author.email) === domain)
      warnings.push(`Shares the e-mail domain ${domain} with ${fullName(author)}.`);
    if (same(author.affiliation, reviewer.affiliation))
      warnings.push(`Same affiliation as ${fullName(author)}: ${author.affiliation}.`);
  }
  for (const opposed of row.opposedReviewers)
    if (same(opposed.email, reviewer.email) || same(opposed.name, reviewer.name))
      warnings.push(
        `The author asked that ${opposed.name} not review it${opposed.reason ? `: "${opposed.reason}"` : ""}.`,
      );
  // A co-author: an article here lists the reviewer and one of this submission's authors.
  const names = row.authors.map(fullName).filter(Boolean);
  if (names.length && reviewer.name.trim()) {
    const together = await context.db
      .select({ title: articles.title })
      .from(articles)
      .where(
        and(
          sql`exists (select 1 from jsonb_array_elements(${articles.authors}) a where lower(trim(concat_ws(' ', a->>'given', a->>'family'))) = ${reviewer.name.trim().toLowerCase()})`,
          sql`exists (select 1 from jsonb_array_elements(${articles.authors}) a where lower(trim(concat_ws(' ', a->>'given', a->>'family'))) in (${sql.join(
            names.map((name) => sql`${name.toLowerCase()}`),
            sql`, `,
          )}))`,
        ),
      )
      .limit(3);
    for (const article of together) warnings.push(`Co-author with an author of this submission on "${article.title}".`);
  }
  return [...new Set(warnings)];
}

/**
 * The pool, searched by name, address, affiliation, keywords and the keywords and titles of what
 * they reviewed; with their open reviews, how often they accept, how long they take, and conflicts.
 */
export async function pool(context: SubmissionsContext, actor: Actor, submissionId: string, query: string) {
  requireDesk(actor);
  const row = await reviewSubmission(context, submissionId);
  const words = query.trim().slice(0, 100);
  const pattern = `%${words.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  const matches = words
    ? or(
        ilike(reviewers.name, pattern),
        ilike(reviewers.email, pattern),
        ilike(reviewers.affiliation, pattern),
        sql`${reviewers.keywords}::text ilike ${pattern}`,
        sql`exists (select 1 from ${reviews} r join ${submissions} s on s.id = r.submission_id where r.reviewer_id = ${OUTER_REVIEWER} and r.status = 'submitted' and (s.title ilike ${pattern} or s.keywords::text ilike ${pattern}))`,
      )
    : undefined;
  const found = await context.db
    .select({
      id: reviewers.id,
      name: reviewers.name,
      email: reviewers.email,
      affiliation: reviewers.affiliation,
      keywords: reviewers.keywords,
      open: sql<number>`(select count(*) from ${reviews} r where r.reviewer_id = ${OUTER_REVIEWER} and r.status in ('invited', 'accepted'))::int`,
      answered: sql<number>`(select count(*) from ${reviews} r where r.reviewer_id = ${OUTER_REVIEWER} and r.responded_at is not null)::int`,
      accepted: sql<number>`(select count(*) from ${reviews} r where r.reviewer_id = ${OUTER_REVIEWER} and r.responded_at is not null and r.status in ('accepted', 'submitted'))::int`,
      completed: sql<number>`(select count(*) from ${reviews} r where r.reviewer_id = ${OUTER_REVIEWER} and r.status = 'submitted')::int`,
      medianDays: sql<
        number | null
      >`(select percentile_cont(0.5) within group (order by extract(epoch from (r.submitted_at - r.invited_at)) / 86400) from ${reviews} r where r.reviewer_id = ${OUTER_REVIEWER} and r.status = 'submitted')`,
    })
    .from(reviewers)
    .where(matches)
    .orderBy(asc(reviewers.name))
    .limit(25);
  return Promise.all(
    found.map(async (reviewer) => ({
      ...reviewer,
      acceptRate: reviewer.answered ? reviewer.accepted / reviewer.answered : null,
      medianDays: reviewer.medianDays === null ? null : Math.round(Number(reviewer.medianDays)),
      conflicts: await conflictsOf(context, row, reviewer),
    })),
  );
}

async function reviewSubmission(context: SubmissionsContext, id: string) {
  const [row] = isUuid(id) ? await context.db.select().from(submissions).where(eq(submissions.id, id)) : [];
  if (!row || row.stage === "draft") throw new NotFoundError(SUBMISSION_NOT_FOUND);
  return row;
}

/** The invitation's text, from the journal's template, for the editor to change before sending. */
export async function invitationDraft(context: SubmissionsContext, actor: Actor, submissionId: string) {
  requireDesk(actor);
  const row = await reviewSubmission(context, submissionId);
  const settings = await loadSettings(context.db);
  return {
    ...mailText(settings, "review-invitation"),
    dueOn: dayAfter(context.now(), settings.reviewDays),
    title: row.title,
  };
}

export type Invitee = { reviewerId: string } | { name: string; email: string; affiliation: string };

/** Invites a reviewer (from the pool, or a new one by address) to review the current round. */
export async function invite(
  context: SubmissionsContext,
  actor: Actor,
  submissionId: string,
  input: { invitee: Invitee; dueOn: string; subject: string; body: string },
) {
  requireDesk(actor);
  const row = await reviewSubmission(context, submissionId);
  if (row.stage !== "review") throw new ConflictError(NOT_UNDER_REVIEW);
  const today = context.now().toISOString().slice(0, 10);
  if (!(input.dueOn > today)) throw new InvalidError(DUE_DATE_INVALID, "dueOn");
  const reviewer = await reviewerFor(context, input.invitee);
  if (row.authors.some((author) => same(author.email, reviewer.email)))
    throw new InvalidError(REVIEWER_IS_AUTHOR, "email");
  const submitter = await accountOf(context.db, row.authorId);
  if (submitter && same(submitter.email, reviewer.email)) throw new InvalidError(REVIEWER_IS_AUTHOR, "email");
  const settings = await loadSettings(context.db);
  const reviewId = randomUUID();
  const token = linkToken(context, reviewId, 1);
  const values = {
    journal: await context.journal.journalName(),
    reviewer: reviewer.name,
    title: row.title,
    abstract: row.abstract,
    due: longDate(input.dueOn),
    link: links(context).review(token),
  };
  const mail = await composeWorkflowMail(context, settings, "review-invitation", reviewer.email, values, {
    subject: input.subject,
    body: input.body,
  });
  await context.db.transaction(async (tx) => {
    const inserted = await tx
      .insert(reviews)
      .values({
        id: reviewId,
        submissionId,
        reviewerId: reviewer.id,
        round: row.round,
        tokenHash: hashOf(token),
        invitedBy: actor.id,
        dueOn: input.dueOn,
        invitedAt: context.now(),
      })
      .onConflictDoNothing()
      .returning({ id: reviews.id });
    if (!inserted.length) throw new ConflictError(REVIEWER_ALREADY_INVITED, "reviewerId");
    await recordEvent(tx, {
      submissionId,
      kind: "reviewer-invited",
      round: row.round,
      actorId: actor.id,
      detail: { reviewer: reviewer.name },
    });
    await context.mail.queue(mail, tx);
  });
  context.mail.queued();
  return { reviewer: reviewer.name };
}

async function reviewerFor(context: SubmissionsContext, invitee: Invitee): Promise<ReviewerRow> {
  if ("reviewerId" in invitee) {
    const [row] = isUuid(invitee.reviewerId)
      ? await context.db.select().from(reviewers).where(eq(reviewers.id, invitee.reviewerId))
      : [];
    if (!row) throw new NotFoundError("There is no such reviewer in the pool.");
    return row;
  }
  const email = invitee.email.trim();
  const [existing] = await context.db
    .select()
    .from(reviewers)
    .where(sql`lower(${reviewers.email}) = ${email.toLowerCase()}`);
  if (existing) return existing;
  const [made] = await context.db
    .insert(reviewers)
    .values({ name: invitee.name.trim(), email, affiliation: invitee.affiliation.trim() })
    .onConflictDoNothing()
    .returning();
  if (made) return made;
  const [raced] = await context.db
    .select()
    .from(reviewers)
    .where(sql`lower(${reviewers.email}) = ${email.toLowerCase()}`);
  return raced;
}

async function deskReview(context: SubmissionsContext, actor: Actor, reviewId: string) {
  requireDesk(actor);
  const [row] = isUuid(reviewId)
    ? await context.db
        .select({ review: reviews, reviewer: reviewers })
        .from(reviews)
        .innerJoin(reviewers, eq(reviewers.id, reviews.reviewerId))
        .where(eq(reviews.id, reviewId))
    : [];
  if (!row) throw new NotFoundError(SUBMISSION_NOT_FOUND);
  return row;
}

type DeskReview = Awaited<ReturnType<typeof deskReview>>;

/**
 * An editor's change to one review, in one transaction: the update, made only while `when` still
 * holds (so two editors never both make it), its line in the history, and the reviewer's mail.
 */
async function changeReview(
  context: SubmissionsContext,
  actor: Actor,
  { review, reviewer }: DeskReview,
  change: { set: Partial<typeof reviews.$inferInsert>; when: SQL; refusal: string; kind: string; mail: ComposedMail },
) {
  await context.db.transaction(async (tx) => {
    const done = await tx
      .update(reviews)
      .set(change.set)
      .where(and(eq(reviews.id, review.id), change.when))
      .returning({ id: reviews.id });
    if (!done.length) throw new ConflictError(change.refusal);
    await recordEvent(tx, {
      submissionId: review.submissionId,
      kind: change.kind,
      round: review.round,
      actorId: actor.id,
      detail: { reviewer: reviewer.name },
    });
    await context.mail.queue(change.mail, tx);
  });
  context.mail.queued();
  return review.submissionId;
}

/** Cancels an open invitation or review: its link stops working and the reviewer is told. */
export async function cancelReview(context: SubmissionsContext, actor: Actor, reviewId: string) {
  const target = await deskReview(context, actor, reviewId);
  const { review, reviewer } = target;
  if (review.status !== "invited" && review.status !== "accepted") throw new ConflictError(REVIEW_CANNOT_CANCEL);
  const settings = await loadSettings(context.db);
  const mail = await composeWorkflowMail(context, settings, "review-cancelled", reviewer.email, {
    journal: await context.journal.journalName(),
    reviewer: reviewer.name,
  });
  return changeReview(context, actor, target, {
    set: {
      status: "cancelled",
      cancelledAt: context.now(),
      linkGeneration: review.linkGeneration + 1,
      tokenHash: hashOf(linkToken(context, review.id, review.linkGeneration + 1)),
    },
    when: inArray(reviews.status, ["invited", "accepted"]),
    refusal: REVIEW_CANNOT_CANCEL,
    kind: "review-cancelled",
    mail,
  });
}

/** Invites the same reviewer again (after a decline, a cancellation, or to send a new link), with a new due date. */
export async function reinvite(context: SubmissionsContext, actor: Actor, reviewId: string, dueOn?: string) {
  const target = await deskReview(context, actor, reviewId);
  const { review, reviewer } = target;
  if (review.status === "submitted") throw new ConflictError(REVIEW_ALREADY_ANSWERED);
  const [row] = await context.db.select().from(submissions).where(eq(submissions.id, review.submissionId));
  if (row.stage !== "review" || row.round !== review.round) throw new ConflictError(NOT_UNDER_REVIEW);
  const settings = await loadSettings(context.db);
  const due =
    dueOn && dueOn > context.now().toISOString().slice(0, 10) ? dueOn : dayAfter(context.now(), settings.reviewDays);
  const generation = review.linkGeneration + 1;
  const token = linkToken(context, review.id, generation);
  const text = mailText(settings, "review-invitation");
  const mail = await composeWorkflowMail(
    context,
    settings,
    "review-invitation",
    reviewer.email,
    {
      journal: await context.journal.journalName(),
      reviewer: reviewer.name,
      title: row.title,
      abstract: row.abstract,
      due: longDate(due),
      link: links(context).review(token),
    },
    text,
  );
  return changeReview(context, actor, target, {
    set: {
      status: "invited",
      linkGeneration: generation,
      tokenHash: hashOf(token),
      invitedAt: context.now(),
      dueOn: due,
      respondedAt: null,
      cancelledAt: null,
      remindedBeforeAt: null,
      remindedAfterAt: null,
    },
    // A review submitted meanwhile stays as it is.
    when: ne(reviews.status, "submitted"),
    refusal: REVIEW_ALREADY_ANSWERED,
    kind: "reviewer-reinvited",
    mail,
  });
}

/** Sends a submitted review back to its reviewer with a note: their link opens the form again. */
export async function returnReview(context: SubmissionsContext, actor: Actor, reviewId: string, note: string) {
  const target = await deskReview(context, actor, reviewId);
  const { review, reviewer } = target;
  if (review.status !== "submitted") throw new ConflictError(REVIEW_NOT_IN);
  const settings = await loadSettings(context.db);
  const token = linkToken(context, review.id, review.linkGeneration);
  const mail = await composeWorkflowMail(context, settings, "review-returned", reviewer.email, {
    journal: await context.journal.journalName(),
    reviewer: reviewer.name,
    note: note.trim(),
    link: links(context).review(token),
  });
  return changeReview(context, actor, target, {
    set: { status: "accepted", returnedAt: context.now(), returnNote: note.trim(), submittedAt: null },
    when: eq(reviews.status, "submitted"),
    refusal: REVIEW_NOT_IN,
    kind: "review-returned",
    mail,
  });
}

/* ---- the reviewer's link ---- */

/**
 * A reviewer's link as a request brings it: the token, and the client's address its unknown links
 * are counted against (null where there is none: a test, the operator's socket).
 */
export type ReviewerLink = { token: string; address: string | null };

/**
 * Links that open nothing (unknown, or cancelled), per client address: past this, every use of a
 * link from that address is refused for the rest of the window, a live one included, so that
 * guessing stops there. A live link's use gives its attempt back.
 */
export const UNKNOWN_LINKS = perMinutes(20, 10);

/** The review a link opens, whatever its state; undefined for a link that was never one. */
async function byToken(context: SubmissionsContext, token: string) {
  if (!TOKEN_SHAPE.test(token)) return undefined;
  const [row] = await context.db
    .select({ review: reviews, reviewer: reviewers, submission: submissions })
    .from(reviews)
    .innerJoin(reviewers, eq(reviewers.id, reviews.reviewerId))
    .innerJoin(submissions, eq(submissions.id, reviews.submissionId))
    .where(eq(reviews.tokenHash, hashOf(token)));
  return row;
}

async function liveLink(context: SubmissionsContext, link: ReviewerLink) {
  const keys = link.address ? [`review-link:ip:${link.address}`] : [];
  await takeAttempt(context.limiter, keys, UNKNOWN_LINKS);
  const row = await byToken(context, link.token);
  if (!row || row.review.status === "cancelled") throw new NotFoundError(REVIEW_LINK_GONE);
  await context.limiter.giveBack(keys);
  return row;
}

/** What the reviewer's page shows: the invitation, then the files and the form; never an author. */
export async function reviewerView(context: SubmissionsContext, link: ReviewerLink) {
  const { review, reviewer, submission } = await liveLink(context, link);
  const settings = await loadSettings(context.db);
  const status = review.status as ReviewStatus;
  const files =
    status === "accepted"
      ? await context.db
          .select({
            id: submissionFiles.id,
            kind: submissionFiles.kind,
            name: submissionFiles.name,
            round: submissionFiles.round,
            size: submissionFiles.size,
          })
          .from(submissionFiles)
          .where(
            and(
              eq(submissionFiles.submissionId, submission.id),
              inArray(submissionFiles.kind, ["manuscript", "supplementary", "response"]),
              sql`${submissionFiles.anonymisedKey} is not null`,
              sql`${submissionFiles.round} <= ${review.round}`,
            ),
          )
          .orderBy(desc(submissionFiles.round), asc(submissionFiles.createdAt))
      : [];
  // A reviewer reads the newest version of each file: earlier rounds' manuscripts are history.
  const newestRound = Math.max(0, ...files.filter((file) => file.kind === "manuscript").map((file) => file.round));
  const response =
    status === "accepted" && review.round > 1
      ? (
          await context.db
            .select({ detail: submissionEvents.detail })
            .from(submissionEvents)
            .where(
              and(
                eq(submissionEvents.submissionId, submission.id),
                eq(submissionEvents.kind, "revision-submitted"),
                eq(submissionEvents.round, review.round),
              ),
            )
            .limit(1)
        )[0]?.detail.response
      : undefined;
  return {
    status,
    reviewer: reviewer.name,
    journal: await context.journal.journalName(),
    title: submission.title,
    abstract: submission.abstract,
    keywords: submission.keywords,
    section: submission.section,
    round: review.round,
    dueOn: review.dueOn,
    guidelines: settings.guidelines,
    openReview: settings.reviewModel === "open",
    returnNote: review.returnedAt ? review.returnNote : "",
    draft: {
      recommendation: review.recommendation as ReviewRecommendation | null,
      forAuthor: review.forAuthor,
      forEditor: review.forEditor,
      nameShown: review.nameShown,
    },
    files: files
      .filter((file) => file.kind !== "manuscript" || file.round === newestRound)
      .map((file) => ({ ...file, name: anonymousName(file.kind, file.name, file.round) })),
    authorResponse: typeof response === "string" ? response : "",
  };
}

/** A file's name as a reviewer sees it: the original name may carry an author's. */
function anonymousName(kind: string, name: string, round: number) {
  const extension = name.toLowerCase().endsWith(".docx") ? "docx" : "pdf";
  const what = kind === "manuscript" ? "manuscript" : kind === "response" ? "response-to-reviewers" : "supplementary";
  return `${what}-round-${round}.${extension}`;
}

/** Accepts or declines the invitation. */
export async function respond(
  context: SubmissionsContext,
  link: ReviewerLink,
  answer: { accept: boolean; reason: string; colleague: string },
) {
  const { review, reviewer, submission } = await liveLink(context, link);
  if (review.status !== "invited") throw new ConflictError(REVIEW_ALREADY_ANSWERED);
  const settings = await loadSettings(context.db);
  const editor = await accountOf(context.db, submission.editorId ?? (settings.editorInChiefId || null));
  const mail = editor
    ? await composeWorkflowMail(context, settings, "review-answered", editor.email, {
        journal: await context.journal.journalName(),
        number: `#${submission.number}`,
        answer: answer.accept ? "accepted" : "declined",
        link: links(context).desk(submission.id),
      })
    : null;
  await context.db.transaction(async (tx) => {
    const done = await tx
      .update(reviews)
      .set({
        status: answer.accept ? "accepted" : "declined",
        respondedAt: context.now(),
        declineReason: answer.accept ? "" : answer.reason.trim(),
        suggestedColleague: answer.accept ? "" : answer.colleague.trim(),
      })
      .where(and(eq(reviews.id, review.id), eq(reviews.status, "invited")))
      .returning({ id: reviews.id });
    if (!done.length) throw new ConflictError(REVIEW_ALREADY_ANSWERED);
    await recordEvent(tx, {
      submissionId: submission.id,
      kind: answer.accept ? "review-accepted" : "review-declined",
      round: review.round,
      detail: { reviewer: reviewer.name },
    });
    if (mail) await context.mail.queue(mail, tx);
  });
  context.mail.queued();
}

/** The files a reviewer may download: the anonymised copies, once the invitation is accepted. */
export async function reviewerFile(context: SubmissionsContext, link: ReviewerLink, fileId: string) {
  const { review, submission } = await liveLink(context, link);
  if (review.status !== "accepted") throw new ForbiddenError(REVIEW_NOT_ACCEPTED);
  const file = await fileOfSubmission(
    context,
    submission.id,
    fileId,
    and(
      inArray(submissionFiles.kind, ["manuscript", "supplementary", "response"]),
      sql`${submissionFiles.round} <= ${review.round}`,
    ),
  );
  const stored = file?.anonymisedKey ? await context.files.open(file.anonymisedKey) : null;
  if (!file || !stored) throw new NotFoundError(FILE_NOT_FOUND);
  return { ...stored, name: anonymousName(file.kind, file.name, file.round) };
}

/** The reviewer's review: kept, the editor told, the reviewer thanked with their certificate's link. */
export async function submitReview(
  context: SubmissionsContext,
  link: ReviewerLink,
  input: {
    recommendation: ReviewRecommendation;
    forAuthor: string;
    forEditor: string;
    nameShown: boolean;
    annotated?: { name: string; source: Readable | AsyncIterable<Uint8Array> };
  },
) {
  const { review, reviewer, submission } = await liveLink(context, link);
  if (review.status !== "accepted")
    throw new ForbiddenError(review.status === "invited" ? REVIEW_NOT_ACCEPTED : REVIEW_ALREADY_ANSWERED);
  const settings = await loadSettings(context.db);
  const annotated = input.annotated
    ? await context.files.save(input.annotated.source, { name: input.annotated.name, allow: ["pdf", "docx"] })
    : null;
  let anonymised: { key: string } | null = null;
  try {
    // The reviewer's own name is taken out of the copy's metadata too: the author may receive it.
    anonymised = annotated ? await context.files.anonymise(annotated.key) : null;
    const journal = await context.journal.journalName();
    const editor = await accountOf(context.db, submission.editorId ?? (settings.editorInChiefId || null));
    const mails = [
      await composeWorkflowMail(context, settings, "review-thanks", reviewer.email, {
        journal,
        reviewer: reviewer.name,
        link: links(context).review(link.token),
      }),
      ...(editor
        ? [
            await composeWorkflowMail(context, settings, "review-in", editor.email, {
              journal,
              number: `#${submission.number}`,
              title: submission.title,
              link: links(context).desk(submission.id),
            }),
          ]
        : []),
    ];
    await context.db.transaction(async (tx) => {
      const done = await tx
        .update(reviews)
        .set({
          status: "submitted",
          submittedAt: context.now(),
          recommendation: input.recommendation,
          forAuthor: input.forAuthor.trim(),
          forAuthorEdited: null,
          forEditor: input.forEditor.trim(),
          nameShown: settings.reviewModel === "open" && input.nameShown,
        })
        .where(and(eq(reviews.id, review.id), eq(reviews.status, "accepted")))
        .returning({ id: reviews.id });
      if (!done.length) throw new ConflictError(REVIEW_ALREADY_ANSWERED);
      if (annotated)
        await tx.insert(submissionFiles).values({
          submissionId: submission.id,
          round: review.round,
          kind: "annotated",
          reviewId: review.id,
          name: annotated.name,
          storageKey: annotated.key,
          anonymisedKey: anonymised?.key ?? null,
          contentType: annotated.contentType,
          size: annotated.size,
        });
      await recordEvent(tx, {
        submissionId: submission.id,
        kind: "review-submitted",
        round: review.round,
        detail: { reviewer: reviewer.name, recommendation: input.recommendation },
      });
      for (const mail of mails) await context.mail.queue(mail, tx);
    });
  } catch (error) {
    // Neither the file nor its anonymised copy outlives a review that was not kept.
    if (annotated) await context.files.delete(annotated.key);
    if (anonymised) await context.files.delete(anonymised.key);
    throw error;
  }
  context.mail.queued();
}

/** The certificate of a submitted review: the journal, the reviewer and the year, never the paper. */
export async function certificate(context: SubmissionsContext, link: ReviewerLink) {
  const { review, reviewer } = await liveLink(context, link);
  if (review.status !== "submitted" || !review.submittedAt) throw new ForbiddenError(REVIEW_NOT_IN);
  return context.files.certificate({
    journal: await context.journal.journalName(),
    reviewer: reviewer.name,
    year: review.submittedAt.getUTCFullYear(),
  });
}

/** A signed-in reviewer's reviews: those sent to their confirmed address. */
export async function myReviews(context: SubmissionsContext, actor: Actor) {
  const account = await accountOf(context.db, actor.id);
  if (!account?.verified) return [];
  return context.db
    .select({
      id: reviews.id,
      status: reviews.status,
      round: reviews.round,
      dueOn: reviews.dueOn,
      invitedAt: reviews.invitedAt,
      submittedAt: reviews.submittedAt,
      title: submissions.title,
    })
    .from(reviews)
    .innerJoin(reviewers, eq(reviewers.id, reviews.reviewerId))
    .innerJoin(submissions, eq(submissions.id, reviews.submissionId))
    .where(sql`lower(${reviewers.email}) = ${account.email.toLowerCase()} and ${reviews.status} <> 'cancelled'`)
    .orderBy(desc(reviews.invitedAt));
}

/** Whether any review was sent to the account's confirmed address (the account menu's "My reviews"). */
export async function hasReviews(context: SubmissionsContext, actor: Actor): Promise<boolean> {
  const account = await accountOf(context.db, actor.id);
  if (!account?.verified) return false;
  const [row] = await context.db
    .select({ id: reviews.id })
    .from(reviews)
    .innerJoin(reviewers, eq(reviewers.id, reviews.reviewerId))
    .where(sql`lower(${reviewers.email}) = ${account.email.toLowerCase()} and ${reviews.status} <> 'cancelled'`)
    .limit(1);
  return row !== undefined;
}

/** How often a signed-in reviewer may have one review's link mailed again. */
export const LINK_RESENDS = perMinutes(3, 10);

/**
 * Mails a signed-in reviewer the link of one of their reviews again (/my-reviews): the links are
 * not stored, so the page cannot show them. Only a review sent to the account's confirmed address,
 * and only while its link opens something; the link is the current one (the same the invitation
 * carried), to that address.
 */
export async function resendLink(context: SubmissionsContext, actor: Actor, reviewId: string) {
  const account = await accountOf(context.db, actor.id);
  const [row] =
    account?.verified && isUuid(reviewId)
      ? await context.db
          .select({ review: reviews, reviewer: reviewers })
          .from(reviews)
          .innerJoin(reviewers, eq(reviewers.id, reviews.reviewerId))
          .where(
            and(
              eq(reviews.id, reviewId),
              sql`lower(${reviewers.email}) = ${account.email.toLowerCase()}`,
              inArray(reviews.status, ["invited", "accepted", "submitted"]),
            ),
          )
      : [];
  if (!row) throw new NotFoundError(REVIEW_NOT_YOURS);
  await takeAttempt(context.limiter, [`review-resend:${row.review.id}`], LINK_RESENDS);
  const settings = await loadSettings(context.db);
  const mail = await composeWorkflowMail(context, settings, "review-link", row.reviewer.email, {
    journal: await context.journal.journalName(),
    reviewer: row.reviewer.name,
    due: longDate(row.review.dueOn),
    link: links(context).review(linkToken(context, row.review.id, row.review.linkGeneration)),
  });
  await context.mail.queue(mail);
  context.mail.queued();
  return { email: row.reviewer.email };
}

/**
 * Reminders, from every server's tick: before the due date and after it, each once per
 * invitation, with the reviewer's own link. A reminder is claimed by the update that marks it, so
 * two servers never both send it.
 */
export async function sendReminders(context: SubmissionsContext): Promise<number> {
  const settings = await loadSettings(context.db);
  const now = context.now();
  const today = now.toISOString().slice(0, 10);
  const beforeDay = dayAfter(now, settings.remindBeforeDays);
  const afterDay = new Date(now.getTime() - settings.remindAfterDays * DAY_MS).toISOString().slice(0, 10);
  const due = await context.db
    .select({ review: reviews, reviewer: reviewers })
    .from(reviews)
    .innerJoin(reviewers, eq(reviewers.id, reviews.reviewerId))
    // Only while the round is under review: a decision made meanwhile needs the review no more.
    .innerJoin(
      submissions,
      and(
        eq(submissions.id, reviews.submissionId),
        eq(submissions.stage, "review"),
        eq(submissions.round, reviews.round),
      ),
    )
    .where(
      and(
        inArray(reviews.status, ["invited", "accepted"]),
        or(
          and(
            sql`${reviews.remindedBeforeAt} is null`,
            // Not the day of the invitation: a short due date is in the invitation itself.
            sql`${reviews.invitedAt} <= ${new Date(now.getTime() - DAY_MS)}`,
            sql`${reviews.dueOn} <= ${beforeDay}::date`,
            sql`${reviews.dueOn} >= ${today}::date`,
          ),
          and(sql`${reviews.remindedAfterAt} is null`, sql`${reviews.dueOn} <= ${afterDay}::date`),
        ),
      ),
    )
    .limit(200);
  const journal = due.length ? await context.journal.journalName() : "";
  let sent = 0;
  for (const { review, reviewer } of due) {
    const after = review.dueOn <= afterDay;
    const token = linkToken(context, review.id, review.linkGeneration);
    const mail = await composeWorkflowMail(
      context,
      settings,
      after ? "review-overdue" : "review-reminder",
      reviewer.email,
      {
        journal,
        reviewer: reviewer.name,
        due: longDate(review.dueOn),
        link: links(context).review(token),
      },
    );
    const claimed = await context.db.transaction(async (tx) => {
      const done = await tx
        .update(reviews)
        .set(after ? { remindedAfterAt: now } : { remindedBeforeAt: now })
        .where(
          and(
            eq(reviews.id, review.id),
            inArray(reviews.status, ["invited", "accepted"]),
            after ? sql`${reviews.remindedAfterAt} is null` : sql`${reviews.remindedBeforeAt} is null`,
          ),
        )
        .returning({ id: reviews.id });
      if (done.length) await context.mail.queue(mail, tx);
      return done.length > 0;
    });
    if (claimed) sent++;
  }
  if (sent) context.mail.queued();
  return sent;
}

/** Which of this flow's functions are the `submissions` service's methods, by what each does to stored content. */
export const SERVICE_METHODS = effectTable({
  read: ["pool", "invitationDraft", "reviewerView", "reviewerFile", "certificate", "myReviews", "hasReviews"],
  write: [
    "invite",
    "cancelReview",
    "reinvite",
    "returnReview",
    "respond",
    "submitReview",
    "resendLink",
    "sendReminders",
  ],
});
