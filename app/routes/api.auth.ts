import { apiError } from "~/lib/api-response.server";
import { isUrlEncoded, parseUrlEncoded } from "~/lib/read-form.server";
import { services } from "~/runtime.server";

import type { Route } from "./+types/api.auth";

/**
 * The auth library's own endpoints that the site needs from outside: the providers' OAuth
 * callbacks and the library's error page. Its other endpoints (profile, roles, passwords...) are
 * not exposed: the site's own calls apply its rules (uploaded photos only, never the last admin).
 */
const EXPOSED = [/^\/api\/auth\/callback\/[\w-]+$/, /^\/api\/auth\/oauth2\/callback\/[\w-]+$/, /^\/api\/auth\/error$/];

/**
 * The library parses a form body with Node's own parser, which takes quadratic time over fields
 * without `=` (decision 032): a form is handed to it written out again, every field with its `=`.
 */
async function withLinearForm(request: Request): Promise<Request> {
  if (!request.body || !isUrlEncoded(request)) return request;
  const headers = new Headers(request.headers);
  headers.delete("content-length");
  const body = parseUrlEncoded(await request.text()).toString();
  return new Request(request.url, { method: request.method, headers, body, signal: request.signal });
}

async function handle(request: Request) {
  const { pathname } = new URL(request.url);
  if (!EXPOSED.some((pattern) => pattern.test(pathname)))
    return apiError(404, "There is no such API call. The list is at /api/docs.");
  return (await services()).accounts.handleAuthRequest(await withLinearForm(request));
}

export function loader({ request }: Route.LoaderArgs) {
  return handle(request);
}

export function action({ request }: Route.ActionArgs) {
  return handle(request);
}
