import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { FOCUS_KEYS, SETTINGS_SECTIONS, STAFF_ROLES } from "~/domain/vocabulary";

import { type ApiWorld, openApiWorld, type Role } from "../../tests/support/api";
import { reportCount } from "../../tests/support/counts";
import { testDatabaseKind } from "../../tests/support/database";
import { XSS_CORPUS } from "../../tests/support/xss-corpus";
import { routes } from "../routes/api/all-operations.server";
import { isBodyVariants, type Operation } from "./operation.server";

/**
 * Malformed and hostile input for every operation, property-based: whatever is sent, the answer
 * is a 4xx or a success, never a 5xx; it is JSON without a stack trace; and a refused request
 * leaves the database exactly as it was.
 */

const RUNS_PER_OPERATION = testDatabaseKind === "pglite" ? 25 : 40;

const hostileText = fc.oneof(
  fc.string(),
  fc.string({ unit: "grapheme", maxLength: 50 }),
  fc.constantFrom(...XSS_CORPUS),
  fc.constantFrom("constructor", "__proto__", "toString", "hasOwnProperty", "prototype"),
  fc.constantFrom(
    "",
    " ",
    "\u0000",
    "../../etc/passwd",
    "%00",
    "' or 1=1 --",
    "${jndi:ldap://x}",
    "\uD800",
    "a".repeat(10_000),
    "null",
    "-1",
    "1e400",
    "0x10",
    "NaN",
  ),
);

const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  hostileText,
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.array(fc.string(), { maxLength: 3 }),
  fc.dictionary(fc.string({ maxLength: 5 }), fc.string({ maxLength: 5 }), { maxKeys: 3 }),
);

function fieldNames(op: Operation): string[] {
  if (!op.body) return ["title", "name"];
  const schemas = isBodyVariants(op.body) ? Object.values(op.body.variants) : [op.body];
  return [...new Set(schemas.flatMap((schema) => Object.keys((schema as unknown as { shape?: object }).shape ?? {})))];
}

/** A body: hostile values in the operation's own fields, unknown fields, non-objects, broken JSON, too much. */
function hostileBody(op: Operation): fc.Arbitrary<{ raw: string; contentType: string }> {
  const names = fieldNames(op);
  const json = (value: unknown) => ({ raw: JSON.stringify(value) ?? "null", contentType: "application/json" });
  return fc.oneof(
    fc.record(Object.fromEntries(names.map((name) => [name, hostileValue])), { requiredKeys: [] }).map(json),
    fc
      .tuple(
        fc.record(Object.fromEntries(names.map((name) => [name, hostileText])), { requiredKeys: [] }),
        fc.string({ minLength: 1, maxLength: 12 }),
        hostileValue,
      )
      .map(([known, key, value]) => json({ ...known, [`x-${key}`]: value })),
    fc.jsonValue().map(json),
    fc.string().map((raw) => ({ raw, contentType: "application/json" })),
    fc.constantFrom(
      { raw: "{", contentType: "application/json" },
      { raw: '{"title": "a", "title": 1}', contentType: "application/json" },
      { raw: "[".repeat(5000) + "]".repeat(5000), contentType: "application/json" },
      {
        raw: `{"__proto__": {"isAdmin": true}, "constructor": {"prototype": {"x": 1}}}`,
        contentType: "application/json",
      },
      { raw: JSON.stringify({ title: "x".repeat(3 * 1024 * 1024) }), contentType: "application/json" },
      { raw: "title=hello", contentType: "application/x-www-form-urlencoded" },
      { raw: "<xml/>", contentType: "text/xml" },
    ),
    // Shapes that cost a parser far more than their size (issue 31, decision 032).
    fc.constantFrom(...HOSTILE_SHAPES),
  );
}

const MULTIPART_PART = '--b\r\nContent-Disposition: form-data; name="title"\r\n\r\nx\r\n';

