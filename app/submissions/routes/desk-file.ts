import { Readable } from "node:stream";

import { services } from "~/runtime.server";
import { orRefusalPage } from "~/web/refusal-page.server";
import { requireRole } from "~/web/session.server";

import type { Route } from "./+types/desk-file";

/**
 * A submission's file for its editors: the original (`?copy=anonymised`: the copy reviewers
 * download). Private: never cached, never indexed, always a download.
 */
export async function loader({ request, params }: Route.LoaderArgs) {
  const user = await requireRole(request, "submissions");
  const copy = new URL(request.url).searchParams.get("copy") === "anonymised" ? "anonymised" : "original";
  const file = await orRefusalPage(
    (await services()).submissions.deskFile(user, params.submissionId, params.fileId, copy),
  );
  return fileResponse(file);
}

/** A stored submission file as a private download. */
export function fileResponse(file: { body: Readable; size: number; contentType: string; name: string }) {
  const ascii = file.name.replace(/[^\x20-\x7e]/g, "_").replace(/["\\]/g, "_");
  return new Response(Readable.toWeb(file.body) as ReadableStream, {
    headers: {
      "Content-Type": file.contentType,
      "Content-Length": String(file.size),
      "Content-Disposition": `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(file.name)}`,
      "Cache-Control": "private, no-store",
      "X-Robots-Tag": "noindex",
      "Referrer-Policy": "no-referrer",
    },
  });
}
