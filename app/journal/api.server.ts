import { z } from "zod";

import { type Operation, operationsTagged } from "~/api/operation.server";
import { deleteOperation, editorialOf, ok, pageQuery } from "~/api/operations/shared.server";
import { journalJson } from "~/api/records.server";
import * as s from "~/api/schemas";
import { ARTICLE_API_KEYS, type ArticleFieldValues, pickArticleFields } from "~/journal/article-fields";
import { normalisePage } from "~/services/pagination";

import { ARTICLE_DELETED } from "./messages";

/** The journal's articles and their PDFs (SPEC.md section 7, which calls an article a journal). */

/** SPEC.md's names for an article's title, abstract and PDF, as the article's own; the scholarly fields as sent. */
const articleOf = (body: { filename: string; details: string; file: string } & Partial<ArticleFieldValues>) => ({
  title: body.filename,
  abstract: body.details,
  pdf: body.file,
  ...pickArticleFields(body, ARTICLE_API_KEYS),
});

const operation = operationsTagged("Journals");

export const journalOperations: Operation[] = [
  operation("getJournals", "GET /api/journal/getjournals", "public", {
    summary: "Journal articles, newest first (9 a page)",
    query: z.object({
      ...pageQuery,
      userId: z.string().max(100).optional().meta({ description: "Only this uploader's articles" }),
    }),
    responses: { 200: { description: "A page of articles and the total", schema: s.journalsList } },
    async handle({ services, query }) {
      const filter = { userId: query.userId || undefined };
      const [page, total] = await Promise.all([
        services.articles.list({ ...filter, ...normalisePage(query, 9) }),
        services.articles.count(filter),
      ]);
      return ok({ journals: page.items.map(journalJson), total, hasMore: page.hasMore });
    },
  }),
  operation("createJournal", "POST /api/journal/create", "admin", {
    summary: "Publish a journal article with its PDF",
    description: "`file` is the address /api/uploads returned for the PDF.",
    body: s.journalBody,
    responses: { 201: { description: "Published", schema: s.savedJournalResponse } },
    async handle({ services, user, body }) {
      const article = await services.articles.create({
        ...articleOf(body),
        ...editorialOf(body).fields,
        userId: user!.id,
      });
      return ok(
        { success: true, message: "Journal published", slug: article.slug, journal: journalJson(article) },
        201,
      );
    },
  }),
  operation("updateJournal", "PUT /api/journal/updatejournal/{journalId}/{userId}", "admin", {
    summary: "Save an edited journal article (a new PDF replaces the old one)",
    body: s.updateJournalBody,
    responses: { 200: { description: "Saved", schema: s.savedJournalResponse } },
    errors: [404, 409],
    async handle({ services, params, body, user }) {
      const { fields, options } = editorialOf(body, user!.id);
      const article = await services.articles.update(params.journalId, { ...articleOf(body), ...fields }, options);
      return ok({ success: true, message: "Journal updated", slug: article.slug, journal: journalJson(article) });
    },
  }),
  deleteOperation({
    operationId: "deleteJournal",
    path: "/api/journal/deletejournal/{journalId}/{userId}",
    tag: "Journals",
    summary: "Delete a journal article and its PDF",
    param: "journalId",
    deleted: ARTICLE_DELETED,
    remove: (services, id) => services.articles.remove(id),
  }),
];
