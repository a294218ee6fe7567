import { describe, expect, expectTypeOf, it } from "vitest";

import type { articles } from "~/db/schema";
import { journalBody, journalRecord } from "~/journal/api.server";

import { articleEditorForm, articleFieldExamples } from "../../tests/support/articles";
import {
  ARTICLE_API_KEYS,
  ARTICLE_EDITOR_ROWS,
  ARTICLE_FIELD_DEFAULTS,
  ARTICLE_FIELD_KEYS,
  ARTICLE_FIELDS,
  type ArticleFieldKey,
  type ArticleFieldValues,
  articleMetadataFromForm,
  articleMetadataToForm,
} from "./article-fields";
import { articleEditorSchema } from "./forms";

/*
 * The Drizzle table (app/db/schema.ts) is written by hand; the declaration must name the same
 * columns. These lines fail `npm run typecheck` when a column is added without its declaration (or
 * a declaration without its column), when a declared SQL name differs from the table's, or when a
 * declared value does not fit its column.
 */
type Row = typeof articles.$inferSelect;
/** The columns that are not scholarly fields: the article itself, its state, its bookkeeping. */
type CoreColumns =
  | "id"
  | "slug"
  | "title"
  | "abstract"
  | "pdf"
  | "userId"
  | "metadataChangedAt"
  | "status"
  | "publishAt"
  | "deletedAt"
  | "version"
  | "createdAt"
  | "updatedAt";
expectTypeOf<Exclude<keyof Row, CoreColumns>>().toEqualTypeOf<ArticleFieldKey>();
expectTypeOf<{ [K in ArticleFieldKey]: (typeof ARTICLE_FIELDS)[K]["column"] }>().toEqualTypeOf<{
  [K in ArticleFieldKey]: (typeof articles)[K]["_"]["name"];
}>();
expectTypeOf<{ [K in ArticleFieldKey]: ArticleFieldValues[K] extends Row[K] ? true : false }>().toEqualTypeOf<{
  [K in ArticleFieldKey]: true;
}>();

const PDF = "/uploads/2026-11/0f8fad5b-d9cb-469f-a165-70867728950e.pdf";

describe("an article's fields, declared once (issue 32)", () => {
  const examples = articleFieldExamples();

  it("gives every field an example that is valid as stored and differs from a new article's value", () => {
    for (const key of ARTICLE_FIELD_KEYS) {
      const spec = ARTICLE_FIELDS[key];
      expect(spec.value.safeParse(spec.initial).success, key).toBe(true);
      expect(spec.value.safeParse(spec.example).success, key).toBe(true);
      expect(spec.example, key).not.toEqual(spec.initial);
    }
  });

  it("writes every field into the editor's form and reads it back unchanged", () => {
    expect(articleMetadataFromForm(articleMetadataToForm(examples))).toEqual(examples);
    expect(articleMetadataFromForm(articleMetadataToForm(ARTICLE_FIELD_DEFAULTS))).toEqual(ARTICLE_FIELD_DEFAULTS);
  });

  it("passes the editor's checks with every field filled in", () => {
    const form = articleEditorForm({ pdf: PDF }, examples);
    const parsed = articleEditorSchema.safeParse(form);
    expect(parsed.error?.issues ?? []).toEqual([]);
  });

  it("draws every field in the editor, in the declared order", () => {
    const drawn = ARTICLE_EDITOR_ROWS.flatMap((row) => ("own" in row ? [row.own] : row.fields.map((f) => f.key)));
    expect(drawn).toEqual(ARTICLE_FIELD_KEYS);
  });

  it("takes and gives every field the API carries, under its own name", () => {
    const sent = { filename: "An article", details: "", file: PDF, ...examples };
    const parsed = journalBody.safeParse(sent);
    expect(parsed.error?.issues ?? []).toEqual([]);
    for (const key of ARTICLE_API_KEYS) expect(parsed.data?.[key], key).toEqual(examples[key]);
    const recordKeys = Object.keys(journalRecord.shape);
    for (const key of ARTICLE_API_KEYS) expect(recordKeys, key).toContain(key);
  });
});
