import { Form } from "react-router";

import { Alert } from "~/components/forms/Alert";
import { Field, SubmitButton } from "~/components/forms/Field";
import { FieldError } from "~/components/forms/FieldError";
import { Button } from "~/components/ui/Button";
import { Textarea } from "~/components/ui/Textarea";
import { REVIEW_RECOMMENDATIONS, type ReviewRecommendation } from "~/domain/vocabulary";

import { RECOMMENDATION_LABELS, REVIEWER_PAGE as WORDS } from "../words";

/**
 * The reviewer's pages (issue 34): the invitation, the files and the review form, the thanks. No
 * script is needed: every form is a plain form the server answers, and each file a download.
 */

export type InvitationFacts = {
  journal: string;
  title: string;
  abstract: string;
  keywords: string[];
  round: number;
  dueOn: string;
  dueLabel: string;
  guidelines: string;
};

const SECTION = "mx-auto max-w-3xl px-6";
const CARD = "rounded-lg border border-slate-200 bg-white p-6 shadow-sm dark:border-slate-700 dark:bg-navy-900";
const HEADING = "font-serif text-xl font-bold text-navy-900 dark:text-white";
const MUTED = "text-sm text-slate-600 dark:text-slate-300";

/** A card of the reviewer's pages, named by its heading. */
function Card({ id, heading, children }: { id: string; heading: React.ReactNode; children: React.ReactNode }) {
  return (
    <section aria-labelledby={id} className={CARD}>
      <h2 id={id} className={HEADING}>
        {heading}
      </h2>
      {children}
    </section>
  );
}

/** What a refused form said, above the form. */
function Refusal({ answer }: { answer: Answer | undefined }) {
  if (!answer || answer.ok) return null;
  return (
    <div className="mt-4">
      <Alert tone="error" token={answer}>
        {answer.message}
      </Alert>
    </div>
  );
}

/** Paragraphs of plain text as typed (the abstract, the guidelines, notes). */
function Paragraphs({ text, className = "" }: { text: string; className?: string }) {
  return (
    <div className={`space-y-3 ${className}`}>
      {text
        .split(/\n\s*\n/)
        .map((paragraph) => paragraph.trim())
        .filter(Boolean)
        .map((paragraph, i) => (
          <p key={i} className="whitespace-pre-line">
            {paragraph}
          </p>
        ))}
    </div>
  );
}

/** What the reviewer is asked to review: never an author. */
export function InvitationDetails({ facts }: { facts: InvitationFacts }) {
  return (
    <Card id="manuscript-heading" heading={WORDS.manuscript}>
      <dl className="mt-4 grid gap-x-6 gap-y-2 text-sm sm:grid-cols-[auto_1fr]">
        <dt className="font-semibold text-slate-800 dark:text-slate-200">{WORDS.journal}</dt>
        <dd>{facts.journal}</dd>
        <dt className="font-semibold text-slate-800 dark:text-slate-200">{WORDS.title}</dt>
        <dd>{facts.title}</dd>
        {facts.keywords.length > 0 && (
          <>
            <dt className="font-semibold text-slate-800 dark:text-slate-200">{WORDS.keywords}</dt>
            <dd>{facts.keywords.join(", ")}</dd>
          </>
        )}
        <dt className="font-semibold text-slate-800 dark:text-slate-200">{WORDS.due}</dt>
        <dd>
          <time dateTime={facts.dueOn}>{facts.dueLabel}</time>
          {facts.round > 1 ? ` (${WORDS.round(facts.round)})` : ""}
        </dd>
      </dl>
      <h3 className="mt-6 text-base font-semibold text-navy-900 dark:text-white">{WORDS.abstract}</h3>
      <Paragraphs text={facts.abstract} className="mt-2 text-slate-700 dark:text-slate-200" />
    </Card>
  );
}

export function Guidelines({ text }: { text: string }) {
  if (!text.trim()) return null;
  return (
    <Card id="guidelines-heading" heading={WORDS.guidelines}>
      <Paragraphs text={text} className="mt-3 text-slate-700 dark:text-slate-200" />
    </Card>
  );
}

type Answer = { ok: boolean; message: string; errors?: Record<string, string>; values?: Record<string, string> | null };

/** One click accepts; declining may say why and name a colleague. */
export function RespondForms({ answer, busy }: { answer: Answer | undefined; busy: boolean }) {
  const values = answer?.values ?? {};
  return (
    <Card id="answer-heading" heading={WORDS.answerHeading}>
      <p className={`mt-2 ${MUTED}`}>{WORDS.noAccount}</p>
      <Refusal answer={answer} />
      <Form method="post" className="mt-5">
        <input type="hidden" name="answer" value="accept" />
        <SubmitButton busy={busy}>{WORDS.accept}</SubmitButton>
        <p className={`mt-2 ${MUTED}`}>{WORDS.acceptHint}</p>
      </Form>
      <Form method="post" className="mt-8 space-y-4 border-t border-slate-200 pt-6 dark:border-slate-700">
        <h3 className="text-base font-semibold text-navy-900 dark:text-white">{WORDS.declineHeading}</h3>
        <input type="hidden" name="answer" value="decline" />
        <Textarea
          label={WORDS.declineReason}
          name="reason"
          rows={3}
          maxLength={5000}
          defaultValue={values.reason ?? ""}
          error={answer?.errors?.reason}
        />
        <Field
          label={WORDS.declineColleague}
          name="colleague"
          maxLength={1000}
          defaultValue={values.colleague ?? ""}
          error={answer?.errors?.colleague}
        />
        <Button type="submit" variant="secondary" disabled={busy}>
          {WORDS.decline}
        </Button>
      </Form>
    </Card>
  );
}

