const UPLOADS = "/uploads/";
const IN_HTML = /(\s(?:src|href|poster)=["'])\/uploads\//gi;

/**
 * An API answer with every stored file's address made absolute (`/uploads/…` → `https://site/uploads/…`),
 * in fields that hold one and inside HTML: for a client served from another origin (CORS_ORIGINS),
 * which would otherwise look for the files on its own host.
 */
export function withAbsoluteUploads(value: unknown, base: string): unknown {
  const origin = base.replace(/\/+$/, "");
  const walk = (item: unknown): unknown => {
    if (typeof item === "string") {
      if (item.startsWith(UPLOADS)) return origin + item;
      return item.includes(UPLOADS) ? item.replace(IN_HTML, `$1${origin}${UPLOADS}`) : item;
    }
    if (Array.isArray(item)) return item.map(walk);
    if (item && typeof item === "object") {
      return Object.fromEntries(Object.entries(item).map(([key, field]) => [key, walk(field)]));
    }
    return item;
  };
  return walk(value);
}
