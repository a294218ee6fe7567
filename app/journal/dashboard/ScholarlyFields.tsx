import { useState } from "react";

import { fieldBinder } from "~/components/forms/bind-field";
import { Field } from "~/components/forms/Field";
import { FieldError } from "~/components/forms/FieldError";
import { UploadField } from "~/components/forms/UploadField";
import { Heading } from "~/components/ui/Heading";
import { Select } from "~/components/ui/Select";
import { Textarea } from "~/components/ui/Textarea";
import { RepeatedRows } from "~/dashboard/RepeatedRows";
import { PDF_REQUIRED } from "~/domain/messages/media";
import {
  ARTICLE_EDITOR_ROWS,
  ARTICLE_FIELDS,
  authorField,
  type EditorField,
  MAX_AUTHORS,
  MAX_SUPPLEMENTARY,
  supplementaryField,
} from "~/journal/article-fields";
import { type ArticleAuthor, issueLabel, licence } from "~/journal/vocabulary";

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

/** A row's grid: one field takes the line; two or three share it from small screens up. */
const ROW_CLASSES: Record<number, string> = {
  1: "",
  2: "grid gap-5 sm:grid-cols-2",
  3: "grid gap-5 sm:grid-cols-3",
};

/**
 * One simple input as its field is declared (article-fields.ts): text, a date, a textarea or a
 * pick list. `issues` and `defaultLicence` are what the page loads for the lists that change.
 */
function SimpleInput({
  field,
  bind,
  issues,
  defaultLicence,
}: {
  field: EditorField;
  bind: ReturnType<typeof fieldBinder<Record<string, string>>>;
  issues: IssueChoice[];
  defaultLicence: string;
}) {
  const common = { ...bind(field.key), label: field.label };
  const hint = field.hint ? { hint: field.hint } : {};
  switch (field.input) {
    case "text":
      return <Field {...common} {...hint} {...(field.inputMode ? { inputMode: field.inputMode } : {})} />;
    case "date":
      return <Field type="date" {...common} {...hint} />;
    case "textarea":
      return <Textarea {...common} rows={field.rows} />;
    case "select": {
      const options =
        "choices" in field.options
          ? issues.map((issue) => ({ value: issue.id, label: issueLabel(issue) }))
          : field.options;
      const placeholder =
        field.placeholder === "defaultLicence"
          ? `Journal default (${licence(defaultLicence)?.label ?? defaultLicence})`
          : field.placeholder;
      return <Select {...common} options={options} {...(placeholder !== undefined ? { placeholder } : {})} />;
    }
  }
}

/**
 * The article editor's scholarly details (issue 20): its issue and section, its authors in byline
 * order, and what citations and indexers need, in the order and rows of their declaration
 * (article-fields.ts). Plain fields, so the form works before scripts.
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
      {ARTICLE_EDITOR_ROWS.map((row) => {
        if ("own" in row) {
          if (row.own === "authors") return <Authors key="authors" values={values} errors={errors} />;
          if (row.own === "supplementary")
            return <SupplementaryFiles key="supplementary" values={values} errors={errors} />;
          return null;
        }
        const inputs = row.fields.map((field) => (
          <SimpleInput key={field.key} field={field} bind={bind} issues={issues} defaultLicence={defaultLicence} />
        ));
        const notes = row.fields.flatMap((field) => (field.note ? [field.note] : []));
        if (row.fields.length === 1 && !notes.length) return inputs[0];
        return (
          <div key={row.row} className={ROW_CLASSES[row.fields.length] ?? ROW_CLASSES[3]}>
            {inputs}
            {notes.map((note) => (
              <p key={note} className="text-sm text-slate-600 sm:col-span-2 dark:text-slate-400">
                {note}
              </p>
            ))}
          </div>
        );
      })}
    </fieldset>
  );
}

/** The authors, in the order of the byline. */
function Authors({ values, errors }: { values: Record<string, string>; errors: Record<string, string> }) {
  return (
    <div>
      <Heading level={3}>{ARTICLE_FIELDS.authors.label}</Heading>
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
      <Heading level={3}>{ARTICLE_FIELDS.supplementary.label}</Heading>
      <p className="text-sm text-slate-600 dark:text-slate-400">
        Optional PDFs offered beside the article (appendices, questionnaires, data tables).
      </p>
      {Array.from({ length: shown }, (_, i) => (
        <SupplementaryRow key={i} index={i} values={values} errors={errors} />
      ))}
    </div>
  );
}
