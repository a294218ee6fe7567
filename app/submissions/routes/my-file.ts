import { Readable } from "node:stream";

import { STORED_FILE_POLICY } from "~/lib/security-headers.server";
import { contentDisposition } from "~/web/file-response.server";

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
  return new Response(Readable.toWeb(file.body) as ReadableStream<Uint8Array>, {
    headers: {
      "Content-Type": file.contentType,
      "Content-Length": String(file.size),
      "Content-Disposition": contentDisposition("attachment", file.name),
      "Cache-Control": "private, no-store",
      "X-Content-Type-Options": "nosniff",
      "Content-Security-Policy": STORED_FILE_POLICY,
    },
  });
}
