import { data, Form, redirect, useNavigation } from "react-router";

import { PageHero } from "~/components/PageHero";
import { Button } from "~/components/ui/Button";
import { Heading } from "~/components/ui/Heading";
import { Notice } from "~/components/ui/Notice";
import { Textarea } from "~/components/ui/Textarea";
import type { SubmissionFileKind } from "~/domain/vocabulary";
import type { FormAnswer } from "~/lib/forms/answer";
import { readUploadForm, UploadFormError } from "~/lib/multipart.server";
import { readForm } from "~/lib/read-form.server";
import { NOINDEX } from "~/lib/seo/noindex";
import { pageTitle } from "~/lib/seo/title";
import { formatDate } from "~/lib/text";
import { ServiceError } from "~/services/errors.server";
import { answerForm, failedAnswer, formAnswer } from "~/web/form-action.server";

import { myFilePath, mySubmissionPath, UPLOAD_PARAM } from "../addresses";
import { FileList, listedFile, UploadForm } from "../components/Files";
import { Paragraphs } from "../components/Paragraphs";
import { revisionSchema } from "../forms";
import { authorOf, orRefusal, submissionsOf } from "../web/author.server";
import {
  DECISION_LABELS,
  FILE_KIND_LABELS,
  MY_SUBMISSIONS,
  REVISION_RECEIVED,
  submissionNumber,
  SUBMITTED,
  WIZARD,
} from "../words";
import type { Route } from "./+types/my-submission";

/**
 * /my-submissions/{id} (issue 34): one submission as its author follows it: where it is and since
 * when, its history, the editors' letters, the reviewers' comments for the author (never their
 * names, unless the review is open and the reviewer agreed), the author's files, and, when the
 * editors ask for one, the place to send a revision.
 */

export async function loader({ request, params }: Route.LoaderArgs) {
  const actor = await authorOf(request);
  const submissions = await submissionsOf();
  const mine = await orRefusal(submissions.mySubmission(actor, params.submissionId));
  const url = new URL(request.url);
  return {
    id: mine.id,
    number: mine.number,
    title: mine.title,
    abstract: mine.abstract,
    round: mine.round,
    stageLabel: mine.stageLabel,
    submittedAt: mine.submittedAt?.toISOString() ?? null,
    stageChangedAt: mine.stageChangedAt.toISOString(),
    history: mine.history.map((event) => ({ at: event.at.toISOString(), words: event.words })),
    letters: mine.letters.map((letter) => ({
      id: letter.id,
      label: DECISION_LABELS[letter.decision as keyof typeof DECISION_LABELS] ?? letter.decision,
      letter: letter.letter,
      at: letter.createdAt.toISOString(),
    })),
    reviews: mine.reviews,
    files: mine.files.map(listedFile),
    mayRevise: mine.mayRevise,
    submitted: url.searchParams.has("submitted"),
    revised: url.searchParams.has("revised"),
  };
}

/** Where an upload's refusal is told: beside its own form (the response's text has a field of its name). */
const uploadField = (kind: string) => `upload:${kind}`;

/** The files that make a revision: the revised manuscript and, if the author wishes, a response file. */
const REVISION_FILE_KINDS: SubmissionFileKind[] = ["manuscript", "response"];

