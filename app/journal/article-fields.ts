/**
 * An article's scholarly fields, declared once (issue 32, decision 037): each field's column, its
 * value as stored and as the JSON API carries it, its rule and conversions in the editor's form,
 * its label, and whether the API, the revisions and the editor carry it. The editor's form (shape,
 * empty values, type, parse and back), the revision keys, the API's body and record for these
 * fields, the editor's simple inputs, the view's fields and the tests' factory are all made from
 * this list. The Drizzle table stays hand-written (app/db/schema.ts); `article-fields.test.ts`
 * fails to type-check when its columns and this list differ.
 *
 * Pure: the browser's editor and the server both import it.
 */
import {
  ARTICLE_SECTIONS,
  type ArticleAuthor,
  LICENCE_IDS,
  type LicenceId,
  type SupplementaryFile,
} from "~/domain/vocabulary";
import {
  AUTHOR_FAMILY_REQUIRED,
  DATE_INVALID,
  DOI_INVALID,
  EMAIL_INVALID,
  ORCID_INVALID,
  PAGE_INVALID,
  PAGES_ORDER,
  SUPPLEMENTARY_FILE_MISSING,
} from "~/journal/messages";
import {
  ARTICLE_LANGUAGES,
  ARTICLE_SECTION_LABELS,
  authorName,
  type IssueView,
  LANGUAGE_CODES,
  languageLabel,
  licence,
  LICENCES,
  normaliseDoi,
  normaliseOrcid,
  sectionLabel,
} from "~/journal/vocabulary";
import { uploadedFile } from "~/lib/forms/uploads";
import { z } from "~/lib/zod";

/* ---- the form's numbered slots (authors, supplementary files) ---- */

export const MAX_AUTHORS = 20;
/** Supplementary files an article may offer beside its PDF (data appendices, questionnaires…). */
export const MAX_SUPPLEMENTARY = 5;

export const AUTHOR_PARTS = ["given", "family", "affiliation", "orcid", "email", "corresponding"] as const;
export type AuthorPart = (typeof AUTHOR_PARTS)[number];

export const authorField = (index: number, part: AuthorPart) => `author${index}_${part}`;
export const supplementaryField = (index: number, part: "label" | "file") => `supp${index}_${part}`;

const indices = (count: number) => Array.from({ length: count }, (_, i) => i);
const AUTHOR_FIELD_NAMES = indices(MAX_AUTHORS).flatMap((i) => AUTHOR_PARTS.map((part) => authorField(i, part)));
const SUPPLEMENTARY_LABELS = indices(MAX_SUPPLEMENTARY).map((i) => supplementaryField(i, "label"));
const SUPPLEMENTARY_FILES = indices(MAX_SUPPLEMENTARY).map((i) => supplementaryField(i, "file"));

/* ---- the rules the form's fields share ---- */

export const text = (max: number) => z.string().max(max, `Too long (${max} characters at most)`);
export const isoDate = z.union([z.literal(""), z.iso.date({ message: DATE_INVALID })]);
const page = z.union([z.literal(""), z.string().regex(/^[1-9]\d{0,5}$/, PAGE_INVALID)]);
const email = z.union([z.literal(""), z.email({ message: EMAIL_INVALID })]);
export const check = (normalise: (value: string) => string | null, message: string) =>
  z.string().refine((value) => value.trim() === "" || normalise(value) !== null, message);
const pdfOrNothing = z.union([z.literal(""), uploadedFile("pdf")]);

const orNull = (value: string | undefined) => (value?.trim() ? value.trim() : null);
const numberOrNull = (value: string) => (value ? Number(value) : null);
const shown = (value: string | number | null) => (value === null || value === 0 ? "" : String(value));

/** Keywords as typed: separated by commas or semicolons, each once. */
export const splitKeywords = (value: string) => [
  ...new Set(
    value
      .split(/[;,\n]/)
      .map((k) => k.trim())
      .filter(Boolean),
  ),
];

/* ---- the declaration's parts ---- */

/** Field values in the editor's form: flat text, so the form works before any script has loaded. */
export type FormValues = Record<string, string>;

