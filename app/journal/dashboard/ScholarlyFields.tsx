import { useState } from "react";

import { fieldBinder } from "~/components/forms/bind-field";
import { Field } from "~/components/forms/Field";
import { FieldError } from "~/components/forms/FieldError";
import { UploadField } from "~/components/forms/UploadField";
import { Heading } from "~/components/ui/Heading";
import { Select } from "~/components/ui/Select";
import { Textarea } from "~/components/ui/Textarea";
import { PDF_REQUIRED } from "~/domain/messages/media";
import { authorField, MAX_AUTHORS, MAX_SUPPLEMENTARY, supplementaryField } from "~/journal/forms";
import {
  ARTICLE_LANGUAGES,
  ARTICLE_SECTION_LABELS,
  ARTICLE_SECTIONS,
  type ArticleAuthor,
  issueLabel,
  licence,
  LICENCES,
} from "~/journal/vocabulary";
import { RepeatedRows } from "~/routes/dashboard/+shared/RepeatedRows";

const SECTION_OPTIONS = ARTICLE_SECTIONS.map((value) => ({ value, label: ARTICLE_SECTION_LABELS[value] }));
const LANGUAGE_OPTIONS = ARTICLE_LANGUAGES.map((l) => ({ value: l.code, label: l.label }));
const LICENCE_OPTIONS = LICENCES.map((l) => ({ value: l.id, label: l.label }));
const NO_AUTHOR: ArticleAuthor = { given: "", family: "", affiliation: "", orcid: "", email: "", corresponding: false };

export type IssueChoice = { id: string; volume: number; number: number; year: number; title: string };

/** The authors the form holds, in order: the filled slots (a refused form's, or the saved article's). */
function authorsOf(values: Record<string, string>): ArticleAuthor[] {
  const authors: ArticleAuthor[] = [];
  for (let i = 0; i < MAX_AUTHORS; i++) {
    const slot = (part: Parameters<typeof authorField>[1]) => values[authorField(i, part)] ?? "";
    const author = {
      given: slot("given"),
      family: slot("family"),
      affiliation: slot("affiliation"),
      orcid: slot("orcid"),
      email: slot("email"),
      corresponding: slot("corresponding") === "on" || slot("corresponding") === "true",
    };
    if (author.given || author.family || author.affiliation || author.orcid || author.email) authors.push(author);
  }
  return authors;
}

/**
 * The article editor's scholarly details (issue 20): its issue and section, its authors in byline
 * order, and what citations and indexers need. Plain fields, so the form works before scripts.
 */
export function ScholarlyFields({
  values,
  errors,
  issues,
  defaultLicence,
}: {
  values: Record<string, string>;
  errors: Record<string, string>;
  issues: IssueChoice[];
  /** The journal's licence, used when the article names none. */
  defaultLicence: string;
}) {
  const bind = fieldBinder(values, errors);
  return (
    <fieldset className="space-y-6 rounded-lg border border-slate-200 p-4 dark:border-slate-700/60">
      <legend className="px-1 text-sm font-semibold text-slate-800 dark:text-slate-200">Scholarly details</legend>
      <div className="grid gap-5 sm:grid-cols-2">
        <Select
          {...bind("issueId")}
          label="Issue"
          placeholder="No issue (online first)"
          options={issues.map((issue) => ({ value: issue.id, label: issueLabel(issue) }))}
        />
        <Select {...bind("section")} label="Section" options={SECTION_OPTIONS} />
        <p className="text-sm text-slate-600 sm:col-span-2 dark:text-slate-400">
          An article in a forthcoming issue stays hidden from visitors, whatever its status, until the issue is
          published (Issues tab, Publish issue); its drafts are published with it.
        </p>
      </div>
      <div>
        <Heading level={3}>Authors</Heading>
        <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">
          In the order of the byline. Google Scholar indexes an article only when it names at least one author.
        </p>
        <div className="mt-3">
          <RepeatedRows
            filled={authorsOf(values)}
            empty={NO_AUTHOR}
            spare={1}
            max={MAX_AUTHORS}
            noun="Author"
            addLabel="Add author"
            reorder
          >
            {(i, author) => <AuthorFields index={i} author={author} errors={errors} />}
          </RepeatedRows>
        </div>
      </div>
      <Field {...bind("keywords")} label="Keywords" hint="Separate with semicolons" />
      <div className="grid gap-5 sm:grid-cols-3">
        <Field {...bind("firstPage")} label="First page" inputMode="numeric" />
        <Field {...bind("lastPage")} label="Last page" inputMode="numeric" />
        <Field {...bind("doi")} label="DOI" hint="Like 10.1234/jpss.2025.001" />
      </div>
      <div className="grid gap-5 sm:grid-cols-2">
        <Select
          {...bind("licence")}
          label="Licence"
          placeholder={`Journal default (${licence(defaultLicence)?.label ?? defaultLicence})`}
          options={LICENCE_OPTIONS}
        />
        <Select {...bind("language")} label="Language" options={LANGUAGE_OPTIONS} />
      </div>
      <div className="grid gap-5 sm:grid-cols-3">
        <Field type="date" {...bind("receivedOn")} label="Received" />
        <Field type="date" {...bind("acceptedOn")} label="Accepted" />
        <Field type="date" {...bind("publishedOn")} label="Published" hint="Empty: the day it goes public" />
      </div>
      <Textarea {...bind("references")} label="References (one per line)" rows={8} />
      <SupplementaryFiles values={values} errors={errors} />
    </fieldset>
  );
}

