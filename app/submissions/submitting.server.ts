import type { Readable } from "node:stream";

import { and, asc, desc, eq, inArray, sql } from "drizzle-orm";

import { rowsOf } from "~/db/client.server";
import { editorDecisions, reviews, submissionEvents, submissionFiles, submissions, users } from "~/db/schema";
import type { ArticleAuthor, NamedReviewer, SubmissionFileKind, SubmissionStage } from "~/domain/vocabulary";
import { isUuid } from "~/lib/text";
import { effectTable } from "~/services/content-changes.server";
import { ConflictError, ForbiddenError, InvalidError, NotFoundError } from "~/services/errors.server";

import {
  accountOf,
  type Actor,
  composeWorkflowMail,
  fileOfSubmission,
  holdsRole,
  links,
  loadSettings,
  recordEvent,
  rowsOfSubmission,
  type SubmissionsContext,
} from "./context.server";
import { type SubmissionDetails } from "./forms";
import {
  ABSTRACT_MISSING,
  AUTHORS_MISSING,
  authorStageLabel,
  CHECKLIST_INCOMPLETE,
  CONFIRM_EMAIL_FIRST,
  CORRESPONDING_MISSING,
  FILE_KIND_NOT_ALLOWED,
  FILE_NOT_FOUND,
  MANUSCRIPT_MISSING,
  reviewerLabel,
  REVISION_FILE_MISSING,
  REVISION_NOT_ASKED,
  SUBMISSION_NOT_DRAFT,
  SUBMISSION_NOT_FOUND,
  SUBMISSIONS_ELSEWHERE,
  TITLE_MISSING,
  TOO_MANY_DRAFTS,
} from "./words";

/**
 * The author's side of the workflow (issue 34): a draft kept between visits, its files, submitting
 * it, following it, and sending a revision. An author sees only their own submissions, and never a
 * reviewer's name or address (unless the review is open and the reviewer agreed) nor a confidential
 * comment.
 */

export type SubmissionRow = typeof submissions.$inferSelect;
export type SubmissionFileRow = typeof submissionFiles.$inferSelect;

/** A file as its owner's page lists it. */
export type FileItem = {
  id: string;
  kind: SubmissionFileKind;
  name: string;
  size: number;
  round: number;
  createdAt: Date;
  namesFound: { name: string; where: "text" | "metadata" }[];
};

const fileItem = (row: SubmissionFileRow): FileItem => ({
  id: row.id,
  kind: row.kind as SubmissionFileKind,
  name: row.name,
  size: row.size,
  round: row.round,
  createdAt: row.createdAt,
  namesFound: row.namesFound,
});

/** The files an author may add, and of which types. */
const AUTHOR_FILE_TYPES: Partial<Record<SubmissionFileKind, ("pdf" | "docx")[]>> = {
  manuscript: ["pdf", "docx"],
  "title-page": ["pdf", "docx"],
  supplementary: ["pdf", "docx"],
  response: ["pdf", "docx"],
};

const authorNames = (authors: ArticleAuthor[]) =>
  authors.flatMap((author) => [`${author.given} ${author.family}`.trim(), author.family.trim()]).filter(Boolean);

/** The submission, if it is this author's; else the same refusal as for one that does not exist. */
async function ownSubmission(context: SubmissionsContext, actor: Actor, id: string): Promise<SubmissionRow> {
  const [row] = isUuid(id)
    ? await context.db
        .select()
        .from(submissions)
        .where(and(eq(submissions.id, id), eq(submissions.authorId, actor.id)))
    : [];
  if (!row) throw new NotFoundError(SUBMISSION_NOT_FOUND);
  return row;
}

async function ownDraft(context: SubmissionsContext, actor: Actor, id: string) {
  const row = await ownSubmission(context, actor, id);
  if (row.stage !== "draft") throw new ForbiddenError(SUBMISSION_NOT_DRAFT);
  return row;
}

