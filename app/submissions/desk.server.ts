import { and, asc, count, desc, eq, getTableColumns, inArray, type SQL, sql } from "drizzle-orm";

import { rowsOf } from "~/db/client.server";
import {
  editorDecisions,
  reviewers,
  reviews,
  submissionEvents,
  submissionFiles,
  submissionNotes,
  submissions,
  users,
} from "~/db/schema";
import { mayWorkOn, rolesFrom } from "~/domain/roles";
import {
  type EditorDecision,
  type ReviewRecommendation,
  type ReviewStatus,
  SUBMISSION_STAGES,
  type SubmissionFileKind,
  type SubmissionStage,
} from "~/domain/vocabulary";
import { isUuid } from "~/lib/text";
import { effectTable } from "~/services/content-changes.server";
import { ConflictError, ForbiddenError, InvalidError, NotFoundError } from "~/services/errors.server";

import {
  accountOf,
  type Actor,
  composeWorkflowMail,
  DAY_MS,
  displayName,
  fileOfSubmission,
  holdsRole,
  isEditorInChief,
  links,
  loadSettings,
  nameOf,
  OUTER_ROUND,
  OUTER_SUBMISSION,
  recordEvent,
  requireDesk,
  rowsOfSubmission,
  type SubmissionsContext,
} from "./context.server";
import { correspondingAuthor } from "./forms";
import { fillTemplate, type MailTemplateKey, mailText } from "./settings";
import {
  DECISION_LABELS,
  DECISION_NOT_NOW,
  EDITOR_MUST_MANAGE_JOURNAL,
  FILE_NOT_FOUND,
  NOT_EDITOR_IN_CHIEF,
  QUEUE_FILTERS,
  type QueueFilter,
  REVIEW_NOT_IN,
  reviewerLabel,
  STAGE_LABELS,
  SUBMISSION_NOT_FOUND,
} from "./words";

/**
 * The editor's desk (issue 34): the queue with its counts and filters, a submission's whole record,
 * the handling editor, the editors' notes, decisions with their letters (or a recommendation, where
 * the journal asks for one), and on acceptance the draft article. Reviewers are reviewing.server.ts.
 */

export const QUEUE_PAGE_SIZE = 50;
const OPEN_STAGES: SubmissionStage[] = ["submitted", "review", "revisions"];

// The current round's reviews, by status.
const liveReviews = sql`(select count(*) from ${reviews} r where r.submission_id = ${OUTER_SUBMISSION} and r.round = ${OUTER_ROUND} and r.status in ('invited', 'accepted', 'submitted'))`;
const reviewsIn = sql`(select count(*) from ${reviews} r where r.submission_id = ${OUTER_SUBMISSION} and r.round = ${OUTER_ROUND} and r.status = 'submitted')`;
const reviewsOpen = sql`(select count(*) from ${reviews} r where r.submission_id = ${OUTER_SUBMISSION} and r.round = ${OUTER_ROUND} and r.status in ('invited', 'accepted'))`;
const overdue = (today: string) =>
  sql`exists (select 1 from ${reviews} r where r.submission_id = ${OUTER_SUBMISSION} and r.round = ${OUTER_ROUND} and r.status in ('invited', 'accepted') and r.due_on < ${today}::date)`;
const recommendationWaiting = sql`exists (select 1 from ${editorDecisions} d where d.submission_id = ${OUTER_SUBMISSION} and d.round = ${OUTER_ROUND} and d.recommendation and not exists (select 1 from ${editorDecisions} e where e.submission_id = d.submission_id and e.round = d.round and not e.recommendation and e.created_at > d.created_at))`;

/** How many reviews a round needs before the desk stops asking for reviewers. */
export const REVIEWS_WANTED = 2;

/** What a filter needs to know of the current round's reviews, as SQL. */
type ReviewFacts = { live: SQL; in: SQL; open: SQL; overdue: SQL };

/** The facts as correlated subqueries: for a page of rows, each looked up once. */
const lookedUp = (today: string): ReviewFacts => ({
  live: liveReviews,
  in: reviewsIn,
  open: reviewsOpen,
  overdue: overdue(today),
});

/**
 * The facts of every open submission in one pass over its reviews (`left join lateral … rv`), for the
 * counts of every filter at once: one index lookup per submission, not two per filter.
 */
