import { services } from "~/runtime.server";
import { storedFileResponse } from "~/web/file-response.server";

import type { Route } from "./+types/uploads";

/**
 * /uploads/<key> from the configured store. (With the local store, the production server answers
 * these itself before they reach here: a link-preview copy not made yet comes here.)
 */
export async function loader({ request, params }: Route.LoaderArgs) {
  const { media } = await services();
  const key = params["*"] ?? "";
  // An image's link-preview copy: made from its main copy the first time it is asked for.
  if (key.endsWith("-og.jpg")) await media.ensureSocialCard(key);
  return storedFileResponse(request, media, key);
}