/** Only a confirmed address submits: the journal writes to it. */
async function requireConfirmedAuthor(context: SubmissionsContext, actor: Actor) {
  const account = await accountOf(context.db, actor.id);
  if (!account?.verified) throw new ForbiddenError(CONFIRM_EMAIL_FIRST);
  return account;
}

/** A new draft's first author: the account's own name, address as the corresponding one. */
async function firstAuthor(context: SubmissionsContext, actor: Actor): Promise<ArticleAuthor> {
  const account = await accountOf(context.db, actor.id);
  // A username ("jane.doe_", "jane") split into words; an empty part would have no first letter.
  const capital = (part: string) => part[0].toUpperCase() + part.slice(1);
  const [given = "", ...family] = (account?.name ?? "").replace(/[._]+/g, " ").split(/\s+/).filter(Boolean);
  return {
    given: given ? capital(given) : "",
    family: family.map(capital).join(" "),
    affiliation: "",
    orcid: "",
    email: account?.email ?? "",
    corresponding: true,
  };
}

/** Drafts one account may keep open at once: enough for any author, too few to fill the database. */
export const MAX_OPEN_DRAFTS = 10;

export async function startDraft(context: SubmissionsContext, actor: Actor): Promise<string> {
  const settings = await loadSettings(context.db);
  if (settings.mode === "portal") throw new ForbiddenError(SUBMISSIONS_ELSEWHERE);
  await requireConfirmedAuthor(context, actor);
  const [{ open }] = await context.db
    .select({ open: sql<number>`count(*)::int` })
    .from(submissions)
    .where(and(eq(submissions.authorId, actor.id), eq(submissions.stage, "draft")));
  if (open >= MAX_OPEN_DRAFTS) throw new ConflictError(TOO_MANY_DRAFTS(MAX_OPEN_DRAFTS));
  const [row] = await context.db
    .insert(submissions)
    .values({ authorId: actor.id, authors: [await firstAuthor(context, actor)] })
    .returning({ id: submissions.id });
  return row.id;
}

/** Everything the wizard shows of a draft, with its files. */
export async function draft(context: SubmissionsContext, actor: Actor, id: string) {
  const row = await ownDraft(context, actor, id);
  const files = await context.db
    .select()
    .from(submissionFiles)
    .where(eq(submissionFiles.submissionId, id))
    .orderBy(asc(submissionFiles.createdAt));
  return { ...row, files: files.map(fileItem) };
}

/** Discards a draft the author will not submit, with its files. */
export async function deleteDraft(context: SubmissionsContext, actor: Actor, id: string) {
  await ownDraft(context, actor, id);
  const files = await context.db
    .select({ storageKey: submissionFiles.storageKey, anonymisedKey: submissionFiles.anonymisedKey })
    .from(submissionFiles)
    .where(eq(submissionFiles.submissionId, id));
  const removed = await context.db
    .delete(submissions)
    .where(and(eq(submissions.id, id), eq(submissions.stage, "draft")))
    .returning({ id: submissions.id });
  if (!removed.length) throw new ForbiddenError(SUBMISSION_NOT_DRAFT);
  // The file rows went with the draft (on delete cascade); the stored files follow them.
  for (const file of files) await removeStored(context, [file.storageKey, file.anonymisedKey]);
}

/** Stored files no row names any more; one that will not go is logged, not fatal to the author's step. */
async function removeStored(context: SubmissionsContext, keys: (string | null)[]) {
  for (const key of keys) {
    if (!key) continue;
    await context.files
      .delete(key)
      .catch((error: unknown) => console.error(`submissions: could not delete ${key}:`, error));
  }
}

export type DraftChange =
  | { step: "start"; checklist: string[] }
  | { step: "details"; details: SubmissionDetails }
  | { step: "authors"; authors: ArticleAuthor[] }
  | { step: "files"; competingInterests: string }
  | { step: "reviewers"; suggested: NamedReviewer[]; opposed: NamedReviewer[] }
  | { step: "letter"; coverLetter: string };