const gathered = (today: string) => ({
  join: sql`left join lateral (
    select count(*) filter (where r.status in ('invited', 'accepted', 'submitted')) as live,
      count(*) filter (where r.status = 'submitted') as reviews_in,
      count(*) filter (where r.status in ('invited', 'accepted')) as open,
      coalesce(bool_or(r.status in ('invited', 'accepted') and r.due_on < ${today}::date), false) as overdue
    from ${reviews} r where r.submission_id = ${OUTER_SUBMISSION} and r.round = ${OUTER_ROUND}
  ) rv on true`,
  facts: { live: sql`rv.live`, in: sql`rv.reviews_in`, open: sql`rv.open`, overdue: sql`rv.overdue` } as ReviewFacts,
});

function filterCondition(filter: QueueFilter, facts: ReviewFacts): SQL {
  switch (filter) {
    case "all":
      return inArray(submissions.stage, OPEN_STAGES);
    case "new":
      return and(eq(submissions.stage, "submitted"), eq(submissions.round, 1))!;
    case "needs-reviewers":
      return and(eq(submissions.stage, "review"), sql`${facts.live} < ${REVIEWS_WANTED}`)!;
    case "overdue":
      return and(eq(submissions.stage, "review"), facts.overdue)!;
    case "reviews-in":
      return and(eq(submissions.stage, "review"), sql`${facts.in} > 0`)!;
    case "needs-decision":
      return and(
        eq(submissions.stage, "review"),
        sql`((${facts.in} >= 1 and ${facts.open} = 0) or ${recommendationWaiting})`,
      )!;
    case "revisions-back":
      return and(eq(submissions.stage, "submitted"), sql`${submissions.round} > 1`)!;
  }
}

/** The queue: counts by stage and by filter, and one page of rows, the longest waiting first. */
export async function queue(
  context: SubmissionsContext,
  actor: Actor,
  request: { filter?: QueueFilter; page?: number; mine?: boolean },
) {
  requireDesk(actor);
  const filter = request.filter ?? "all";
  const page = Math.max(1, Math.min(request.page ?? 1, 10_000));
  const now = context.now();
  const today = now.toISOString().slice(0, 10);
  const mine = request.mine ? eq(submissions.editorId, actor.id) : undefined;
  const where = and(filterCondition(filter, lookedUp(today)), mine);
  const all = gathered(today);
  const editor = nameOf(submissions.editorId);
  const [stageCounts, filterCounts, rows, [{ total }]] = await Promise.all([
    context.db
      .select({ stage: submissions.stage, n: count() })
      .from(submissions)
      .where(and(sql`${submissions.stage} <> 'draft'`, mine))
      .groupBy(submissions.stage),
    context.db
      .execute(
        sql`select ${sql.join(
          QUEUE_FILTERS.map(
            (name) => sql`count(*) filter (where ${filterCondition(name, all.facts)})::int as ${sql.identifier(name)}`,
          ),
          sql`, `,
        )} from ${submissions} ${all.join} where ${and(inArray(submissions.stage, OPEN_STAGES), mine)}`,
      )
      .then((result) => rowsOf<Record<QueueFilter, number>>(result)),
    context.db
      .select({
        id: submissions.id,
        number: submissions.number,
        title: submissions.title,
        stage: submissions.stage,
        round: submissions.round,
        section: submissions.section,
        submittedAt: submissions.submittedAt,
        stageChangedAt: submissions.stageChangedAt,
        editor,
        reviewsIn: sql<number>`${reviewsIn}::int`,
        reviewsLive: sql<number>`${liveReviews}::int`,
        overdue: sql<boolean>`${overdue(today)}`,
      })
      .from(submissions)
      .where(where)
      .orderBy(asc(submissions.stageChangedAt), asc(submissions.id))
      .limit(QUEUE_PAGE_SIZE)
      .offset((page - 1) * QUEUE_PAGE_SIZE),
    context.db.select({ total: count() }).from(submissions).where(where),
  ]);
  const days = (from: Date | null) => (from ? Math.floor((now.getTime() - from.getTime()) / DAY_MS) : 0);
  return {
    filter,
    page,
    pages: Math.max(1, Math.ceil(total / QUEUE_PAGE_SIZE)),
    total,
    stages: Object.fromEntries(
      SUBMISSION_STAGES.filter((stage) => stage !== "draft").map((stage) => [
        stage,
        stageCounts.find((row) => row.stage === stage)?.n ?? 0,
      ]),
    ) as Record<Exclude<SubmissionStage, "draft">, number>,
    filters: filterCounts[0] as Record<QueueFilter, number>,
    rows: rows.map((row) => ({
      ...row,
      stage: row.stage as SubmissionStage,
      stageLabel: STAGE_LABELS[row.stage as SubmissionStage],
      daysSinceSubmission: days(row.submittedAt),
      daysInStage: days(row.stageChangedAt),
    })),
  };
}

