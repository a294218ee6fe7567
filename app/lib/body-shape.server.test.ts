import fc from "fast-check";
import { describe, expect, it } from "vitest";

import { cpuMsOf } from "../../tests/support/cpu-time";
import {
  MAX_FORM_FIELDS,
  MAX_JSON_DEPTH,
  MAX_JSON_ITEMS,
  MAX_PART_HEADER_LINES,
  shapeRefusal,
  shapeScanner,
  TOO_DEEP_JSON,
  TOO_MANY_FIELDS,
  TOO_MANY_JSON_ITEMS,
  TOO_MANY_PART_HEADERS,
} from "./body-shape.server";

const FORM = "application/x-www-form-urlencoded";
const JSON_TYPE = "application/json";
const MULTIPART = "multipart/form-data; boundary=----edge";

const bytes = (text: string) => new TextEncoder().encode(text);

/** The body fed to one scanner in pieces cut at the given offsets. */
function inPieces(text: string, type: string, cuts: number[]) {
  const body = bytes(text);
  const scanner = shapeScanner(type);
  const at = [0, ...cuts.filter((c) => c > 0 && c < body.length).sort((a, b) => a - b), body.length];
  for (let i = 0; i + 1 < at.length; i++) {
    const refusal = scanner.write(body.subarray(at[i], at[i + 1]));
    if (refusal) return refusal;
  }
  return undefined;
}

const part = (name: string, value: string, headers: string[] = []) =>
  `------edge\r\nContent-Disposition: form-data; name="${name}"\r\n${headers.map((h) => `${h}\r\n`).join("")}\r\n${value}\r\n`;

