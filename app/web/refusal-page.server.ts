import { data } from "react-router";

import { ServiceError } from "~/services/errors.server";

/**
 * A loader's read that a service may refuse (someone else's submission, a link that has ended):
 * the refusal becomes the error page with its status and words (404, 403, 410…), never a 500.
 * Forms keep their own edge (form-action.server.ts), which answers refusals inside the form.
 */
export async function orRefusalPage<T>(read: Promise<T>): Promise<T> {
  try {
    return await read;
  } catch (error) {
    if (error instanceof ServiceError && error.status !== 503)
      throw data({ message: error.message }, { status: error.status, headers: error.headers });
    throw error;
  }
}
