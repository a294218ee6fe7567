import { privateDownload } from "~/web/file-response.server";

import { authorOf, orRefusal, submissionsOf } from "../web/author.server";
import type { Route } from "./+types/my-file";

/**
 * /my-submissions/{id}/files/{fileId} (issue 34): one of the author's own files, downloaded from the
 * private store. Never cached anywhere (it is one person's), never shown inline (a PDF or Word file
 * opened on this site's origin could run what it carries).
 */
export async function loader({ request, params }: Route.LoaderArgs) {
  const actor = await authorOf(request);
  const submissions = await submissionsOf();
  const file = await orRefusal(submissions.myFile(actor, params.submissionId, params.fileId));
  return privateDownload(request, file);
}
