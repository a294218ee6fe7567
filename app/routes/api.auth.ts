import { services } from "~/runtime.server";
import type { Route } from "./+types/api.auth";

/** The auth library's own endpoints (OAuth callbacks, session calls) under /api/auth/*. */
export async function loader({ request }: Route.LoaderArgs) {
  return (await services()).accounts.auth.handler(request);
}

export async function action({ request }: Route.ActionArgs) {
  return (await services()).accounts.auth.handler(request);
}