/** One form field named as the article's field, with its rule and, when not the identity, its conversions. */
type SingleForm<Value> = {
  rule: z.ZodType<string, string>;
  /** Text back to the stored value; the identity when left out (the value is then text). */
  parse?: (text: string) => Value;
  /** The stored value as the field's text; `String` when left out. */
  show?: (value: Value) => string;
  /** Checks across fields (all the form's values), reported at `path`. */
  refine?: (values: FormValues, context: z.RefinementCtx) => void;
};

/** Numbered form fields (authors, supplementary files): drawn by a component of their own. */
type SlotsForm<Value> = {
  slots: Record<string, z.ZodType<string, string>>;
  parse: (values: FormValues) => Value;
  show: (value: Value) => FormValues;
  refine?: (values: FormValues, context: z.RefinementCtx) => void;
};

type Option = { value: string; label: string };

/** How the editor draws a field; fields with the same `row` share a line. */
export type EditorInput = {
  row: string;
  hint?: string;
  /** The editor's label when it says more than the field's (the history page uses the field's). */
  label?: string;
  /** A sentence under the row. */
  note?: string;
} & (
  | { input: "text"; inputMode?: "numeric" }
  | { input: "date" }
  | { input: "textarea"; rows: number }
  /** `choices`: the editor's own list of that name (the issues, which the page loads). */
  | { input: "select"; options: readonly Option[] | { choices: "issues" }; placeholder?: string | "defaultLicence" }
);

/** What the history page needs to name stored values: issues by their id. */
export type RevisionNames = { issue: (id: string) => string };

export type ArticleFieldSpec<Value, Column extends string = string> = {
  /** The column in app/db/schema.ts (its SQL name). */
  column: Column;
  /** As the editor and the history page label it. */
  label: string;
  /** The value as stored, as the JSON API takes and gives it (under the field's own camelCase key). */
  value: z.ZodType<Value>;
  /** A new article's value (the table's default). */
  initial: Value;
  /** A value for tests and the API document: every field's example differs from its initial value. */
  example: Value;
  form: SingleForm<Value> | SlotsForm<Value>;
  /** Drawn by ScholarlyFields from this, or by a component of its own ("own": authors, files). */
  editor: EditorInput | "own";
  /** The JSON API's body and record carry it. */
  api: boolean;
  /** Revisions keep it, the history page compares it and a restore puts it back. */
  revisions: boolean;
  /** The history page's text for a stored value, when not `String(value)`. */
  revisionText?: (value: Value, names: RevisionNames) => string;
};

type Declared<S extends z.ZodType, Column extends string, Api extends boolean, Revisions extends boolean> = Omit<
  ArticleFieldSpec<z.output<S>, Column>,
  "value" | "form" | "api" | "revisions"
> & { value: S; api: Api; revisions: Revisions };

/** The declaration of a field whose form is of one kind, marked with that kind. */
function fieldOfKind<const Kind extends "single" | "slots">(kind: Kind) {
  return <S extends z.ZodType, const Column extends string, const Api extends boolean, const Revisions extends boolean>(
    spec: Declared<S, Column, Api, Revisions> & {
      form: Kind extends "single" ? SingleForm<z.output<S>> : SlotsForm<z.output<S>>;
    },
  ) => ({ ...spec, kind });
}

/** A field with one form field of its own name. */
const field = fieldOfKind("single");

/** A field with numbered form fields (drawn by a component of its own). */
const slotsField = fieldOfKind("slots");

const list =
  <T>(show: (item: T) => string) =>
  (value: readonly T[]) =>
    value.map(show).join("\n");

const authorText = (a: ArticleAuthor) =>
  [authorName(a), a.affiliation, a.orcid && `ORCID ${a.orcid}`, a.email, a.corresponding && "corresponding author"]
    .filter(Boolean)
    .join(", ");

const SECTION_OPTIONS = ARTICLE_SECTIONS.map((value) => ({ value, label: ARTICLE_SECTION_LABELS[value] }));
const LANGUAGE_OPTIONS = ARTICLE_LANGUAGES.map((l) => ({ value: l.code, label: l.label }));
const LICENCE_OPTIONS = LICENCES.map((l) => ({ value: l.id, label: l.label }));

