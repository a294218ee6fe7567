import { data } from "react-router";

import { services } from "~/runtime.server";
import { ServiceError } from "~/services/errors.server";
import { reviewerLink, reviewerPageHeaders } from "~/submissions/web/reviewer-link.server";
import { contentDisposition } from "~/web/file-response.server";

import type { Route } from "./+types/review-certificate";

/**
 * /review/{token}/certificate.pdf: the certificate of a submitted review (the journal, the
 * reviewer and the year; never the paper), made when asked for. Under the link's rules: no
 * Referer, no cache.
 */
export async function loader({ request, params }: Route.LoaderArgs) {
  const { submissions } = await services();
  try {
    const bytes = await submissions.certificate(reviewerLink(request, params.token));
    const headers = reviewerPageHeaders();
    headers.set("Content-Type", "application/pdf");
    headers.set("Content-Length", String(bytes.byteLength));
    headers.set("Content-Disposition", contentDisposition("attachment", "review-certificate.pdf"));
    headers.set("X-Content-Type-Options", "nosniff");
    return new Response(request.method === "HEAD" ? null : new Uint8Array(bytes), { headers });
  } catch (error) {
    if (error instanceof ServiceError)
      throw data(
        { message: error.message },
        { status: error.status, headers: reviewerPageHeaders(error.headers ?? new Headers()) },
      );
    throw error;
  }
}