export async function saveDraft(context: SubmissionsContext, actor: Actor, id: string, change: DraftChange) {
  await ownDraft(context, actor, id);
  const columns: Partial<SubmissionRow> = (() => {
    switch (change.step) {
      case "start":
        return { checklist: change.checklist };
      case "details":
        return { ...change.details };
      case "authors":
        return { authors: change.authors };
      case "files":
        return { competingInterests: change.competingInterests };
      case "reviewers":
        return { suggestedReviewers: change.suggested, opposedReviewers: change.opposed };
      case "letter":
        return { coverLetter: change.coverLetter };
    }
  })();
  await context.db
    .update(submissions)
    .set({ ...columns, updatedAt: context.now() })
    .where(and(eq(submissions.id, id), eq(submissions.stage, "draft")));
}

/** Files of which a round holds one: a new upload takes the place of the one before. */
const ONE_A_ROUND: SubmissionFileKind[] = ["manuscript", "title-page", "response"];

/**
 * Adds a file to a draft (or to a revision not yet sent): stored privately, checked by its content,
 * searched for the authors' names (the author is warned), and anonymised for reviewers. A
 * manuscript, title page or response file replaces the round's earlier one, so reviewers never get
 * two manuscripts of one round.
 */
export async function addFile(
  context: SubmissionsContext,
  actor: Actor,
  id: string,
  upload: { kind: SubmissionFileKind; name: string; source: Readable | AsyncIterable<Uint8Array> },
): Promise<FileItem> {
  const row = await ownSubmission(context, actor, id);
  const allow = AUTHOR_FILE_TYPES[upload.kind];
  if (!allow) throw new InvalidError(FILE_KIND_NOT_ALLOWED, "kind");
  const revising = row.stage === "revisions";
  if (row.stage !== "draft" && !revising) throw new ForbiddenError(SUBMISSION_NOT_DRAFT);
  // A response to the reviewers belongs to a revision only.
  if (upload.kind === "response" && !revising) throw new InvalidError(FILE_KIND_NOT_ALLOWED, "kind");
  const stored = await context.files.save(upload.source, { name: upload.name, allow });
  let anonymisedKey: string | null = null;
  try {
    const namesFound =
      upload.kind === "title-page" ? [] : await context.files.namesIn(stored.key, authorNames(row.authors));
    // The title page names the authors by design: reviewers never receive it, so it is not anonymised.
    anonymisedKey = upload.kind === "title-page" ? null : (await context.files.anonymise(stored.key)).key;
    const round = revising ? row.round + 1 : row.round;
    const { file, replaced } = await context.db.transaction(async (tx) => {
      const replaced = ONE_A_ROUND.includes(upload.kind)
        ? await tx
            .delete(submissionFiles)
            .where(
              and(
                eq(submissionFiles.submissionId, id),
                eq(submissionFiles.round, round),
                eq(submissionFiles.kind, upload.kind),
              ),
            )
            .returning({ storageKey: submissionFiles.storageKey, anonymisedKey: submissionFiles.anonymisedKey })
        : [];
      const [file] = await tx
        .insert(submissionFiles)
        .values({
          submissionId: id,
          round,
          kind: upload.kind,
          name: stored.name,
          storageKey: stored.key,
          anonymisedKey,
          contentType: stored.contentType,
          size: stored.size,
          namesFound,
          uploadedBy: actor.id,
        })
        .returning();
      return { file, replaced };
    });
    for (const old of replaced) await removeStored(context, [old.storageKey, old.anonymisedKey]);
    return fileItem(file);
  } catch (error) {
    await removeStored(context, [stored.key, anonymisedKey]);
    throw error;
  }
}

