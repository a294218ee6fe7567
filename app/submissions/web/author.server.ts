import { data } from "react-router";

import { services } from "~/runtime.server";
import { ServiceError } from "~/services/errors.server";
import { requireUser } from "~/web/session.server";

import type { Actor } from "../context.server";

/**
 * The author's screens' request edge (issue 34): who is asking, and a service's refusal as the
 * page's answer. Every author screen is for a signed-in person (signed out: to sign in and back);
 * what is not theirs is answered 404 in the same words as what does not exist.
 */

/** The signed-in person as the submissions service takes them. */
export async function authorOf(request: Request): Promise<Actor> {
  const user = await requireUser(request);
  return { id: user.id, roles: user.roles };
}

export async function submissionsOf() {
  return (await services()).submissions;
}

/** A loader's read, with a refusal (not yours, no such thing) as the page's status and words. */
export async function orRefusal<T>(read: Promise<T>): Promise<T> {
  try {
    return await read;
  } catch (error) {
    if (error instanceof ServiceError) throw data({ message: error.message }, { status: error.status });
    throw error;
  }
}
