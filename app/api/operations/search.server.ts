import { z } from "zod";

import { MAX_QUERY_LENGTH, QUERY_TOO_LONG } from "~/domain/messages/search";
import { SEARCH_KINDS } from "~/domain/search";
import { snippetHtml } from "~/services/search.server";

import { type Operation, operationsTagged } from "../operation.server";
import * as s from "../schemas";
import { ok } from "./shared.server";

/** Site search (issue 22, decision 025): the same results as the /search page. */

const hit = z.strictObject({
  kind: z.enum(SEARCH_KINDS),
  title: z.string(),
  url: z.string().meta({ description: "The page the item is shown on (a path of this site)" }),
  category: z.string().meta({ description: "A post's category, an article's section, a page's place" }),
  date: z.string().nullable().meta({ format: "date-time", description: "When it went public (posts, articles)" }),
  snippet: z.string().meta({ description: "Text around the words found" }),
  snippetHtml: z.string().meta({ description: "The snippet as HTML: escaped text, the words found in <mark>" }),
});

const results = z.strictObject({
  query: z.string(),
  results: z.array(hit),
  total: z.number().int().meta({ description: "Matches counted (up to 1,000 of each kind)" }),
  capped: z.boolean().meta({ description: "More matched than were counted" }),
  page: z.number().int(),
  pages: z.number().int(),
});

const operation = operationsTagged("Search");

export const searchOperations: Operation[] = [
  operation("search", "GET /api/search", "public", {
    summary: "Search news posts, journal articles and the pages of the site, ranked, 10 a page",
    description:
      'Words match their other forms (stemming) and the last word also as a prefix while typing; "quoted phrases" and -excluded words. Only what visitors may see.',
    query: z.object({
      q: z
        .string()
        .max(MAX_QUERY_LENGTH, QUERY_TOO_LONG)
        .optional()
        .meta({ description: `What to look for (at most ${MAX_QUERY_LENGTH} characters)` }),
      kind: z.enum(SEARCH_KINDS).optional().meta({ description: "Only posts, articles or pages" }),
      category: z.string().max(80).optional().meta({ description: "Only news posts of this category (its slug)" }),
      year: z
        .string()
        .regex(/^\d{4}$/, "year must be a year such as 2025.")
        .transform(Number)
        .optional()
        .meta({ description: "Only posts and articles of this year" }),
      page: s.wholeNumberParam("page").optional(),
    }),
    responses: { 200: { description: "A page of results", schema: results } },
    async handle({ services, query }) {
      const found = await services.search.search({
        q: query.q ?? "",
        kind: query.kind,
        category: query.category,
        year: query.year,
        page: query.page,
      });
      return ok({
        query: found.query,
        results: found.hits.map(({ snippet, ...rest }) => ({
          ...rest,
          snippet: snippet.map((part) => part.text).join(""),
          snippetHtml: snippetHtml(snippet),
        })),
        total: found.total,
        capped: found.capped,
        page: found.page,
        pages: found.pages,
      });
    },
  }),
];