/** Removes a file the author added to a draft, or to a revision not yet sent. */
export async function removeFile(context: SubmissionsContext, actor: Actor, id: string, fileId: string) {
  const row = await ownSubmission(context, actor, id);
  const nextRound = row.stage === "revisions" ? row.round + 1 : row.round;
  if (row.stage !== "draft" && row.stage !== "revisions") throw new ForbiddenError(SUBMISSION_NOT_DRAFT);
  const [file] = isUuid(fileId)
    ? await context.db
        .delete(submissionFiles)
        .where(
          and(
            eq(submissionFiles.id, fileId),
            eq(submissionFiles.submissionId, id),
            eq(submissionFiles.round, nextRound),
            eq(submissionFiles.uploadedBy, actor.id),
          ),
        )
        .returning()
    : [];
  if (!file) throw new NotFoundError(FILE_NOT_FOUND);
  await removeStored(context, [file.storageKey, file.anonymisedKey]);
}

/** What is missing before a draft may be submitted: field → words (empty: ready). */
export async function missingFromDraft(
  context: SubmissionsContext,
  row: SubmissionRow,
): Promise<Record<string, string>> {
  const settings = await loadSettings(context.db);
  const missing: Record<string, string> = {};
  if (!settings.checklist.every((item) => row.checklist.includes(item))) missing.start = CHECKLIST_INCOMPLETE;
  if (!row.title.trim()) missing.title = TITLE_MISSING;
  if (!row.abstract.trim()) missing.abstract = ABSTRACT_MISSING;
  if (row.authors.length === 0) missing.authors = AUTHORS_MISSING;
  else if (!row.authors.some((author) => author.corresponding && author.email)) missing.authors = CORRESPONDING_MISSING;
  const [manuscript] = await context.db
    .select({ id: submissionFiles.id })
    .from(submissionFiles)
    .where(and(eq(submissionFiles.submissionId, row.id), eq(submissionFiles.kind, "manuscript")))
    .limit(1);
  if (!manuscript) missing.files = MANUSCRIPT_MISSING;
  return missing;
}

/** The editors told of a new submission: the editor in chief, else the journal's managers and admins. */
async function deskAddresses(context: SubmissionsContext, editorInChiefId: string): Promise<string[]> {
  const chief = await accountOf(context.db, editorInChiefId || null);
  if (chief) return [chief.email];
  const rows = await context.db
    .select({ email: users.email })
    .from(users)
    .where(sql`${holdsRole("admin")} or ${holdsRole("journal-manager")}`);
  return rows.map((row) => row.email);
}

/** Submits a complete draft: it gets its number, the author a confirmation, the editors word of it. */
export async function submit(context: SubmissionsContext, actor: Actor, id: string): Promise<{ number: number }> {
  const row = await ownDraft(context, actor, id);
  const account = await requireConfirmedAuthor(context, actor);
  const missing = await missingFromDraft(context, row);
  const [field] = Object.keys(missing);
  if (field) throw new InvalidError(missing[field], field);
  const settings = await loadSettings(context.db);
  const now = context.now();
  const [{ number }] = rowsOf<{ number: number }>(
    await context.db.execute(sql`select nextval('submission_numbers')::int as number`),
  );
  const values = { journal: await context.journal.journalName(), number: `#${number}`, title: row.title };
  const mails = [
    await composeWorkflowMail(context, settings, "submission-received", account.email, {
      ...values,
      link: links(context).author(id),
    }),
    ...(await Promise.all(
      (await deskAddresses(context, settings.editorInChiefId)).map((to) =>
        composeWorkflowMail(context, settings, "new-submission", to, { ...values, link: links(context).desk(id) }),
      ),
    )),
  ];
  await context.db.transaction(async (tx) => {
    const updated = await tx
      .update(submissions)
      .set({ stage: "submitted", number, submittedAt: now, stageChangedAt: now, updatedAt: now })
      .where(and(eq(submissions.id, id), eq(submissions.stage, "draft")))
      .returning({ id: submissions.id });
    if (!updated.length) throw new ForbiddenError(SUBMISSION_NOT_DRAFT);
    await recordEvent(tx, { submissionId: id, kind: "submitted", round: 1, actorId: actor.id, at: now });
    for (const mail of mails) await context.mail.queue(mail, tx);
  });
  context.mail.queued();
  return { number };
}

