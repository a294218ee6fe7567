import { Readable } from "node:stream";

import type { z } from "zod";

import { ADMIN_NEEDS_TWO_FACTOR } from "~/accounts/two-factor";
import { FILL_ALL_FIELDS } from "~/domain/messages/forms";
import { isArea, isStaff, mayWorkOn, whoMay } from "~/domain/roles";
import { withAbsoluteUploads, withRelativeUploads } from "~/lib/absolute-uploads";
import { apiError } from "~/lib/api-response.server";
import { readJsonObject } from "~/lib/read-json.server";
import { domainServices, getRuntime } from "~/runtime.server";
import { noteActivity, withActivity } from "~/services/activity.server";
import { ServiceError } from "~/services/errors.server";
import { isObjectId } from "~/services/legacy-ids.server";

import { type ApiFile, isBodyVariants, type Operation } from "../../api/operation.server";
import { routes } from "./all-operations.server";

/**
 * The JSON API's one entry: finds the operation for the method and path, checks who is asking
 * before reading any body, validates the query and body with the operation's schemas, and turns
 * every refusal into `{success: false, statusCode, message}`. Nothing thrown reaches the client
 * as a stack trace.
 */

type Match = { operation: Operation; params: Record<string, string> };

const compiled = routes.map(({ operation, path }) => ({ operation, segments: path.split("/").filter(Boolean) }));

function segmentsOf(pathname: string): string[] | null {
  try {
    return pathname.split("/").filter(Boolean).map(decodeURIComponent);
  } catch {
    return null;
  }
}

/** The operations whose path matches, whatever their method. */
function matchPath(pathname: string): Match[] {
  const segments = segmentsOf(pathname);
  if (!segments) return [];
  const matches: Match[] = [];
  for (const { operation, segments: template } of compiled) {
    if (template.length !== segments.length) continue;
    const params: Record<string, string> = {};
    const fits = template.every((part, i) => {
      if (part.startsWith("{")) {
        params[part.slice(1, -1)] = segments[i];
        return segments[i].length > 0 && segments[i].length <= 200;
      }
      return part === segments[i];
    });
    if (fits) matches.push({ operation, params });
  }
  // A fixed segment wins over a parameter (/api/departments/getdepart over /api/departments/{id}).
  return matches.sort((a, b) => Object.keys(a.params).length - Object.keys(b.params).length);
}

const WORDS: Record<string, string> = {
  string: "text",
  number: "a number",
  int: "a whole number",
  boolean: "true or false",
  object: "an object",
  array: "a list",
};

/** A person-readable sentence for a validation problem: the schema's own message when it has one. */
export function describeIssue(issue: z.core.$ZodIssue): string {
  const field = issue.path.map(String).join(".");
  if (issue.code === "unrecognized_keys") {
    return `Unknown field${issue.keys.length === 1 ? "" : "s"}: ${issue.keys.join(", ")}. Leave ${issue.keys.length === 1 ? "it" : "them"} out.`;
  }
  if (issue.code === "invalid_type" && issue.message.startsWith("Invalid input")) {
    if (/received undefined/.test(issue.message)) return `${field || "The body"} is required.`;
    return `${field || "The body"} must be ${WORDS[issue.expected] ?? issue.expected}.`;
  }
  if (issue.message.startsWith("Invalid input") && field) return `${field} is not valid.`;
  return issue.message;
}

/** Missing fields are named before malformed ones ("please fill all fields" comes first, as on the forms). */
function validationError(error: z.ZodError) {
  const missing = error.issues.find(
    (issue) =>
      issue.message === FILL_ALL_FIELDS || (issue.code === "invalid_type" && /received undefined/.test(issue.message)),
  );
  return apiError(400, describeIssue(missing ?? error.issues[0]));
}

function isJson(request: Request) {
  const type = (request.headers.get("content-type") ?? "").split(";")[0].trim().toLowerCase();
  return type === "application/json" || type.endsWith("+json");
}

