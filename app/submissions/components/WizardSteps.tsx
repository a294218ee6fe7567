import { Form, Link, useNavigation } from "react-router";

import { fieldBinder } from "~/components/forms/bind-field";
import { Field } from "~/components/forms/Field";
import { FieldError } from "~/components/forms/FieldError";
import { Button } from "~/components/ui/Button";
import { Heading } from "~/components/ui/Heading";
import { Select } from "~/components/ui/Select";
import { Textarea } from "~/components/ui/Textarea";
import { ARTICLE_SECTIONS, type ArticleAuthor, type NamedReviewer } from "~/domain/vocabulary";
import { AUTHOR_PARTS, authorField, type AuthorPart } from "~/journal/article-fields";
import { ARTICLE_SECTION_LABELS } from "~/journal/names";
import { ARTICLE_LANGUAGES, languageLabel } from "~/journal/vocabulary";
import { useUnsavedChanges } from "~/lib/unsaved-changes";

import {
  checkField,
  OPPOSED_SLOTS,
  reviewerField,
  STEP_LABELS,
  SUBMISSION_AUTHORS,
  SUGGESTED_SLOTS,
  type WizardStep,
} from "../forms";
import { FILE_KIND_LABELS, WIZARD } from "../words";
import { FileList, type ListedFile, NamesWarning, UploadForm } from "./Files";
import { Paragraphs } from "./Paragraphs";

/**
 * The submission wizard's steps (issue 34): each a plain HTML form that works before its scripts
 * load, with Save and continue (first, so Enter in a field continues) and Back, and each problem
 * next to its field. The route (routes/wizard.tsx) loads the draft and saves each step.
 */

export type StepValues = Record<string, string>;
export type StepErrors = Record<string, string>;

type Check = {
  onSubmit: (event: React.FormEvent<HTMLFormElement>) => void;
  onInput: (event: React.FormEvent<HTMLFormElement>) => void;
};

/** Which button sent the form ("next", "back", "up:2"...). */
const goOf = (event: React.FormEvent<HTMLFormElement>) =>
  ((event.nativeEvent as SubmitEvent).submitter as HTMLButtonElement | null)?.value ?? "next";

/** A step's form and its two buttons. The browser's check runs for Save and continue and Back. */
export function StepForm({
  action,
  back,
  check,
  children,
}: {
  action: string;
  back: boolean;
  check?: Check;
  children: React.ReactNode;
}) {
  const { watch } = useUnsavedChanges();
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" && navigation.formAction === action;
  return (
    <Form
      method="post"
      action={action}
      noValidate
      ref={watch}
      onInput={check?.onInput}
      onSubmit={(event) => {
        const go = goOf(event);
        if (check && (go === "next" || go === "back")) check.onSubmit(event);
      }}
      className="space-y-6"
    >
      {children}
      <div className="flex flex-wrap items-center gap-3 border-t border-slate-200 pt-6 dark:border-slate-700">
        <Button type="submit" name="go" value="next" size="lg" disabled={busy} aria-busy={busy}>
          {busy ? WIZARD.saving : WIZARD.saveAndContinue}
        </Button>
        {back && (
          <Button type="submit" name="go" value="back" variant="secondary" size="lg" disabled={busy}>
            {WIZARD.back}
          </Button>
        )}
      </div>
    </Form>
  );
}

/** The form-level problem of a step, at its end (each field's is under it). */
function FormProblem({ errors }: { errors: StepErrors }) {
  return <FieldError id="step-form-error" message={errors.form} />;
}

/* ---- the checklist ---- */

