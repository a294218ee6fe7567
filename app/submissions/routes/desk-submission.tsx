import { Form, Link, redirect, useNavigation } from "react-router";
import type { ZodType } from "zod";

import { fieldBinder } from "~/components/forms/bind-field";
import { Field } from "~/components/forms/Field";
import { Button, buttonClasses } from "~/components/ui/Button";
import { Heading } from "~/components/ui/Heading";
import { Notice } from "~/components/ui/Notice";
import { Select } from "~/components/ui/Select";
import { Textarea } from "~/components/ui/Textarea";
import { EDITOR_DECISIONS, type EditorDecision } from "~/domain/vocabulary";
import { languageLabel, sectionLabel } from "~/journal/vocabulary";
import { readForm } from "~/lib/read-form.server";
import { NOINDEX } from "~/lib/seo/noindex";
import { pageTitle } from "~/lib/seo/title";
import { services } from "~/runtime.server";
import {
  assignSchema,
  decisionSchema,
  editForAuthorSchema,
  inviteSchema,
  noteSchema,
  reinviteSchema,
  returnSchema,
  reviewIdSchema,
} from "~/submissions/forms";
import {
  DECISION_LABELS,
  DECISION_MADE,
  EDITOR_ASSIGNED,
  NOTE_ADDED,
  RECOMMENDATION_LABELS,
  RECOMMENDATION_MADE,
  REVIEW_CANCELLED,
  REVIEW_REINVITED,
  REVIEW_RETURNED,
  REVIEW_STATUS_LABELS,
  REVIEW_TEXT_SAVED,
  REVIEWER_INVITED,
  submissionNumber,
} from "~/submissions/words";
import { openAdminActivity } from "~/web/activity.server";
import { answerForm, formAnswer } from "~/web/form-action.server";
import { orRefusalPage } from "~/web/refusal-page.server";
import { requireRole } from "~/web/session.server";

import type { Route } from "./+types/desk-submission";

/**
 * A submission on the editor's desk (issue 34): its metadata, files, reviewers, decisions, notes and
 * history, and every action on it. Each action is a plain form (it works before the scripts load);
 * the decision's letter and the invitation's text are drafted by the server for the editor to change.
 */

export async function loader({ request, params }: Route.LoaderArgs) {
  const user = await requireRole(request, "submissions");
  const { submissions } = await services();
  const url = new URL(request.url);
  const submission = await orRefusalPage(submissions.submission(user, params.submissionId));
  const asked = url.searchParams.get("decision") as EditorDecision | null;
  const decision = asked && submission.allowedDecisions.includes(asked) ? asked : null;
  const query = url.searchParams.get("q") ?? "";
  const [letter, pool, invitation] = await Promise.all([
    decision ? submissions.letterDraft(user, submission.id, decision) : null,
    submission.stage === "review" ? submissions.pool(user, submission.id, query) : [],
    submission.stage === "review" ? submissions.invitationDraft(user, submission.id) : null,
  ]);
  // A decision answers with a redirect (the page's data changes throughout); its words come with it.
  const done = url.searchParams.get("done")?.slice(0, 300) ?? null;
  return { submission, decision, letter, pool, invitation, query, done };
}

type Intent =
  "assign" | "note" | "invite" | "cancel-review" | "reinvite" | "return-review" | "edit-for-author" | "decide";

