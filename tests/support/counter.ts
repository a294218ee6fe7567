import { readFileSync } from "node:fs";
import path from "node:path";

import { Ajv2020 } from "ajv/dist/2020.js";

/**
 * COUNTER Release 5.1's own JSON schemas (COUNTER_API-5.1.json, OpenAPI 3.1, from the standards
 * beside the project): an answer of the COUNTER API is checked against its component schema by
 * name ("PR", "IR_A1", "Exception_2020", ...). Ajv in its 2020-12 mode; `unicodeRegExp: false`
 * because one pattern of the file ("{1,3,4}" in ISIL) is no valid expression under the u flag.
 */
const COUNTER_API = path.resolve(import.meta.dirname, "../../../shared/standards/counter/COUNTER_API-5.1.json");
export const COUNTER_SAMPLES = path.resolve(import.meta.dirname, "../../../shared/standards/counter/samples");

let ajv: Ajv2020 | undefined;

function counterAjv(): Ajv2020 {
  if (ajv) return ajv;
  ajv = new Ajv2020({ strict: false, allErrors: true, unicodeRegExp: false });
  // The three formats the file uses, checked as RFC 3339 and WHATWG URL parsing read them.
  ajv.addFormat("date", (value: string) => /^\d{4}-\d{2}-\d{2}$/.test(value) && !Number.isNaN(Date.parse(value)));
  ajv.addFormat(
    "date-time",
    (value: string) =>
      /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/.test(value) &&
      !Number.isNaN(Date.parse(value)),
  );
  ajv.addFormat("uri", (value: string) => URL.canParse(value) && /^[a-z][a-z0-9+.-]*:/i.test(value));
  ajv.addSchema(JSON.parse(readFileSync(COUNTER_API, "utf8")) as object, "counter");
  return ajv;
}

/** The errors of `value` against the component schema `name` ([] when it is valid). */
export function counterSchemaErrors(name: string, value: unknown): string[] {
  const validate = counterAjv().getSchema(`counter#/components/schemas/${name}`);
  if (!validate) throw new Error(`COUNTER_API-5.1.json has no schema ${name}`);
  if (validate(value)) return [];
  return (validate.errors ?? []).map(
    (error) => `${error.instancePath || "/"} ${error.message ?? ""} ${JSON.stringify(error.params)}`,
  );
}

/** A sample report of the Code of Practice (samples/*.json). */
export function counterSample(file: string): Record<string, unknown> {
  return JSON.parse(readFileSync(path.join(COUNTER_SAMPLES, file), "utf8")) as Record<string, unknown>;
}
