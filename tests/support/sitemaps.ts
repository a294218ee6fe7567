import { expect } from "vitest";

import { loader as robotsLoader } from "~/routes/robots";
import { loader } from "~/routes/sitemaps";

import { locsOf, xmllintProblems } from "./feeds";

/** The sitemap route's (or robots.txt's) answer to a GET of `url`, through the app's runtime. */
export async function sitemapAnswer(url: string, headers: Record<string, string> = {}): Promise<Response> {
  const request = new Request(`http://localhost${url}`, { headers });
  if (url === "/robots.txt") return robotsLoader({ request, params: {}, context: {} } as never) as Response;
  const params = url.startsWith("/sitemaps/") ? { sitemapFile: url.slice("/sitemaps/".length) } : {};
  try {
    return (await loader({ request, params, context: {} } as never)) as Response;
  } catch (thrown) {
    const status = (thrown as { init?: { status?: number } }).init?.status;
    if (status) return new Response(null, { status });
    throw thrown;
  }
}

/** A sitemap (or index) answered as XML that the protocol's schema accepts, and the addresses it lists. */
export async function validSitemap(url: string, schema: "sitemap.xsd" | "siteindex.xsd" = "sitemap.xsd") {
  const answer = await sitemapAnswer(url);
  expect(answer.status).toBe(200);
  expect(answer.headers.get("content-type")).toBe("application/xml; charset=utf-8");
  const body = await answer.text();
  expect(xmllintProblems(body, schema)).toBe("");
  return { answer, body, locs: locsOf(body) };
}
