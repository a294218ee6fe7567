import { type ApiFile, type ApiResult, type Operation, operationsTagged } from "~/api/operation.server";
import { done, ok, refuse } from "~/api/operations/shared.server";
import { messageResponse, wholeNumberParam } from "~/api/schemas";
import { mayWorkOn, type Role } from "~/domain/roles";
import { ARTICLE_SECTIONS, EDITOR_DECISIONS, SUBMISSION_FILE_KINDS, SUBMISSION_STAGES } from "~/domain/vocabulary";
import { authorsFromForm, authorsToForm } from "~/journal/article-fields";
import { CLIENT_IP_HEADER } from "~/lib/client-ip.server";
import { readFormWithFile, UploadFormError } from "~/lib/multipart.server";
import { z } from "~/lib/zod";
import { NotFoundError } from "~/services/errors.server";

import {
  assignSchema,
  authorsSchema,
  competingSchema,
  decisionSchema,
  detailsSchema,
  editForAuthorSchema,
  inviteSchema,
  letterSchema,
  noteSchema,
  OPPOSED_SLOTS,
  reinviteSchema,
  respondSchema,
  returnSchema,
  REVIEW_FIELD_BYTES,
  reviewSchema,
  revisionSchema,
  SUBMISSION_AUTHORS,
  SUGGESTED_SLOTS,
} from "./forms";
import { REVIEW_MODELS } from "./settings";
import type { SubmissionsService } from "./submissions.server";
import type { DraftChange } from "./submitting.server";
import {
  DECISION_LABELS,
  DECISION_MADE,
  DRAFT_SAVED,
  DRAFT_STARTED,
  EDITOR_ASSIGNED,
  FILE_ADDED,
  FILE_NAME_INVALID,
  FILE_REMOVED,
  INVITATION_ACCEPTED,
  INVITATION_DECLINED,
  NOTE_ADDED,
  QUEUE_FILTERS,
  RECOMMENDATION_MADE,
  REVIEW_CANCELLED,
  REVIEW_REINVITED,
  REVIEW_RETURNED,
  REVIEW_SUBMITTED,
  REVIEW_TEXT_SAVED,
  REVIEWER_INVITED,
  REVISION_RECEIVED,
  SUBMITTED,
} from "./words";

/**
 * The workflow's JSON API (issue 34): the same calls as the screens, on the same service methods,
 * which check who acts. A reader reaches only their own submissions; the journal's managers and
 * admins the desk; a reviewer's link (the token in the path) only its own review. Every answer is
 * parsed through its documented schema before it leaves, so no field the document does not name
 * (a reviewer's name to an author, a confidential comment) can reach a caller by accident.
 */

/* ---- the answers' shapes ---- */

const at = z.string().meta({ format: "date-time" });
const day = z.string().meta({ format: "date", description: "YYYY-MM-DD" });
const id = z.string().meta({ description: "The record's id" });
const stage = z.enum(SUBMISSION_STAGES);

const author = z.object({
  given: z.string(),
  family: z.string(),
  affiliation: z.string(),
  orcid: z.string().meta({ description: "The 16-character iD without https://orcid.org/, or empty" }),
  email: z.string(),
  corresponding: z.boolean(),
});
const namedReviewer = z.object({ name: z.string(), email: z.string(), affiliation: z.string(), reason: z.string() });
const nameFound = z.object({ name: z.string(), where: z.enum(["text", "metadata"]) });

const fileItem = z
  .object({
    id,
    kind: z.enum(SUBMISSION_FILE_KINDS),
    name: z.string(),
    size: z.int(),
    round: z.int(),
    createdAt: at,
    namesFound: z.array(nameFound).meta({ description: "Where an author's name was found in the file" }),
  })
  .meta({ title: "SubmissionFile" });

const details = {
  title: z.string(),
  abstract: z.string(),
  keywords: z.array(z.string()),
  section: z.enum(ARTICLE_SECTIONS),
  language: z.string(),
  funding: z.string(),
};

/** What the author wrote: the draft's fields, which the desk sees too. */
const manuscript = {
  ...details,
  authors: z.array(author),
  competingInterests: z.string(),
  coverLetter: z.string(),
  suggestedReviewers: z.array(namedReviewer),
  opposedReviewers: z.array(namedReviewer),
};

/** One of a submission's views: which it is (`view`, the union's key), its id, its fields, its name. */
const viewOf = <V extends string, S extends z.ZodRawShape>(view: V, title: string, shape: S) =>
  z.object({ view: z.literal(view), id, ...shape }).meta({ title });

const draftView = viewOf("draft", "SubmissionDraft", {
  stage: z.literal("draft"),
  ...manuscript,
  checklist: z.array(z.string()).meta({ description: "The checklist items the author has confirmed" }),
  files: z.array(fileItem),
  missing: z
    .record(z.string(), z.string())
    .meta({ description: "What is missing before it can be submitted, by step (empty: ready)" }),
  createdAt: at,
  updatedAt: at,
});

