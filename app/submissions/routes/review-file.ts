import { services } from "~/runtime.server";
import { reviewerDownload, reviewerLink } from "~/submissions/web/reviewer-link.server";

import type { Route } from "./+types/review-file";

/**
 * /review/{token}/files/{fileId}: an anonymised copy of a file of the review's submission, once
 * the invitation is accepted (reviewing.server.ts decides). Always a download, never kept by a
 * cache, and no Referer goes from it to another site (the token is in its address).
 */
export async function loader({ request, params }: Route.LoaderArgs) {
  const { submissions } = await services();
  return reviewerDownload(request, () => submissions.reviewerFile(reviewerLink(request, params.token), params.fileId));
}