const isoDay = z.iso.date().nullable();
const pageNumber = z.int().min(1).max(999_999).nullable();

/** A date of the article's history: "YYYY-MM-DD" or empty. */
const dateField = <const Column extends string>(column: Column, label: string, example: string, hint?: string) =>
  field({
    column,
    label,
    value: isoDay,
    initial: null,
    example,
    form: { rule: isoDate, parse: orNull, show: (value) => value ?? "" },
    editor: { row: "dates", input: "date", ...(hint ? { hint } : {}) },
    api: true,
    revisions: true,
  });

/** A page number: a whole number from 1, or empty. */
const pageField = <const Column extends string>(
  column: Column,
  label: string,
  example: number,
  refine?: SingleForm<number | null>["refine"],
) =>
  field({
    column,
    label,
    value: pageNumber,
    initial: null,
    example,
    form: { rule: page, parse: numberOrNull, show: shown, refine },
    editor: { row: "pages", input: "text", inputMode: "numeric" },
    api: true,
    revisions: true,
  });

/* ---- the authors' and the supplementary files' slots ---- */

const authorValue = z.strictObject({
  given: z.string().max(300),
  family: z.string().max(300),
  affiliation: z.string().max(300),
  orcid: z.string().max(300).meta({ description: 'The bare iD ("0000-0002-1825-0097") or ""' }),
  email: z.string().max(300).meta({ description: "Never shown publicly" }),
  corresponding: z.boolean(),
});

export function authorsFromForm(values: FormValues): ArticleAuthor[] {
  const authors: ArticleAuthor[] = [];
  for (let i = 0; i < MAX_AUTHORS; i++) {
    const slot = (part: AuthorPart) => (values[authorField(i, part)] ?? "").trim();
    if (!slot("family") && !slot("given")) continue;
    authors.push({
      given: slot("given"),
      family: slot("family"),
      affiliation: slot("affiliation"),
      orcid: slot("orcid") ? (normaliseOrcid(slot("orcid")) ?? "") : "",
      email: slot("email"),
      corresponding: slot("corresponding") === "on" || slot("corresponding") === "true",
    });
  }
  return authors;
}

export function authorsToForm(authors: ArticleAuthor[]): FormValues {
  const form: FormValues = {};
  authors.slice(0, MAX_AUTHORS).forEach((author, i) => {
    for (const part of AUTHOR_PARTS)
      form[authorField(i, part)] =
        part === "corresponding" ? (author.corresponding ? "on" : "") : (author[part] as string);
  });
  return form;
}

/** Each author's slot complete and valid. */
export function refineAuthors(values: FormValues, context: z.RefinementCtx) {
  for (let i = 0; i < MAX_AUTHORS; i++) {
    const slot = (part: AuthorPart) => (values[authorField(i, part)] ?? "").trim();
    const filled = AUTHOR_PARTS.some((part) => part !== "corresponding" && slot(part));
    if (!filled) continue;
    if (!slot("family"))
      context.addIssue({ code: "custom", path: [authorField(i, "family")], message: AUTHOR_FAMILY_REQUIRED });
    if (slot("orcid") && !normaliseOrcid(slot("orcid")))
      context.addIssue({ code: "custom", path: [authorField(i, "orcid")], message: ORCID_INVALID });
    if (slot("email") && !email.safeParse(slot("email")).success)
      context.addIssue({ code: "custom", path: [authorField(i, "email")], message: EMAIL_INVALID });
  }
}

function supplementaryFromForm(values: FormValues): SupplementaryFile[] {
  return indices(MAX_SUPPLEMENTARY)
    .map((i) => ({
      label: (values[supplementaryField(i, "label")] ?? "").trim(),
      file: (values[supplementaryField(i, "file")] ?? "").trim(),
    }))
    .filter((entry) => entry.file)
    .map((entry) => ({ label: entry.label || "Supplementary file", file: entry.file }));
}