describe("the shape of a request body, counted before any parse", () => {
  it("a form of the most fields passes; one more field is refused 413 with the limit in words", () => {
    expect(shapeRefusal(bytes(Array(MAX_FORM_FIELDS).fill("a=1").join("&")), FORM)).toBeUndefined();
    const refusal = shapeRefusal(
      bytes(
        Array(MAX_FORM_FIELDS + 1)
          .fill("a")
          .join("&"),
      ),
      FORM,
    );
    expect(refusal).toEqual(TOO_MANY_FIELDS);
    expect(refusal?.status).toBe(413);
    expect(refusal?.message).toBe("This form has too many fields: it can have at most 2,000.");
  });

  it("a million empty fields are refused within the first few kilobytes", () => {
    const scanner = shapeScanner(`${FORM}; charset=UTF-8`);
    const chunk = bytes("a&".repeat(32 * 1024));
    expect(scanner.write(chunk.subarray(0, 2 * MAX_FORM_FIELDS + 2))).toEqual(TOO_MANY_FIELDS);
  });

  it("ampersands in a JSON body are text, not fields", () => {
    const html = JSON.stringify({ content: "<p>Fish &amp; chips</p>".repeat(5000) });
    expect(shapeRefusal(bytes(html), JSON_TYPE)).toBeUndefined();
  });

  it("a multipart form: parts are counted, and a part's header lines", () => {
    const fine = Array.from({ length: MAX_FORM_FIELDS }, (_, n) => part(`f${n}`, "x")).join("") + "------edge--\r\n";
    expect(shapeRefusal(bytes(fine), MULTIPART)).toBeUndefined();
    const many = Array.from({ length: MAX_FORM_FIELDS + 1 }, () => part("a", "")).join("") + "------edge--\r\n";
    expect(shapeRefusal(bytes(many), MULTIPART)).toEqual(TOO_MANY_FIELDS);
    const headers = Array.from({ length: MAX_PART_HEADER_LINES }, (_, n) => `X-${n}: y`);
    expect(shapeRefusal(bytes(part("a", "b", headers.slice(1))), MULTIPART)).toBeUndefined();
    expect(shapeRefusal(bytes(part("a", "b", headers)), MULTIPART)).toEqual(TOO_MANY_PART_HEADERS);
    // A quoted boundary, and lines of a value that look like headers, are read as a parser does.
    const quoted = 'multipart/form-data; boundary="----edge"';
    expect(shapeRefusal(bytes(part("a", "X: y\r\n".repeat(5000))), quoted)).toBeUndefined();
    // After the closing boundary nothing more is a part.
    expect(
      shapeRefusal(bytes(`${part("a", "b")}------edge--\r\n${part("c", "d").repeat(3000)}`), quoted),
    ).toBeUndefined();
  });

  it("JSON: objects, arrays and members are counted outside strings, and nesting is limited", () => {
    const within = JSON.stringify({ list: Array.from({ length: MAX_JSON_ITEMS - 2 }, () => 1) });
    expect(shapeRefusal(bytes(within), JSON_TYPE)).toBeUndefined();
    const objects = `[${Array(700_000).fill("{}").join(",")}]`;
    expect(shapeRefusal(bytes(objects), JSON_TYPE)).toEqual(TOO_MANY_JSON_ITEMS);
    expect(TOO_MANY_JSON_ITEMS.message).toBe("This request has too many values: it can have at most 10,000.");
    // Brackets and commas inside strings (escaped quotes too) are text.
    const text = JSON.stringify({ a: '[{,"}],'.repeat(50_000) });
    expect(shapeRefusal(bytes(text), JSON_TYPE)).toBeUndefined();
    const deep = (n: number) => "[".repeat(n) + "]".repeat(n);
    expect(shapeRefusal(bytes(deep(MAX_JSON_DEPTH)), JSON_TYPE)).toBeUndefined();
    expect(shapeRefusal(bytes(deep(MAX_JSON_DEPTH + 1)), JSON_TYPE)).toEqual(TOO_DEEP_JSON);
    expect(TOO_DEEP_JSON.status).toBe(400);
  });

  it("a body that is JSON is counted whatever its type says, after white space and a byte-order mark", () => {
    const objects = `[${Array(MAX_JSON_ITEMS).fill("{}").join(",")}]`;
    for (const type of [FORM, "text/plain", "", MULTIPART, null])
      expect(shapeRefusal(bytes(`\uFEFF \r\n\t${objects}`), type), String(type)).toEqual(TOO_MANY_JSON_ITEMS);
    // A body that does not start as JSON makes no structure of a JSON parser.
    expect(shapeRefusal(bytes(`x${objects}`), "text/plain")).toBeUndefined();
  });

  it("the verdict does not depend on how the body was cut into chunks", () => {
    const bodies: [string, string][] = [
      ["a&".repeat(MAX_FORM_FIELDS), FORM],
      ["a&".repeat(MAX_FORM_FIELDS - 1) + "a", FORM],
      [part("a", "b", Array(MAX_PART_HEADER_LINES + 1).fill("X: y")), MULTIPART],
      [part("a", "b", Array(MAX_PART_HEADER_LINES).fill("X: y")), MULTIPART],
      [
        Array(MAX_FORM_FIELDS + 1)
          .fill(part("a", ""))
          .join(""),
        MULTIPART,
      ],
      [JSON.stringify({ a: '\\"['.repeat(100), b: Array(MAX_JSON_ITEMS).fill(0) }), JSON_TYPE],
      [JSON.stringify({ a: '\\"['.repeat(100), b: Array(MAX_JSON_ITEMS - 10).fill(0) }), JSON_TYPE],
      ["[".repeat(MAX_JSON_DEPTH + 1), JSON_TYPE],
    ];
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: bodies.length - 1 }),
        fc.array(fc.integer({ min: 0, max: 40_000 }), { maxLength: 30 }),
        (index, cuts) => {
          const [text, type] = bodies[index];
          expect(inPieces(text, type, cuts)).toEqual(shapeRefusal(bytes(text), type));
        },
      ),
      { numRuns: 300 },
    );
  });

  it("scanning 2 MB of any shape takes a few milliseconds", async () => {
    const MB2 = 2 * 1024 * 1024;
    const shapes: [string, string][] = [
      ["x".repeat(MB2), FORM],
      [`["${"x".repeat(MB2 - 4)}"]`, JSON_TYPE],
      ["\n".repeat(MB2), MULTIPART],
      [`------edge\r\n${"\n".repeat(MB2)}`, MULTIPART],
      [`{"a":"${"\\\\".repeat(MB2 / 2 - 8)}"}`, JSON_TYPE],
    ];
    for (const [text, type] of shapes) {
      const body = bytes(text);
      // CPU time, the best of three: one run can meet a collection; a scan slow by its nature is slow in all three.
      const times: number[] = [];
      for (let i = 0; i < 3; i++) times.push(await cpuMsOf(() => shapeRefusal(body, type)));
      expect(Math.min(...times), `${text.slice(0, 12)}... (${type})`).toBeLessThan(60);
    }
  });
});