export async function action({ request, params }: Route.ActionArgs) {
  const user = await requireRole(request, "submissions");
  const { submissions } = await services();
  const form = await readForm(request);
  const intent = String(form.get("intent") ?? "") as Intent;
  const id = params.submissionId;
  const activity = openAdminActivity(request, user, {
    action: `submission.${intent}`,
    target: { kind: "submission", id },
  });
  const answer = <T,>(fields: readonly string[], schema: ZodType<T>, work: (input: T) => Promise<string>) =>
    answerForm(form, { where: `desk ${intent}`, fields, schema, activity, extra: { intent } }, async ({ input }) =>
      formAnswer(true, await work(input), { extra: { intent } }),
    );
  switch (intent) {
    case "assign":
      return answer(["editorId"], assignSchema, async (input) =>
        EDITOR_ASSIGNED(await submissions.assignEditor(user, id, input.editorId)),
      );
    case "note":
      return answer(["body"], noteSchema, async (input) => {
        await submissions.addNote(user, id, input.body);
        return NOTE_ADDED;
      });
    case "invite":
      return answer(
        ["reviewerId", "name", "email", "affiliation", "dueOn", "subject", "body"],
        inviteSchema,
        async (input) => {
          const invitee = input.reviewerId
            ? { reviewerId: input.reviewerId }
            : { name: input.name, email: input.email, affiliation: input.affiliation };
          const { reviewer } = await submissions.invite(user, id, {
            invitee,
            dueOn: input.dueOn,
            subject: input.subject,
            body: input.body,
          });
          return REVIEWER_INVITED(reviewer);
        },
      );
    case "cancel-review":
      return answer(["reviewId"], reviewIdSchema, async (input) => {
        await submissions.cancelReview(user, input.reviewId);
        return REVIEW_CANCELLED;
      });
    case "reinvite":
      return answer(["reviewId", "dueOn"], reinviteSchema, async (input) => {
        await submissions.reinvite(user, input.reviewId, input.dueOn || undefined);
        return REVIEW_REINVITED;
      });
    case "return-review":
      return answer(["reviewId", "note"], returnSchema, async (input) => {
        await submissions.returnReview(user, input.reviewId, input.note);
        return REVIEW_RETURNED;
      });
    case "edit-for-author":
      return answer(["reviewId", "forAuthor"], editForAuthorSchema, async (input) => {
        await submissions.editForAuthor(user, input.reviewId, input.forAuthor);
        return REVIEW_TEXT_SAVED;
      });
    case "decide":
      return answerForm(
        form,
        { where: "desk decide", fields: ["decision", "letter"], schema: decisionSchema, activity, extra: { intent } },
        async ({ input }) => {
          const outcome = await submissions.decide(user, id, input);
          const words = outcome.recommended
            ? RECOMMENDATION_MADE(DECISION_LABELS[input.decision])
            : DECISION_MADE(DECISION_LABELS[input.decision]);
          return redirect(`/desk/submissions/${id}?done=${encodeURIComponent(words)}#top`);
        },
      );
    default:
      return new Response("Unknown action", { status: 400 });
  }
}

export function meta({ loaderData: data, matches }: Route.MetaArgs) {
  const title = data ? `${submissionNumber(data.submission.number)} ${data.submission.title}` : "Submission";
  return [{ title: pageTitle(matches, title) }, NOINDEX];
}

const when = (date: Date | string | null) =>
  date
    ? new Date(date).toLocaleDateString("en-GB", { day: "numeric", month: "short", year: "numeric", timeZone: "UTC" })
    : "—";
const size = (bytes: number) =>
  bytes > 1_048_576 ? `${(bytes / 1_048_576).toFixed(1)} MB` : `${Math.max(1, Math.round(bytes / 1024))} KB`;