function supplementaryToForm(files: SupplementaryFile[]): FormValues {
  const form: FormValues = {};
  files.slice(0, MAX_SUPPLEMENTARY).forEach((entry, i) => {
    form[supplementaryField(i, "label")] = entry.label;
    form[supplementaryField(i, "file")] = entry.file;
  });
  return form;
}

/** A named file needs its PDF. */
function refineSupplementary(values: FormValues, context: z.RefinementCtx) {
  for (let i = 0; i < MAX_SUPPLEMENTARY; i++) {
    if (values[supplementaryField(i, "label")]?.trim() && !values[supplementaryField(i, "file")]?.trim())
      context.addIssue({ code: "custom", path: [supplementaryField(i, "file")], message: SUPPLEMENTARY_FILE_MISSING });
  }
}

const slotRules = (names: string[], rule: z.ZodType<string, string>) =>
  Object.fromEntries(names.map((name) => [name, rule]));

/* ---- the list ---- */

/**
 * Every scholarly field of an article, in the editor's order. To add one: its column in
 * app/db/schema.ts and a migration, an entry here, and the exports and the page that show it
 * (decision 037).
 */
export const ARTICLE_FIELDS = {
  issueId: field({
    column: "issue_id",
    label: "Issue",
    value: z.uuid().nullable().meta({ description: "The issue's id; null: online first" }),
    initial: null,
    example: "00000000-0000-4000-8000-0000000000a1",
    form: {
      rule: z.union([z.literal(""), z.uuid({ message: "Choose an issue" })]),
      parse: orNull,
      show: (value) => value ?? "",
    },
    editor: {
      row: "placement",
      input: "select",
      options: { choices: "issues" },
      placeholder: "No issue (online first)",
      note:
        "An article in a forthcoming issue stays hidden from visitors, whatever its status, until the issue is " +
        "published (Issues tab, Publish issue); its drafts are published with it.",
    },
    api: true,
    revisions: true,
    revisionText: (value, names) => names.issue(String(value)),
  }),
  section: field({
    column: "section",
    label: "Section",
    value: z.enum(ARTICLE_SECTIONS),
    initial: "research",
    example: "review",
    form: {
      rule: z.enum(ARTICLE_SECTIONS, { message: "Choose a section" }),
      parse: (value) => (value || "research") as (typeof ARTICLE_SECTIONS)[number],
    },
    editor: { row: "placement", input: "select", options: SECTION_OPTIONS },
    api: true,
    revisions: true,
    revisionText: (value) => sectionLabel(value),
  }),
  authors: slotsField({
    column: "authors",
    label: "Authors",
    value: z.array(authorValue).max(MAX_AUTHORS).meta({ description: "In the order of the byline" }),
    initial: [],
    example: [
      {
        given: "Ngozi",
        family: "Okafor",
        affiliation: "University of Lagos",
        orcid: "0000-0002-1825-0097",
        email: "n.okafor@example.edu",
        corresponding: true,
      },
    ],
    form: {
      slots: slotRules(AUTHOR_FIELD_NAMES, text(300)),
      parse: authorsFromForm,
      show: authorsToForm,
      refine: refineAuthors,
    },
    editor: "own",
    api: true,
    revisions: true,
    revisionText: list(authorText),
  }),
  keywords: field({
    column: "keywords",
    label: "Keywords",
    value: z.array(z.string().max(1000)).max(100),
    initial: [],
    example: ["borders", "migration"],
    form: { rule: text(1000), parse: splitKeywords, show: (value) => value.join("; ") },
    editor: { row: "keywords", input: "text", hint: "Separate with semicolons" },
    api: true,
    revisions: true,
    revisionText: (value) => value.join("; "),
  }),
  firstPage: pageField("first_page", "First page", 12),
  lastPage: pageField("last_page", "Last page", 30, (values, context) => {
    if (values.firstPage && values.lastPage && Number(values.lastPage) < Number(values.firstPage))
      context.addIssue({ code: "custom", path: ["lastPage"], message: PAGES_ORDER });
  }),
  doi: field({
    column: "doi",
    label: "DOI",
    value: z
      .string()
      .refine((value) => normaliseDoi(value) === value, DOI_INVALID)
      .nullable()
      .meta({ description: 'The bare DOI ("10.1234/abc"), unique to the article; null: none' }),
    initial: null,
    example: "10.5555/jpss.9.1",
    form: {
      rule: check(normaliseDoi, DOI_INVALID),
      parse: (value) => (value.trim() ? normaliseDoi(value) : null),
      show: (value) => value ?? "",
    },
    editor: { row: "pages", input: "text", hint: "Like 10.1234/jpss.2025.001" },
    api: true,
    revisions: true,
  }),
  licence: field({
    column: "licence",
    label: "Licence",
    value: z.enum(LICENCE_IDS).nullable().meta({ description: "null: the journal's default licence" }),
    initial: null,
    example: "CC-BY-SA-4.0",
    form: {
      rule: z.union([z.literal(""), z.enum(LICENCE_IDS)], { message: "Choose a licence" }),
      parse: (value) => (orNull(value) as LicenceId | null) ?? null,
      show: (value) => value ?? "",
    },
    editor: { row: "rights", input: "select", options: LICENCE_OPTIONS, placeholder: "defaultLicence" },
    api: true,
    revisions: true,
    revisionText: (value) => licence(String(value))?.label ?? String(value),
  }),
  language: field({
    column: "language",
    label: "Language",
    value: z.enum(LANGUAGE_CODES).meta({ description: "ISO 639-1" }),
    initial: "en",
    example: "fr",
    form: { rule: z.enum(LANGUAGE_CODES, { message: "Choose a language" }), parse: (value) => value || "en" },
    editor: { row: "rights", input: "select", options: LANGUAGE_OPTIONS },
    api: true,
    revisions: true,
    revisionText: (value) => languageLabel(value),
  }),
  receivedOn: dateField("received_on", "Received", "2026-01-10"),
  acceptedOn: dateField("accepted_on", "Accepted", "2026-03-01"),
  publishedOn: dateField("published_on", "Published", "2026-04-02", "Empty: the day it goes public"),
  references: field({
    column: "references",
    label: "References",
    value: z.array(z.string().max(10_000)).max(2000).meta({ description: "One reference per entry, as printed" }),
    initial: [],
    example: ["Okafor, N. (2024). Borders.", "Mensah, S. (2023). Ports."],
    form: {
      rule: text(100_000),
      parse: (value) =>
        value
          .split(/\r?\n/)
          .map((line) => line.trim())
          .filter(Boolean),
      show: (value) => value.join("\n"),
    },
    editor: { row: "references", input: "textarea", rows: 8, label: "References (one per line)" },
    api: true,
    revisions: true,
    revisionText: list(String),
  }),
  funding: field({
    column: "funding",
    label: "Funding",
    value: z.string().max(5000).meta({ description: "The funding statement, as printed; empty: none" }),
    initial: "",
    example: "This work was supported by the Peace Research Fund (grant PRF-2025-17).",
    form: { rule: text(5000), parse: (value) => value.trim() },
    editor: { row: "funding", input: "textarea", rows: 3, label: "Funding statement" },
    api: true,
    revisions: true,
  }),
  supplementary: slotsField({
    column: "supplementary",
    label: "Supplementary files",
    value: z
      .array(z.strictObject({ label: z.string().max(200), file: z.string().max(500) }))
      .max(MAX_SUPPLEMENTARY)
      .meta({ description: "PDFs uploaded through /api/uploads, offered beside the article" }),
    initial: [],
    example: [{ label: "Appendix A", file: "/uploads/2026-11/0f8fad5b-d9cb-469f-a165-70867728950e.pdf" }],
    form: {
      slots: {
        ...slotRules(SUPPLEMENTARY_LABELS, text(200)),
        ...slotRules(SUPPLEMENTARY_FILES, pdfOrNothing),
      },
      parse: supplementaryFromForm,
      show: supplementaryToForm,
      refine: refineSupplementary,
    },
    editor: "own",
    api: true,
    revisions: true,
    revisionText: list((s: SupplementaryFile) => `${s.label}: ${s.file}`),
  }),
};

