import { z } from "zod";

import { type Area, AREAS, whoMay } from "~/domain/roles";

import { errorStatuses, isBodyVariants, type Operation, type Upload } from "../../api/operation.server";
import { errorResponse } from "../../api/schemas";
import { routes } from "./all-operations.server";

/**
 * The OpenAPI 3.1 document, generated from the operations and the zod schemas they validate with
 * (OpenAPI 3.1 schemas are JSON Schema 2020-12, which zod writes directly).
 */

type JsonSchema = Record<string, unknown>;

const STATUS_TEXT: Record<number, string> = {
  400: "The request is not valid (the message says why)",
  401: "Not signed in",
  403: "Signed in, but not allowed",
  404: "No such record",
  405: "Method not allowed",
  409: "Conflicts with what is stored (duplicate, last admin, records inside)",
  413: "Body too large",
  422: "The account could not be created",
  415: "Body is not JSON",
  429: "Too many attempts; Retry-After says when to try again",
};

/** Input schemas describe what a client sends (before defaults and coercion); output what it receives. */
function toSchema(schema: z.ZodType, io: "input" | "output"): JsonSchema {
  const json = z.toJSONSchema(schema, {
    target: "draft-2020-12",
    io,
    unrepresentable: "any",
    reused: "inline",
  }) as JsonSchema;
  delete json.$schema;
  return json;
}

function parameters(op: Operation, template: string) {
  const path = [...template.matchAll(/\{(\w+)\}/g)].map(([, name]) => ({
    name,
    in: "path",
    required: true,
    schema: { type: "string" },
  }));
  const query = op.query
    ? Object.entries(op.query.shape).map(([name, schema]) => {
        const json = toSchema(schema as z.ZodType, "input");
        const { description, ...rest } = json;
        return { name, in: "query", required: false, ...(description ? { description } : {}), schema: rest };
      })
    : [];
  return [...path, ...query];
}

/** A file sent or answered as itself. */
const binary = (types: readonly string[]) =>
  Object.fromEntries(types.map((type) => [type, { schema: { type: "string", contentMediaType: type } }]));

/** A multipart form: its text fields, then its file (one of these types). */
function multipartForm(upload: Upload, form: NonNullable<Upload["form"]>) {
  const fields = toSchema(form.fields, "input") as { properties?: object; required?: string[] };
  const file = { type: "string", contentMediaType: "application/octet-stream", description: upload.description };
  return {
    "multipart/form-data": {
      schema: {
        type: "object",
        properties: { ...fields.properties, [form.file]: file },
        ...(fields.required?.length ? { required: fields.required } : {}),
      },
      encoding: { [form.file]: { contentType: upload.contentTypes.join(", ") } },
    },
  };
}

function requestBody(op: Operation) {
  if (op.upload?.form) return { required: true, content: multipartForm(op.upload, op.upload.form) };
  if (op.upload) return { required: true, description: op.upload.description, content: binary(op.upload.contentTypes) };
  if (!op.body) return undefined;
  const schema = isBodyVariants(op.body)
    ? {
        anyOf: Object.values(op.body.variants).map((variant) => toSchema(variant, "input")),
        description: `The fields depend on {${op.body.param}}`,
      }
    : toSchema(op.body, "input");
  // The body's examples as OpenAPI's own (a schema that transforms its input loses them in JSON Schema).
  const examples = isBodyVariants(op.body) ? undefined : z.globalRegistry.get(op.body)?.examples;
  return {
    required: true,
    content: {
      "application/json": {
        schema,
        ...(Array.isArray(examples) && examples.length
          ? { examples: Object.fromEntries(examples.map((value, i) => [`example${i + 1}`, { value }])) }
          : {}),
      },
    },
  };
}

function responses(op: Operation) {
  const out: Record<string, unknown> = {};
  for (const [status, answer] of Object.entries(op.responses)) {
    out[status] =
      "file" in answer
        ? { description: answer.description, content: binary(answer.file) }
        : {
            description: answer.description,
            content: { "application/json": { schema: toSchema(answer.schema, "output") } },
          };
  }
  for (const status of errorStatuses(op)) {
    out[status] = {
      description: STATUS_TEXT[status] ?? "Refused",
      content: { "application/json": { schema: { $ref: "#/components/schemas/Error" } } },
    };
  }
  return out;
}

function security(op: Operation) {
  return op.access === "public" ? [] : [{ sessionCookie: [] }];
}

const capitalised = (words: string) => words.charAt(0).toUpperCase() + words.slice(1);

const ACCESS_NOTE: Record<Operation["access"], string> = {
  public: "Anyone.",
  ...(Object.fromEntries(
    AREAS.map((area) => [area, `${capitalised(whoMay(area))} only: 401 signed out, 403 for other users.`]),
  ) as Record<Area, string>),
  "signed-in": "Anyone signed in, for what is theirs (the service says what that is): 401 signed out.",
  "self-or-admin": "The account's owner, or an admin: 401 signed out, 403 for other users.",
};

let cached: JsonSchema | undefined;

export function openApiDocument(): JsonSchema {
  if (cached) return cached;
  const paths: Record<string, Record<string, unknown>> = {};
  for (const route of routes) {
    const { operation: op, path } = route;
    paths[path] ??= {};
    paths[path][op.method.toLowerCase()] = {
      operationId: route.operationId,
      tags: [op.tag],
      summary: op.summary,
      description: [
        route.deprecated ? `The same call as ${op.method} ${op.path}, at an earlier client's path.` : "",
        op.description,
        `Who may call: ${ACCESS_NOTE[op.access]}`,
      ]
        .filter(Boolean)
        .join("\n\n"),
      ...(route.deprecated ? { deprecated: true } : {}),
      parameters: parameters(op, path),
      ...(op.body || op.upload ? { requestBody: requestBody(op) } : {}),
      responses: responses(op),
      security: security(op),
      "x-access": op.access,
    };
  }
  cached = {
    openapi: "3.1.0",
    info: {
      title: "Centre for Peace, Security and Conflict Resolution — site API",
      version: "1.0.0",
      description:
        "The calls of the site's earlier browser client (SPEC.md section 7), served by the same rules as the HTML screens. Sign in with POST /api/auth/signin; the session cookie it sets authorises later calls. Every refusal is JSON {success: false, statusCode, message}.",
    },
    jsonSchemaDialect: "https://json-schema.org/draft/2020-12/schema",
    servers: [{ url: "/" }],
    tags: [
      "Accounts",
      "Posts",
      "Journals",
      "Academics",
      "Site content",
      "Activity",
      "Submissions",
      "Reviews",
      "Reviewer's link",
    ].map((name) => ({ name })),
    paths,
    components: {
      schemas: { Error: toSchema(errorResponse, "output") },
      securitySchemes: {
        sessionCookie: {
          type: "apiKey",
          in: "cookie",
          name: "cpscr.session_token",
          description:
            "Set by POST /api/auth/signin. Named __Secure-cpscr.session_token when the site is served over https.",
        },
      },
    },
  };
  return cached;
}