const authorView = viewOf("author", "SubmissionForAuthor", {
  number: z.int().nullable(),
  title: z.string(),
  abstract: z.string(),
  round: z.int(),
  stage,
  stageLabel: z.string().meta({ description: "The stage in plain words" }),
  submittedAt: at.nullable(),
  stageChangedAt: at,
  articleId: z.string().nullable().meta({ description: "The draft article made on acceptance" }),
  history: z.array(z.object({ at, round: z.int(), words: z.string() })),
  letters: z.array(
    z.object({ id, decision: z.enum(EDITOR_DECISIONS), round: z.int(), letter: z.string(), createdAt: at }),
  ),
  reviews: z
    .array(
      z.object({
        round: z.int(),
        reviewer: z.string().meta({ description: '"Reviewer 1"…; a name only in open review, by consent' }),
        comments: z.string(),
      }),
    )
    .meta({ description: "The reviews' comments for the author, once a decision has been sent" }),
  files: z.array(fileItem),
  mayRevise: z.boolean(),
});

const deskView = viewOf("desk", "SubmissionForDesk", {
  number: z.int().nullable(),
  stage,
  stageLabel: z.string(),
  round: z.int(),
  ...manuscript,
  submittedAt: at.nullable(),
  stageChangedAt: at,
  articleId: z.string().nullable(),
  daysSinceSubmission: z.int(),
  daysInStage: z.int(),
  submitter: z.object({ name: z.string(), email: z.string() }).nullable(),
  editor: z.object({ id, name: z.string() }).nullable(),
  mayAssign: z.boolean().meta({ description: "The caller is the editor in chief (or an admin)" }),
  recommendsOnly: z
    .boolean()
    .meta({ description: "The caller's decisions are recommendations to the editor in chief" }),
  reviewModel: z.enum(REVIEW_MODELS),
  files: z.array(
    fileItem.extend({
      anonymised: z.boolean().meta({ description: "A copy without author metadata exists for reviewers" }),
      reviewId: z.string().nullable().meta({ description: "A reviewer's annotated file: their review" }),
    }),
  ),
  history: z.array(
    z.object({
      id,
      kind: z.string(),
      at,
      round: z.int(),
      detail: z.record(z.string(), z.union([z.string(), z.number(), z.boolean(), z.null()])),
      actor: z.string().nullable(),
    }),
  ),
  notes: z.array(z.object({ id, body: z.string(), createdAt: at, author: z.string().nullable() })),
  reviews: z.array(
    z.object({
      id,
      round: z.int(),
      status: z.string(),
      dueOn: day,
      invitedAt: at,
      respondedAt: at.nullable(),
      submittedAt: at.nullable(),
      declineReason: z.string(),
      suggestedColleague: z.string(),
      recommendation: z.string().nullable(),
      forAuthor: z.string(),
      forAuthorEdited: z.string().nullable(),
      forEditor: z.string().meta({ description: "Confidential: for the editors only" }),
      nameShown: z.boolean(),
      returnedAt: at.nullable(),
      returnNote: z.string(),
      overdue: z.boolean(),
      reviewerId: id,
      reviewerName: z.string(),
      reviewerEmail: z.string(),
      reviewerAffiliation: z.string(),
    }),
  ),
  decisions: z.array(
    z.object({
      id,
      round: z.int(),
      decision: z.enum(EDITOR_DECISIONS),
      recommendation: z.boolean(),
      letter: z.string(),
      createdAt: at,
      editor: z.string().nullable(),
    }),
  ),
  allowedDecisions: z.array(z.enum(EDITOR_DECISIONS)),
});

const submissionView = z.discriminatedUnion("view", [draftView, authorView, deskView]);

/** A submission as a list shows it, before the list's own columns. */
const listed = {
  id,
  number: z.int().nullable(),
  title: z.string(),
  stage,
  stageLabel: z.string(),
  round: z.int(),
};

const ownList = z.object({
  scope: z.literal("own"),
  submissions: z.array(
    z.object({
      ...listed,
      submittedAt: at.nullable(),
      stageChangedAt: at,
      createdAt: at,
      updatedAt: at,
    }),
  ),
});

const deskList = z.object({
  scope: z.literal("desk"),
  filter: z.enum(QUEUE_FILTERS),
  page: z.int(),
  pages: z.int(),
  total: z.int(),
  stages: z.record(z.string(), z.int()).meta({ description: "Submissions by stage" }),
  filters: z.record(z.string(), z.int()).meta({ description: "Open submissions by filter" }),
  rows: z.array(
    z.object({
      ...listed,
      section: z.string(),
      submittedAt: at.nullable(),
      stageChangedAt: at,
      editor: z.string().nullable(),
      reviewsIn: z.int(),
      reviewsLive: z.int(),
      overdue: z.boolean(),
      daysSinceSubmission: z.int(),
      daysInStage: z.int(),
    }),
  ),
});