export default function DeskSubmission({ loaderData, actionData }: Route.ComponentProps) {
  const { submission: s, decision, letter, pool, invitation, query, done } = loaderData;
  const navigation = useNavigation();
  const busy = (intent: string) => navigation.state === "submitting" && navigation.formData?.get("intent") === intent;
  const result = actionData as
    | {
        ok: boolean;
        message: string;
        intent?: string;
        errors?: Record<string, string>;
        values?: Record<string, string> | null;
      }
    | undefined;
  const refused = (intent: string) => (result && !result.ok && result.intent === intent ? result : undefined);
  const here = `/desk/submissions/${s.id}`;
  const rounds = [...new Set(s.files.map((file) => file.round))].sort((a, b) => b - a);
  // The invitation's form: as it was sent when refused, else the journal's template drafted for it.
  const inviteRefused = refused("invite");
  const bindInvite = fieldBinder(
    inviteRefused?.values ?? {
      name: "",
      email: "",
      affiliation: "",
      dueOn: invitation?.dueOn ?? "",
      subject: invitation?.subject ?? "",
      body: invitation?.body ?? "",
    },
    inviteRefused?.errors ?? {},
  );
  return (
    <div id="top" className="mx-auto max-w-5xl space-y-10 px-4 py-8">
      <div>
        <Link
          to="/dashboard?tab=submissions"
          className="text-sm font-semibold text-navy-700 hover:underline dark:text-gold-300"
        >
          ← The queue
        </Link>
        <Heading level={1} className="mt-2">
          {submissionNumber(s.number)} {s.title}
        </Heading>
        <p className="mt-2 text-slate-700 dark:text-slate-200">
          {s.stageLabel}
          {s.round > 1 && ` · round ${s.round}`} · submitted {when(s.submittedAt)} ({s.daysSinceSubmission} days ago) ·{" "}
          {s.daysInStage} days in this stage
        </p>
        {result && <Notice className="mt-4" result={result} />}
        {/* A decision's words came with its redirect; the next action's answer replaces them. */}
        {done && !result && <Notice className="mt-4" result={{ ok: true, message: done }} />}
      </div>

      <section aria-labelledby="details" className="space-y-3">
        <Heading id="details">The manuscript</Heading>
        <dl className="grid gap-x-6 gap-y-2 sm:grid-cols-[12rem_1fr]">
          <dt className="font-semibold">Section</dt>
          <dd>{sectionLabel(s.section as never)}</dd>
          <dt className="font-semibold">Language</dt>
          <dd>{languageLabel(s.language)}</dd>
          <dt className="font-semibold">Keywords</dt>
          <dd>{s.keywords.join("; ") || "—"}</dd>
          <dt className="font-semibold">Authors</dt>
          <dd>
            <ol className="list-decimal pl-5">
              {s.authors.map((author, i) => (
                <li key={i}>
                  {author.given} {author.family}
                  {author.corresponding && " (corresponding)"}
                  {author.affiliation && `, ${author.affiliation}`}
                  {author.email && ` · ${author.email}`}
                  {author.orcid && ` · ORCID ${author.orcid}`}
                </li>
              ))}
            </ol>
          </dd>
          <dt className="font-semibold">Submitted by</dt>
          <dd>{s.submitter ? `${s.submitter.name} (${s.submitter.email})` : "No account here"}</dd>
          <dt className="font-semibold">Funding</dt>
          <dd>{s.funding || "—"}</dd>
          <dt className="font-semibold">Competing interests</dt>
          <dd>{s.competingInterests || "None declared"}</dd>
          <dt className="font-semibold">Suggested reviewers</dt>
          <dd>
            {s.suggestedReviewers
              .map((r) => `${r.name}${r.email ? ` <${r.email}>` : ""}${r.reason ? `: ${r.reason}` : ""}`)
              .join("; ") || "—"}
          </dd>
          <dt className="font-semibold">Opposed reviewers</dt>
          <dd>{s.opposedReviewers.map((r) => `${r.name}${r.reason ? `: ${r.reason}` : ""}`).join("; ") || "—"}</dd>
        </dl>
        <h3 className="font-serif text-xl font-semibold">Abstract</h3>
        <p className="whitespace-pre-line">{s.abstract}</p>
        {s.coverLetter && (
          <>
            <h3 className="font-serif text-xl font-semibold">Cover letter</h3>
            <p className="whitespace-pre-line">{s.coverLetter}</p>
          </>
        )}
      </section>

      <section aria-labelledby="files" className="space-y-3">
        <Heading id="files">Files</Heading>
        {rounds.length === 0 && <p>No files.</p>}
        {rounds.map((round) => (
          <div key={round}>
            <h3 className="font-semibold">Round {round}</h3>
            <ul className="mt-1 space-y-1">
              {s.files
                .filter((file) => file.round === round)
                .map((file) => (
                  <li key={file.id}>
                    <a
                      href={`${here}/files/${file.id}`}
                      className="font-semibold text-navy-700 hover:underline dark:text-gold-300"
                    >
                      {file.name}
                    </a>{" "}
                    <span className="text-sm text-slate-600 dark:text-slate-300">
                      ({file.kind.replace("-", " ")}, {size(file.size)})
                    </span>
                    {file.anonymised && (
                      <>
                        {" · "}
                        <a
                          href={`${here}/files/${file.id}?copy=anonymised`}
                          className="text-sm text-navy-700 hover:underline dark:text-gold-300"
                        >
                          the reviewers' copy
                        </a>
                      </>
                    )}
                    {file.namesFound.length > 0 && (
                      <span className="ml-2 text-sm font-semibold text-amber-800 dark:text-amber-300">
                        names an author in its {[...new Set(file.namesFound.map((found) => found.where))].join(" and ")}
                      </span>
                    )}
                  </li>
                ))}
            </ul>
          </div>
        ))}
      </section>

      <section aria-labelledby="editor" className="space-y-3">
        <Heading id="editor">Handling editor</Heading>
        <p>{s.editor ? s.editor.name : "No handling editor yet."}</p>
        {s.mayAssign && (
          <Form method="post" className="flex flex-wrap items-end gap-3">
            <Select
              name="editorId"
              label="Assign"
              defaultValue={s.editor?.id ?? ""}
              options={s.editors.map((editor) => ({ value: editor.id, label: editor.name }))}
              placeholder="Choose an editor"
              error={refused("assign")?.errors?.editorId}
            />
            <Button type="submit" name="intent" value="assign" variant="secondary" disabled={busy("assign")}>
              Assign
            </Button>
          </Form>
        )}
      </section>

      <section aria-labelledby="reviews" className="space-y-4">
        <Heading id="reviews">Reviewers</Heading>
        {s.reviews.length === 0 && <p>No reviewer has been invited yet.</p>}
        {s.reviews.map((review) => (
          <article key={review.id} className="space-y-2 rounded-lg border border-slate-200 p-4 dark:border-slate-700">
            <h3 className="font-semibold">
              {review.reviewerName}{" "}
              <span className="font-normal text-slate-600 dark:text-slate-300">&lt;{review.reviewerEmail}&gt;</span>
            </h3>
            <p className="text-sm">
              Round {review.round} · {REVIEW_STATUS_LABELS[review.status]} · invited {when(review.invitedAt)} · due{" "}
              {when(review.dueOn)}
              {review.overdue && <strong className="text-red-700 dark:text-red-300"> · overdue</strong>}
              {review.recommendation && ` · recommends: ${RECOMMENDATION_LABELS[review.recommendation]}`}
            </p>
            {review.status === "declined" && (review.declineReason || review.suggestedColleague) && (
              <p className="text-sm">
                {review.declineReason && `Reason: ${review.declineReason}. `}
                {review.suggestedColleague && `Suggests: ${review.suggestedColleague}.`}
              </p>
            )}
            {review.status === "submitted" && (
              <div className="space-y-2">
                <h4 className="font-semibold">
                  For the author{review.forAuthorEdited !== null && " (as you edited it)"}
                </h4>
                <p className="whitespace-pre-line">{review.forAuthorEdited ?? review.forAuthor}</p>
                {review.forAuthorEdited !== null && (
                  <details>
                    <summary className="cursor-pointer text-sm">The reviewer's own words</summary>
                    <p className="whitespace-pre-line">{review.forAuthor}</p>
                  </details>
                )}
                <h4 className="font-semibold">Confidential, for the editors</h4>
                <p className="whitespace-pre-line">{review.forEditor || "—"}</p>
                {s.files
                  .filter((file) => file.reviewId === review.id)
                  .map((file) => (
                    <a
                      key={file.id}
                      href={`${here}/files/${file.id}`}
                      className="block text-navy-700 hover:underline dark:text-gold-300"
                    >
                      Annotated file: {file.name}
                    </a>
                  ))}
                <details>
                  <summary className="cursor-pointer font-semibold text-navy-700 dark:text-gold-300">
                    Edit what the author will read
                  </summary>
                  <Form method="post" className="mt-2 space-y-2">
                    <input type="hidden" name="reviewId" value={review.id} />
                    <Textarea
                      name="forAuthor"
                      label="Comments for the author"
                      rows={6}
                      defaultValue={review.forAuthorEdited ?? review.forAuthor}
                    />
                    <Button
                      type="submit"
                      name="intent"
                      value="edit-for-author"
                      variant="secondary"
                      disabled={busy("edit-for-author")}
                    >
                      Save for the author
                    </Button>
                  </Form>
                </details>
                <details>
                  <summary className="cursor-pointer font-semibold text-navy-700 dark:text-gold-300">
                    Send the review back to the reviewer
                  </summary>
                  <Form method="post" className="mt-2 space-y-2">
                    <input type="hidden" name="reviewId" value={review.id} />
                    <Textarea
                      name="note"
                      label={`Your note to ${review.reviewerName}`}
                      rows={3}
                      error={refused("return-review")?.errors?.note}
                    />
                    <Button
                      type="submit"
                      name="intent"
                      value="return-review"
                      variant="secondary"
                      disabled={busy("return-review")}
                    >
                      Send back
                    </Button>
                  </Form>
                </details>
              </div>
            )}
            <div className="flex flex-wrap gap-3">
              {(review.status === "invited" || review.status === "accepted") && (
                <ReviewButton reviewId={review.id} intent="cancel-review" variant="danger" busy={busy}>
                  Cancel this review
                </ReviewButton>
              )}
              {review.status !== "submitted" && s.stage === "review" && review.round === s.round && (
                <ReviewButton reviewId={review.id} intent="reinvite" variant="link" busy={busy}>
                  {review.status === "invited" ? "Send a new link" : "Invite again"}
                </ReviewButton>
              )}
            </div>
          </article>
        ))}

        {s.stage === "review" && invitation && (
          <div className="space-y-4 rounded-lg border border-slate-300 p-4 dark:border-slate-600">
            <h3 className="font-serif text-xl font-semibold">Invite a reviewer</h3>
            <Form method="get" className="flex flex-wrap items-end gap-3" role="search" aria-label="The reviewer pool">
              <Field name="q" label="Search the reviewer pool (name, keyword, past reviews)" defaultValue={query} />
              <Button type="submit" variant="secondary">
                Search
              </Button>
            </Form>
            <Form method="post" className="space-y-4">
              <fieldset className="space-y-2">
                <legend className="font-semibold">From the pool</legend>
                {pool.length === 0 && <p className="text-sm">No one in the pool matches.</p>}
                {pool.map((reviewer) => (
                  <label
                    key={reviewer.id}
                    className="flex items-start gap-3 rounded-md p-2 hover:bg-slate-50 dark:hover:bg-slate-800"
                  >
                    <input type="radio" name="reviewerId" value={reviewer.id} className="mt-1 h-4 w-4" />
                    <span>
                      <span className="font-semibold">{reviewer.name}</span>
                      {reviewer.affiliation && `, ${reviewer.affiliation}`}
                      <span className="block text-sm text-slate-600 dark:text-slate-300">
                        {reviewer.open} open ·{" "}
                        {reviewer.acceptRate === null
                          ? "no answers yet"
                          : `accepts ${Math.round(reviewer.acceptRate * 100)} %`}{" "}
                        · {reviewer.medianDays === null ? "no reviews yet" : `takes ${reviewer.medianDays} days`}
                        {reviewer.keywords.length > 0 && ` · ${reviewer.keywords.join(", ")}`}
                      </span>
                      {reviewer.conflicts.map((conflict) => (
                        <span key={conflict} className="block text-sm font-semibold text-amber-800 dark:text-amber-300">
                          ⚠ {conflict}
                        </span>
                      ))}
                    </span>
                  </label>
                ))}
              </fieldset>
              <fieldset className="grid gap-3 sm:grid-cols-3">
                <legend className="mb-2 font-semibold">Or someone new</legend>
                <Field {...bindInvite("name")} label="Name" />
                <Field {...bindInvite("email")} label="E-mail" type="email" />
                <Field {...bindInvite("affiliation")} label="Affiliation" />
              </fieldset>
              <Field {...bindInvite("dueOn")} label="Due on" type="date" />
              <Field {...bindInvite("subject")} label="Subject" />
              <Textarea {...bindInvite("body")} label="The invitation" rows={10} />
              <p className="text-sm text-slate-600 dark:text-slate-400">
                {
                  "{reviewer}, {title}, {abstract}, {due} and {link} are filled in when it is sent; the link opens this review only."
                }
              </p>
              <Button type="submit" name="intent" value="invite" disabled={busy("invite")}>
                {busy("invite") ? "Inviting..." : "Send the invitation"}
              </Button>
            </Form>
          </div>
        )}
      </section>

      <section aria-labelledby="decision" className="space-y-4">
        <Heading id="decision">{s.recommendsOnly ? "Recommend a decision" : "Decision"}</Heading>
        {s.decisions.length > 0 && (
          <ul className="space-y-1">
            {s.decisions.map((d) => (
              <li key={d.id}>
                {when(d.createdAt)}: {d.recommendation ? "recommended" : "decided"}{" "}
                <strong>{DECISION_LABELS[d.decision]}</strong> (round {d.round}
                {d.editor && `, ${d.editor}`})
              </li>
            ))}
          </ul>
        )}
        {s.allowedDecisions.length === 0 ? (
          <p>No decision is open at this stage.</p>
        ) : (
          <nav aria-label="Choose a decision" className="flex flex-wrap gap-2">
            {EDITOR_DECISIONS.filter((d) => s.allowedDecisions.includes(d)).map((d) => (
              <Link
                key={d}
                to={`?decision=${d}#decision`}
                aria-current={decision === d ? "true" : undefined}
                className={buttonClasses(decision === d ? "primary" : "secondary", "sm")}
              >
                {DECISION_LABELS[d]}
              </Link>
            ))}
          </nav>
        )}
        {decision && letter && (
          <Form method="post" className="space-y-3">
            <input type="hidden" name="decision" value={decision} />
            <p className="text-sm text-slate-600 dark:text-slate-400">Subject: {letter.subject}</p>
            <Textarea
              name="letter"
              label={`The letter to the author: ${DECISION_LABELS[decision]}`}
              rows={16}
              defaultValue={refused("decide")?.values?.letter ?? letter.letter}
              error={refused("decide")?.errors?.letter}
            />
            <p className="text-sm text-slate-600 dark:text-slate-400">
              It quotes the reviewers' comments for the author, never their confidential ones, and names no reviewer.
            </p>
            <Button type="submit" name="intent" value="decide" disabled={busy("decide")}>
              {s.recommendsOnly ? "Send the recommendation" : `${DECISION_LABELS[decision]}: send the letter`}
            </Button>
          </Form>
        )}
        {s.articleId && (
          <p>
            The draft article:{" "}
            <Link
              to={`/update-journal/${s.articleId}`}
              className="font-semibold text-navy-700 hover:underline dark:text-gold-300"
            >
              open it in the article editor
            </Link>
          </p>
        )}
      </section>

      <section aria-labelledby="notes" className="space-y-3">
        <Heading id="notes">Notes between editors</Heading>
        {s.notes.length === 0 && <p>No notes yet. Authors and reviewers never see them.</p>}
        <ul className="space-y-3">
          {s.notes.map((note) => (
            <li key={note.id} className="rounded-md bg-slate-50 p-3 dark:bg-slate-800">
              <p className="text-sm text-slate-600 dark:text-slate-300">
                {note.author ?? "A former editor"}, {when(note.createdAt)}
              </p>
              <p className="whitespace-pre-line">{note.body}</p>
            </li>
          ))}
        </ul>
        <Form method="post" className="space-y-2">
          <Textarea name="body" label="Add a note" rows={3} error={refused("note")?.errors?.body} />
          <Button type="submit" name="intent" value="note" variant="secondary" disabled={busy("note")}>
            Add the note
          </Button>
        </Form>
      </section>

      <section aria-labelledby="history" className="space-y-3">
        <Heading id="history">History</Heading>
        <ol className="space-y-1">
          {s.history.map((event) => (
            <li key={event.id}>
              <span className="text-slate-600 dark:text-slate-300">{when(event.at)}</span> ·{" "}
              {eventWords(event.kind, event.detail)}
              {event.actor && ` (${event.actor})`}
            </li>
          ))}
        </ol>
      </section>
    </div>
  );
}