async function authorise(operation: Operation, request: Request, params: Record<string, string>) {
  // Public calls need no session: no look-up on the hottest path, unless the answer depends on who
  // asks (and then a request without a session cookie is not looked up either).
  if (operation.access === "public") {
    return { user: operation.readsViewer ? await (await domainServices()).accounts.currentUser(request) : null };
  }
  // The domain services, not the pages' session helper: an outage must reach the catch below as a
  // ServiceError, to be answered in JSON.
  const user = await (await domainServices()).accounts.currentUser(request);
  if (!user) return { refusal: apiError(401, "Sign in first.") };
  // REQUIRE_ADMIN_2FA: an admin without two factors has no admin rights until they turn it on.
  if (isArea(operation.access) && !mayWorkOn(user.roles, operation.access)) {
    if (user.adminNeedsTwoFactor) return { refusal: apiError(403, ADMIN_NEEDS_TWO_FACTOR) };
    return { refusal: apiError(403, `This call is for ${whoMay(operation.access)} only.`) };
  }
  if (operation.access === "self-or-admin" && params.userId !== user.id && user.adminNeedsTwoFactor) {
    return { refusal: apiError(403, ADMIN_NEEDS_TWO_FACTOR) };
  }
  if (operation.access === "self-or-admin" && params.userId !== user.id && !user.isAdmin) {
    return { refusal: apiError(403, "You can only change your own account.") };
  }
  return { user };
}

function queryOf(operation: Operation, url: URL) {
  if (!operation.query) return { value: {} };
  const raw: Record<string, string> = {};
  // Only the parameters the operation names; others (cache busters...) are ignored.
  for (const name of Object.keys(operation.query.shape)) {
    const value = url.searchParams.get(name);
    if (value !== null && value !== "") raw[name] = value;
  }
  const parsed = operation.query.safeParse(raw);
  return parsed.success ? { value: parsed.data } : { refusal: validationError(parsed.error) };
}

async function bodyOf(operation: Operation, request: Request, params: Record<string, string>) {
  if (!operation.body) return { value: undefined };
  if (!isJson(request))
    return { refusal: apiError(415, "Send the body as JSON, with Content-Type: application/json.") };
  const json = await readJsonObject(request);
  if (json instanceof Response) return { refusal: json };
  let schema = operation.body as z.ZodType;
  if (isBodyVariants(operation.body)) {
    const { param, variants } = operation.body;
    // Own keys only: "constructor" or "__proto__" in the path is not a section.
    if (!Object.hasOwn(variants, params[param])) return { refusal: apiError(404, `There is no such ${param}.`) };
    schema = variants[params[param]];
  }
  const filesFrom = await otherOriginsBase(request);
  const own = withOwnNames(json, operation.bodyAliases);
  const parsed = schema.safeParse(filesFrom ? withRelativeUploads(own, filesFrom) : own);
  return parsed.success ? { value: parsed.data } : { refusal: validationError(parsed.error) };
}

/**
 * A private file as a download: never cached, never indexed, never rendered by the browser as a
 * page of this site (a manuscript, a reviewer's copy, a certificate).
 */
