import { data } from "react-router";

import { CLIENT_IP_HEADER } from "~/lib/client-ip.server";
import { ServiceError } from "~/services/errors.server";
import type { ReviewerLink } from "~/submissions/reviewing.server";
import { privateDownload } from "~/web/file-response.server";

/**
 * The request edge of a reviewer's link (/review/{token}/...): the link as the service takes it,
 * and the headers every answer under it carries. The token is in the address, so no page or file
 * under it sends a Referer to another site, is kept by any cache (the page cache keeps only its
 * PUBLIC_PAGES, and these are not among them), or is indexed.
 *
 * `same-origin`, not `no-referrer`: under `no-referrer` a browser sends `Origin: null` with the
 * page's own form posts (the Fetch standard), which the cross-site guard rightly refuses, so the
 * forms would not work before their script loads. `same-origin` sends a Referer only to this site,
 * which has the address anyway, and never to another.
 */
export function reviewerLink(request: Request, token: string | undefined): ReviewerLink {
  return { token: token ?? "", address: request.headers.get(CLIENT_IP_HEADER) };
}

export const REVIEWER_LINK_HEADERS = {
  "Referrer-Policy": "same-origin",
  "Cache-Control": "private, no-store",
  "X-Robots-Tag": "noindex, nofollow",
} as const;

/** The headers of a page under the link, with a refusal's Retry-After when there is one. */
export function reviewerPageHeaders(...from: Headers[]): Headers {
  const headers = new Headers(REVIEWER_LINK_HEADERS);
  for (const source of from) {
    const retryAfter = source.get("Retry-After");
    if (retryAfter) headers.set("Retry-After", retryAfter);
  }
  return headers;
}

/**
 * A file under the link as a download (web/file-response.server.ts), or the refusal `work` threw, as
 * the link's page would answer it.
 */
export async function reviewerDownload(
  request: Request,
  work: () => Promise<Parameters<typeof privateDownload>[1]>,
): Promise<Response> {
  try {
    return privateDownload(request, await work(), reviewerPageHeaders());
  } catch (error) {
    if (error instanceof ServiceError)
      throw data(
        { message: error.message },
        { status: error.status, headers: reviewerPageHeaders(error.headers ?? new Headers()) },
      );
    throw error;
  }
}
