import { useState } from "react";
import { data, redirect } from "react-router";

import { PageHero } from "~/components/PageHero";
import { Heading } from "~/components/ui/Heading";
import { Notice } from "~/components/ui/Notice";
import type { SubmissionFileKind } from "~/domain/vocabulary";
import { AUTHOR_PARTS, authorField } from "~/journal/article-fields";
import { useSchemaCheck } from "~/lib/form-hooks";
import type { FormAnswer } from "~/lib/forms/answer";
import { readUploadForm, UploadFormError } from "~/lib/multipart.server";
import { readForm } from "~/lib/read-form.server";
import { NOINDEX } from "~/lib/seo/noindex";
import { pageTitle } from "~/lib/seo/title";
import { UnsavedChangesGuard } from "~/lib/unsaved-changes";
import { z } from "~/lib/zod";
import { ForbiddenError, InvalidError, ServiceError } from "~/services/errors.server";
import { answerForm, failedAnswer, formAnswer } from "~/web/form-action.server";

import { mySubmissionPath, stepPath, UPLOAD_PARAM } from "../addresses";
import { listedFile } from "../components/Files";
import { StepList } from "../components/StepList";
import {
  AuthorsStep,
  ChecklistStep,
  DetailsStep,
  FilesStep,
  LetterStep,
  ReviewersStep,
  ReviewStep,
  StepForm,
} from "../components/WizardSteps";
import type { Actor } from "../context.server";
import {
  authorsFromForm,
  authorsSchema,
  authorsToForm,
  checkField,
  checklistSchema,
  competingSchema,
  detailsFromForm,
  detailsSchema,
  detailsToForm,
  isWizardStep,
  letterSchema,
  namedReviewersFromForm,
  namedReviewersToForm,
  OPPOSED_SLOTS,
  reviewerField,
  reviewersSchema,
  STEP_LABELS,
  SUBMISSION_AUTHORS,
  type SubmissionDetails,
  SUGGESTED_SLOTS,
  WIZARD_STEPS,
  type WizardStep,
} from "../forms";
import { authorOf, submissionsOf } from "../web/author.server";
import { MANUSCRIPT_MISSING, SUBMIT_PAGE, WIZARD } from "../words";
import type { Route } from "./+types/wizard";

/**
 * The submission wizard (issue 34): /submit/{id}/{step}, one page a step, the draft saved at each.
 * Every form is a plain POST to the step's address (a file's upload adds `?upload=<kind>`, the
 * address the server lets carry a manuscript), answered with the next step, or with the page and
 * each problem at its field.
 */

type Submissions = Awaited<ReturnType<typeof submissionsOf>>;

const notFound = () => data({ message: "Not found" }, { status: 404 });

/** The author's own draft, or 404; a submitted one is followed on its own page. */
async function ownDraft(submissions: Submissions, actor: Actor, id: string) {
  try {
    return await submissions.draft(actor, id);
  } catch (error) {
    if (error instanceof ForbiddenError) throw redirect(mySubmissionPath(id));
    if (error instanceof ServiceError) throw data({ message: error.message }, { status: error.status });
    throw error;
  }
}

type Draft = Awaited<ReturnType<typeof ownDraft>>;

/** The step's form as the saved draft fills it. */
function savedValues(step: WizardStep, draft: Draft, checklist: string[]): Record<string, string> {
  switch (step) {
    case "start":
      return Object.fromEntries(
        checklist.map((item, i) => [checkField(i), draft.checklist.includes(item) ? "on" : ""]),
      );
    case "details":
      return detailsToForm({ ...draft, section: draft.section as SubmissionDetails["section"] });
    case "authors":
      return authorsToForm(draft.authors);
    case "files":
      return { competingInterests: draft.competingInterests };
    case "reviewers":
      return namedReviewersToForm(draft.suggestedReviewers, draft.opposedReviewers);
    case "letter":
      return { coverLetter: draft.coverLetter };
    case "review":
      return {};
  }
}

