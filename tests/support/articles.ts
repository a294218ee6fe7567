/**
 * Articles for tests, made from the declaration of their fields (app/journal/article-fields.ts):
 * the editor's form, a stored row, a view, every field's example. A field added to the declaration
 * is in all of them at once; a test names only the values it is about.
 */
import type { articles } from "~/db/schema";
import {
  ARTICLE_FIELD_DEFAULTS,
  ARTICLE_FIELD_KEYS,
  ARTICLE_FIELDS,
  type ArticleFieldValues,
  articleMetadataToForm,
  type ArticleView,
  isSlotField,
} from "~/journal/article-fields";
import type { ArticleEditorForm } from "~/journal/forms";
import { EMPTY_EDITORIAL } from "~/lib/forms/editorial";

type ArticleRow = typeof articles.$inferSelect;

/** Every declared field's example value (each differs from a new article's). */
export function articleFieldExamples(): ArticleFieldValues {
  return structuredClone(
    Object.fromEntries(ARTICLE_FIELD_KEYS.map((key) => [key, ARTICLE_FIELDS[key].example])),
  ) as ArticleFieldValues;
}

/** An author as an article holds it: a name, and what `more` gives besides (nothing, else). */
export function storedAuthor(
  given: string,
  family: string,
  more: Partial<ArticleFieldValues["authors"][number]> = {},
): ArticleFieldValues["authors"][number] {
  return { given, family, affiliation: "", orcid: "", email: "", corresponding: false, ...more };
}

/**
 * The article editor's whole form as the browser sends it: the scholarly fields' text for `fields`
 * (a new article's values where left out), then `form`'s own text over it.
 */
export function articleEditorForm(
  form: Partial<ArticleEditorForm> = {},
  fields: Partial<ArticleFieldValues> = {},
): ArticleEditorForm {
  return {
    title: "An article",
    abstract: "",
    pdf: "",
    ...EMPTY_EDITORIAL,
    ...articleMetadataToForm({ ...ARTICLE_FIELD_DEFAULTS, ...fields }),
    ...form,
  } as ArticleEditorForm;
}

/** The form with only the numbered slots that hold text (the page draws only some of them). */
export const drawnSlotsOnly = (form: Record<string, string>, keep: (name: string) => boolean = () => false) =>
  Object.fromEntries(Object.entries(form).filter(([name, value]) => !isSlotField(name) || value !== "" || keep(name)));

const MADE = new Date("2025-05-19T16:00:00Z");

/** A whole stored row: a new article's scholarly fields, published, with `fields` over them. */
export function articleRow(fields: Partial<ArticleRow> & Pick<ArticleRow, "id" | "slug" | "title">): ArticleRow {
  return {
    abstract: "",
    pdf: `/uploads/${fields.slug}.pdf`,
    userId: null,
    ...ARTICLE_FIELD_DEFAULTS,
    metadataChangedAt: MADE,
    status: "published",
    publishAt: null,
    deletedAt: null,
    version: 1,
    createdAt: MADE,
    updatedAt: MADE,
    ...fields,
  };
}

/** The fields of a view that are a new article's unless a test says otherwise. */
export function articleViewDefaults(): Omit<
  ArticleView,
  | "id"
  | "slug"
  | "title"
  | "abstract"
  | "doi"
  | "licence"
  | "publishedOn"
  | "supplementary"
  | "issue"
  | "url"
  | "pdfUrl"
  | "updatedAt"
> {
  const {
    issueId: _issue,
    doi: _doi,
    licence: _licence,
    publishedOn: _published,
    supplementary: _files,
    ...rest
  } = structuredClone(ARTICLE_FIELD_DEFAULTS);
  return rest;
}