export function ChecklistStep({
  items,
  requirements,
  values,
  errors,
}: {
  items: string[];
  requirements: string;
  values: StepValues;
  errors: StepErrors;
}) {
  return (
    <>
      {requirements && (
        <section aria-labelledby="requirements-title" className="rounded-lg bg-navy-50 p-5 dark:bg-night-card/60">
          <Heading level={3} id="requirements-title">
            {WIZARD.requirements}
          </Heading>
          <Paragraphs text={requirements} className="mt-3 text-slate-700 dark:text-slate-300" />
        </section>
      )}
      {items.length === 0 ? (
        <p>{WIZARD.noChecklist}</p>
      ) : (
        <fieldset>
          <legend className="font-semibold text-navy-900 dark:text-white">{WIZARD.checklistIntro}</legend>
          <ul className="mt-4 space-y-3">
            {items.map((item, i) => {
              const name = checkField(i);
              return (
                <li key={name}>
                  <div className="flex items-start gap-3">
                    <input
                      id={`${name}-box`}
                      type="checkbox"
                      name={name}
                      defaultChecked={values[name] === "on"}
                      aria-invalid={errors[name] ? true : undefined}
                      aria-describedby={errors[name] ? `${name}-error` : undefined}
                      className="mt-1 size-4 shrink-0"
                    />
                    <label htmlFor={`${name}-box`} className="text-slate-800 dark:text-slate-200">
                      {item}
                    </label>
                  </div>
                  <FieldError id={`${name}-error`} message={errors[name]} />
                </li>
              );
            })}
          </ul>
        </fieldset>
      )}
      <FormProblem errors={errors} />
    </>
  );
}

/* ---- title, abstract and the rest ---- */

const SECTION_OPTIONS = ARTICLE_SECTIONS.map((value) => ({ value, label: ARTICLE_SECTION_LABELS[value] }));
const LANGUAGE_OPTIONS = ARTICLE_LANGUAGES.map((l) => ({ value: l.code, label: l.label }));

export function DetailsStep({ values, errors }: { values: StepValues; errors: StepErrors }) {
  const bind = fieldBinder(values, errors);
  return (
    <>
      <p className="text-slate-700 dark:text-slate-300">{WIZARD.detailsIntro}</p>
      <Field {...bind("title")} label="Title" required />
      <Textarea {...bind("abstract")} label="Abstract" rows={10} required />
      <Field {...bind("keywords")} label="Keywords" hint={WIZARD.keywordsHint} />
      <div className="grid gap-5 sm:grid-cols-2">
        <Select {...bind("section")} label="Section" options={SECTION_OPTIONS} />
        <Select {...bind("language")} label="Language" options={LANGUAGE_OPTIONS} />
      </div>
      <Textarea {...bind("funding")} label="Funding statement" rows={3} />
      <p className="-mt-4 text-xs text-slate-600 dark:text-slate-400">{WIZARD.fundingHint}</p>
      <FormProblem errors={errors} />
    </>
  );
}

/* ---- the authors ---- */

/** How many author slots the page shows: the filled ones and one more, within the limit. */
export function authorSlots(values: StepValues): number {
  let filled = 0;
  for (let i = 0; i < SUBMISSION_AUTHORS; i++)
    if (["given", "family", "affiliation", "orcid", "email"].some((part) => values[`author${i}_${part}`]?.trim()))
      filled = i + 1;
  return Math.min(SUBMISSION_AUTHORS, filled + 1);
}

export function AuthorsStep({ values, errors }: { values: StepValues; errors: StepErrors }) {
  const slots = authorSlots(values);
  return (
    <>
      <p className="text-slate-700 dark:text-slate-300">{WIZARD.authorsIntro}</p>
      {Array.from({ length: slots }, (_, i) => {
        // This author's own values, by part: the binder names each field after its slot.
        const own = Object.fromEntries(AUTHOR_PARTS.map((part) => [part, values[authorField(i, part)] ?? ""]));
        const bind = fieldBinder(own, errors, (part: string) => authorField(i, part as AuthorPart));
        const corresponding = authorField(i, "corresponding");
        return (
          <fieldset key={i} className="rounded-lg border border-slate-200 p-4 dark:border-slate-700/60">
            <legend className="px-1 text-sm font-semibold text-slate-800 dark:text-slate-200">
              {WIZARD.author(i)}
            </legend>
            <div className="grid gap-4 sm:grid-cols-2">
              <Field {...bind("given")} label="Given name" autoComplete={i === 0 ? "given-name" : "off"} />
              <Field {...bind("family")} label="Family name" autoComplete={i === 0 ? "family-name" : "off"} />
              <Field {...bind("affiliation")} label="Affiliation" />
              <Field {...bind("orcid")} label="ORCID iD" hint="Like 0000-0002-1825-0097" />
              <Field type="email" {...bind("email")} label="E-mail" />
              <div className="self-end pb-2.5">
                <div className="flex items-center gap-2">
                  <input
                    id={`${corresponding}-box`}
                    type="checkbox"
                    name={corresponding}
                    defaultChecked={values[corresponding] === "on"}
                    aria-invalid={errors[corresponding] ? true : undefined}
                    aria-describedby={
                      errors[corresponding] ? `${corresponding}-hint ${corresponding}-error` : `${corresponding}-hint`
                    }
                    className="size-4"
                  />
                  <label htmlFor={`${corresponding}-box`} className="text-sm text-slate-800 dark:text-slate-200">
                    Corresponding author
                  </label>
                </div>
                <p id={`${corresponding}-hint`} className="mt-1 text-xs text-slate-600 dark:text-slate-400">
                  {WIZARD.correspondingHint}
                </p>
                <FieldError id={`${corresponding}-error`} message={errors[corresponding]} />
              </div>
            </div>
            {i < slots - 1 && (
              <div className="mt-3 flex flex-wrap gap-4 text-sm">
                {i > 0 && (
                  <Button type="submit" name="go" value={`up:${i}`} variant="link">
                    {WIZARD.moveUp(i)}
                  </Button>
                )}
                <Button type="submit" name="go" value={`remove:${i}`} variant="danger">
                  {WIZARD.removeAuthor(i)}
                </Button>
              </div>
            )}
          </fieldset>
        );
      })}
      {slots < SUBMISSION_AUTHORS && (
        <Button type="submit" name="go" value="more" variant="secondary">
          {WIZARD.addAuthor}
        </Button>
      )}
      <FormProblem errors={errors} />
    </>
  );
}