/** Bodies under the size cap whose shape is the attack: many empty things, deep nesting, long keys, odd types. */
const HOSTILE_SHAPES: { raw: string; contentType: string }[] = [
  { raw: `[${Array(200_000).fill("{}").join(",")}]`, contentType: "application/json" },
  { raw: `{"title":[${Array(200_000).fill("{}").join(",")}]}`, contentType: "application/json" },
  { raw: `{"title":[${Array(200_000).fill("[]").join(",")}]}`, contentType: "application/json" },
  { raw: `{"title":${"[".repeat(100_000)}`, contentType: "application/json" },
  { raw: `{"title":${'{"a":'.repeat(40)}1${"}".repeat(40)}}`, contentType: "application/json" },
  {
    raw: JSON.stringify(Object.fromEntries(Array.from({ length: 20_000 }, (_, n) => [`k${n}`, n]))),
    contentType: "application/json",
  },
  { raw: JSON.stringify({ ["k".repeat(1024 * 1024)]: 1, title: "long key" }), contentType: "application/json" },
  { raw: `[${Array(200_000).fill("{}").join(",")}]`, contentType: "application/x-www-form-urlencoded" },
  { raw: `{"title":[${Array(200_000).fill("{}").join(",")}]}`, contentType: "text/plain;charset=UTF-8" },
  { raw: `{"title":[${Array(200_000).fill("{}").join(",")}]}`, contentType: "application/vnd.api+json" },
  { raw: `\uFEFF {"title":[${Array(200_000).fill("0").join(",")}]}`, contentType: "application/json; charset=utf-8" },
  { raw: "a&".repeat(500_000), contentType: "application/x-www-form-urlencoded" },
  { raw: `${"a&".repeat(1999)}${"x".repeat(1024 * 1024)}`, contentType: "application/x-www-form-urlencoded" },
  { raw: `${MULTIPART_PART.repeat(20_000)}--b--\r\n`, contentType: "multipart/form-data; boundary=b" },
  { raw: '{"title":"x"}', contentType: "application/json; boundary=b; charset=nonsense" },
  { raw: '{"title":"x"}', contentType: "multipart/form-data" },
  { raw: '{"title":"x"}', contentType: "" },
];

/**
 * A path segment; text that cannot be encoded (a lone surrogate) becomes invalid UTF-8 escapes, as an attacker
 * would send.
 */
function encodeSegment(text: string) {
  try {
    return encodeURIComponent(text);
  } catch {
    return "%ED%A0%80%";
  }
}

/** The path with hostile values in its parameters, and hostile query parameters. */
function hostilePath(op: Operation, template: string): fc.Arbitrary<string> {
  const names = [...template.matchAll(/\{(\w+)\}/g)].map(([, name]) => name);
  const queryNames = op.query ? Object.keys(op.query.shape) : ["startIndex"];
  return fc
    .tuple(
      fc.tuple(
        ...names.map((name) =>
          fc.oneof(
            hostileText.filter((t) => t.length > 0),
            fc.uuid(),
            fc.constantFrom(...(REAL_VALUES[name] ?? ["x"])),
          ),
        ),
      ),
      fc.dictionary(fc.constantFrom(...queryNames), hostileText, { maxKeys: 3 }),
    )
    .map(([values, query]) => {
      let path = template;
      names.forEach((name, i) => {
        path = path.replace(`{${name}}`, encodeSegment((values as string[])[i]));
      });
      const search = new URLSearchParams(query as Record<string, string>).toString();
      return search ? `${path}?${search}` : path;
    });
}

/** Real values for path parameters, so that bodies reach validation (a settings section that exists...). */
const REAL_VALUES: Record<string, readonly string[]> = {
  section: SETTINGS_SECTIONS,
  role: STAFF_ROLES,
  key: FOCUS_KEYS,
};

const SEED = Number(process.env.FUZZ_SEED ?? Math.floor(Math.random() * 1_000_000));

let world: ApiWorld;

beforeAll(async () => {
  world = await openApiWorld();
});
afterAll(async () => {
  await world?.close();
});

describe(`the API under hostile input (${testDatabaseKind})`, () => {
  it("no 5xx, no stack trace, JSON always, and a refused request changes nothing", async () => {
    let requests = 0;
    console.log(`fuzz seed ${SEED}`);
    for (const { operation: op, path: template } of routes) {
      const as: Role = op.access === "public" ? "anonymous" : "admin";
      await fc.assert(
        fc.asyncProperty(hostilePath(op, template), hostileBody(op), async (path, body) => {
          const before = await world.fingerprint();
          const reply = await world.call(op.method, path, {
            as,
            raw: op.body || op.method !== "GET" ? body.raw : undefined,
            contentType: body.contentType,
          });
          requests++;
          expect(reply.status, `${op.operationId} ${path}: ${reply.text.slice(0, 300)}`).toBeLessThan(500);
          expect(reply.body, `${op.operationId}: the answer is JSON`).toBeDefined();
          expect(reply.text).not.toMatch(/\bat .+\.(ts|js|mjs):\d+|node_modules|Error:/);
          if (reply.status >= 400) {
            expect(reply.body).toMatchObject({ success: false, statusCode: reply.status });
            expect(
              await world.fingerprint(),
              `${op.operationId} refused with ${reply.status} but changed the database`,
            ).toBe(before);
          }
        }),
        { numRuns: RUNS_PER_OPERATION, seed: SEED, endOnFailure: true },
      );
      if (op.setsSession) await world.refreshSessions();
    }
    reportCount(
      "security",
      requests,
      `hostile API requests, none answered 5xx (${routes.length} operation paths, seed ${SEED}; FUZZ_SEED=${SEED} repeats the run)`,
    );
  });
});
