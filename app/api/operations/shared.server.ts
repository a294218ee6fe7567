import type { Services } from "~/registry.server";
import { ServiceError } from "~/services/errors.server";

import { type ApiResult, defineOperation } from "../operation.server";
import * as s from "../schemas";

/** What the operations of every resource answer with. */

export const ok = (body: unknown, status = 200, headers?: Headers): ApiResult => ({ status, body, headers });
export const done = (message: string, status = 200, headers?: Headers) =>
  ok({ success: true, message }, status, headers);
export const refuse = (status: number, message: string): never => {
  throw new ServiceError(message, status);
};

export const pageQuery = {
  startIndex: s.wholeNumberParam("startIndex").optional(),
  limit: s.wholeNumberParam("limit").optional(),
};

/** A slug lookup of an old address: a permanent redirect to the same question about the current slug. */
export const movedPermanently = (request: Request, slug: string): ApiResult => {
  const to = new URL(request.url);
  to.searchParams.set("slug", slug);
  return ok(
    { success: true, message: `Moved permanently to slug "${slug}"` },
    301,
    new Headers({ Location: to.pathname + to.search }),
  );
};

export const moved = { description: "An old slug: Location names the current one", schema: s.messageResponse };

/**
 * The editorial fields of a post or article body (status, publishAt) as the service takes them, and
 * a save's options: the slug sent (a change moves the address), the version loaded, the editor.
 */
export function editorialOf(
  body: { status?: "draft" | "scheduled" | "published"; publishAt?: string | null; slug?: unknown; version?: number },
  editorId?: string,
) {
  return {
    fields: { status: body.status, publishAt: body.publishAt ? new Date(body.publishAt) : undefined },
    options: { slug: typeof body.slug === "string" ? body.slug : undefined, version: body.version, editorId },
  };
}

export const one = <T>(value: T | undefined | null, message: string): T => value ?? refuse(404, message);

export const message = { description: "Done", schema: s.messageResponse };

/** An admin deletes one authored item (a post, a journal article) named by the id in its path. */
export const deleteOperation = (spec: {
  operationId: string;
  path: string;
  tag: string;
  summary: string;
  /** The path parameter holding the item's id. */
  param: string;
  deleted: string;
  remove: (services: Services, id: string) => Promise<unknown>;
}) =>
  defineOperation({
    operationId: spec.operationId,
    method: "DELETE",
    path: spec.path,
    tag: spec.tag,
    summary: spec.summary,
    access: "admin",
    responses: { 200: message },
    errors: [404],
    async handle({ services, params }) {
      await spec.remove(services, params[spec.param]);
      return done(spec.deleted);
    },
  });
