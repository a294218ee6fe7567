import { spawnSync } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";

import { Ajv } from "ajv";

/**
 * Reference-manager files as outside programs read them: BibTeX through Debian's Python
 * bibtexparser (with its LaTeX-to-Unicode step, as the tools built on it read names), RIS record by
 * record, CSL-JSON against the CSL project's own schema (`../shared/standards/csl/csl-data.json`).
 */

const PYTHON = "/usr/bin/python3";
const BIBTEXPARSER_SCRIPT = `
import json, sys
import bibtexparser
from bibtexparser.bparser import BibTexParser
from bibtexparser.customization import convert_to_unicode
parser = BibTexParser(common_strings=True)
parser.customization = convert_to_unicode
database = bibtexparser.loads(sys.stdin.read(), parser=parser)
print(json.dumps(database.entries))
`;

/** The entries of a BibTeX text as Debian's python3-bibtexparser reads them: field name to text. */
export function readWithBibtexparser(text: string): Record<string, string>[] {
  const run = spawnSync(PYTHON, ["-c", BIBTEXPARSER_SCRIPT], { input: text, encoding: "utf8" });
  if (run.status !== 0)
    throw new Error(
      `Debian's python3-bibtexparser is needed (apt-get install python3-bibtexparser); ${PYTHON} said: ${run.stderr || run.error?.message}`,
    );
  return JSON.parse(run.stdout) as Record<string, string>[];
}

export type RisRecord = { tag: string; value: string }[];

/**
 * The records of a RIS file as a line-by-line reader sees them: a record from `TY  -` to `ER  -`;
 * a line that is not `XX  - value` is an error (readers glue it to the field before, or drop it).
 */
export function risRecords(text: string): { records: RisRecord[]; strayLines: string[] } {
  const records: RisRecord[] = [];
  const strayLines: string[] = [];
  let open: RisRecord | undefined;
  for (const line of text.split(/\r\n|\r|\n/)) {
    if (line === "") continue;
    const field = /^([A-Z][A-Z0-9]) {2}- ?(.*)$/.exec(line);
    if (!field) {
      strayLines.push(line);
      continue;
    }
    const [, tag, value] = field;
    if (tag === "TY") records.push((open = []));
    if (!open) strayLines.push(line);
    else open.push({ tag, value });
    if (tag === "ER") open = undefined;
  }
  return { records, strayLines };
}

/** The schema of CSL-JSON as the CSL project publishes it, from the standards beside the project. */
const CSL_DATA_SCHEMA = path.resolve(import.meta.dirname, "../../../shared/standards/csl/csl-data.json");

/** What the official CSL-JSON schema finds wrong with a document (empty: valid). */
export function cslJsonProblems(document: unknown): string[] {
  if (!existsSync(CSL_DATA_SCHEMA))
    throw new Error(`the CSL-JSON schema is read from ../shared/standards/csl/csl-data.json beside the project`);
  const ajv = new Ajv({ allErrors: true, strict: false });
  const validate = ajv.compile(JSON.parse(readFileSync(CSL_DATA_SCHEMA, "utf8")) as object);
  if (validate(document)) return [];
  return (validate.errors ?? []).map(
    (error) => `${error.instancePath || "/"} ${error.message ?? ""} ${JSON.stringify(error.params)}`,
  );
}
