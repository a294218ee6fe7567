const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

export const CROSS_SITE_REFUSED =
  "This request came from another site, so it was refused. Go back to the page and try again.";

export type RequestOrigin = {
  method: string;
  /** The Origin header. */
  origin: string | null | undefined;
  /** The Sec-Fetch-Site header. */
  fetchSite: string | null | undefined;
  /** The Host header. */
  host: string | null | undefined;
  publicUrl: string | undefined;
  /** The request's path, and the origins CORS_ORIGINS lets call the JSON API under /api/. */
  path?: string;
  corsOrigins?: string[];
};

/** An origin that CORS_ORIGINS lets call this JSON API path with credentials. */
export function isAllowedApiOrigin(
  path: string,
  origin: string | null | undefined,
  corsOrigins: string[],
): origin is string {
  return path.startsWith("/api/") && Boolean(origin) && corsOrigins.includes(origin!);
}

/**
 * Cross-site request forgery guard: a state-changing request must come from this site. Browsers
 * send Origin (and Sec-Fetch-Site) with every POST; requests without them (scripts, curl) carry
 * no ambient browser credentials to abuse and are judged by their own authentication.
 */
export function isCrossSiteMutation({
  method,
  origin,
  fetchSite,
  host,
  publicUrl,
  path,
  corsOrigins,
}: RequestOrigin): boolean {
  if (SAFE_METHODS.has(method.toUpperCase())) return false;
  if (path && isAllowedApiOrigin(path, origin, corsOrigins ?? [])) return false;
  if (fetchSite === "cross-site") return true;
  if (!origin) return false;
  if (origin === "null") return true;
  try {
    const from = new URL(origin);
    if (publicUrl && from.origin === new URL(publicUrl).origin) return false;
    return from.host !== host;
  } catch {
    return true;
  }
}
