import { services } from "~/runtime.server";
import { privateDownload } from "~/web/file-response.server";
import { orRefusalPage } from "~/web/refusal-page.server";
import { requireRole } from "~/web/session.server";

import type { Route } from "./+types/desk-file";

/**
 * A submission's file for its editors: the original (`?copy=anonymised`: the copy reviewers
 * download). Private: never cached, never indexed, always a download, sandboxed like every private
 * file (privateDownload).
 */
export async function loader({ request, params }: Route.LoaderArgs) {
  const user = await requireRole(request, "submissions");
  const copy = new URL(request.url).searchParams.get("copy") === "anonymised" ? "anonymised" : "original";
  const file = await orRefusalPage(
    (await services()).submissions.deskFile(user, params.submissionId, params.fileId, copy),
  );
  return privateDownload(request, file, new Headers({ "X-Robots-Tag": "noindex", "Referrer-Policy": "no-referrer" }));
}