/* ---- the author's view ---- */

/** Each of the author's submissions, newest first, with its stage in plain words. */
export async function mySubmissions(context: SubmissionsContext, actor: Actor) {
  const rows = await context.db
    .select({
      id: submissions.id,
      number: submissions.number,
      title: submissions.title,
      stage: submissions.stage,
      editorId: submissions.editorId,
      round: submissions.round,
      submittedAt: submissions.submittedAt,
      stageChangedAt: submissions.stageChangedAt,
      createdAt: submissions.createdAt,
      updatedAt: submissions.updatedAt,
    })
    .from(submissions)
    .where(eq(submissions.authorId, actor.id))
    .orderBy(desc(submissions.createdAt));
  return rows.map((row) => ({
    ...row,
    stage: row.stage as SubmissionStage,
    stageLabel: authorStageLabel(row.stage as SubmissionStage, Boolean(row.editorId) || row.round > 1),
  }));
}

/** The author's events, in their words: what the author did and what was decided (never who reviewed). */
const AUTHOR_EVENTS: Record<string, string> = {
  submitted: "Submitted",
  "editor-assigned": "With the editor",
  "decision:send-to-review": "Sent to reviewers",
  "decision:accept": "Accepted",
  "decision:minor": "Minor revisions requested",
  "decision:major": "Major revisions requested",
  "decision:decline": "Declined",
  "revision-submitted": "Revision submitted",
  published: "Published",
};

/** One submission as its author follows it: stage, dates, letters, the reviews for the author, files. */
export async function mySubmission(context: SubmissionsContext, actor: Actor, id: string) {
  const row = await ownSubmission(context, actor, id);
  const settings = await loadSettings(context.db);
  const [events, letters, files, reviewRows] = await Promise.all([
    rowsOfSubmission(context.db, submissionEvents, id, [submissionEvents.at], {
      kind: submissionEvents.kind,
      at: submissionEvents.at,
      round: submissionEvents.round,
      detail: submissionEvents.detail,
    }),
    context.db
      .select({
        id: editorDecisions.id,
        decision: editorDecisions.decision,
        round: editorDecisions.round,
        letter: editorDecisions.letter,
        createdAt: editorDecisions.createdAt,
      })
      .from(editorDecisions)
      .where(and(eq(editorDecisions.submissionId, id), eq(editorDecisions.recommendation, false)))
      .orderBy(asc(editorDecisions.createdAt)),
    context.db
      .select()
      .from(submissionFiles)
      .where(
        and(
          eq(submissionFiles.submissionId, id),
          inArray(submissionFiles.kind, ["manuscript", "title-page", "supplementary", "response"]),
        ),
      )
      .orderBy(asc(submissionFiles.round), asc(submissionFiles.createdAt)),
    context.db
      .select({
        id: reviews.id,
        round: reviews.round,
        forAuthor: reviews.forAuthor,
        forAuthorEdited: reviews.forAuthorEdited,
        nameShown: reviews.nameShown,
        submittedAt: reviews.submittedAt,
        reviewerName: sql<string>`(select name from reviewers where reviewers.id = ${reviews.reviewerId})`,
      })
      .from(reviews)
      .where(and(eq(reviews.submissionId, id), eq(reviews.status, "submitted")))
      .orderBy(asc(reviews.round), asc(reviews.submittedAt)),
  ]);
  // Reviews reach the author once a decision after them has been sent.
  const decidedRounds = new Set(
    letters.filter((letter) => letter.decision !== "send-to-review").map((letter) => letter.round),
  );
  const byRound = new Map<number, number>();
  const shared = reviewRows
    .filter((review) => decidedRounds.has(review.round))
    .map((review) => {
      const index = byRound.get(review.round) ?? 0;
      byRound.set(review.round, index + 1);
      const named = settings.reviewModel === "open" && review.nameShown;
      return {
        id: review.id,
        round: review.round,
        reviewer: named ? review.reviewerName : reviewerLabel(index),
        comments: review.forAuthorEdited ?? review.forAuthor,
      };
    });
  const stage = row.stage as SubmissionStage;
  return {
    id: row.id,
    number: row.number,
    title: row.title,
    abstract: row.abstract,
    round: row.round,
    stage,
    stageLabel: authorStageLabel(stage, Boolean(row.editorId) || row.round > 1),
    submittedAt: row.submittedAt,
    stageChangedAt: row.stageChangedAt,
    articleId: row.articleId,
    history: events
      .map((event) => ({
        at: event.at,
        round: event.round,
        words: AUTHOR_EVENTS[event.kind === "decision" ? `decision:${event.detail.decision}` : event.kind],
      }))
      .filter((event): event is { at: Date; round: number; words: string } => Boolean(event.words)),
    letters: letters.filter((letter) => letter.decision !== "send-to-review" || letter.letter),
    reviews: shared,
    files: files.map(fileItem),
    mayRevise: stage === "revisions",
  };
}