/** One of a review's own actions: a form of one button that names the review. */
function ReviewButton({
  reviewId,
  intent,
  variant,
  busy,
  children,
}: {
  reviewId: string;
  intent: string;
  variant: "danger" | "link";
  busy: (intent: string) => boolean;
  children: React.ReactNode;
}) {
  return (
    <Form method="post">
      <input type="hidden" name="reviewId" value={reviewId} />
      <Button type="submit" name="intent" value={intent} variant={variant} size="inline" disabled={busy(intent)}>
        {children}
      </Button>
    </Form>
  );
}

/** A history line in the editors' words. */
function eventWords(kind: string, detail: Record<string, string | number | boolean | null>): string {
  const reviewer = typeof detail.reviewer === "string" ? detail.reviewer : "A reviewer";
  switch (kind) {
    case "submitted":
      return "Submitted";
    case "editor-assigned":
      return `Handling editor: ${detail.editor}`;
    case "decision":
      return `Decision: ${DECISION_LABELS[detail.decision as EditorDecision] ?? detail.decision}`;
    case "recommendation":
      return `Recommended: ${DECISION_LABELS[detail.decision as EditorDecision] ?? detail.decision}`;
    case "reviewer-invited":
      return `${reviewer} invited`;
    case "reviewer-reinvited":
      return `${reviewer} invited again`;
    case "review-accepted":
      return `${reviewer} accepted`;
    case "review-declined":
      return `${reviewer} declined`;
    case "review-submitted":
      return `${reviewer} submitted a review`;
    case "review-returned":
      return `Review sent back to ${reviewer}`;
    case "review-cancelled":
      return `Review by ${reviewer} cancelled`;
    case "review-edited":
      return "A review's comments for the author edited";
    case "revision-submitted":
      return "Revision submitted";
    case "article-drafted":
      return "Draft article made";
    case "published":
      return "Published";
    default:
      return kind;
  }
}
