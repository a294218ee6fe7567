import { Readable } from "node:stream";

import { data } from "react-router";

import { STORED_FILE_POLICY } from "~/lib/security-headers.server";
import { services } from "~/runtime.server";
import { ServiceError } from "~/services/errors.server";
import { reviewerLink, reviewerPageHeaders } from "~/submissions/web/reviewer-link.server";
import { contentDisposition } from "~/web/file-response.server";

import type { Route } from "./+types/review-file";

/**
 * /review/{token}/files/{fileId}: an anonymised copy of a file of the review's submission, once
 * the invitation is accepted (reviewing.server.ts decides). Always a download, never kept by a
 * cache, and no Referer goes from it to another site (the token is in its address).
 */
export async function loader({ request, params }: Route.LoaderArgs) {
  const { submissions } = await services();
  try {
    const file = await submissions.reviewerFile(reviewerLink(request, params.token), params.fileId);
    const headers = reviewerPageHeaders();
    headers.set("Content-Type", file.contentType);
    headers.set("Content-Length", String(file.size));
    headers.set("Content-Disposition", contentDisposition("attachment", file.name));
    headers.set("Content-Security-Policy", STORED_FILE_POLICY);
    headers.set("X-Content-Type-Options", "nosniff");
    if (request.method === "HEAD") {
      file.body.destroy();
      return new Response(null, { headers });
    }
    return new Response(Readable.toWeb(file.body) as ReadableStream, { headers });
  } catch (error) {
    if (error instanceof ServiceError)
      throw data(
        { message: error.message },
        { status: error.status, headers: reviewerPageHeaders(error.headers ?? new Headers()) },
      );
    throw error;
  }
}
