import { services } from "~/runtime.server";
import { storedFileResponse } from "~/web/file-response.server";

import type { Route } from "./+types/uploads";

/**
 * /uploads/<key> from the configured store. (With the local store, the production server answers
 * these itself before they reach here.)
 */
export async function loader({ request, params }: Route.LoaderArgs) {
  return storedFileResponse(request, (await services()).media, params["*"] ?? "");
}
