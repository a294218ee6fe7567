/**
 * Text that goes into files other programs read line by line or as XML: titles and names are typed
 * (or imported) by people and may carry newlines, tabs and control characters that these formats
 * cannot hold.
 */

/** Characters XML 1.0 cannot carry: control characters but tab, CR and LF, lone surrogates, U+FFFE/U+FFFF. */
const NOT_XML = /[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu;

/** The text without the characters XML 1.0 cannot carry (a document with one is not XML at all). */
export const xmlSafe = (value: string): string => value.replace(NOT_XML, "");

/** Every text in plain objects and arrays made XML-safe (dates, numbers and other objects unchanged). */
export function xmlSafeTexts<T>(value: T): T {
  if (typeof value === "string") return xmlSafe(value) as T;
  if (Array.isArray(value)) return value.map(xmlSafeTexts) as T;
  if (value && Object.getPrototypeOf(value) === Object.prototype)
    return Object.fromEntries(Object.entries(value).map(([key, v]) => [key, xmlSafeTexts(v)])) as T;
  return value;
}

/**
 * Every line break, tab and other control character (C0, DEL, C1, the Unicode line and paragraph
 * separators) and characters XML cannot carry.
 */
const BREAKS_AND_CONTROLS = /[\p{Cc}\p{Cs}\u2028\u2029\uFFFE\uFFFF]/gu;

/** The text on one line: breaks and control characters become spaces, runs of spaces one. */
export const oneLine = (value: string): string => value.replace(BREAKS_AND_CONTROLS, " ").replace(/ {2,}/g, " ").trim();
