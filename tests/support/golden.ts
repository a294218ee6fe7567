import { createHash } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";

import { expect } from "vitest";

import { xsdProblems } from "./feeds";

/**
 * Golden files (issue 32): the exact text an export gives for a fixed sample, kept in a
 * `__golden__` folder beside the module that writes it, so a change to what harvesters and
 * reference managers receive shows as a diff in review. `UPDATE_GOLDEN=1 npx vitest run <test>`
 * writes the files anew (docs/testing.md).
 */
export const UPDATING_GOLDEN = process.env.UPDATE_GOLDEN === "1";

/** The golden file `name` in the `__golden__` folder of the directory `dir` (the module's). */
export const goldenPath = (dir: string, name: string) => path.join(dir, "__golden__", name);

/** The file's text as stored; an error that says how to write it when there is none. */
export function readGolden(file: string): string {
  if (!existsSync(file))
    throw new Error(`no golden file ${path.relative(process.cwd(), file)}: write it with UPDATE_GOLDEN=1`);
  return readFileSync(file, "utf8");
}

/**
 * The text as it is compared: with `breakAfterTags`, a line break after every ">", so that XML
 * written on one line (the OAI-PMH answers) fails with a diff of the changed elements rather than
 * of one long line. Adding the breaks loses nothing (removing them gives the text back), so two
 * texts are equal exactly when their views are.
 */
const comparedView = (text: string, breakAfterTags: boolean) => (breakAfterTags ? text.replace(/>/g, ">\n") : text);

/**
 * The output is the golden file, byte for byte (compared as UTF-8 text, so a failure prints a
 * line diff); with UPDATE_GOLDEN=1 the file is written instead.
 */
export function expectGolden(actual: string, file: string, { breakAfterTags = false } = {}) {
  if (UPDATING_GOLDEN) {
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(file, actual);
    return;
  }
  const golden = readGolden(file);
  expect(
    comparedView(actual, breakAfterTags),
    `${path.relative(process.cwd(), file)} differs (UPDATE_GOLDEN=1 rewrites it)`,
  ).toBe(comparedView(golden, breakAfterTags));
  expect(Buffer.from(actual, "utf8").equals(readFileSync(file)), "the same bytes").toBe(true);
}

/** Where the verdicts "valid against this schema" of golden files are kept, by content. */
const VALIDATED = path.resolve(import.meta.dirname, "../../.tmp/golden-valid");

/**
 * What the schema finds wrong with these golden files (empty: all valid). A file is validated once
 * for each content it has: a valid verdict is kept under .tmp/ by the hash of the file and the
 * schema, since a schema as large as Crossref's takes seconds to read and the files rarely change.
 */
export function goldenSchemaProblems(files: string[], xsd: string): string {
  const stamp = (file: string) => {
    const hash = createHash("sha256").update(readFileSync(xsd)).update("\0").update(readGolden(file));
    return path.join(VALIDATED, hash.digest("hex"));
  };
  const unchecked = files.filter((file) => !existsSync(stamp(file)));
  if (!unchecked.length) return "";
  const problems = xsdProblems(unchecked.map(readGolden), xsd).replace(/\S*document-(\d+)\.xml/g, (_, n: string) =>
    path.relative(process.cwd(), unchecked[Number(n) - 1]),
  );
  if (problems) return problems;
  mkdirSync(VALIDATED, { recursive: true });
  for (const file of unchecked) writeFileSync(stamp(file), "");
  return "";
}