/* ---- what is made from it ---- */

type Fields = typeof ARTICLE_FIELDS;
export type ArticleFieldKey = keyof Fields;
type ValueOf<K extends ArticleFieldKey> = z.output<Fields[K]["value"]>;
type Spec = ArticleFieldSpec<unknown>;

export const ARTICLE_FIELD_KEYS = Object.keys(ARTICLE_FIELDS) as ArticleFieldKey[];
const specOf = (key: ArticleFieldKey) => ARTICLE_FIELDS[key] as unknown as Spec;
const entries = () => ARTICLE_FIELD_KEYS.map((key) => [key, specOf(key)] as const);

/** An article's scholarly fields as stored and parsed: the articles service's input. */
export type ArticleFieldValues = { [K in ArticleFieldKey]: ValueOf<K> };

/** A new article's scholarly fields (the table's defaults). */
export const ARTICLE_FIELD_DEFAULTS = Object.fromEntries(
  entries().map(([key, spec]) => [key, spec.initial]),
) as ArticleFieldValues;

/** The declared fields of a record (a row, a view, an API body), those it has. */
export function pickArticleFields<T extends Partial<Record<ArticleFieldKey, unknown>>>(
  from: T,
  keys: readonly ArticleFieldKey[] = ARTICLE_FIELD_KEYS,
): Partial<ArticleFieldValues> {
  return Object.fromEntries(keys.filter((key) => from[key] !== undefined).map((key) => [key, from[key]]));
}

