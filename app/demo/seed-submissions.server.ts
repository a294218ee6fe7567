import { createHash, randomBytes, randomUUID } from "node:crypto";

import { sql } from "drizzle-orm";

import type { Database } from "~/db/client.server";
import { editorDecisions, reviewers, reviews, submissionEvents, submissionFiles, submissions } from "~/db/schema";
import type { ArticleAuthor, EditorDecision, SubmissionStage } from "~/domain/vocabulary";
import type { ArticlesService } from "~/journal/articles.server";
import type { MediaService } from "~/services/media.server";
import type { ManuscriptFiles } from "~/submissions/files/manuscript-files.server";
import { findNames } from "~/submissions/files/names";
import { DEFAULT_SUBMISSION_SETTINGS, fillTemplate, type MailTemplateKey, mailText } from "~/submissions/settings";
import { reviewerLabel } from "~/submissions/words";

import { type PdfBlock, renderPdf } from "./pdf.server";
import { type DemoReviewerKey, demoReviewers, type DemoSubmission, demoSubmissions } from "./submissions";

const DAY = 24 * 60 * 60 * 1000;
const REVIEW_DAYS = 21;

type SubmissionRow = typeof submissions.$inferInsert;
type ReviewRow = typeof reviews.$inferInsert;
type DecisionRow = typeof editorDecisions.$inferInsert;
type EventRow = typeof submissionEvents.$inferInsert;
type FileRow = typeof submissionFiles.$inferInsert;

const fullName = (person: ArticleAuthor) => `${person.given} ${person.family}`.trim();

/**
 * A link's hash that no link has: demo reviews are opened from the desk only (an editor who
 * re-invites a demo reviewer makes a real link, as for any review).
 */
const unusableTokenHash = () => createHash("sha256").update(randomBytes(32)).digest("base64url");

/** The manuscript of a round, as its author's word processor left it: their name in the PDF's Info. */
function manuscriptPdf(submission: DemoSubmission, round: number, journal: string) {
  const blocks: PdfBlock[] = [
    {
      text: `${journal}: manuscript for double-blind review${round > 1 ? ` (revised, round ${round})` : ""}`,
      style: "meta",
    },
    { text: submission.title, style: "title" },
    { text: "Abstract", style: "heading" },
    { text: submission.abstract },
    { text: `Keywords: ${submission.keywords.join("; ")}`, style: "meta" },
    { text: "1. Introduction", style: "heading" },
    { text: submission.introduction },
    { text: "Author details", style: "heading" },
    { text: "The authors' names and affiliations are on the separate title page, as the journal asks." },
  ];
  const corresponding = submission.authors.find((a) => a.corresponding) ?? submission.authors[0];
  const info = { title: submission.title, author: fullName(corresponding) };
  const text = blocks.map((block) => block.text).join("\n");
  const names = submission.authors.flatMap((a) => [fullName(a), a.family]);
  return { bytes: renderPdf(blocks, info), namesFound: findNames(names, { text, metadata: info.author }) };
}

/** A decision's letter, drafted from the journal's template as the desk drafts it. */
function letter(
  key: MailTemplateKey,
  values: { journal: string; author: string; number: string; title: string; link: string; reviews: string },
) {
  return fillTemplate(mailText(DEFAULT_SUBMISSION_SETTINGS, key).body, key, values);
}

const STAGE_AFTER: Record<Exclude<EditorDecision, "send-to-review">, SubmissionStage> = {
  accept: "accepted",
  minor: "revisions",
  major: "revisions",
  decline: "declined",
};

export type DemoWorkflowDeps = {
  db: Database;
  files: ManuscriptFiles;
  media: MediaService;
  articles: Pick<ArticlesService, "create">;
  journal: string;
  /** The demo articles already made, by title (a published submission links to its article). */
  articleIds: Map<string, { id: string; publishedAt: Date }>;
  now: Date;
};

/**
 * The reviewer pool and the submissions of app/demo/submissions.ts, with their files in the private
 * store, reviews, decisions and history, written in bulk. No mail is queued, and open reviews are
 * marked as reminded so that the reminders never write to the made-up reviewers.
 */