export type ReviewerFile = { id: string; name: string; size: number };

const sizeLabel = (bytes: number) =>
  bytes < 1024 * 1024 ? `${Math.max(1, Math.round(bytes / 1024))} KB` : `${(bytes / 1024 / 1024).toFixed(1)} MB`;

/** The anonymised copies, each a download under the link. */
export function ReviewerFiles({ token, files }: { token: string; files: ReviewerFile[] }) {
  return (
    <Card id="files-heading" heading={WORDS.files}>
      <p className={`mt-2 ${MUTED}`}>{files.length ? WORDS.filesHint : WORDS.noFiles}</p>
      {files.length > 0 && (
        <ul className="mt-4 divide-y divide-slate-200 dark:divide-slate-700">
          {files.map((file) => (
            <li key={file.id} className="flex flex-wrap items-center justify-between gap-3 py-3">
              <span className="font-medium break-all">{file.name}</span>
              <a
                href={`/review/${token}/files/${file.id}`}
                download={file.name}
                rel="noreferrer"
                className="font-semibold text-navy-700 underline dark:text-gold-300"
              >
                {WORDS.download} <span className="sr-only">{file.name}</span> ({sizeLabel(file.size)})
              </a>
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}

/** A note above the form: the editor's when the review came back, the author's response to the last round. */
export function NoteCard({ heading, text }: { heading: string; text: string }) {
  return (
    <section className={CARD}>
      <h2 className={HEADING}>{heading}</h2>
      <Paragraphs text={text} className="mt-3 text-slate-700 dark:text-slate-200" />
    </section>
  );
}

export type ReviewDraft = {
  recommendation: ReviewRecommendation | null;
  forAuthor: string;
  forEditor: string;
  nameShown: boolean;
};

/** The review's two texts: the author's (asked for) and the editor's (optional). */
const REVIEW_TEXTS = [
  { name: "forAuthor", rows: 10, required: true },
  { name: "forEditor", rows: 5, required: false },
] as const;

/** The review form: a plain multipart form, so the optional file goes with it before any script runs. */
export function ReviewForm({
  draft,
  openReview,
  answer,
  busy,
}: {
  draft: ReviewDraft;
  openReview: boolean;
  answer: Answer | undefined;
  busy: boolean;
}) {
  const typed = answer && !answer.ok ? answer.values : null;
  const chosen = typed ? typed.recommendation : (draft.recommendation ?? "");
  const errors = answer?.errors ?? {};
  return (
    <Card id="form-heading" heading={WORDS.formHeading}>
      <Refusal answer={answer} />
      <Form method="post" encType="multipart/form-data" className="mt-5 space-y-6">
        <fieldset aria-describedby={errors.recommendation ? "recommendation-error" : undefined}>
          <legend className="text-sm font-semibold text-slate-800 dark:text-slate-200">{WORDS.recommendation}</legend>
          <div className="mt-2 grid gap-2 sm:grid-cols-2">
            {REVIEW_RECOMMENDATIONS.map((value) => (
              <label
                key={value}
                className="flex items-center gap-3 rounded-md border border-slate-300 px-3 py-2.5 dark:border-slate-600"
              >
                <input type="radio" name="recommendation" value={value} defaultChecked={chosen === value} required />
                {RECOMMENDATION_LABELS[value]}
              </label>
            ))}
          </div>
          <FieldError id="recommendation-error" message={errors.recommendation} />
        </fieldset>
        {REVIEW_TEXTS.map(({ name, rows, required }) => (
          <div key={name}>
            <Textarea
              label={WORDS[name]}
              name={name}
              rows={rows}
              required={required}
              maxLength={50_000}
              defaultValue={typed ? typed[name] : draft[name]}
              error={errors[name]}
            />
            <p className={`mt-1 ${MUTED}`}>{WORDS[`${name}Hint`]}</p>
          </div>
        ))}
        {openReview && (
          <label className="flex items-start gap-3 text-sm">
            <input
              type="checkbox"
              name="nameShown"
              value="on"
              className="mt-1"
              defaultChecked={typed ? typed.nameShown === "on" : draft.nameShown}
            />
            {WORDS.nameShown}
          </label>
        )}
        {/* The file last: the server reads the fields before it, then streams the file to its store. */}
        <Field
          label={WORDS.annotated}
          hint={WORDS.annotatedHint}
          type="file"
          name="annotated"
          accept=".pdf,.docx,application/pdf,application/vnd.openxmlformats-officedocument.wordprocessingml.document"
          error={errors.annotated}
        />
        <SubmitButton busy={busy}>{WORDS.submit}</SubmitButton>
      </Form>
    </Card>
  );
}

/** After the review: the thanks, and the certificate to download. */
export function ReviewThanks({ token }: { token: string }) {
  return (
    <section className={CARD}>
      <p className="text-slate-700 dark:text-slate-200">{WORDS.thanks}</p>
      <p className="mt-6">
        <a
          href={`/review/${token}/certificate.pdf`}
          download
          rel="noreferrer"
          className="inline-block rounded-md bg-navy-800 px-5 py-2.5 font-semibold text-white hover:bg-navy-700 dark:bg-gold-500 dark:text-navy-950"
        >
          {WORDS.certificate}
        </a>
      </p>
      <p className={`mt-2 ${MUTED}`}>{WORDS.certificateHint}</p>
    </section>
  );
}

export const reviewerSection = SECTION;