function AuthorFields({
  index,
  author,
  errors,
}: {
  index: number;
  author: ArticleAuthor;
  errors: Record<string, string>;
}) {
  const error = (part: Parameters<typeof authorField>[1]) => errors[authorField(index, part)];
  const bind = fieldBinder(author, errors, (part) => authorField(index, part));
  return (
    <>
      <Field {...bind("given")} label="Given name" />
      <Field {...bind("family")} label="Family name" />
      <Field {...bind("affiliation")} label="Affiliation" />
      <Field {...bind("orcid")} label="ORCID iD" hint="Like 0000-0002-1825-0097" />
      <Field type="email" {...bind("email")} label="E-mail (not shown publicly)" />
      <div className="flex items-center gap-2 self-end pb-2.5">
        <input
          id={`${authorField(index, "corresponding")}-box`}
          type="checkbox"
          name={authorField(index, "corresponding")}
          defaultChecked={author.corresponding}
          className="size-4"
        />
        <label
          htmlFor={`${authorField(index, "corresponding")}-box`}
          className="text-sm text-slate-800 dark:text-slate-200"
        >
          Corresponding author
        </label>
        <FieldError id={`${authorField(index, "corresponding")}-error`} message={error("corresponding")} />
      </div>
    </>
  );
}

/** One supplementary file: its label and its PDF (uploaded as the article's own is). */
function SupplementaryRow({
  index,
  values,
  errors,
}: {
  index: number;
  values: Record<string, string>;
  errors: Record<string, string>;
}) {
  const [file, setFile] = useState(values[supplementaryField(index, "file")] ?? "");
  return (
    <div className="grid gap-4 rounded-md border border-slate-200 p-4 sm:grid-cols-2 dark:border-slate-700">
      <Field
        name={supplementaryField(index, "label")}
        label={`Name of supplementary file ${index + 1}`}
        hint="Like: Appendix A, survey questionnaire"
        defaultValue={values[supplementaryField(index, "label")]}
        error={errors[supplementaryField(index, "label")]}
      />
      <div>
        <UploadField
          name={supplementaryField(index, "file")}
          label={`Supplementary file ${index + 1}`}
          purpose="pdf"
          value={file}
          onChange={setFile}
          failureMessage="trouble uploading journal"
          missingMessage={PDF_REQUIRED}
          removable
        />
        <FieldError
          id={`${supplementaryField(index, "file")}-error`}
          message={errors[supplementaryField(index, "file")]}
        />
      </div>
    </div>
  );
}

/** The article's supplementary files: those it has and one more slot, up to MAX_SUPPLEMENTARY. */
function SupplementaryFiles({ values, errors }: { values: Record<string, string>; errors: Record<string, string> }) {
  let filled = 0;
  for (let i = 0; i < MAX_SUPPLEMENTARY; i++)
    if (values[supplementaryField(i, "file")] || values[supplementaryField(i, "label")]) filled = i + 1;
  const shown = Math.min(MAX_SUPPLEMENTARY, filled + 1);
  return (
    <div className="space-y-3">
      <Heading level={3}>Supplementary files</Heading>
      <p className="text-sm text-slate-600 dark:text-slate-400">
        Optional PDFs offered beside the article (appendices, questionnaires, data tables).
      </p>
      {Array.from({ length: shown }, (_, i) => (
        <SupplementaryRow key={i} index={i} values={values} errors={errors} />
      ))}
    </div>
  );
}
