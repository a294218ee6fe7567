import { SUBMIT_PATH } from "~/journal/submit-link";

/**
 * The author's addresses (issue 34), shared by the screens, the mails' links and the server's body
 * limit: a form that carries a file posts to its page's address with `?upload=<kind>`, the only
 * posts there that may be as large as a manuscript (server/request-body.server.ts).
 */

export { SUBMIT_PATH };
export const MY_SUBMISSIONS_PATH = "/my-submissions";

export const stepPath = (id: string, step: string) => `${SUBMIT_PATH}/${id}/${step}`;
export const mySubmissionPath = (id: string) => `${MY_SUBMISSIONS_PATH}/${id}`;
export const myFilePath = (id: string, fileId: string) => `${MY_SUBMISSIONS_PATH}/${id}/files/${fileId}`;

/** The query parameter that marks a file's upload, naming the kind of file. */
export const UPLOAD_PARAM = "upload";
export const uploadPath = (pathname: string, kind: string) => `${pathname}?${UPLOAD_PARAM}=${kind}`;

// The wizard's files step and a submission's page (a revision), also as React Router's data requests (`.data`).
const UPLOAD_PAGES = /^\/(?:submit\/[0-9a-f-]{36}\/files|my-submissions\/[0-9a-f-]{36})(?:\.data)?$/i;

/** Whether a request to this address carries a manuscript file. */
export function isManuscriptUpload(pathname: string, query: URLSearchParams): boolean {
  return UPLOAD_PAGES.test(pathname) && query.has(UPLOAD_PARAM);
}