/* the editor's form */

/** The fields with one form field of their own name (the others have numbered slots). */
export type SingleKeys = { [K in ArticleFieldKey]: Fields[K]["kind"] extends "single" ? K : never }[ArticleFieldKey];

const isSlots = (form: Spec["form"]): form is SlotsForm<unknown> => "slots" in form;

/** Every form field of the scholarly details, with its rule: the editor's and the preview's. */
export const articleMetadataShape = Object.fromEntries(
  entries().flatMap(([key, spec]): [string, z.ZodType<string, string>][] =>
    isSlots(spec.form) ? Object.entries(spec.form.slots) : [[key, spec.form.rule]],
  ),
) as { [K in SingleKeys]: z.ZodType<string, string> } & Record<string, z.ZodType<string, string>>;

const SLOT_NAMES = new Set(entries().flatMap(([, spec]) => (isSlots(spec.form) ? Object.keys(spec.form.slots) : [])));
/** The form fields that are numbered slots (the page draws only some; the others count as empty). */
export const isSlotField = (name: string) => SLOT_NAMES.has(name);

export type ArticleMetadataForm = { [K in SingleKeys]: string } & FormValues;

/** The scholarly fields' text in the editor's form. */
export function articleMetadataToForm(values: ArticleFieldValues): ArticleMetadataForm {
  const form: FormValues = {};
  for (const [key, spec] of entries()) {
    const value = values[key];
    if (isSlots(spec.form)) {
      for (const name of Object.keys(spec.form.slots)) form[name] = "";
      Object.assign(form, spec.form.show(value));
    } else form[key] = spec.form.show ? spec.form.show(value) : String(value ?? "");
  }
  return form as ArticleMetadataForm;
}

export const EMPTY_ARTICLE_METADATA: ArticleMetadataForm = articleMetadataToForm(ARTICLE_FIELD_DEFAULTS);

/** The form's text back to stored values. */
export function articleMetadataFromForm(values: FormValues): ArticleFieldValues {
  return Object.fromEntries(
    entries().map(([key, spec]) => {
      if (isSlots(spec.form)) return [key, spec.form.parse(values)];
      const text = values[key] ?? "";
      return [key, spec.form.parse ? spec.form.parse(text) : text];
    }),
  ) as ArticleFieldValues;
}

/** The checks across the form's fields (pages in order, each author's slot complete and valid…). */
export function refineArticleMetadata(values: FormValues, context: z.RefinementCtx) {
  for (const [, spec] of entries()) spec.form.refine?.(values, context);
}

/* revisions */

type RevisionKeys = { [K in ArticleFieldKey]: Fields[K]["revisions"] extends false ? never : K }[ArticleFieldKey];
/** The scholarly fields a revision keeps. */
export const ARTICLE_REVISION_KEYS = ARTICLE_FIELD_KEYS.filter((key) => specOf(key).revisions) as RevisionKeys[];