/** One of the author's own files, to download. */
export async function myFile(context: SubmissionsContext, actor: Actor, id: string, fileId: string) {
  await ownSubmission(context, actor, id);
  const file = await fileOfSubmission(context, id, fileId, sql`${submissionFiles.kind} <> 'annotated'`);
  const stored = file && (await context.files.open(file.storageKey));
  if (!file || !stored) throw new NotFoundError(FILE_NOT_FOUND);
  return { ...stored, name: file.name };
}

/** Sends a revision: the revised manuscript (uploaded first) and the response to the reviewers. */
export async function submitRevision(context: SubmissionsContext, actor: Actor, id: string, response: string) {
  const row = await ownSubmission(context, actor, id);
  if (row.stage !== "revisions") throw new ForbiddenError(REVISION_NOT_ASKED);
  const round = row.round + 1;
  const [manuscript] = await context.db
    .select({ id: submissionFiles.id })
    .from(submissionFiles)
    .where(
      and(
        eq(submissionFiles.submissionId, id),
        eq(submissionFiles.round, round),
        eq(submissionFiles.kind, "manuscript"),
      ),
    )
    .limit(1);
  if (!manuscript) throw new InvalidError(REVISION_FILE_MISSING, "manuscript");
  const settings = await loadSettings(context.db);
  // The handling editor hears of it; with none assigned, whoever hears of new submissions.
  const editor = await accountOf(context.db, row.editorId);
  const to = editor ? [editor.email] : await deskAddresses(context, settings.editorInChiefId);
  const journal = await context.journal.journalName();
  const mails = await Promise.all(
    to.map((address) =>
      composeWorkflowMail(context, settings, "revision-received", address, {
        journal,
        number: `#${row.number}`,
        title: row.title,
        link: links(context).desk(id),
      }),
    ),
  );
  const now = context.now();
  await context.db.transaction(async (tx) => {
    const updated = await tx
      .update(submissions)
      .set({ stage: "submitted", round, stageChangedAt: now, updatedAt: now })
      .where(and(eq(submissions.id, id), eq(submissions.stage, "revisions")))
      .returning({ id: submissions.id });
    if (!updated.length) throw new ForbiddenError(REVISION_NOT_ASKED);
    await recordEvent(tx, {
      submissionId: id,
      kind: "revision-submitted",
      round,
      actorId: actor.id,
      at: now,
      detail: { response },
    });
    for (const mail of mails) await context.mail.queue(mail, tx);
  });
  context.mail.queued();
}

/** Which of this flow's functions are the `submissions` service's methods, by what each does to stored content. */
export const SERVICE_METHODS = effectTable({
  read: ["draft", "missingFromDraft", "mySubmissions", "mySubmission", "myFile"],
  write: ["startDraft", "deleteDraft", "saveDraft", "addFile", "removeFile", "submit", "submitRevision"],
});
