/** The site's address without a trailing slash: "https://cpscr.example.edu". */
export function originOf(url: string): string {
  return new URL(url).origin;
}

/** An absolute URL for a path of this site (a URL already absolute is kept). */
export function absoluteUrl(origin: string, pathOrUrl: string): string {
  return new URL(pathOrUrl, `${origin}/`).href;
}

/**
 * The canonical address of a page: absolute, from the public origin, with none of the query a
 * visitor arrived with (tracking tags, a cursor, an open dialog) but the page number of a list
 * past its first page, the one parameter that changes what is indexed.
 */
export function canonicalUrl(origin: string, path: string, query: { page?: number | null } = {}): string {
  const url = new URL(path.split(/[?#]/)[0] || "/", `${origin}/`);
  if (query.page && Number.isInteger(query.page) && query.page > 1) url.searchParams.set("page", String(query.page));
  return url.href;
}

/** A link preview's image: 1200×630, the shape Facebook, LinkedIn and X show large. */
export const SOCIAL_IMAGE = { width: 1200, height: 630 } as const;

/** The site's own card, for pages without an image (public/social-card.png, made by scripts/make-icons.mjs). */
export const DEFAULT_SOCIAL_IMAGE_PATH = "/social-card.png";

const UPLOADED_IMAGE = /^(\/uploads\/\d{4}-\d{2}\/[0-9a-f-]{36})-\d+w\.webp$/;

/**
 * The JPEG link-preview copy of an uploaded image (`<base>-og.jpg`): made at upload, or on its
 * first request for images uploaded before (routes/uploads.ts). Null for any other image.
 */
export function socialImagePath(image: string | null | undefined): string | null {
  const match = image ? UPLOADED_IMAGE.exec(image) : null;
  return match ? `${match[1]}-og.jpg` : null;
}
