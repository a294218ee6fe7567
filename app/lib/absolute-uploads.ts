const UPLOADS = "/uploads/";
const IN_HTML = /(\s(?:src|href|poster)=["'])\/uploads\//gi;

/**
 * An API answer with every stored file's address made absolute (`/uploads/…` → `https://site/uploads/…`),
 * in fields that hold one and inside HTML: for a client served from another origin (CORS_ORIGINS),
 * which would otherwise look for the files on its own host.
 */
export function withAbsoluteUploads(value: unknown, base: string): unknown {
  const origin = base.replace(/\/+$/, "");
  return mapStrings(value, (text) => {
    if (text.startsWith(UPLOADS)) return origin + text;
    return text.includes(UPLOADS) ? text.replace(IN_HTML, `$1${origin}${UPLOADS}`) : text;
  });
}

/**
 * A request body with this site's own absolute file addresses made relative again: what such a
 * client read (above) it sends back with its edits, and fields that name a stored file take the
 * address the upload gave.
 */
export function withRelativeUploads(value: unknown, base: string): unknown {
  const absolute = `${base.replace(/\/+$/, "")}${UPLOADS}`;
  return mapStrings(value, (text) => (text.includes(absolute) ? text.replaceAll(absolute, UPLOADS) : text));
}

function mapStrings(value: unknown, change: (text: string) => string): unknown {
  if (typeof value === "string") return change(value);
  if (Array.isArray(value)) return value.map((item) => mapStrings(item, change));
  if (value && typeof value === "object") {
    return Object.fromEntries(Object.entries(value).map(([key, field]) => [key, mapStrings(field, change)]));
  }
  return value;
}
