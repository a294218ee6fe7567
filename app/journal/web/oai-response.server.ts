import type { OaiService } from "~/journal/exports/oai/oai.server";
import { parseUrlEncoded } from "~/lib/read-form.server";

/** OAI-PMH answers are read by harvesters as they are: nothing to keep in a cache. */
const HEADERS = { "Content-Type": "text/xml; charset=utf-8", "Cache-Control": "no-store" };

/**
 * The request's OAI-PMH arguments: the query of a GET, the form body of a POST
 * (application/x-www-form-urlencoded, the one encoding the protocol allows).
 */
export async function oaiArguments(request: Request): Promise<[string, string][]> {
  if (request.method === "POST") {
    const type = (request.headers.get("content-type") ?? "").split(";")[0].trim().toLowerCase();
    // Another encoding names no arguments: the answer is badVerb, as for an empty request.
    if (type !== "application/x-www-form-urlencoded") return [];
    // Parsed in linear time, whatever the fields look like (decision 032).
    return [...parseUrlEncoded(await request.text())];
  }
  return [...new URL(request.url).searchParams];
}

/** The OAI-PMH endpoint's whole answer to one HTTP request; `siteUrl` is the site's public address. */
export async function oaiResponse(request: Request, oai: OaiService, siteUrl: string): Promise<Response> {
  const xml = await oai.respond(await oaiArguments(request), { siteUrl });
  return new Response(request.method === "HEAD" ? null : xml, { headers: HEADERS });
}
