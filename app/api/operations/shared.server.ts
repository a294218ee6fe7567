import type { z } from "zod";

import type { Services } from "~/runtime.server";
import { ServiceError } from "~/services/errors.server";

import type { ApiContext, ApiResult } from "../operation.server";
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

/**
 * An authored item in the API (a post, a journal article): the bodies that publish and save it, its
 * fields in them as the service takes them, and its key and shape in the answers.
 */
export type Authored<B extends z.ZodType, U extends z.ZodType, Fields, Item extends { slug: string }> = {
  noun: string;
  key: string;
  json: (item: Item) => unknown;
  body: B;
  updateBody: U;
  fields: (body: z.output<B> | z.output<U>) => Fields;
  saved: z.ZodType;
};

type Editorial = ReturnType<typeof editorialOf>;

/** What an admin's publishing of an authored item adds to its declaration: the item answered with 201. */
export const publishes = <
  B extends z.ZodType<Parameters<typeof editorialOf>[0]>,
  U extends z.ZodType,
  Fields,
  Item extends { slug: string },
>(
  kind: Authored<B, U, Fields, Item>,
  create: (services: Services, input: Fields & Editorial["fields"] & { userId: string }) => Promise<Item>,
) => ({
  body: kind.body,
  responses: { 201: { description: "Published", schema: kind.saved } },
  async handle({ services, user, body }: ApiContext<never, z.output<B>>) {
    const item = await create(services, { ...kind.fields(body), ...editorialOf(body).fields, userId: user!.id });
    return ok({ success: true, message: `${kind.noun} published`, slug: item.slug, [kind.key]: kind.json(item) }, 201);
  },
});

/** What an admin's save of an edited authored item (its id the path parameter `param`) adds to its declaration. */
export const savesEdited = <
  B extends z.ZodType,
  U extends z.ZodType<Parameters<typeof editorialOf>[0]>,
  Fields,
  Item extends { slug: string },
>(
  kind: Authored<B, U, Fields, Item>,
  param: string,
  update: (
    services: Services,
    id: string,
    input: Fields & Editorial["fields"],
    options: Editorial["options"],
  ) => Promise<Item>,
) => ({
  body: kind.updateBody,
  responses: { 200: { description: "Saved", schema: kind.saved } },
  errors: [404, 409],
  async handle({ services, params, body, user }: ApiContext<never, z.output<U>>) {
    const { fields, options } = editorialOf(body, user!.id);
    const item = await update(services, params[param], { ...kind.fields(body), ...fields }, options);
    return ok({ success: true, message: `${kind.noun} updated`, slug: item.slug, [kind.key]: kind.json(item) });
  },
});

export const one = <T>(value: T | undefined | null, message: string): T => value ?? refuse(404, message);

export const message = { description: "Done", schema: s.messageResponse };

/**
 * What an admin's delete of one authored item (a post, a journal article) adds to its declaration:
 * the id is the path parameter `param`; the answer says `deleted`.
 */
export const deletes = (
  param: string,
  deleted: string,
  remove: (services: Services, id: string) => Promise<unknown>,
) => ({
  responses: { 200: message },
  errors: [404],
  async handle({ services, params }: Pick<ApiContext<never, never>, "services" | "params">) {
    await remove(services, params[param]);
    return done(deleted);
  },
});