export async function loader({ request, params }: Route.LoaderArgs) {
  const actor = await authorOf(request);
  if (!isWizardStep(params.step)) throw notFound();
  const step = params.step;
  const submissions = await submissionsOf();
  const draft = await ownDraft(submissions, actor, params.submissionId);
  const [settings, missing] = await Promise.all([submissions.settings(), submissions.missingFromDraft(draft)]);
  const uploaded = new URL(request.url).searchParams.get("uploaded");
  return {
    id: draft.id,
    step,
    updatedAt: draft.updatedAt.toISOString(),
    values: savedValues(step, draft, settings.checklist),
    checklist: settings.checklist,
    requirements: settings.requirements,
    missing,
    uploaded: draft.files.find((file) => file.id === uploaded)?.name ?? null,
    draft: {
      title: draft.title,
      abstract: draft.abstract,
      keywords: draft.keywords,
      section: draft.section,
      language: draft.language,
      funding: draft.funding,
      competingInterests: draft.competingInterests,
      coverLetter: draft.coverLetter,
      authors: draft.authors,
      suggestedReviewers: draft.suggestedReviewers,
      opposedReviewers: draft.opposedReviewers,
      checklist: draft.checklist,
      files: draft.files.map(listedFile),
    },
  };
}

/* ---- the action ---- */

const DETAILS_FIELDS = Object.keys(detailsSchema.shape);
const AUTHOR_FIELDS = Array.from({ length: SUBMISSION_AUTHORS }, (_, i) =>
  AUTHOR_PARTS.map((part) => authorField(i, part)),
).flat();
const REVIEWER_FIELDS = (["suggested", "opposed"] as const).flatMap((list) =>
  Array.from({ length: list === "suggested" ? SUGGESTED_SLOTS : OPPOSED_SLOTS }, (_, i) =>
    (["name", "email", "affiliation", "reason"] as const).map((part) => reviewerField(list, i, part)),
  ).flat(),
);

/** The files an author adds in the wizard (a response to reviewers belongs to a revision). */
const WIZARD_FILE_KINDS: SubmissionFileKind[] = ["manuscript", "title-page", "supplementary"];

const neighbour = (step: WizardStep, by: 1 | -1) =>
  WIZARD_STEPS[Math.min(WIZARD_STEPS.length - 1, Math.max(0, WIZARD_STEPS.indexOf(step) + by))];

/**
 * The authors' slots after a row's Remove or Move up (a button's `go`), so the form that comes back
 * (refused, or saved and drawn again) has them in their new places.
 */
function movedAuthors(values: Record<string, string>, go: string): Record<string, string> {
  const rows = Array.from({ length: SUBMISSION_AUTHORS }, (_, i) =>
    Object.fromEntries(AUTHOR_PARTS.map((part) => [part, values[authorField(i, part)] ?? ""])),
  );
  const [op, at] = go.split(":");
  const index = Number(at);
  if (!Number.isInteger(index) || index < 0 || index >= rows.length) return values;
  if (op === "remove") rows.splice(index, 1);
  else if (op === "up" && index > 0) [rows[index - 1], rows[index]] = [rows[index], rows[index - 1]];
  return Object.fromEntries(
    rows.flatMap((row, i) => AUTHOR_PARTS.map((part) => [authorField(i, part), row[part] ?? ""])),
  );
}

async function uploadFile(request: Request, submissions: Submissions, actor: Actor, id: string, kind: string) {
  const here = stepPath(id, "files");
  if (!WIZARD_FILE_KINDS.includes(kind as SubmissionFileKind)) throw notFound();
  try {
    const file = await readUploadForm(request, "file", ({ name, source }) =>
      submissions.addFile(actor, id, { kind: kind as SubmissionFileKind, name, source }),
    );
    return redirect(`${here}?uploaded=${file.id}`);
  } catch (error) {
    if (error instanceof UploadFormError || error instanceof ServiceError) {
      const status = error instanceof ServiceError ? error.status : error.status;
      return formAnswer(false, error.message, { status, errors: { [kind]: error.message } });
    }
    return failedAnswer(error, "submission upload", { extra: {} });
  }
}