/* ---- files and competing interests ---- */

/**
 * The files step's kinds of file, in order. `one`: a single file, which a new upload replaces, chosen
 * by the part's title; the others add to a list that says when it has none, one file at a time.
 */
const FILE_PARTS = [
  { kind: "manuscript", title: WIZARD.manuscript, hint: WIZARD.manuscriptHint, one: true },
  { kind: "title-page", title: WIZARD.titlePage, hint: WIZARD.titlePageHint, one: true },
  { kind: "supplementary", title: WIZARD.supplementary, hint: WIZARD.supplementaryHint, one: false },
];

/** One kind of file on the files step: those uploaded (each removable) and the form that adds one. */
function FilesPart({
  part,
  files,
  pathname,
  error,
}: {
  part: (typeof FILE_PARTS)[number];
  files: ListedFile[];
  pathname: string;
  error: string | undefined;
}) {
  const { kind, title, hint, one } = part;
  return (
    <section
      aria-labelledby={`${kind}-title`}
      className="rounded-lg border border-slate-200 p-4 dark:border-slate-700/60"
    >
      <Heading level={3} id={`${kind}-title`}>
        {title}
      </Heading>
      <div className="mt-3 space-y-4">
        {(!one || files.length > 0) && <FileList files={files} removable action={pathname} />}
        <UploadForm
          pathname={pathname}
          kind={kind}
          label={one && files.length > 0 ? WIZARD.replace : WIZARD.chooseFile(one ? title : FILE_KIND_LABELS[kind])}
          hint={hint}
          error={error}
        />
      </div>
    </section>
  );
}

export function FilesStep({
  pathname,
  files,
  values,
  errors,
  uploadErrors,
}: {
  pathname: string;
  files: ListedFile[];
  values: StepValues;
  errors: StepErrors;
  /** An upload's refusal, by the kind of file. */
  uploadErrors: StepErrors;
}) {
  const bind = fieldBinder(values, errors);
  return (
    <div className="space-y-6">
      <p className="text-slate-700 dark:text-slate-300">{WIZARD.filesIntro}</p>
      {FILE_PARTS.map((part) => (
        <FilesPart
          key={part.kind}
          part={part}
          files={files.filter((file) => file.kind === part.kind)}
          pathname={pathname}
          error={uploadErrors[part.kind] ?? errors[part.kind]}
        />
      ))}
      <StepForm action={pathname} back>
        <Textarea {...bind("competingInterests")} label={WIZARD.competing} rows={4} />
        <p className="-mt-4 text-xs text-slate-600 dark:text-slate-400">{WIZARD.competingHint}</p>
        <FormProblem errors={errors} />
      </StepForm>
    </div>
  );
}

/* ---- suggested and opposed reviewers ---- */