function privateDownload(file: ApiFile): Response {
  const ascii = file.name.replace(/[^\x20-\x7e]/g, "_").replace(/["\\]/g, "_");
  const body = file.body instanceof Uint8Array ? file.body : (Readable.toWeb(file.body) as ReadableStream);
  return new Response(body as BodyInit, {
    headers: {
      "Content-Type": file.contentType,
      "Content-Length": String(file.size),
      "Content-Disposition": `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(file.name)}`,
      "Cache-Control": "private, no-store",
      "X-Content-Type-Options": "nosniff",
      "X-Robots-Tag": "noindex",
      "Referrer-Policy": "no-referrer",
      Vary: "Origin",
    },
  });
}

/** A body with an earlier client's field names turned into the operation's own. */
function withOwnNames(json: Record<string, unknown>, aliases: Record<string, string> | undefined) {
  if (!aliases) return json;
  const renamed = { ...json };
  for (const [alias, own] of Object.entries(aliases)) {
    if (!Object.hasOwn(renamed, alias)) continue;
    if (!Object.hasOwn(renamed, own)) renamed[own] = renamed[alias];
    delete renamed[alias];
  }
  return renamed;
}

/** Body fields that name what a call is about, for the activity log's target label. */
const LABEL_FIELDS = ["title", "filename", "name", "username", "key"];

/**
 * An admin's call that changes something is logged once, as `<tag>.<operationId>` with the record
 * its path names (decision 024). Reads, public calls (sign-in, sign-up, sign-out) and others'
 * calls are not: failed sign-ins are logged by the auth library's hook.
 */
function logged(operation: Operation, user: Awaited<ReturnType<typeof authorise>>["user"]) {
  return operation.method !== "GET" && operation.access !== "public" && isStaff(user?.roles ?? []);
}

function activityEntry(
  operation: Operation,
  user: NonNullable<Awaited<ReturnType<typeof authorise>>["user"]>,
  params: Record<string, string>,
) {
  const names = Object.keys(params);
  const named = names.find((name) => name !== "userId") ?? names[0];
  return {
    action: `${operation.tag.toLowerCase().replace(/\s+/g, "-")}.${operation.operationId}`,
    actor: { id: user.id, name: user.username },
    target: named
      ? { kind: named === "id" ? operation.tag.toLowerCase() : named.replace(/Id$/, ""), id: params[named] }
      : { kind: operation.tag.toLowerCase() },
    details: { via: "api", method: operation.method, params },
  };
}

function noteBody(body: unknown) {
  if (typeof body !== "object" || body === null) return;
  const fields = body as Record<string, unknown>;
  const label = LABEL_FIELDS.map((name) => fields[name]).find((value) => typeof value === "string" && value);
  noteActivity({ details: { body }, ...(label ? { target: { label: String(label) } } : {}) });
}

/**
 * For a caller on another origin that CORS_ORIGINS allows (a client served from its own host), the
 * address files are served from, so answers name them absolutely; undefined for the site's own pages.
 */
async function otherOriginsBase(request: Request): Promise<string | undefined> {
  const origin = request.headers.get("origin");
  if (!origin) return undefined;
  const { config } = await getRuntime();
  const site = config.publicUrl ? new URL(config.publicUrl).origin : new URL(request.url).origin;
  return origin !== site && config.corsOrigins.includes(origin) ? site : undefined;
}

/** Path and query values that are old ObjectIds of imported records, replaced by the records' ids. */
async function withImportedIds(params: Record<string, string>, url: URL): Promise<Record<string, string>> {
  const given = [...Object.values(params), ...url.searchParams.values()];
  if (!given.some(isObjectId)) return params;
  const { legacyIds } = await domainServices();
  const resolved: Record<string, string> = {};
  for (const [name, value] of Object.entries(params)) resolved[name] = await legacyIds.resolve(value);
  for (const [name, value] of [...url.searchParams.entries()])
    if (isObjectId(value)) url.searchParams.set(name, await legacyIds.resolve(value));
  return resolved;
}

export async function handleApiRequest(request: Request): Promise<Response> {
  const url = new URL(request.url);
  const method = request.method === "HEAD" ? "GET" : request.method.toUpperCase();
  const candidates = matchPath(url.pathname);
  if (candidates.length === 0) return apiError(404, "There is no such API call. The list is at /api/docs.");
  const match = candidates.find((c) => c.operation.method === method);
  if (!match) {
    const allowed = [...new Set(candidates.map((c) => c.operation.method))].join(", ");
    const response = apiError(405, `Use ${allowed} here.`);
    response.headers.set("Allow", allowed);
    return response;
  }
  const { operation } = match;
  // The earlier system's record ids (24 hex digits) name the records they were imported as (decision 028).
  const params = await withImportedIds(match.params, url);
  // PostgreSQL text cannot hold NUL; such an address is the caller's mistake.
  if ([...Object.values(params), ...url.searchParams.values()].some((v) => v.includes("\u0000"))) {
    return apiError(400, "The address contains a NUL character.");
  }
  try {
    const who = await authorise(operation, request, params);
    if (who.refusal) return who.refusal;
    const answer = async () => {
      const query = queryOf(operation, url);
      if (query.refusal) return query.refusal;
      const body = await bodyOf(operation, request, params);
      if (body.refusal) return body.refusal;
      noteBody(body.value);
      const result = await operation.handle({
        request,
        services: await domainServices(),
        user: who.user ?? null,
        params,
        query: query.value as never,
        body: body.value as never,
      });
      if (result.file) return privateDownload(result.file);
      const headers = new Headers(result.headers);
      headers.set("Cache-Control", "no-store");
      headers.append("Vary", "Origin");
      const filesFrom = await otherOriginsBase(request);
      const answered = filesFrom ? withAbsoluteUploads(result.body, filesFrom) : result.body;
      return Response.json(answered, { status: result.status ?? 200, headers });
    };
    if (!logged(operation, who.user)) return await answer();
    const recorder = async () => (await domainServices()).activity;
    return await withActivity(recorder, request, activityEntry(operation, who.user!, params), answer);
  } catch (error) {
    // Every refusal a service makes, the outage (503) among them.
    if (error instanceof ServiceError) return apiError(error.status, error.message, error.headers);
    if (error instanceof Response)
      return apiError(error.status, error.status === 404 ? "Not found." : "The request was refused.");
    console.error(`api ${operation.operationId} failed:`, error);
    return apiError(500, "Something went wrong on our side. Please try again.");
  }
}