export async function action({ request, params }: Route.ActionArgs) {
  const actor = await authorOf(request);
  if (!isWizardStep(params.step)) throw notFound();
  const step = params.step;
  const id = params.submissionId;
  const submissions = await submissionsOf();
  // Whose draft it is, before any of the body is read.
  const draft = await ownDraft(submissions, actor, id);
  const upload = new URL(request.url).searchParams.get(UPLOAD_PARAM);
  if (upload !== null) return uploadFile(request, submissions, actor, id, upload);

  const form = await readForm(request);
  const go = String(form.get("go") ?? "next");
  const intent = String(form.get("intent") ?? "");
  const where = `submission wizard: ${step}`;
  const onward = () => redirect(stepPath(id, go === "back" ? neighbour(step, -1) : neighbour(step, 1)));

  if (intent === "remove-file") {
    return answerForm(form, { where, fields: ["fileId"] }, async ({ values }) => {
      await submissions.removeFile(actor, id, values.fileId);
      return formAnswer(true, WIZARD.removed);
    });
  }
  switch (step) {
    case "start": {
      const settings = await submissions.settings();
      const fields = settings.checklist.map((_, i) => checkField(i));
      return answerForm(form, { where, fields, schema: checklistSchema(fields.length) }, async ({ values }) => {
        const checklist = settings.checklist.filter((_, i) => values[checkField(i)] === "on");
        await submissions.saveDraft(actor, id, { step: "start", checklist });
        return onward();
      });
    }
    case "details":
      return answerForm(form, { where, fields: DETAILS_FIELDS, schema: detailsSchema }, async ({ values }) => {
        await submissions.saveDraft(actor, id, { step: "details", details: detailsFromForm(values as never) });
        return onward();
      });
    case "authors": {
      const sent = Object.fromEntries(AUTHOR_FIELDS.map((name) => [name, String(form.get(name) ?? "")]));
      const values = movedAuthors(sent, go);
      const parsed = authorsSchema.safeParse(values);
      if (!parsed.success) return failedAnswer(parsed.error, where, { values });
      await submissions.saveDraft(actor, id, { step: "authors", authors: authorsFromForm(values) });
      return go === "next" || go === "back" ? onward() : redirect(stepPath(id, "authors"));
    }
    case "files":
      return answerForm(form, { where, fields: ["competingInterests"], schema: competingSchema }, async ({ input }) => {
        await submissions.saveDraft(actor, id, { step: "files", competingInterests: input.competingInterests });
        // Onward only with the manuscript: the step is for it (Back saves and goes).
        if (go === "next" && !draft.files.some((file) => file.kind === "manuscript"))
          throw new InvalidError(MANUSCRIPT_MISSING, "manuscript");
        return onward();
      });
    case "reviewers":
      return answerForm(form, { where, fields: REVIEWER_FIELDS, schema: reviewersSchema }, async ({ values }) => {
        await submissions.saveDraft(actor, id, {
          step: "reviewers",
          suggested: namedReviewersFromForm(values, "suggested"),
          opposed: namedReviewersFromForm(values, "opposed"),
        });
        return onward();
      });
    case "letter":
      return answerForm(form, { where, fields: ["coverLetter"], schema: letterSchema }, async ({ input }) => {
        await submissions.saveDraft(actor, id, { step: "letter", coverLetter: input.coverLetter });
        return onward();
      });
    case "review":
      return answerForm(form, { where }, async () => {
        if (intent !== "submit") throw new InvalidError(WIZARD.missingTitle, "form");
        await submissions.submit(actor, id);
        return redirect(`${mySubmissionPath(id)}?submitted=1`);
      });
  }
}

export function meta({ matches, loaderData }: Route.MetaArgs) {
  const step = loaderData ? STEP_LABELS[loaderData.step] : SUBMIT_PAGE.title;
  return [{ title: pageTitle(matches, `${step}: ${SUBMIT_PAGE.title}`) }, NOINDEX];
}