export async function seedDemoWorkflow(deps: DemoWorkflowDeps) {
  const { db, now } = deps;
  // Events of one day keep their order: each step of a story is a few minutes after the one before.
  let tick = 0;
  const at = (daysAgo: number) => new Date(now.getTime() - daysAgo * DAY - 8 * 3600_000 + (tick++ % 400) * 60_000);
  const day = (daysAgo: number) => new Date(now.getTime() - daysAgo * DAY).toISOString().slice(0, 10);

  const reviewerRows = await db
    .insert(reviewers)
    .values(
      Object.entries(demoReviewers).map(([, reviewer]) => ({
        ...reviewer,
        createdAt: new Date(now.getTime() - 400 * DAY),
      })),
    )
    .returning({ id: reviewers.id, email: reviewers.email });
  const reviewerId = (key: DemoReviewerKey) => reviewerRows.find((r) => r.email === demoReviewers[key].email)!.id;

  const rows: SubmissionRow[] = [];
  const reviewRows: ReviewRow[] = [];
  const decisionRows: DecisionRow[] = [];
  const eventRows: EventRow[] = [];
  const fileRows: FileRow[] = [];

  for (const [index, story] of demoSubmissions.entries()) {
    const id = randomUUID();
    const number = index + 1;
    const corresponding = story.authors.find((a) => a.corresponding) ?? story.authors[0];
    const values = {
      journal: deps.journal,
      author: fullName(corresponding),
      number: `#${number}`,
      title: story.title,
      link: `/my-submissions/${id}`,
    };
    let stage: SubmissionStage = "submitted";
    let stageChangedAt = at(story.rounds[0].started);
    const submittedAt = stageChangedAt;
    let lastManuscript: Buffer | undefined;

    for (const [roundIndex, round] of story.rounds.entries()) {
      const roundNumber = roundIndex + 1;
      const started = roundIndex === 0 ? submittedAt : at(round.started);
      const manuscript = manuscriptPdf(story, roundNumber, deps.journal);
      lastManuscript = manuscript.bytes;
      const name = `${story.authors[0].family.toLowerCase().replace(/[^a-z]+/g, "-")}-manuscript${roundNumber > 1 ? `-r${roundNumber}` : ""}.pdf`;
      const saved = await deps.files.saveBuffer(manuscript.bytes, { name, allow: ["pdf"] });
      const anonymised = await deps.files.anonymise(saved.key);
      fileRows.push({
        submissionId: id,
        round: roundNumber,
        kind: "manuscript",
        name,
        storageKey: saved.key,
        anonymisedKey: anonymised.key,
        contentType: saved.contentType,
        size: saved.size,
        namesFound: manuscript.namesFound,
        createdAt: new Date(started.getTime() - 60_000),
      });
      eventRows.push(
        roundIndex === 0
          ? { submissionId: id, kind: "submitted", round: 1, at: started }
          : {
              submissionId: id,
              kind: "revision-submitted",
              round: roundNumber,
              at: started,
              detail: { response: round.response ?? "" },
            },
      );
      stage = "submitted";
      stageChangedAt = started;

      if (round.desk) {
        const deskAt = at(round.desk.day);
        const decision = round.desk.decision;
        decisionRows.push({
          submissionId: id,
          round: roundNumber,
          decision,
          letter: letter(decision === "decline" ? "decision-decline" : "decision-send-to-review", {
            ...values,
            reviews: round.desk.reason ?? "",
          }),
          createdAt: deskAt,
        });
        eventRows.push({ submissionId: id, kind: "decision", round: roundNumber, at: deskAt, detail: { decision } });
        stage = decision === "decline" ? "declined" : "review";
        stageChangedAt = deskAt;
      }

      const quoted: { at: Date; text: string }[] = [];
      for (const invitation of round.reviews ?? []) {
        const reviewer = demoReviewers[invitation.reviewer];
        const invitedAt = at(invitation.invited);
        const open = !invitation.review && !invitation.declined && invitation.cancelled === undefined;
        const respondedAt =
          invitation.accepted !== undefined
            ? at(invitation.accepted)
            : invitation.declined
              ? at(invitation.declined.day)
              : null;
        const submittedReviewAt = invitation.review ? at(invitation.review.day) : null;
        const cancelledAt = invitation.cancelled !== undefined ? at(invitation.cancelled) : null;
        reviewRows.push({
          submissionId: id,
          reviewerId: reviewerId(invitation.reviewer),
          round: roundNumber,
          status: invitation.review
            ? "submitted"
            : invitation.declined
              ? "declined"
              : cancelledAt
                ? "cancelled"
                : invitation.accepted !== undefined
                  ? "accepted"
                  : "invited",
          tokenHash: unusableTokenHash(),
          linkGeneration: cancelledAt ? 2 : 1,
          invitedAt,
          dueOn: day(invitation.invited - REVIEW_DAYS),
          respondedAt,
          submittedAt: submittedReviewAt,
          cancelledAt,
          declineReason: invitation.declined?.reason ?? "",
          suggestedColleague: invitation.declined?.colleague ?? "",
          recommendation: invitation.review?.recommendation ?? null,
          forAuthor: invitation.review?.forAuthor ?? "",
          forEditor: invitation.review?.forEditor ?? "",
          remindedBeforeAt: open ? now : null,
          remindedAfterAt: open ? now : null,
        });
        const detail = { reviewer: reviewer.name };
        eventRows.push({ submissionId: id, kind: "reviewer-invited", round: roundNumber, at: invitedAt, detail });
        if (invitation.accepted !== undefined)
          eventRows.push({ submissionId: id, kind: "review-accepted", round: roundNumber, at: respondedAt!, detail });
        if (invitation.declined)
          eventRows.push({ submissionId: id, kind: "review-declined", round: roundNumber, at: respondedAt!, detail });
        if (cancelledAt)
          eventRows.push({ submissionId: id, kind: "review-cancelled", round: roundNumber, at: cancelledAt, detail });
        if (invitation.review) {
          eventRows.push({
            submissionId: id,
            kind: "review-submitted",
            round: roundNumber,
            at: submittedReviewAt!,
            detail: { ...detail, recommendation: invitation.review.recommendation },
          });
          quoted.push({ at: submittedReviewAt!, text: invitation.review.forAuthor });
        }
      }

      if (round.decision) {
        const decidedAt = at(round.decision.day);
        const decision = round.decision.decision;
        const reviewsText = quoted
          .sort((a, b) => a.at.getTime() - b.at.getTime())
          .map((review, i) => `${reviewerLabel(i)}:\n${review.text}`)
          .join("\n\n");
        decisionRows.push({
          submissionId: id,
          round: roundNumber,
          decision,
          letter: letter(`decision-${decision}`, { ...values, reviews: reviewsText }),
          createdAt: decidedAt,
        });
        eventRows.push({ submissionId: id, kind: "decision", round: roundNumber, at: decidedAt, detail: { decision } });
        stage = STAGE_AFTER[decision];
        stageChangedAt = decidedAt;
        if (decision === "accept" && story.article) {
          let articleId: string;
          if (story.article === "draft") {
            const stored = await deps.media.ingestBuffer(lastManuscript, { purpose: "pdf", fileName: name });
            const article = await deps.articles.create(
              {
                title: story.title,
                abstract: `<p>${story.abstract}</p>`,
                pdf: stored.url,
                status: "draft",
                authors: story.authors,
                keywords: story.keywords,
                section: story.section,
                language: "en",
                funding: story.funding,
                receivedOn: submittedAt.toISOString().slice(0, 10),
                acceptedOn: decidedAt.toISOString().slice(0, 10),
              },
              decidedAt,
            );
            articleId = article.id;
          } else {
            const published = deps.articleIds.get(story.article.published);
            if (!published) throw new Error(`The demo has no article "${story.article.published}".`);
            articleId = published.id;
          }
          eventRows.push({
            submissionId: id,
            kind: "article-drafted",
            round: roundNumber,
            at: decidedAt,
            detail: { articleId },
          });
          if (story.article !== "draft") {
            const publishedAt = deps.articleIds.get(story.article.published)!.publishedAt;
            eventRows.push({ submissionId: id, kind: "published", round: roundNumber, at: publishedAt });
            stage = "published";
            stageChangedAt = publishedAt;
          }
        }
      }
    }

    rows.push({
      id,
      number,
      authorId: null,
      stage,
      round: story.rounds.length,
      title: story.title,
      abstract: story.abstract,
      keywords: story.keywords,
      section: story.section,
      language: "en",
      funding: story.funding,
      competingInterests: story.competingInterests,
      coverLetter: story.coverLetter,
      authors: story.authors,
      suggestedReviewers: story.suggestedReviewers ?? [],
      opposedReviewers: story.opposedReviewers ?? [],
      checklist: DEFAULT_SUBMISSION_SETTINGS.checklist,
      submittedAt,
      stageChangedAt,
      createdAt: new Date(submittedAt.getTime() - 2 * DAY),
      updatedAt: stageChangedAt,
    });
  }

  await db.insert(submissions).values(rows);
  await db.insert(submissionFiles).values(fileRows);
  await db.insert(reviews).values(reviewRows);
  await db.insert(editorDecisions).values(decisionRows);
  await db.insert(submissionEvents).values(eventRows);
  // A new submission continues the numbering.
  await db.execute(sql`select setval('submission_numbers', ${rows.length})`);
}