async function deskSubmission(context: SubmissionsContext, actor: Actor, id: string) {
  requireDesk(actor);
  const [row] = isUuid(id)
    ? await context.db
        .select()
        .from(submissions)
        .where(and(eq(submissions.id, id), sql`${submissions.stage} <> 'draft'`))
    : [];
  if (!row) throw new NotFoundError(SUBMISSION_NOT_FOUND);
  return row;
}

/** The journal's managers and admins: who may handle a submission. */
export async function deskEditors(context: SubmissionsContext) {
  return context.db
    .select({ id: users.id, name: displayName })
    .from(users)
    .where(sql`${holdsRole("admin")} or ${holdsRole("journal-manager")}`)
    .orderBy(asc(displayName));
}

/** A submission as the desk sees it: everything but the reviewers' links. */
export async function submission(context: SubmissionsContext, actor: Actor, id: string) {
  const row = await deskSubmission(context, actor, id);
  const settings = await loadSettings(context.db);
  const actorName = nameOf(submissionEvents.actorId);
  const [files, events, notes, reviewRows, decisions, author, editor, editors] = await Promise.all([
    rowsOfSubmission(
      context.db,
      submissionFiles,
      id,
      [submissionFiles.round, submissionFiles.createdAt],
      getTableColumns(submissionFiles),
    ),
    rowsOfSubmission(context.db, submissionEvents, id, [submissionEvents.at], {
      id: submissionEvents.id,
      kind: submissionEvents.kind,
      at: submissionEvents.at,
      round: submissionEvents.round,
      detail: submissionEvents.detail,
      actor: actorName,
    }),
    rowsOfSubmission(context.db, submissionNotes, id, [submissionNotes.createdAt], {
      id: submissionNotes.id,
      body: submissionNotes.body,
      createdAt: submissionNotes.createdAt,
      author: nameOf(submissionNotes.authorId),
    }),
    context.db
      .select({
        id: reviews.id,
        round: reviews.round,
        status: reviews.status,
        dueOn: reviews.dueOn,
        invitedAt: reviews.invitedAt,
        respondedAt: reviews.respondedAt,
        submittedAt: reviews.submittedAt,
        declineReason: reviews.declineReason,
        suggestedColleague: reviews.suggestedColleague,
        recommendation: reviews.recommendation,
        forAuthor: reviews.forAuthor,
        forAuthorEdited: reviews.forAuthorEdited,
        forEditor: reviews.forEditor,
        nameShown: reviews.nameShown,
        returnedAt: reviews.returnedAt,
        returnNote: reviews.returnNote,
        reviewerId: reviewers.id,
        reviewerName: reviewers.name,
        reviewerEmail: reviewers.email,
        reviewerAffiliation: reviewers.affiliation,
      })
      .from(reviews)
      .innerJoin(reviewers, eq(reviewers.id, reviews.reviewerId))
      .where(eq(reviews.submissionId, id))
      .orderBy(asc(reviews.round), asc(reviews.invitedAt)),
    rowsOfSubmission(context.db, editorDecisions, id, [editorDecisions.createdAt], {
      id: editorDecisions.id,
      round: editorDecisions.round,
      decision: editorDecisions.decision,
      recommendation: editorDecisions.recommendation,
      letter: editorDecisions.letter,
      createdAt: editorDecisions.createdAt,
      editor: nameOf(editorDecisions.editorId),
    }),
    accountOf(context.db, row.authorId),
    accountOf(context.db, row.editorId),
    deskEditors(context),
  ]);
  const stage = row.stage as SubmissionStage;
  const now = context.now();
  return {
    ...row,
    stage,
    stageLabel: STAGE_LABELS[stage],
    daysSinceSubmission: row.submittedAt ? Math.floor((now.getTime() - row.submittedAt.getTime()) / DAY_MS) : 0,
    daysInStage: Math.floor((now.getTime() - row.stageChangedAt.getTime()) / DAY_MS),
    submitter: author ? { name: author.name, email: author.email } : null,
    editor: editor ? { id: editor.id, name: editor.name } : null,
    editors,
    mayAssign: isEditorInChief(settings, actor),
    recommendsOnly: settings.recommendOnly && !isEditorInChief(settings, actor),
    reviewModel: settings.reviewModel,
    files: files.map((file) => ({
      id: file.id,
      kind: file.kind as SubmissionFileKind,
      round: file.round,
      name: file.name,
      size: file.size,
      createdAt: file.createdAt,
      namesFound: file.namesFound,
      anonymised: Boolean(file.anonymisedKey),
      reviewId: file.reviewId,
    })),
    history: events,
    notes,
    reviews: reviewRows.map((review) => ({
      ...review,
      status: review.status as ReviewStatus,
      recommendation: review.recommendation as ReviewRecommendation | null,
      overdue:
        (review.status === "invited" || review.status === "accepted") && review.dueOn < now.toISOString().slice(0, 10),
    })),
    decisions: decisions.map((decision) => ({ ...decision, decision: decision.decision as EditorDecision })),
    allowedDecisions: allowedDecisions(stage, row.round),
  };
}

