/**
 * OAI-PMH 2.0's rules that need no database: the verbs and their arguments, the error codes, the
 * dates, and the XML the answers are written in. See https://www.openarchives.org/OAI/openarchivesprotocol.html.
 */

import { xmlSafe } from "~/lib/control-characters";

export const OAI_NAMESPACE = "http://www.openarchives.org/OAI/2.0/";
export const OAI_SCHEMA = "http://www.openarchives.org/OAI/2.0/OAI-PMH.xsd";
export const XSI_NAMESPACE = "http://www.w3.org/2001/XMLSchema-instance";
export const DC_NAMESPACE = "http://purl.org/dc/elements/1.1/";

export const VERBS = [
  "Identify",
  "ListMetadataFormats",
  "ListSets",
  "ListIdentifiers",
  "ListRecords",
  "GetRecord",
] as const;
export type Verb = (typeof VERBS)[number];

export type ErrorCode =
  | "badArgument"
  | "badResumptionToken"
  | "badVerb"
  | "cannotDisseminateFormat"
  | "idDoesNotExist"
  | "noRecordsMatch"
  | "noMetadataFormats"
  | "noSetHierarchy";

export type OaiError = { code: ErrorCode; message: string };

type Rules = { required: readonly string[]; optional: readonly string[]; exclusive?: string };

/** Each verb's arguments (section 4 of the protocol); an exclusive argument allows no other. */
const ARGUMENTS: Record<Verb, Rules> = {
  Identify: { required: [], optional: [] },
  ListMetadataFormats: { required: [], optional: ["identifier"] },
  ListSets: { required: [], optional: [], exclusive: "resumptionToken" },
  ListIdentifiers: {
    required: ["metadataPrefix"],
    optional: ["from", "until", "set"],
    exclusive: "resumptionToken",
  },
  ListRecords: { required: ["metadataPrefix"], optional: ["from", "until", "set"], exclusive: "resumptionToken" },
  GetRecord: { required: ["identifier", "metadataPrefix"], optional: [] },
};

export type OaiRequest = { verb: Verb; args: Record<string, string> };

/** The request's verb and arguments, or the badVerb / badArgument errors it earns. */
export function parseRequest(pairs: [string, string][]): OaiRequest | { errors: OaiError[] } {
  const verbs = pairs.filter(([key]) => key === "verb").map(([, value]) => value);
  if (verbs.length === 0) return { errors: [{ code: "badVerb", message: "The verb argument is missing." }] };
  if (verbs.length > 1) return { errors: [{ code: "badVerb", message: "The verb argument is repeated." }] };
  const verb = VERBS.find((v) => v === verbs[0]);
  if (!verb) return { errors: [{ code: "badVerb", message: `"${verbs[0]}" is not an OAI-PMH verb.` }] };

  const rules = ARGUMENTS[verb];
  const errors: OaiError[] = [];
  const args: Record<string, string> = {};
  for (const [key, value] of pairs) {
    if (key === "verb") continue;
    const known = rules.required.includes(key) || rules.optional.includes(key) || rules.exclusive === key;
    if (!known) errors.push({ code: "badArgument", message: `${verb} does not take the argument "${key}".` });
    else if (key in args) errors.push({ code: "badArgument", message: `The argument "${key}" is repeated.` });
    else if (value === "") errors.push({ code: "badArgument", message: `The argument "${key}" has no value.` });
    else args[key] = value;
  }
  if (errors.length) return { errors };
  if (rules.exclusive && rules.exclusive in args) {
    const others = Object.keys(args).filter((key) => key !== rules.exclusive);
    if (others.length) {
      return {
        errors: [{ code: "badArgument", message: `${rules.exclusive} is an exclusive argument: no other is allowed.` }],
      };
    }
    return { verb, args };
  }
  for (const key of rules.required) {
    if (!(key in args)) errors.push({ code: "badArgument", message: `${verb} needs the argument "${key}".` });
  }
  return errors.length ? { errors } : { verb, args };
}

/* ---- dates ---- */

export type Granularity = "day" | "second";
export type DateBound = { at: Date; granularity: Granularity };

/** A from/until value in one of the two granularities the repository supports, or null. */
export function parseDatestamp(value: string): DateBound | null {
  const day = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  const second = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2}):(\d{2})Z$/.exec(value);
  const parts = day ?? second;
  if (!parts) return null;
  const [year, month, date, hours = 0, minutes = 0, seconds = 0] = parts.slice(1).map(Number);
  const at = new Date(Date.UTC(2000, 0, 1, hours, minutes, seconds));
  // setUTCFullYear, unlike Date.UTC, takes years before 100 as they are (a harvest "from=0001-01-01").
  at.setUTCFullYear(year, month - 1, date);
  // Date.UTC rolls 2025-02-30 over into March; a real date reads back the same.
  const same =
    at.getUTCFullYear() === year &&
    at.getUTCMonth() === month - 1 &&
    at.getUTCDate() === date &&
    at.getUTCHours() === hours &&
    at.getUTCMinutes() === minutes &&
    at.getUTCSeconds() === seconds;
  return same ? { at, granularity: day ? "day" : "second" } : null;
}