const figures = z
  .object({
    received: z.int(),
    daysToDeskDecision: z.number().nullable(),
    daysToFirstDecision: z.number().nullable(),
    acceptanceRate: z.number().nullable().meta({ description: "0 to 1; null when nothing was decided" }),
    decided: z.int(),
    reviewDays: z.number().nullable(),
    reviews: z.int(),
  })
  .meta({
    title: "JournalFigures",
    description: "The last 12 months; medians in days",
    examples: [
      {
        received: 48,
        daysToDeskDecision: 6.5,
        daysToFirstDecision: 41,
        acceptanceRate: 0.31,
        decided: 29,
        reviewDays: 18.5,
        reviews: 57,
      },
    ],
  });

const reviewerView = z
  .object({
    status: z.string(),
    reviewer: z.string().meta({ description: "The reviewer's own name" }),
    journal: z.string(),
    title: z.string(),
    abstract: z.string(),
    keywords: z.array(z.string()),
    section: z.string(),
    round: z.int(),
    dueOn: day,
    guidelines: z.string(),
    openReview: z.boolean(),
    returnNote: z.string(),
    draft: z.object({
      recommendation: z.string().nullable(),
      forAuthor: z.string(),
      forEditor: z.string(),
      nameShown: z.boolean(),
    }),
    files: z
      .array(z.object({ id, kind: z.string(), name: z.string(), round: z.int(), size: z.int() }))
      .meta({ description: "Once accepted: the anonymised copies, at GET /api/review/{token}/files/{fileId}" }),
    authorResponse: z.string(),
  })
  .meta({ title: "ReviewInvitation", description: "Never an author's name or address" });

const letterDraft = z.object({ subject: z.string(), letter: z.string() });
const invitationDraft = z.object({ subject: z.string(), body: z.string(), dueOn: day, title: z.string() });
const pool = z.object({
  reviewers: z.array(
    z.object({
      id,
      name: z.string(),
      email: z.string(),
      affiliation: z.string(),
      keywords: z.array(z.string()),
      open: z.int().meta({ description: "Open invitations and reviews" }),
      answered: z.int(),
      accepted: z.int(),
      completed: z.int(),
      acceptRate: z.number().nullable(),
      medianDays: z.number().nullable(),
      conflicts: z.array(z.string()).meta({ description: "Warnings, in words" }),
    }),
  ),
});

const myReviews = z.object({
  reviews: z.array(
    z.object({
      id,
      status: z.string(),
      round: z.int(),
      dueOn: day,
      invitedAt: at,
      submittedAt: at.nullable(),
      title: z.string(),
    }),
  ),
});

const confirmed = <S extends z.ZodRawShape>(shape: S) =>
  z.object({ success: z.literal(true), message: z.string(), ...shape });

/**
 * The value as the document describes it: dates as ISO text (as JSON writes them), and only the
 * fields `schema` names.
 */
const shaped = <S extends z.ZodType>(schema: S, value: unknown): z.output<S> =>
  schema.parse(JSON.parse(JSON.stringify(value)));

/* ---- the bodies: the forms' rules ---- */

const authorBody = z.strictObject({
  given: z.string().max(300).default(""),
  family: z.string().max(300).default(""),
  affiliation: z.string().max(300).default(""),
  orcid: z.string().max(300).default(""),
  email: z.string().max(300).default(""),
  corresponding: z.boolean().default(false),
});

/** The authors as the wizard's step checks them (its slots, its words). */
const authorsBody = z
  .array(authorBody)
  .min(1)
  .max(SUBMISSION_AUTHORS)
  .superRefine((authors, context) => {
    const checked = authorsSchema.safeParse(authorsToForm(authors));
    if (!checked.success)
      for (const issue of checked.error.issues) context.addIssue({ code: "custom", message: issue.message });
  })
  .transform((authors) => authorsFromForm(authorsToForm(authors)));

const namedReviewerBody = z.strictObject({
  name: z.string().trim().min(1, "Give the reviewer's name.").max(300),
  email: z.union([z.literal(""), z.email({ message: "Give the reviewer's e-mail address." })]).default(""),
  affiliation: z.string().max(300).default(""),
  reason: z.string().max(1000).default(""),
});

/** A draft's fields, each optional: what is sent is saved, the rest kept. */
const draftBody = z.strictObject({
  checklist: z.array(z.string().max(1000)).max(50).optional().meta({ description: "The checklist items confirmed" }),
  title: detailsSchema.shape.title.optional(),
  abstract: detailsSchema.shape.abstract.optional(),
  keywords: z.array(z.string().trim().min(1).max(200)).max(30).optional(),
  section: detailsSchema.shape.section.optional(),
  language: detailsSchema.shape.language.optional(),
  funding: detailsSchema.shape.funding.optional(),
  authors: authorsBody.optional(),
  competingInterests: competingSchema.shape.competingInterests.optional(),
  suggestedReviewers: z.array(namedReviewerBody).max(SUGGESTED_SLOTS).optional(),
  opposedReviewers: z.array(namedReviewerBody).max(OPPOSED_SLOTS).optional(),
  coverLetter: letterSchema.shape.coverLetter.optional(),
});
type DraftBody = z.output<typeof draftBody>;
const draftExample = draftBody.meta({
  examples: [
    {
      title: "Ceasefires that hold",
      abstract: "Why some ceasefires last and others do not.",
      keywords: ["ceasefire", "mediation"],
      section: "research",
      language: "en",
      authors: [
        {
          given: "Amina",
          family: "Diallo",
          affiliation: "University of Dakar",
          orcid: "0000-0002-1825-0097",
          email: "amina.diallo@example.org",
          corresponding: true,
        },
      ],
    },
  ],
});