/** A file of the submission, for an editor: the original, or the copy reviewers get. */
export async function deskFile(
  context: SubmissionsContext,
  actor: Actor,
  id: string,
  fileId: string,
  copy: "original" | "anonymised",
) {
  await deskSubmission(context, actor, id);
  const file = await fileOfSubmission(context, id, fileId);
  const key = file && (copy === "anonymised" ? file.anonymisedKey : file.storageKey);
  const stored = key ? await context.files.open(key) : null;
  if (!file || !stored) throw new NotFoundError(FILE_NOT_FOUND);
  return { ...stored, name: file.name };
}

export async function assignEditor(context: SubmissionsContext, actor: Actor, id: string, editorId: string) {
  const row = await deskSubmission(context, actor, id);
  const settings = await loadSettings(context.db);
  if (!isEditorInChief(settings, actor)) throw new ForbiddenError(NOT_EDITOR_IN_CHIEF);
  const editor = await accountOf(context.db, editorId);
  if (!editor || !mayWorkOn(rolesFrom(editor.role), "submissions"))
    throw new InvalidError(EDITOR_MUST_MANAGE_JOURNAL, "editorId");
  const mail =
    editor.id === actor.id
      ? null
      : await composeWorkflowMail(context, settings, "editor-assigned", editor.email, {
          journal: await context.journal.journalName(),
          number: `#${row.number}`,
          title: row.title,
          link: links(context).desk(id),
        });
  await context.db.transaction(async (tx) => {
    await tx.update(submissions).set({ editorId: editor.id, updatedAt: context.now() }).where(eq(submissions.id, id));
    await recordEvent(tx, {
      submissionId: id,
      kind: "editor-assigned",
      round: row.round,
      actorId: actor.id,
      detail: { editor: editor.name },
    });
    if (mail) await context.mail.queue(mail, tx);
  });
  context.mail.queued();
  return editor.name;
}

export async function addNote(context: SubmissionsContext, actor: Actor, id: string, body: string) {
  await deskSubmission(context, actor, id);
  await context.db.insert(submissionNotes).values({ submissionId: id, authorId: actor.id, body: body.trim() });
}

/** The decisions open at a stage: at the desk, send to review or decline; after review, all four. */
export function allowedDecisions(stage: SubmissionStage, round: number): EditorDecision[] {
  if (stage === "submitted")
    return round === 1 ? ["send-to-review", "decline"] : ["send-to-review", "accept", "minor", "major", "decline"];
  if (stage === "review") return ["accept", "minor", "major", "decline"];
  return [];
}

/**
 * The letter for a decision, drafted from its template: the reviewers' comments for the author,
 * never the confidential ones.
 */