/** The history page's label and text of each scholarly field a revision keeps. */
export const articleRevisionDescriptions = (names: RevisionNames) =>
  Object.fromEntries(
    ARTICLE_REVISION_KEYS.map((key) => {
      const spec = specOf(key);
      const show = spec.revisionText;
      return [key, { label: spec.label, ...(show ? { text: (value: unknown) => show(value, names) } : {}) }];
    }),
  ) as Record<RevisionKeys, { label: string; text?: (value: unknown) => string }>;

/* the JSON API */

type ApiKeys = { [K in ArticleFieldKey]: Fields[K]["api"] extends false ? never : K }[ArticleFieldKey];
export const ARTICLE_API_KEYS = ARTICLE_FIELD_KEYS.filter((key) => specOf(key).api) as ApiKeys[];

/** The API's record: every field it carries, as stored. */
export const articleApiRecordShape = Object.fromEntries(
  ARTICLE_API_KEYS.map((key) => [key, ARTICLE_FIELDS[key].value]),
) as { [K in ApiKeys]: Fields[K]["value"] };

/** The API's body on create and update: each field optional (left out: a new article's default, or kept as it is). */
export const articleApiBodyShape = Object.fromEntries(
  ARTICLE_API_KEYS.map((key) => [
    key,
    (ARTICLE_FIELDS[key].value as z.ZodType).optional().meta({ description: `${specOf(key).label}; left out: kept` }),
  ]),
) as { [K in ApiKeys]: z.ZodOptional<Fields[K]["value"]> };

/** The API record's scholarly fields of a stored article. */
export const articleApiValues = (record: Pick<ArticleFieldValues, ApiKeys>) =>
  Object.fromEntries(ARTICLE_API_KEYS.map((key) => [key, record[key]])) as Pick<ArticleFieldValues, ApiKeys>;

/* the editor's simple inputs */

export type EditorField = { key: SingleKeys; label: string } & EditorInput;
/** The editor's lines in order: its simple inputs by row, and the fields drawn by a component of their own. */
export const ARTICLE_EDITOR_ROWS: ({ row: string; fields: EditorField[] } | { own: ArticleFieldKey })[] = (() => {
  const rows: ({ row: string; fields: EditorField[] } | { own: ArticleFieldKey })[] = [];
  for (const [key, spec] of entries()) {
    if (spec.editor === "own") {
      rows.push({ own: key });
      continue;
    }
    const input = { ...spec.editor, key: key as SingleKeys, label: spec.editor.label ?? spec.label } as EditorField;
    const last = rows.at(-1);
    if (last && "row" in last && last.row === spec.editor.row) last.fields.push(input);
    else rows.push({ row: spec.editor.row, fields: [input] });
  }
  return rows;
})();

/* the view */

/** The fields the view resolves (an issue, a licence, a date); the others it shows as stored. */
type Resolved = "issueId" | "doi" | "licence" | "publishedOn" | "supplementary";

/** One published article with everything about it resolved (licence, dates, addresses). */
export type ArticleView = Omit<ArticleFieldValues, Resolved> & {
  id: string;
  slug: string;
  title: string;
  /** Rich text. */
  abstract: string;
  /** Bare DOI ("10.1234/abc") or "". */
  doi: string;
  licence: (typeof LICENCES)[number];
  /** "YYYY-MM-DD": the date given, else the day the article went public. */
  publishedOn: string;
  supplementary: (SupplementaryFile & { url: string })[];
  issue: IssueView | null;
  /** Absolute address of the article's page (the abstract page). */
  url: string;
  /** Absolute, stable address of the PDF on this site's own host (no version parameter). */
  pdfUrl: string;
  /** When its metadata last changed. */
  updatedAt: Date;
};

/** The fields a view shows as stored. */
export const ARTICLE_VIEW_AS_STORED = ARTICLE_FIELD_KEYS.filter(
  (key): key is Exclude<ArticleFieldKey, Resolved> =>
    !["issueId", "doi", "licence", "publishedOn", "supplementary"].includes(key),
);