/** A draft body as the service's steps, over what the draft holds now. */
function draftChanges(body: DraftBody, current: Awaited<ReturnType<SubmissionsService["draft"]>>): DraftChange[] {
  const changes: DraftChange[] = [];
  if (body.checklist) changes.push({ step: "start", checklist: body.checklist });
  if (["title", "abstract", "keywords", "section", "language", "funding"].some((key) => key in body))
    changes.push({
      step: "details",
      details: {
        title: body.title ?? current.title,
        abstract: body.abstract ?? current.abstract,
        keywords: body.keywords ? [...new Set(body.keywords)] : current.keywords,
        section: (body.section ?? current.section) as (typeof ARTICLE_SECTIONS)[number],
        language: body.language ?? current.language,
        funding: body.funding ?? current.funding,
      },
    });
  if (body.authors) changes.push({ step: "authors", authors: body.authors });
  if (body.competingInterests !== undefined)
    changes.push({ step: "files", competingInterests: body.competingInterests.trim() });
  if (body.suggestedReviewers || body.opposedReviewers)
    changes.push({
      step: "reviewers",
      suggested: body.suggestedReviewers ?? current.suggestedReviewers,
      opposed: body.opposedReviewers ?? current.opposedReviewers,
    });
  if (body.coverLetter !== undefined) changes.push({ step: "letter", coverLetter: body.coverLetter.trim() });
  return changes;
}

/** The review as a multipart form's text fields (its file follows them). */
const reviewFormFields = reviewSchema.omit({ nameShown: true }).extend({
  nameShown: z
    .enum(["true", "false", "on", ""])
    .optional()
    .meta({ description: "Open review only: true (or on) lets the author see the reviewer's name" }),
});

const reviewBody = reviewSchema.omit({ nameShown: true }).extend({
  nameShown: z
    .boolean()
    .default(false)
    .meta({ description: "Open review only: the author may see the reviewer's name" }),
});

/* ---- who is asking ---- */

type Caller = { id: string; roles: readonly Role[] } | null;

/** The acting account, as the service takes it (every operation here is signed in but the link's). */
const actorOf = (user: Caller) => ({ id: user!.id, roles: user!.roles });
const worksOnDesk = (user: Caller) => Boolean(user && mayWorkOn(user.roles, "submissions"));

/** A private file as the answer (the dispatcher sends it as a download). */
const download = (file: ApiFile): ApiResult => ({ body: null, file });

/**
 * A reviewer's link as the service takes it: the token, and the client's address, against which
 * unknown links are counted as on the screens (past the limit, 429 even for a live link).
 */
const reviewerLink = (request: Request, token: string) => ({
  token,
  address: request.headers.get(CLIENT_IP_HEADER),
});

/** A submission's page for its author (a draft: the draft itself), or else for the desk, never both. */
async function viewFor(services: { submissions: SubmissionsService }, user: Caller, submissionId: string) {
  const actor = actorOf(user);
  try {
    const own = await services.submissions.mySubmission(actor, submissionId);
    if (own.stage !== "draft") return shaped(authorView, { view: "author", ...own });
    const row = await services.submissions.draft(actor, submissionId);
    return shaped(draftView, {
      view: "draft",
      ...row,
      missing: await services.submissions.missingFromDraft(row as never),
    });
  } catch (error) {
    if (!(error instanceof NotFoundError) || !worksOnDesk(user)) throw error;
  }
  return shaped(deskView, { view: "desk", ...(await services.submissions.submission(actor, submissionId)) });
}

const FILE_TYPES = ["application/pdf", "application/vnd.openxmlformats-officedocument.wordprocessingml.document"];

const submission = operationsTagged("Submissions");
const review = operationsTagged("Reviews");
const link = operationsTagged("Reviewer's link");

