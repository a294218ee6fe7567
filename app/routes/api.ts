import { handleApiRequest } from "~/routes/api/dispatch.server";

import type { Route } from "./+types/api";

/** The JSON API of SPEC.md section 7 (see app/routes/api/all-operations.server.ts for every call). */
export function loader({ request }: Route.LoaderArgs) {
  return handleApiRequest(request);
}

export function action({ request }: Route.ActionArgs) {
  return handleApiRequest(request);
}