/* ---- the page ---- */

const NO_CHECK = z.object({});

/** The schema the browser checks each step's form with (the same the action parses with). */
function schemaOf(step: WizardStep, checklistItems: number): z.ZodType {
  switch (step) {
    case "start":
      return checklistSchema(checklistItems);
    case "details":
      return detailsSchema;
    case "authors":
      return authorsSchema;
    case "reviewers":
      return reviewersSchema;
    case "letter":
      return letterSchema;
    default:
      return NO_CHECK;
  }
}

export default function Wizard({ loaderData, actionData }: Route.ComponentProps) {
  const { id, step, draft, missing, checklist, requirements } = loaderData;
  const answer = actionData as FormAnswer | undefined;
  const check = useSchemaCheck(schemaOf(step, checklist.length));
  // A new answer or a new save draws the form again from its values (uncontrolled fields).
  const [drawn, setDrawn] = useState({ answer, updatedAt: loaderData.updatedAt, generation: 0 });
  if (drawn.answer !== answer || drawn.updatedAt !== loaderData.updatedAt)
    setDrawn({ answer, updatedAt: loaderData.updatedAt, generation: drawn.generation + 1 });
  const values = answer?.values ?? loaderData.values;
  const errors = { ...(check.unlessFixed(answer?.errors) ?? {}), ...(check.errors ?? {}) };
  const base = `/submit/${id}`;
  const here = stepPath(id, step);
  const index = WIZARD_STEPS.indexOf(step);
  const done = new Set<WizardStep>();
  if (!missing.start) done.add("start");
  if (!missing.title && !missing.abstract) done.add("details");
  if (!missing.authors) done.add("authors");
  if (!missing.files) done.add("files");
  if (draft.suggestedReviewers.length + draft.opposedReviewers.length > 0) done.add("reviewers");
  if (draft.coverLetter.trim()) done.add("letter");
  const notice = loaderData.uploaded
    ? { ok: true, message: WIZARD.uploaded(loaderData.uploaded) }
    : answer?.ok
      ? answer
      : answer && !answer.ok && answer.message && !Object.keys(answer.errors).some((field) => field !== "form")
        ? answer
        : null;
  const key = `${step}-${drawn.generation}`;
  const props = { values, errors };
  return (
    <>
      <PageHero
        compact
        eyebrow={SUBMIT_PAGE.eyebrow}
        title={SUBMIT_PAGE.title}
        subtitle={draft.title || SUBMIT_PAGE.untitled}
      />
      <div className="mx-auto grid max-w-7xl gap-10 px-6 py-12 lg:grid-cols-[15rem_1fr]">
        <StepList base={base} current={step} done={done} />
        <div className="max-w-3xl min-w-0">
          <p className="text-sm font-semibold tracking-wide text-gold-700 uppercase dark:text-gold-400">
            {WIZARD.stepOf(index + 1, WIZARD_STEPS.length)}
          </p>
          <Heading level={2} className="mt-1">
            {STEP_LABELS[step]}
          </Heading>
          <Notice result={notice} className="mt-6" />
          <div className="mt-6" key={key}>
            {step === "files" ? (
              <FilesStep
                pathname={here}
                files={draft.files}
                values={values}
                errors={errors}
                uploadErrors={answer?.errors ?? {}}
              />
            ) : step === "review" ? (
              <ReviewStep base={base} action={here} draft={draft} missing={missing} errors={errors} />
            ) : (
              <StepForm action={here} back={index > 0} check={check}>
                {step === "start" && <ChecklistStep items={checklist} requirements={requirements} {...props} />}
                {step === "details" && <DetailsStep {...props} />}
                {step === "authors" && <AuthorsStep {...props} />}
                {step === "reviewers" && <ReviewersStep {...props} />}
                {step === "letter" && <LetterStep {...props} />}
              </StepForm>
            )}
          </div>
        </div>
      </div>
      <UnsavedChangesGuard />
    </>
  );
}