export const submissionOperations: Operation[] = [
  submission("startSubmission", "POST /api/submissions", "signed-in", {
    summary: "Start a submission (a draft kept until it is submitted)",
    description:
      "Any signed-in account with a confirmed e-mail address. The body may carry the draft's fields already; each is checked as the submission form checks it.",
    body: draftExample,
    responses: { 201: { description: "The draft", schema: confirmed({ submission: draftView }) } },
    async handle({ services, user, body }) {
      const actor = actorOf(user);
      const submissionId = await services.submissions.startDraft(actor);
      const current = await services.submissions.draft(actor, submissionId);
      for (const change of draftChanges(body, current))
        await services.submissions.saveDraft(actor, submissionId, change);
      return ok(
        { success: true, message: DRAFT_STARTED, submission: await viewFor(services, user, submissionId) },
        201,
      );
    },
  }),
  submission("listSubmissions", "GET /api/submissions", "signed-in", {
    summary: "The caller's own submissions, or (scope=desk) the editor's queue",
    description:
      "`scope=desk` is for the journal's managers and admins: every submission past the draft, with counts by stage and by filter, 50 a page, the longest waiting first.",
    query: z.object({
      scope: z
        .enum(["own", "desk"])
        .optional()
        .meta({ description: "own (the default) or desk", examples: ["desk"] }),
      filter: z
        .enum(QUEUE_FILTERS)
        .optional()
        .meta({ description: "The desk's filter (scope=desk)", examples: ["needs-decision"] }),
      page: wholeNumberParam("page").optional(),
      mine: z.enum(["true", "false"]).optional().meta({ description: "Only those the caller handles (scope=desk)" }),
    }),
    responses: {
      200: { description: "The caller's submissions, or a page of the queue", schema: z.union([ownList, deskList]) },
    },
    async handle({ services, user, query }) {
      const actor = actorOf(user);
      if (query.scope === "desk") {
        const page = await services.submissions.queue(actor, {
          filter: query.filter,
          page: query.page,
          mine: query.mine === "true",
        });
        return ok(shaped(deskList, { scope: "desk", ...page }));
      }
      return ok(shaped(ownList, { scope: "own", submissions: await services.submissions.mySubmissions(actor) }));
    },
  }),
  submission("getSubmission", "GET /api/submissions/{id}", "signed-in", {
    summary: "One submission: its author's view (a draft's fields), or the desk's",
    description:
      "Its author gets `view: draft` or `view: author` (the stage in plain words, letters, the reviews' comments for the author; never a reviewer's name unless the review is open and they agreed, never a confidential comment). The journal's managers and admins get `view: desk`. Anyone else: 404.",
    responses: { 200: { description: "The submission", schema: submissionView } },
    errors: [404],
    async handle({ services, user, params }) {
      return ok(await viewFor(services, user, params.id));
    },
  }),
  submission("updateSubmission", "PATCH /api/submissions/{id}", "signed-in", {
    summary: "Save a draft's fields (those sent; the rest are kept)",
    body: draftBody.meta({ examples: [{ title: "Ceasefires that hold", keywords: ["ceasefire", "mediation"] }] }),
    responses: { 200: { description: "The draft", schema: confirmed({ submission: draftView }) } },
    errors: [403, 404],
    async handle({ services, user, params, body }) {
      const actor = actorOf(user);
      const current = await services.submissions.draft(actor, params.id);
      for (const change of draftChanges(body, current)) await services.submissions.saveDraft(actor, params.id, change);
      return ok({ success: true, message: DRAFT_SAVED, submission: await viewFor(services, user, params.id) });
    },
  }),
  submission("uploadSubmissionFile", "POST /api/submissions/{id}/files", "signed-in", {
    summary: "Add a file to a draft, or to a revision asked for",
    description:
      "The file itself is the body; its name in X-File-Name (URL-encoded). Its type is known by its content (PDF or DOCX), up to MAX_PDF_MB. The answer says where the authors' names were found in it (`namesFound`): the manuscript should be anonymised.",
    query: z.object({
      kind: z
        .enum(["manuscript", "title-page", "supplementary", "response"], {
          message: "Say what the file is: kind=manuscript, title-page, supplementary or response.",
        })
        .meta({ examples: ["manuscript"] }),
    }),
    upload: { description: "The file's bytes", contentTypes: FILE_TYPES },
    responses: { 201: { description: "Added", schema: confirmed({ file: fileItem }) } },
    errors: [403, 404, 415],
    async handle({ services, user, params, query, request }) {
      let name: string;
      try {
        name = decodeURIComponent(request.headers.get("x-file-name") ?? "");
      } catch {
        return refuse(400, FILE_NAME_INVALID);
      }
      const file = await services.submissions.addFile(actorOf(user), params.id, {
        kind: query.kind,
        name: name || `${query.kind}.pdf`,
        // No body: an empty file, which the store refuses once the submission is found to be the caller's.
        source: (request.body ?? []) as unknown as AsyncIterable<Uint8Array>,
      });
      return ok({ success: true, message: FILE_ADDED, file: shaped(fileItem, file) }, 201);
    },
  }),
  submission("getSubmissionFile", "GET /api/submissions/{id}/files/{fileId}", "signed-in", {
    summary: "Download one of a submission's files",
    description: "Its author: their own files. The desk: any file; `copy=anonymised` is the copy reviewers download.",
    query: z.object({
      copy: z.enum(["original", "anonymised"]).optional().meta({ description: "The desk only; original by default" }),
    }),
    responses: { 200: { description: "The file", file: FILE_TYPES } },
    errors: [404],
    async handle({ services, user, params, query }) {
      const actor = actorOf(user);
      try {
        return download(await services.submissions.myFile(actor, params.id, params.fileId));
      } catch (error) {
        if (!(error instanceof NotFoundError) || !worksOnDesk(user)) throw error;
      }
      return download(await services.submissions.deskFile(actor, params.id, params.fileId, query.copy ?? "original"));
    },
  }),
  submission("deleteSubmissionFile", "DELETE /api/submissions/{id}/files/{fileId}", "signed-in", {
    summary: "Remove a file from a draft (or from a revision not yet sent)",
    responses: { 200: { description: "Removed", schema: messageResponse } },
    errors: [403, 404],
    async handle({ services, user, params }) {
      await services.submissions.removeFile(actorOf(user), params.id, params.fileId);
      return done(FILE_REMOVED);
    },
  }),
  submission("submitSubmission", "POST /api/submissions/{id}/submit", "signed-in", {
    summary: "Submit a complete draft: it gets its number, the author a confirmation by mail",
    description: "Refused (400, naming the first thing missing) until the draft is complete.",
    responses: { 200: { description: "Submitted", schema: confirmed({ number: z.int() }) } },
    errors: [403, 404],
    async handle({ services, user, params }) {
      const { number } = await services.submissions.submit(actorOf(user), params.id);
      return ok({ success: true, message: SUBMITTED(number), number });
    },
  }),
  submission("submitRevision", "POST /api/submissions/{id}/revision", "signed-in", {
    summary: "Send a revision: the revised manuscript (uploaded first) and the response to the reviewers",
    body: revisionSchema.meta({
      examples: [{ response: "We compared the 2016 and 2021 ceasefires in a new section, as reviewer 1 asked." }],
    }),
    responses: { 200: { description: "Sent", schema: messageResponse } },
    errors: [403, 404],
    async handle({ services, user, params, body }) {
      await services.submissions.submitRevision(actorOf(user), params.id, body.response);
      return done(REVISION_RECEIVED);
    },
  }),
  submission("assignEditor", "POST /api/submissions/{id}/editor", "submissions", {
    summary: "Assign the handling editor (the editor in chief, or an admin)",
    body: assignSchema.meta({ examples: [{ editorId: "the journal manager's account id" }] }),
    responses: { 200: { description: "Assigned", schema: messageResponse } },
    errors: [404],
    async handle({ services, user, params, body }) {
      const name = await services.submissions.assignEditor(actorOf(user), params.id, body.editorId);
      return done(EDITOR_ASSIGNED(name));
    },
  }),
  submission("addSubmissionNote", "POST /api/submissions/{id}/notes", "submissions", {
    summary: "Add a note to the editors' discussion (never shown to authors or reviewers)",
    body: noteSchema.meta({ examples: [{ body: "Fits the special issue on mediation." }] }),
    responses: { 201: { description: "Added", schema: messageResponse } },
    errors: [404],
    async handle({ services, user, params, body }) {
      await services.submissions.addNote(actorOf(user), params.id, body.body);
      return done(NOTE_ADDED, 201);
    },
  }),
  submission("draftDecisionLetter", "GET /api/submissions/{id}/decisions/draft", "submissions", {
    summary: "The letter for a decision, drafted from its template",
    description: "It quotes the reviewers' comments for the author, never the confidential ones.",
    query: z.object({
      decision: z.enum(EDITOR_DECISIONS, { message: "Choose a decision" }).meta({ examples: ["minor"] }),
    }),
    responses: { 200: { description: "The letter", schema: letterDraft } },
    errors: [404],
    async handle({ services, user, params, query }) {
      return ok(shaped(letterDraft, await services.submissions.letterDraft(actorOf(user), params.id, query.decision)));
    },
  }),
  submission("decideSubmission", "POST /api/submissions/{id}/decisions", "submissions", {
    summary: "Make a decision and send its letter (or recommend one, where the journal asks for that)",
    description:
      "At the desk: send-to-review or decline; after review: accept, minor, major or decline. Accepting makes the draft article (`articleId`).",
    body: decisionSchema.meta({
      examples: [{ decision: "minor", letter: "Dear Dr Diallo, … (GET …/decisions/draft?decision=minor drafts it)" }],
    }),
    responses: {
      201: {
        description: "Decided (or recommended)",
        schema: confirmed({ recommended: z.boolean(), articleId: z.string().nullable() }),
      },
    },
    errors: [404, 409],
    async handle({ services, user, params, body }) {
      const outcome = await services.submissions.decide(actorOf(user), params.id, body);
      const label = DECISION_LABELS[body.decision];
      return ok(
        {
          success: true,
          message: outcome.recommended ? RECOMMENDATION_MADE(label) : DECISION_MADE(label),
          ...outcome,
        },
        201,
      );
    },
  }),
  submission("searchReviewerPool", "GET /api/submissions/{id}/reviewers", "submissions", {
    summary: "The reviewer pool, searched, with each reviewer's load and record and any conflict of interest",
    query: z.object({
      q: z
        .string()
        .max(100, "Search with 100 characters at most.")
        .optional()
        .meta({
          description: "Words to search: name, address, affiliation, keywords, past reviews",
          examples: ["mediation"],
        }),
    }),
    responses: {
      200: {
        description: "Up to 25 reviewers",
        schema: pool,
      },
    },
    errors: [404],
    async handle({ services, user, params, query }) {
      return ok(shaped(pool, { reviewers: await services.submissions.pool(actorOf(user), params.id, query.q ?? "") }));
    },
  }),
  submission("draftInvitation", "GET /api/submissions/{id}/reviews/draft", "submissions", {
    summary: "The invitation's text from the journal's template, and the default due date",
    responses: {
      200: {
        description: "The draft invitation",
        schema: invitationDraft,
      },
    },
    errors: [404],
    async handle({ services, user, params }) {
      return ok(shaped(invitationDraft, await services.submissions.invitationDraft(actorOf(user), params.id)));
    },
  }),
  submission("inviteReviewer", "POST /api/submissions/{id}/reviews", "submissions", {
    summary: "Invite a reviewer: one of the pool (reviewerId), or a new one (name, email, affiliation)",
    description:
      "The invitation is mailed with the reviewer's own link; the placeholders of the text are filled in as the template's.",
    body: inviteSchema.meta({
      examples: [
        {
          name: "Carmen Ruiz",
          email: "carmen.ruiz@example.net",
          affiliation: "University of Granada",
          dueOn: "2026-12-28",
          subject: "Invitation to review for the journal",
          body: "Dear {reviewer}, … (GET …/reviews/draft gives the journal's text)",
        },
        { reviewerId: "a reviewer's id from GET …/reviewers", dueOn: "2026-12-28", subject: "…", body: "…" },
      ],
    }),
    responses: { 201: { description: "Invited", schema: messageResponse } },
    errors: [404, 409],
    async handle({ services, user, params, body }) {
      const invitee = body.reviewerId
        ? { reviewerId: body.reviewerId }
        : { name: body.name, email: body.email, affiliation: body.affiliation };
      const { reviewer } = await services.submissions.invite(actorOf(user), params.id, {
        invitee,
        dueOn: body.dueOn,
        subject: body.subject,
        body: body.body,
      });
      return done(REVIEWER_INVITED(reviewer), 201);
    },
  }),
  review("listMyReviews", "GET /api/reviews", "signed-in", {
    summary: "The reviews sent to the caller's confirmed e-mail address",
    responses: {
      200: {
        description: "The caller's reviews, newest first",
        schema: myReviews,
      },
    },
    async handle({ services, user }) {
      return ok(shaped(myReviews, { reviews: await services.submissions.myReviews(actorOf(user)) }));
    },
  }),
  review("cancelReview", "POST /api/reviews/{reviewId}/cancel", "submissions", {
    summary: "Cancel an open invitation or review: its link stops working and the reviewer is told",
    responses: { 200: { description: "Cancelled", schema: messageResponse } },
    errors: [404, 409],
    async handle({ services, user, params }) {
      await services.submissions.cancelReview(actorOf(user), params.reviewId);
      return done(REVIEW_CANCELLED);
    },
  }),
  review("reinviteReviewer", "POST /api/reviews/{reviewId}/reinvite", "submissions", {
    summary: "Invite the same reviewer again, with a new link and due date",
    body: reinviteSchema.omit({ reviewId: true }).meta({ examples: [{ dueOn: "2027-01-15" }, { dueOn: "" }] }),
    responses: { 200: { description: "Invited again", schema: messageResponse } },
    errors: [404, 409],
    async handle({ services, user, params, body }) {
      await services.submissions.reinvite(actorOf(user), params.reviewId, body.dueOn || undefined);
      return done(REVIEW_REINVITED);
    },
  }),
  review("returnReview", "POST /api/reviews/{reviewId}/return", "submissions", {
    summary: "Send a submitted review back to its reviewer with a note",
    body: returnSchema
      .omit({ reviewId: true })
      .meta({ examples: [{ note: "Could you say which cases you mean in your second point?" }] }),
    responses: { 200: { description: "Sent back", schema: messageResponse } },
    errors: [404, 409],
    async handle({ services, user, params, body }) {
      await services.submissions.returnReview(actorOf(user), params.reviewId, body.note);
      return done(REVIEW_RETURNED);
    },
  }),
  review("editReviewForAuthor", "PUT /api/reviews/{reviewId}/for-author", "submissions", {
    summary: "Change what the author will read of a review (the reviewer's own text stays on record)",
    body: editForAuthorSchema
      .omit({ reviewId: true })
      .meta({ examples: [{ forAuthor: "Compare the 2016 and 2021 ceasefires." }] }),
    responses: { 200: { description: "Saved", schema: messageResponse } },
    errors: [404, 409],
    async handle({ services, user, params, body }) {
      await services.submissions.editForAuthor(actorOf(user), params.reviewId, body.forAuthor);
      return done(REVIEW_TEXT_SAVED);
    },
  }),
  link("getReviewByLink", "GET /api/review/{token}", "public", {
    summary: "A reviewer's invitation, then (accepted) its files and the review so far",
    description:
      "The token of the invitation's link is the key: it opens that review only, while it is invited or accepted (after the review, the certificate). Never an author's name.",
    responses: { 200: { description: "The invitation", schema: reviewerView } },
    errors: [404, 429],
    async handle({ services, params, request }) {
      return ok(shaped(reviewerView, await services.submissions.reviewerView(reviewerLink(request, params.token))));
    },
  }),
  link("answerInvitation", "POST /api/review/{token}/answer", "public", {
    summary: "Accept or decline the invitation (a reason and a colleague may be given when declining)",
    body: respondSchema.meta({
      examples: [{ answer: "accept" }, { answer: "decline", reason: "Travelling this month", colleague: "Dana Weiss" }],
    }),
    responses: { 200: { description: "Answered", schema: messageResponse } },
    errors: [404, 409, 429],
    async handle({ services, params, request, body }) {
      const accept = body.answer === "accept";
      await services.submissions.respond(reviewerLink(request, params.token), {
        accept,
        reason: body.reason,
        colleague: body.colleague,
      });
      return done(accept ? INVITATION_ACCEPTED : INVITATION_DECLINED);
    },
  }),
  link("submitReviewByLink", "POST /api/review/{token}/review", "public", {
    summary: "Send the review: a recommendation, comments for the author, and confidential ones for the editor",
    body: reviewBody.meta({
      examples: [
        {
          recommendation: "major",
          forAuthor: "The case studies need a comparison.",
          forEditor: "Borderline; I know this literature well.",
        },
      ],
    }),
    responses: { 200: { description: "Sent", schema: messageResponse } },
    errors: [403, 404, 409, 429],
    async handle({ services, params, request, body }) {
      await services.submissions.submitReview(reviewerLink(request, params.token), body);
      return done(REVIEW_SUBMITTED);
    },
  }),
  link("submitReviewWithFileByLink", "POST /api/review/{token}/review-with-file", "public", {
    summary: "Send the review with an annotated copy of the manuscript (PDF or DOCX)",
    description:
      "The review's fields as a multipart form, then the file in the part `annotated` (it may be left out): the fields must come before the file. The file is stored as it arrives, typed by its content, up to MAX_PDF_MB; its metadata is taken out of the copy the author may receive.",
    upload: {
      description: "The annotated manuscript",
      contentTypes: FILE_TYPES,
      form: { fields: reviewFormFields, file: "annotated" },
    },
    responses: { 200: { description: "Sent", schema: messageResponse } },
    errors: [403, 404, 409, 415, 429],
    async handle({ services, params, request }) {
      const link = reviewerLink(request, params.token);
      // Whose review it is, before any of the body is read.
      await services.submissions.reviewerView(link);
      try {
        return await readFormWithFile(
          request,
          "annotated",
          async ({ fields, file }) => {
            const review = reviewFormFields.safeParse(fields);
            if (!review.success) return refuse(400, review.error.issues[0].message);
            if (Object.values(fields).some((value) => value.includes("\u0000")))
              return refuse(400, "The form contains characters that cannot be stored.");
            const { nameShown, ...rest } = review.data;
            await services.submissions.submitReview(link, {
              ...rest,
              nameShown: nameShown === "true" || nameShown === "on",
              annotated: file ?? undefined,
            });
            return done(REVIEW_SUBMITTED);
          },
          { fieldBytes: REVIEW_FIELD_BYTES },
        );
      } catch (error) {
        if (error instanceof UploadFormError) return refuse(error.status, error.message);
        throw error;
      }
    },
  }),
  link("getReviewFile", "GET /api/review/{token}/files/{fileId}", "public", {
    summary: "Download a file to review: the anonymised copy (once the invitation is accepted)",
    responses: { 200: { description: "The file", file: FILE_TYPES } },
    errors: [403, 404, 429],
    async handle({ services, params, request }) {
      return download(await services.submissions.reviewerFile(reviewerLink(request, params.token), params.fileId));
    },
  }),
  link("getReviewCertificate", "GET /api/review/{token}/certificate", "public", {
    summary: "The reviewer's certificate (PDF: the journal, the reviewer, the year; never the paper)",
    responses: { 200: { description: "The certificate", file: ["application/pdf"] } },
    errors: [403, 404, 429],
    async handle({ services, params, request }) {
      const bytes = await services.submissions.certificate(reviewerLink(request, params.token));
      return download({
        body: bytes,
        size: bytes.byteLength,
        contentType: "application/pdf",
        name: "review-certificate.pdf",
      });
    },
  }),
  submission("getJournalFigures", "GET /api/journal/figures", "public", {
    summary: "The journal in numbers: the last 12 months of submissions, decisions and reviews (no person named)",
    responses: { 200: { description: "The figures", schema: figures } },
    async handle({ services }) {
      return ok(shaped(figures, await services.submissions.journalFigures()));
    },
  }),
];
