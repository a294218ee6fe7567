import type { Readable } from "node:stream";

import type { z } from "zod";

import type { SessionUser } from "~/accounts/accounts.server";
import type { Area } from "~/domain/roles";
import type { Services } from "~/runtime.server";

export type Method = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";

/**
 * Who may call an operation: anyone, those whose roles work on an area (roles.ts), anyone signed in
 * (`signed-in`: the service then decides what is theirs, as an author's own submissions), or
 * `self-or-admin`: the `{userId}` in the path must be the caller's own id, unless the caller is an admin.
 */
export type Access = "public" | Area | "signed-in" | "self-or-admin";

export type ApiContext<Query, Body> = {
  request: Request;
  services: Services;
  user: SessionUser | null;
  params: Record<string, string>;
  query: Query;
  body: Body;
};

/** A private file answered as itself (a manuscript, a certificate), not as JSON. */
export type ApiFile = { body: Readable | Uint8Array; size: number; contentType: string; name: string };

export type ApiResult = { status?: number; body: unknown; headers?: Headers; file?: ApiFile };

/** A success answer: JSON of `schema`, or (`file`) the bytes of a file of one of these types. */
export type ApiResponse = { description: string; schema: z.ZodType } | { description: string; file: readonly string[] };

/**
 * A body that is a file, sent as itself (not JSON) with its name in X-File-Name, as /api/uploads
 * takes it: the handler reads `request.body`; its size limit is the server's for the address
 * (server/request-body.server.ts).
 */
export type Upload = {
  description: string;
  contentTypes: readonly string[];
  /**
   * Sent as a multipart form instead: these text fields, then the file in the part named `file`
   * (read as it arrives by ~/lib/multipart.server.ts; the file may be left out).
   */
  form?: { fields: z.ZodObject; file: string };
};

/** A body whose schema depends on a path parameter (a settings section's fields). */
export type BodyVariants = { param: string; variants: Record<string, z.ZodType> };

/** Another path an operation answers at; OpenAPI needs an operationId of its own for it. */
export type Alias = { path: string; operationId: string };

export type Operation = {
  operationId: string;
  method: Method;
  /** OpenAPI path template: /api/post/updatepost/{postId}/{userId} */
  path: string;
  /** The same call at other paths (an earlier client's spelling), documented as deprecated. */
  aliases?: Alias[];
  tag: string;
  summary: string;
  description?: string;
  access: Access;
  query?: z.ZodObject;
  body?: z.ZodType | BodyVariants;
  /**
   * Body fields an earlier client spells otherwise (`vcImage` for `vcimage`): renamed before the
   * body is checked, unless the body also has the field under its own name.
   */
  bodyAliases?: Record<string, string>;
  /** A file as the body, instead of JSON. */
  upload?: Upload;
  /** The success answers. */
  responses: Record<number, ApiResponse>;
  /** Refusals particular to this operation (404, 409...); the common ones are added for it. */
  errors?: number[];
  /** Cookies are set or cleared (sign-in, sign-out, password change). */
  setsSession?: boolean;
  /** A public call whose answer depends on who asks (admins also find drafts): the session is read. */
  readsViewer?: boolean;
  handle(context: ApiContext<never, never>): Promise<ApiResult>;
};

/** The body a handler is given for a body schema: a settings section's fields are strings. */
export type BodyOf<B extends z.ZodType | BodyVariants | undefined> = B extends z.ZodType
  ? z.output<B>
  : B extends BodyVariants
    ? Record<string, string>
    : undefined;

/** An operation as declared: its handler typed by its own query and body schemas. */
export type OperationSpec<Q extends z.ZodObject | undefined, B extends z.ZodType | BodyVariants | undefined> = Omit<
  Operation,
  "query" | "body" | "handle"
> & {
  query?: Q;
  body?: B;
  handle(
    context: ApiContext<Q extends z.ZodObject ? z.output<Q> : Record<string, never>, BodyOf<B>>,
  ): Promise<ApiResult>;
};

/** Declares an operation with its handler typed by its own query and body schemas. */
function defineOperation<
  Q extends z.ZodObject | undefined = undefined,
  B extends z.ZodType | BodyVariants | undefined = undefined,
>(spec: OperationSpec<Q, B>): Operation {
  return spec as unknown as Operation;
}

/** An operation's method and path as HTTP writes them: `PUT /api/faculty/{id}`. */
export type Endpoint = `${Method} /${string}`;

/**
 * Declares the operations of one tag (one resource of the document). Each starts with what a
 * reader looks for: its operationId, its endpoint and who may call it; the rest follows.
 */
export function operationsTagged(tag: string) {
  return function operation<
    Q extends z.ZodObject | undefined = undefined,
    B extends z.ZodType | BodyVariants | undefined = undefined,
  >(
    operationId: string,
    endpoint: Endpoint,
    access: Access,
    spec: Omit<OperationSpec<Q, B>, "operationId" | "method" | "path" | "tag" | "access">,
  ): Operation {
    const [method, path] = endpoint.split(" ") as [Method, string];
    return defineOperation<Q, B>({ operationId, method, path, tag, access, ...spec });
  };
}

export const isBodyVariants = (body: Operation["body"]): body is BodyVariants => Boolean(body && "variants" in body);

/** The statuses an operation can refuse with, for the document and the tests. */
export function errorStatuses(op: Operation): number[] {
  const statuses = new Set(op.errors ?? []);
  if (op.query || op.body || op.upload) statuses.add(400);
  if (op.body || op.upload) statuses.add(413);
  if (op.body) statuses.add(415);
  if (op.access !== "public") {
    statuses.add(401);
    statuses.add(403);
  }
  return [...statuses].sort((a, b) => a - b);
}

/** One path an operation answers at: its own, or an alias. */
export type Route = { operation: Operation; path: string; operationId: string; deprecated: boolean };

/** Every path of every operation: what the dispatcher matches, the document lists and the tests call. */
export function routesOf(operations: readonly Operation[]): Route[] {
  return operations.flatMap((operation) => [
    { operation, path: operation.path, operationId: operation.operationId, deprecated: false },
    ...(operation.aliases ?? []).map(({ path, operationId }) => ({ operation, path, operationId, deprecated: true })),
  ]);
}