export function ReviewersStep({ values, errors }: { values: StepValues; errors: StepErrors }) {
  const list = (which: "suggested" | "opposed", count: number) =>
    Array.from({ length: count }, (_, i) => {
      const bind = (part: "name" | "email" | "affiliation" | "reason") => {
        const name = reviewerField(which, i, part);
        return { name, defaultValue: values[name] ?? "", error: errors[name] };
      };
      return (
        <fieldset key={`${which}${i}`} className="rounded-lg border border-slate-200 p-4 dark:border-slate-700/60">
          <legend className="px-1 text-sm font-semibold text-slate-800 dark:text-slate-200">
            {WIZARD.reviewer(which, i)}
          </legend>
          <div className="grid gap-4 sm:grid-cols-2">
            <Field {...bind("name")} label={WIZARD.reviewerName} autoComplete="off" />
            <Field type="email" {...bind("email")} label={WIZARD.reviewerEmail} autoComplete="off" />
            <Field {...bind("affiliation")} label={WIZARD.reviewerAffiliation} />
            <Field {...bind("reason")} label={WIZARD.reviewerReason} />
          </div>
        </fieldset>
      );
    });
  return (
    <>
      <p className="text-slate-700 dark:text-slate-300">{WIZARD.reviewersIntro}</p>
      <Heading level={3}>{WIZARD.suggested}</Heading>
      {list("suggested", SUGGESTED_SLOTS)}
      <Heading level={3}>{WIZARD.opposed}</Heading>
      {list("opposed", OPPOSED_SLOTS)}
      <FormProblem errors={errors} />
    </>
  );
}

/* ---- the cover letter ---- */

export function LetterStep({ values, errors }: { values: StepValues; errors: StepErrors }) {
  const bind = fieldBinder(values, errors);
  return (
    <>
      <p className="text-slate-700 dark:text-slate-300">{WIZARD.letterIntro}</p>
      <Textarea {...bind("coverLetter")} label={WIZARD.coverLetter} rows={12} />
      <FormProblem errors={errors} />
    </>
  );
}

/* ---- check and submit ---- */

/** A draft as the last step shows it. */
export type DraftSummary = {
  title: string;
  abstract: string;
  keywords: string[];
  section: string;
  language: string;
  funding: string;
  competingInterests: string;
  coverLetter: string;
  authors: ArticleAuthor[];
  suggestedReviewers: NamedReviewer[];
  opposedReviewers: NamedReviewer[];
  checklist: string[];
  files: ListedFile[];
};

/** Which step a missing part is made on. */
export const MISSING_STEP: Record<string, WizardStep> = {
  start: "start",
  title: "details",
  abstract: "details",
  authors: "authors",
  files: "files",
};

function Part({ step, base, children }: { step: WizardStep; base: string; children: React.ReactNode }) {
  return (
    <section aria-labelledby={`part-${step}`} className="border-t border-slate-200 pt-5 dark:border-slate-700">
      <div className="flex flex-wrap items-baseline justify-between gap-3">
        <Heading level={3} id={`part-${step}`}>
          {STEP_LABELS[step]}
        </Heading>
        <Link to={`${base}/${step}`} className="text-sm font-semibold text-navy-700 underline dark:text-gold-300">
          {WIZARD.edit(STEP_LABELS[step])}
        </Link>
      </div>
      <div className="mt-3 space-y-2 text-slate-800 dark:text-slate-200">{children}</div>
    </section>
  );
}

const orNone = (text: string) => text.trim() || WIZARD.none;

/** A part's list of items, one line each, or "None" when it has none. */
function ListOrNone({
  ordered = false,
  className,
  items,
}: {
  ordered?: boolean;
  className: string;
  items: React.ReactNode[];
}) {
  if (items.length === 0) return <p>{WIZARD.none}</p>;
  const List = ordered ? "ol" : "ul";
  return (
    <List className={className}>
      {items.map((item, i) => (
        <li key={i}>{item}</li>
      ))}
    </List>
  );
}

/** An author's line: name, affiliation, ORCID iD, and the address of the corresponding author. */
const authorLine = (author: ArticleAuthor) =>
  [author.given, author.family].filter(Boolean).join(" ") +
  (author.affiliation ? `, ${author.affiliation}` : "") +
  (author.orcid ? ` (ORCID ${author.orcid})` : "") +
  (author.corresponding ? ` — corresponding author${author.email ? `, ${author.email}` : ""}` : "");