export async function letterDraft(context: SubmissionsContext, actor: Actor, id: string, decision: EditorDecision) {
  const row = await deskSubmission(context, actor, id);
  const settings = await loadSettings(context.db);
  const key = `decision-${decision}` as MailTemplateKey;
  const quoted = await reviewsForAuthor(context, row.id, row.round, settings.reviewModel === "open");
  const values = {
    journal: await context.journal.journalName(),
    author: authorName(row),
    number: `#${row.number}`,
    title: row.title,
    reviews: quoted,
    link: links(context).author(id),
  };
  const text = mailText(settings, key);
  // A letter with no reviews to quote loses their paragraph, not just its words.
  const letter = fillTemplate(text.body, key, values).replace(/\n{3,}/g, "\n\n");
  return { subject: fillTemplate(text.subject, key, values), letter };
}

const authorName = (row: typeof submissions.$inferSelect) => {
  const author = correspondingAuthor(row.authors);
  return author ? `${author.given} ${author.family}`.trim() : "author";
};

/** The reviews of a round as the author may read them. */
async function reviewsForAuthor(context: SubmissionsContext, submissionId: string, round: number, open: boolean) {
  const rows = await context.db
    .select({
      forAuthor: reviews.forAuthor,
      edited: reviews.forAuthorEdited,
      nameShown: reviews.nameShown,
      name: reviewers.name,
    })
    .from(reviews)
    .innerJoin(reviewers, eq(reviewers.id, reviews.reviewerId))
    .where(and(eq(reviews.submissionId, submissionId), eq(reviews.round, round), eq(reviews.status, "submitted")))
    .orderBy(asc(reviews.submittedAt));
  if (!rows.length) return "";
  return rows
    .map(
      (review, i) =>
        `${open && review.nameShown ? review.name : reviewerLabel(i)}:\n${(review.edited ?? review.forAuthor).trim()}`,
    )
    .join("\n\n");
}

const STAGE_AFTER: Record<EditorDecision, SubmissionStage> = {
  "send-to-review": "review",
  accept: "accepted",
  minor: "revisions",
  major: "revisions",
  decline: "declined",
};

/**
 * Makes a decision (or, where the journal asks it of a handling editor who is not the editor in
 * chief, records a recommendation for them) and sends the letter. Accepting makes the draft article.
 */
export async function decide(
  context: SubmissionsContext,
  actor: Actor,
  id: string,
  input: { decision: EditorDecision; letter: string },
): Promise<{ recommended: boolean; articleId: string | null }> {
  const row = await deskSubmission(context, actor, id);
  const stage = row.stage as SubmissionStage;
  if (!allowedDecisions(stage, row.round).includes(input.decision))
    throw new ConflictError(DECISION_NOT_NOW, "decision");
  const settings = await loadSettings(context.db);
  const journal = await context.journal.journalName();
  const now = context.now();
  const recommends = settings.recommendOnly && !isEditorInChief(settings, actor) && input.decision !== "send-to-review";

  if (recommends) {
    const chief = await accountOf(context.db, settings.editorInChiefId || null);
    const mail = chief
      ? await composeWorkflowMail(context, settings, "recommendation", chief.email, {
          journal,
          number: `#${row.number}`,
          title: row.title,
          decision: DECISION_LABELS[input.decision],
          link: links(context).desk(id),
        })
      : null;
    await context.db.transaction(async (tx) => {
      await tx.insert(editorDecisions).values({
        submissionId: id,
        round: row.round,
        decision: input.decision,
        recommendation: true,
        editorId: actor.id,
        letter: input.letter,
      });
      await recordEvent(tx, {
        submissionId: id,
        kind: "recommendation",
        round: row.round,
        actorId: actor.id,
        at: now,
        detail: { decision: input.decision },
      });
      if (mail) await context.mail.queue(mail, tx);
    });
    context.mail.queued();
    return { recommended: true, articleId: null };
  }

  const key = `decision-${input.decision}` as MailTemplateKey;
  const values = {
    journal,
    author: authorName(row),
    number: `#${row.number}`,
    title: row.title,
    link: links(context).author(id),
    reviews: "",
  };
  const submitter = await accountOf(context.db, row.authorId);
  const to = submitter?.email ?? correspondingAuthor(row.authors)?.email;
  const mail = to
    ? await composeWorkflowMail(context, settings, key, to, values, {
        subject: mailText(settings, key).subject,
        body: input.letter,
      })
    : null;
  const articleId = input.decision === "accept" ? await draftArticle(context, row, now) : null;
  try {
    await context.db.transaction(async (tx) => {
      const updated = await tx
        .update(submissions)
        .set({
          stage: STAGE_AFTER[input.decision],
          stageChangedAt: now,
          updatedAt: now,
          ...(articleId ? { articleId } : {}),
        })
        .where(and(eq(submissions.id, id), eq(submissions.stage, stage), eq(submissions.round, row.round)))
        .returning({ id: submissions.id });
      if (!updated.length) throw new ConflictError(DECISION_NOT_NOW, "decision");
      await tx.insert(editorDecisions).values({
        submissionId: id,
        round: row.round,
        decision: input.decision,
        editorId: actor.id,
        letter: input.letter,
      });
      await recordEvent(tx, {
        submissionId: id,
        kind: "decision",
        round: row.round,
        actorId: actor.id,
        at: now,
        detail: { decision: input.decision },
      });
      if (articleId)
        await recordEvent(tx, {
          submissionId: id,
          kind: "article-drafted",
          round: row.round,
          actorId: actor.id,
          at: now,
          detail: { articleId },
        });
      if (mail) await context.mail.queue(mail, tx);
    });
  } catch (error) {
    // Two editors deciding at once: the one that lost leaves no second draft article behind.
    if (articleId) await context.journal.discardDraftArticle(articleId);
    throw error;
  }
  context.mail.queued();
  return { recommended: false, articleId };
}

