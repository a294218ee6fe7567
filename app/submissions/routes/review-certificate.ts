import { services } from "~/runtime.server";
import { reviewerDownload, reviewerLink } from "~/submissions/web/reviewer-link.server";

import type { Route } from "./+types/review-certificate";

/**
 * /review/{token}/certificate.pdf: the certificate of a submitted review (the journal, the
 * reviewer and the year; never the paper), made when asked for. Under the link's rules: no
 * Referer, no cache.
 */
export async function loader({ request, params }: Route.LoaderArgs) {
  const { submissions } = await services();
  return reviewerDownload(request, async () => {
    const bytes = await submissions.certificate(reviewerLink(request, params.token));
    return {
      name: "review-certificate.pdf",
      contentType: "application/pdf",
      size: bytes.byteLength,
      body: new Uint8Array(bytes),
    };
  });
}