/** A suggested or opposed reviewer's line: name, affiliation, address, and the author's reason. */
const reviewerLine = (person: NamedReviewer) =>
  person.name +
  (person.affiliation ? `, ${person.affiliation}` : "") +
  (person.email ? ` (${person.email})` : "") +
  (person.reason ? ` — ${person.reason}` : "");

/** A file's line: its kind and name, and the warning when its text may name the authors. */
const fileLine = (file: ListedFile) => (
  <>
    {FILE_KIND_LABELS[file.kind] ?? file.kind}: {file.name}
    <NamesWarning file={file} />
  </>
);

export function ReviewStep({
  base,
  action,
  draft,
  missing,
  errors,
}: {
  base: string;
  action: string;
  draft: DraftSummary;
  missing: Record<string, string>;
  errors: StepErrors;
}) {
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" && navigation.formAction === action;
  const missingParts = Object.entries(missing);
  const term = "text-sm font-semibold text-slate-600 dark:text-slate-400";
  const details: [string, React.ReactNode][] = [
    ["Title", orNone(draft.title)],
    ["Abstract", draft.abstract ? <Paragraphs text={draft.abstract} /> : WIZARD.none],
    ["Keywords", draft.keywords.length ? draft.keywords.join("; ") : WIZARD.none],
    ["Section", ARTICLE_SECTION_LABELS[draft.section as keyof typeof ARTICLE_SECTION_LABELS] ?? draft.section],
    ["Language", languageLabel(draft.language)],
    ["Funding statement", orNone(draft.funding)],
  ];
  return (
    <div className="space-y-6">
      <p className="text-slate-700 dark:text-slate-300">{WIZARD.reviewIntro}</p>
      {missingParts.length > 0 && (
        <div
          role="alert"
          className="rounded-md border border-red-300 bg-red-50 p-4 text-red-900 dark:border-red-800 dark:bg-red-950/60 dark:text-red-100"
        >
          <p className="font-semibold">{WIZARD.missingTitle}</p>
          <ul className="mt-2 list-disc space-y-1 pl-5">
            {missingParts.map(([field, words]) => (
              <li key={field}>
                <Link to={`${base}/${MISSING_STEP[field] ?? "start"}`} className="underline">
                  {words}
                </Link>
              </li>
            ))}
          </ul>
        </div>
      )}
      <Part step="start" base={base}>
        <ListOrNone className="list-disc pl-5" items={draft.checklist} />
      </Part>
      <Part step="details" base={base}>
        <dl className="space-y-3">
          {details.map(([name, value]) => (
            <div key={name}>
              <dt className={term}>{name}</dt>
              <dd>{value}</dd>
            </div>
          ))}
        </dl>
      </Part>
      <Part step="authors" base={base}>
        <ListOrNone ordered className="list-decimal space-y-1 pl-5" items={draft.authors.map(authorLine)} />
      </Part>
      <Part step="files" base={base}>
        <ListOrNone className="space-y-2" items={draft.files.map(fileLine)} />
        <p>
          <span className={term}>{WIZARD.competing}: </span>
          {orNone(draft.competingInterests)}
        </p>
      </Part>
      <Part step="reviewers" base={base}>
        <p className={term}>{WIZARD.suggested}</p>
        <ListOrNone className="list-disc pl-5" items={draft.suggestedReviewers.map(reviewerLine)} />
        <p className={term}>{WIZARD.opposed}</p>
        <ListOrNone className="list-disc pl-5" items={draft.opposedReviewers.map(reviewerLine)} />
      </Part>
      <Part step="letter" base={base}>
        {draft.coverLetter ? <Paragraphs text={draft.coverLetter} /> : <p>{WIZARD.none}</p>}
      </Part>
      <Form method="post" action={action} className="border-t border-slate-200 pt-6 dark:border-slate-700">
        <input type="hidden" name="intent" value="submit" />
        <FieldError id="submit-error" message={errors.form} />
        <div className="mt-3 flex flex-wrap items-center gap-3">
          <Button type="submit" size="lg" disabled={busy || missingParts.length > 0} aria-busy={busy}>
            {busy ? WIZARD.submitting : WIZARD.submit}
          </Button>
          <Link to={`${base}/letter`} className="font-semibold text-navy-700 underline dark:text-gold-300">
            {WIZARD.back}
          </Link>
        </div>
      </Form>
    </div>
  );
}