/**
 * The accepted submission's draft article: its metadata, dates, and the latest manuscript as its
 * PDF until the typeset one.
 */
async function draftArticle(
  context: SubmissionsContext,
  row: typeof submissions.$inferSelect,
  now: Date,
): Promise<string> {
  const [latest] = await context.db
    .select()
    .from(submissionFiles)
    .where(
      and(
        eq(submissionFiles.submissionId, row.id),
        eq(submissionFiles.kind, "manuscript"),
        eq(submissionFiles.contentType, "application/pdf"),
      ),
    )
    .orderBy(desc(submissionFiles.round), desc(submissionFiles.createdAt))
    .limit(1);
  const stored = latest && (await context.files.open(latest.storageKey));
  let pdf: string;
  if (stored) {
    const chunks: Buffer[] = [];
    for await (const chunk of stored.body) chunks.push(Buffer.from(chunk as Uint8Array));
    pdf = await context.journal.storePdf(Buffer.concat(chunks), latest.name);
  } else {
    pdf = await context.journal.storePdf(await context.journal.placeholderPdf(row.title), "manuscript.pdf");
  }
  return context.journal.createDraftArticle({
    title: row.title,
    abstract: row.abstract
      .split(/\n\s*\n/)
      .map(
        (paragraph) => `<p>${paragraph.replace(/[&<>]/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;" })[c]!)}</p>`,
      )
      .join(""),
    pdf,
    userId: row.authorId,
    authors: row.authors,
    keywords: row.keywords,
    section: row.section as never,
    language: row.language,
    funding: row.funding,
    receivedOn: (row.submittedAt ?? now).toISOString().slice(0, 10),
    acceptedOn: now.toISOString().slice(0, 10),
  });
}

/** What the author will read of a review, changed by the editor; the reviewer's own text stays on record. */
export async function editForAuthor(context: SubmissionsContext, actor: Actor, reviewId: string, text: string) {
  requireDesk(actor);
  const [review] = isUuid(reviewId) ? await context.db.select().from(reviews).where(eq(reviews.id, reviewId)) : [];
  if (!review) throw new NotFoundError(SUBMISSION_NOT_FOUND);
  if (review.status !== "submitted") throw new ConflictError(REVIEW_NOT_IN);
  await context.db.transaction(async (tx) => {
    await tx
      .update(reviews)
      .set({ forAuthorEdited: text.trim() === review.forAuthor.trim() ? null : text.trim() })
      .where(eq(reviews.id, reviewId));
    await recordEvent(tx, {
      submissionId: review.submissionId,
      kind: "review-edited",
      round: review.round,
      actorId: actor.id,
    });
  });
  return review.submissionId;
}

/** Which of this flow's functions are the `submissions` service's methods, by what each does to stored content. */
export const SERVICE_METHODS = effectTable({
  read: ["queue", "submission", "deskFile", "deskEditors", "letterDraft"],
  write: ["assignEditor", "addNote", "decide", "editForAuthor"],
});
