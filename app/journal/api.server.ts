import { z } from "zod";

import { type Operation, operationsTagged } from "~/api/operation.server";
import { type Authored, deletes, ok, pageQuery, publishes, savesEdited } from "~/api/operations/shared.server";
import { editorialJson } from "~/api/records.server";
import * as s from "~/api/schemas";
import {
  ARTICLE_API_KEYS,
  articleApiBodyShape,
  articleApiRecordShape,
  articleApiValues,
  type ArticleFieldValues,
  pickArticleFields,
} from "~/journal/article-fields";
import type { ArticleRecord } from "~/journal/articles.server";
import { normalisePage } from "~/services/pagination";

import { articleSchema } from "./forms";
import { ARTICLE_DELETED } from "./messages";

/**
 * The journal's articles and their PDFs in the JSON API (SPEC.md section 7, which calls an article a
 * journal): bodies, records and operations.
 */

export const journalBody = z.strictObject({
  filename: articleSchema.shape.title,
  details: articleSchema.shape.abstract.default(""),
  file: articleSchema.shape.pdf,
  // The scholarly fields under their own names, each optional (journal/article-fields.ts).
  ...articleApiBodyShape,
  ...s.editorialBody,
});

export const updateJournalBody = journalBody.extend(s.editedRecordFields);

export const journalRecord = s.record("Journal", {
  id: s.id,
  slug: z.string(),
  filename: z.string(),
  details: z.string().meta({ description: "Sanitised HTML" }),
  file: z.string(),
  ...articleApiRecordShape,
  ...s.authored,
});

const journalsList = z.strictObject({ journals: z.array(journalRecord), total: s.total, hasMore: z.boolean() });
const savedJournalResponse = z.strictObject({ ...s.savedWithSlug, journal: journalRecord });

/**
 * An article as SPEC.md's "journal": its title is `filename`, its abstract `details`, its PDF `file`;
 * its scholarly fields follow under their own names (journal/article-fields.ts).
 */
export const journalJson = (j: ArticleRecord) => ({
  _id: j.id,
  id: j.id,
  slug: j.slug,
  filename: j.title,
  details: j.abstract,
  file: j.pdf,
  ...articleApiValues(j as ArticleRecord & ArticleFieldValues),
  userId: j.userId,
  createdAt: j.createdAt.toISOString(),
  updatedAt: j.updatedAt.toISOString(),
  ...editorialJson(j),
});

/** SPEC.md's names for an article's title, abstract and PDF, as the article's own; the scholarly fields as sent. */
const articleOf = (body: { filename: string; details: string; file: string } & Partial<ArticleFieldValues>) => ({
  title: body.filename,
  abstract: body.details,
  pdf: body.file,
  ...pickArticleFields(body, ARTICLE_API_KEYS),
});

/** An article in the API's bodies and answers, where SPEC.md calls it a journal. */
const articles: Authored<typeof journalBody, typeof updateJournalBody, ReturnType<typeof articleOf>, ArticleRecord> = {
  noun: "Journal",
  key: "journal",
  json: journalJson,
  body: journalBody,
  updateBody: updateJournalBody,
  fields: articleOf,
  saved: savedJournalResponse,
};

const operation = operationsTagged("Journals");

export const journalOperations: Operation[] = [
  operation("getJournals", "GET /api/journal/getjournals", "public", {
    summary: "Journal articles, newest first (9 a page)",
    query: z.object({
      ...pageQuery,
      userId: z.string().max(100).optional().meta({ description: "Only this uploader's articles" }),
    }),
    responses: { 200: { description: "A page of articles and the total", schema: journalsList } },
    async handle({ services, query }) {
      const filter = { userId: query.userId || undefined };
      const [page, total] = await Promise.all([
        services.articles.list({ ...filter, ...normalisePage(query, 9) }),
        services.articles.count(filter),
      ]);
      return ok({ journals: page.items.map(journalJson), total, hasMore: page.hasMore });
    },
  }),
  operation("createJournal", "POST /api/journal/create", "journal", {
    summary: "Publish a journal article with its PDF",
    description: "`file` is the address /api/uploads returned for the PDF.",
    ...publishes(articles, (services, article) => services.articles.create(article)),
  }),
  operation("updateJournal", "PUT /api/journal/updatejournal/{journalId}/{userId}", "journal", {
    summary: "Save an edited journal article (a new PDF replaces the old one)",
    ...savesEdited(articles, "journalId", (services, id, article, options) =>
      services.articles.update(id, article, options),
    ),
  }),
  operation("deleteJournal", "DELETE /api/journal/deletejournal/{journalId}/{userId}", "journal", {
    summary: "Delete a journal article and its PDF",
    ...deletes("journalId", ARTICLE_DELETED, (services, id) => services.articles.remove(id)),
  }),
];
