/** Text helpers shared by the server and the browser. */

const NAMED_ENTITIES: Record<string, string> = {
  amp: "&",
  lt: "<",
  gt: ">",
  quot: '"',
  apos: "'",
  nbsp: " ",
  ndash: "–",
  mdash: "—",
  lsquo: "‘",
  rsquo: "’",
  ldquo: "“",
  rdquo: "”",
  hellip: "…",
  copy: "©",
  reg: "®",
  eacute: "é",
  egrave: "è",
  uuml: "ü",
  ouml: "ö",
  auml: "ä",
  ccedil: "ç",
};

export function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (match, entity: string) => {
    if (entity[0] === "#") {
      const code =
        entity[1] === "x" || entity[1] === "X" ? parseInt(entity.slice(2), 16) : parseInt(entity.slice(1), 10);
      return Number.isFinite(code) && code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : match;
    }
    return NAMED_ENTITIES[entity.toLowerCase()] ?? match;
  });
}

/** Plain text of an HTML fragment: tags removed (block ends become spaces), entities decoded. */
export function htmlToText(html: string): string {
  const withoutHidden = html.replace(/<(script|style|template)\b[^>]*>[\s\S]*?<\/\1\s*>/gi, " ");
  const withoutTags = withoutHidden.replace(/<!--[\s\S]*?-->/g, " ").replace(/<[^>]*>/g, " ");
  return decodeEntities(withoutTags).replace(/\s+/g, " ").trim();
}

/**
 * At most `max` UTF-16 units of the text, never half of a surrogate pair: a half alone is no
 * character, and a JSON column (jsonb) refuses the whole value that holds one.
 */
export function clipText(text: string, max: number): string {
  if (text.length <= max) return text;
  const splitsPair = max > 0 && /[\uD800-\uDBFF]/.test(text[max - 1]);
  return text.slice(0, splitsPair ? max - 1 : max);
}

/** A short plain-text excerpt, cut on a word boundary. */
export function excerpt(html: string, maxLength = 220): string {
  const text = htmlToText(html);
  if (text.length <= maxLength) return text;
  const cut = clipText(text, maxLength);
  const lastSpace = cut.lastIndexOf(" ");
  return `${(lastSpace > maxLength * 0.6 ? cut.slice(0, lastSpace) : cut).replace(/[\s,.;:]+$/, "")}…`;
}

/** A readable URL slug: lower case ASCII words joined by dashes. */
export function slugify(title: string): string {
  const slug = title
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/&/g, " and ")
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 80)
    .replace(/-+$/g, "");
  return slug || "item";
}

/** What slugify produces (plus numeric suffixes): anything else cannot be a stored slug. */
export function isSlug(value: string | undefined | null): value is string {
  return typeof value === "string" && /^[a-z0-9]+(?:-[a-z0-9]+)*$/.test(value) && value.length <= 200;
}

/**
 * A client's file name, kept only as a label: at most 255 characters, no path separator, not "." or
 * "..", no control character (C0, DEL or C1), and no bidirectional embedding, override or isolate
 * (U+202A to U+202E, U+2066 to U+2069), which can make a name read as another: "report\u202Efdp.exe"
 * shows as "reportexe.pdf". The marks U+200E and U+200F, common in right-to-left names, are kept.
 */
export function isPlainFileName(name: string): boolean {
  return (
    name.length <= 255 &&
    !/[/\\]/.test(name) &&
    name !== "." &&
    name !== ".." &&
    !/[\p{Cc}\u202a-\u202e\u2066-\u2069]/u.test(name)
  );
}

const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export function isUuid(value: string | undefined | null): value is string {
  return typeof value === "string" && UUID_PATTERN.test(value);
}

const MONTHS = [
  "January",
  "February",
  "March",
  "April",
  "May",
  "June",
  "July",
  "August",
  "September",
  "October",
  "November",
  "December",
];

/** "21 November 2026" / "21 Nov 2026", in UTC, the same on the server and in every browser. */
export function formatDate(date: Date | string, style: "long" | "short" = "long"): string {
  const d = new Date(date);
  const month = MONTHS[d.getUTCMonth()];
  return `${d.getUTCDate()} ${style === "long" ? month : month.slice(0, 3)} ${d.getUTCFullYear()}`;
}

/** A file's size as people read it: 640 KB, 2.4 MB. */
export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${Math.round((bytes / 1024 / 1024) * 10) / 10} MB`;
}
