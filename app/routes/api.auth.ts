import { apiError } from "~/lib/api-response.server";
import { services } from "~/runtime.server";

import type { Route } from "./+types/api.auth";

/**
 * The auth library's own endpoints that the site needs from outside: the providers' OAuth
 * callbacks and the library's error page. Its other endpoints (profile, roles, passwords...) are
 * not exposed: the site's own calls apply its rules (uploaded photos only, never the last admin).
 */
const EXPOSED = [/^\/api\/auth\/callback\/[\w-]+$/, /^\/api\/auth\/oauth2\/callback\/[\w-]+$/, /^\/api\/auth\/error$/];

async function handle(request: Request) {
  const { pathname } = new URL(request.url);
  if (!EXPOSED.some((pattern) => pattern.test(pathname)))
    return apiError(404, "There is no such API call. The list is at /api/docs.");
  return (await services()).accounts.auth.handler(request);
}

export function loader({ request }: Route.LoaderArgs) {
  return handle(request);
}

export function action({ request }: Route.ActionArgs) {
  return handle(request);
}