export async function action({ request, params }: Route.ActionArgs) {
  const actor = await authorOf(request);
  const submissions = await submissionsOf();
  const id = params.submissionId;
  // Whose submission it is, before any of the body is read.
  await orRefusal(submissions.mySubmission(actor, id));
  const here = mySubmissionPath(id);
  const where = "my submission: revision";
  const kind = new URL(request.url).searchParams.get(UPLOAD_PARAM);
  if (kind !== null) {
    if (!REVISION_FILE_KINDS.includes(kind as SubmissionFileKind))
      throw data({ message: "Not found" }, { status: 404 });
    try {
      await readUploadForm(request, "file", ({ name, source }) =>
        submissions.addFile(actor, id, { kind: kind as SubmissionFileKind, name, source }),
      );
      return redirect(`${here}#revision`);
    } catch (error) {
      if (error instanceof UploadFormError || error instanceof ServiceError)
        return formAnswer(false, error.message, {
          status: error.status,
          errors: { [uploadField(kind)]: error.message },
        });
      return failedAnswer(error, where);
    }
  }
  const form = await readForm(request);
  if (form.get("intent") === "remove-file")
    return answerForm(form, { where, fields: ["fileId"] }, async ({ values }) => {
      await submissions.removeFile(actor, id, values.fileId);
      return formAnswer(true, WIZARD.removed);
    });
  return answerForm(form, { where, fields: ["response"], schema: revisionSchema }, async ({ input }) => {
    await submissions.submitRevision(actor, id, input.response);
    return redirect(`${here}?revised=1`);
  });
}

export function meta({ matches, loaderData }: Route.MetaArgs) {
  const title = loaderData ? `${submissionNumber(loaderData.number)}: ${loaderData.title}` : MY_SUBMISSIONS.title;
  return [{ title: pageTitle(matches, title) }, NOINDEX];
}

const dateOf = (iso: string) => <time dateTime={iso}>{formatDate(iso)}</time>;

/** A part of the page, named by its heading and ruled off from the part before (but the first). */
function Part({
  name,
  heading,
  first = false,
  id,
  children,
}: {
  name: string;
  heading: string;
  first?: boolean;
  id?: string;
  children: React.ReactNode;
}) {
  return (
    <section
      id={id}
      aria-labelledby={`${name}-title`}
      className={first ? undefined : "border-t border-slate-200 pt-8 dark:border-slate-700"}
    >
      <Heading level={2} id={`${name}-title`}>
        {heading}
      </Heading>
      {children}
    </section>
  );
}

