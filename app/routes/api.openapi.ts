import { openApiDocument } from "~/routes/api/openapi.server";

/** GET /api/openapi.json: the API's OpenAPI 3.1 document, generated from its zod schemas. */
export function loader() {
  return Response.json(openApiDocument(), { headers: { "Cache-Control": "public, max-age=300" } });
}