/** The repository's datestamp: UTC to the second (the granularity Identify announces). */
export const datestamp = (date: Date) => date.toISOString().slice(0, 19) + "Z";

/** A harvest's time window: records changed at or after `from` and before `before`. */
export type TimeWindow = { from: Date | null; before: Date | null };

/** from/until as a window, or the badArgument they earn. `until` includes its whole day or second. */
export function timeWindow(fromValue?: string, untilValue?: string): TimeWindow | OaiError {
  const from = fromValue === undefined ? null : parseDatestamp(fromValue);
  const until = untilValue === undefined ? null : parseDatestamp(untilValue);
  if (fromValue !== undefined && !from) return badDate("from", fromValue);
  if (untilValue !== undefined && !until) return badDate("until", untilValue);
  if (from && until && from.granularity !== until.granularity) {
    return { code: "badArgument", message: "from and until must have the same granularity." };
  }
  if (from && until && from.at > until.at) return { code: "badArgument", message: "from is later than until." };
  const before = until ? new Date(until.at.getTime() + (until.granularity === "day" ? 86_400_000 : 1000)) : null;
  // Past the year 9999 nothing is later: no upper bound (and no date the database has to read).
  if (before && before.getUTCFullYear() > 9999) return { from: from?.at ?? null, before: null };
  return { from: from?.at ?? null, before };
}

function badDate(name: string, value: string): OaiError {
  return {
    code: "badArgument",
    message: `${name} "${value}" is not a date as YYYY-MM-DD or YYYY-MM-DDThh:mm:ssZ.`,
  };
}

/* ---- XML ---- */

export function escapeXml(value: string): string {
  return xmlSafe(value).replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");
}

export type Attributes = Record<string, string | number | undefined>;

/** An element; `content` is XML already written (use `text` for words), none makes it empty. */
const attributeText = (attributes: Attributes) =>
  Object.entries(attributes)
    .filter(([, value]) => value !== undefined)
    .map(([key, value]) => ` ${key}="${escapeXml(String(value))}"`)
    .join("");

export function element(name: string, attributes: Attributes = {}, ...content: string[]): string {
  const attrs = attributeText(attributes);
  const inner = content.join("");
  return inner === "" ? `<${name}${attrs}/>` : `<${name}${attrs}>${inner}</${name}>`;
}

/** An element holding text (escaped). */
export const textElement = (name: string, value: string, attributes: Attributes = {}) =>
  `<${name}${attributeText(attributes)}>${escapeXml(value)}</${name}>`;

/** The whole answer: the OAI-PMH root, the response date, the request echoed, then the verb's part. */
export function oaiDocument(options: {
  responseDate: Date;
  baseUrl: string;
  /** The request's arguments, or null when they are not echoed (badVerb, badArgument). */
  request: Attributes | null;
  body: string;
}): string {
  return (
    `<?xml version="1.0" encoding="UTF-8"?>\n` +
    element(
      "OAI-PMH",
      {
        xmlns: OAI_NAMESPACE,
        "xmlns:xsi": XSI_NAMESPACE,
        "xsi:schemaLocation": `${OAI_NAMESPACE} ${OAI_SCHEMA}`,
      },
      textElement("responseDate", datestamp(options.responseDate)),
      textElement("request", options.baseUrl, options.request ?? {}),
      options.body,
    ) +
    "\n"
  );
}

/** A metadata format as ListMetadataFormats names it. */
export type MetadataFormat = { metadataPrefix: string; schema: string; metadataNamespace: string };

/** A record's root element in a metadata format: its namespaces, then the XSI one and where the format's schema is. */
export const metadataElement = (name: string, format: MetadataFormat, namespaces: Attributes, ...content: string[]) =>
  element(
    name,
    {
      ...namespaces,
      "xmlns:xsi": XSI_NAMESPACE,
      "xsi:schemaLocation": `${format.metadataNamespace} ${format.schema}`,
    },
    ...content,
  );

export const errorElements = (errors: OaiError[]) =>
  errors.map((error) => textElement("error", error.message, { code: error.code })).join("");

/** Whether the errors mean the request's arguments must not be echoed (section 3.2). */
export const withoutEcho = (errors: OaiError[]) =>
  errors.some((error) => error.code === "badVerb" || error.code === "badArgument");