export default function MySubmission({ loaderData, actionData }: Route.ComponentProps) {
  const answer = actionData as FormAnswer | undefined;
  const navigation = useNavigation();
  const page = loaderData;
  const here = mySubmissionPath(page.id);
  const sending = navigation.state === "submitting" && navigation.formData?.has("response") === true;
  const revisionRound = page.round + 1;
  const earlier = page.files.filter((file) => file.round <= page.round);
  const revision = page.files.filter((file) => file.round === revisionRound);
  const rounds = [...new Set(page.reviews.map((review) => review.round))];
  const errors = answer?.errors ?? {};
  return (
    <>
      <PageHero compact eyebrow={submissionNumber(page.number)} title={page.title} />
      <div className="mx-auto max-w-4xl space-y-10 px-6 py-12">
        {page.submitted && page.number !== null && <Notice result={{ ok: true, message: SUBMITTED(page.number) }} />}
        {page.revised && <Notice result={{ ok: true, message: REVISION_RECEIVED }} />}
        {answer?.ok && <Notice result={answer} />}

        <Part name="stage" heading={MY_SUBMISSIONS.stageHeading} first>
          <p className="mt-3 text-2xl font-semibold text-navy-900 dark:text-gold-300">{page.stageLabel}</p>
          <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">
            {MY_SUBMISSIONS.since} {dateOf(page.stageChangedAt)}
            {page.submittedAt && (
              <>
                {" · "}
                {MY_SUBMISSIONS.submitted} {dateOf(page.submittedAt)}
              </>
            )}
          </p>
        </Part>

        <Part name="history" heading={MY_SUBMISSIONS.history}>
          <ol className="mt-4 space-y-2">
            {page.history.map((event, i) => (
              <li key={i} className="flex flex-wrap gap-x-4">
                <span className="w-36 shrink-0 text-sm text-slate-600 dark:text-slate-400">{dateOf(event.at)}</span>
                <span>{event.words}</span>
              </li>
            ))}
          </ol>
        </Part>

        {page.letters.length > 0 && (
          <Part name="letters" heading={MY_SUBMISSIONS.letters}>
            <div className="mt-4 space-y-6">
              {page.letters.map((letter) => (
                <article
                  key={letter.id}
                  aria-label={MY_SUBMISSIONS.letterOf(letter.label, formatDate(letter.at))}
                  className="rounded-lg border border-slate-200 p-5 dark:border-slate-700"
                >
                  <Heading level={3}>{MY_SUBMISSIONS.letterOf(letter.label, formatDate(letter.at))}</Heading>
                  {letter.letter && (
                    <Paragraphs text={letter.letter} className="mt-3 text-slate-800 dark:text-slate-200" />
                  )}
                </article>
              ))}
            </div>
          </Part>
        )}

        {page.reviews.length > 0 && (
          <Part name="reviews" heading={MY_SUBMISSIONS.reviews}>
            <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">{MY_SUBMISSIONS.reviewsIntro}</p>
            {rounds.map((round) => (
              <div key={round} className="mt-5">
                {rounds.length > 1 && <Heading level={3}>{MY_SUBMISSIONS.round(round)}</Heading>}
                <div className="mt-3 space-y-4">
                  {page.reviews
                    .filter((review) => review.round === round)
                    .map((review) => (
                      <article
                        key={review.id}
                        aria-label={review.reviewer}
                        className="rounded-lg bg-navy-50 p-5 dark:bg-night-card/60"
                      >
                        <p className="font-semibold text-navy-900 dark:text-white">{review.reviewer}</p>
                        <Paragraphs text={review.comments} className="mt-2 text-slate-800 dark:text-slate-200" />
                      </article>
                    ))}
                </div>
              </div>
            ))}
          </Part>
        )}

        <Part name="files" heading={MY_SUBMISSIONS.files}>
          <div className="mt-4">
            <FileList
              files={earlier.map((file) => ({
                ...file,
                name: `${FILE_KIND_LABELS[file.kind] ?? file.kind}${file.round > 1 ? ` (${MY_SUBMISSIONS.round(file.round).toLowerCase()})` : ""}: ${file.name}`,
              }))}
              removable={false}
              action={here}
              download={(file) => myFilePath(page.id, file.id)}
            />
          </div>
        </Part>

        {page.mayRevise && (
          <Part id="revision" name="revision" heading={MY_SUBMISSIONS.revision}>
            <p className="mt-2 text-slate-700 dark:text-slate-300">{MY_SUBMISSIONS.revisionIntro}</p>
            <div className="mt-5 space-y-5">
              {revision.length > 0 && <FileList files={revision} removable action={here} />}
              <UploadForm
                pathname={here}
                kind="manuscript"
                label={MY_SUBMISSIONS.revisedManuscript}
                hint={WIZARD.manuscriptHint}
                error={errors[uploadField("manuscript")] ?? errors.manuscript}
              />
              <UploadForm
                pathname={here}
                kind="response"
                label={MY_SUBMISSIONS.responseFile}
                hint={MY_SUBMISSIONS.responseFileHint}
                error={errors[uploadField("response")]}
              />
              <Form method="post" action={here} className="space-y-4">
                <Textarea
                  name="response"
                  label={MY_SUBMISSIONS.response}
                  rows={10}
                  defaultValue={answer?.values?.response ?? ""}
                  error={errors.response}
                />
                <FieldProblem message={errors.form} />
                <Button type="submit" size="lg" disabled={sending} aria-busy={sending}>
                  {MY_SUBMISSIONS.sendRevision}
                </Button>
              </Form>
            </div>
          </Part>
        )}
      </div>
    </>
  );
}

function FieldProblem({ message }: { message?: string }) {
  if (!message) return null;
  return (
    <p role="alert" className="text-sm font-medium text-red-700 dark:text-red-300">
      {message}
    </p>
  );
}
