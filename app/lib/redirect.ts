/** Any origin will do: what matters is whether a target stays on it. */
const SITE = "http://site.invalid";

/**
 * A path on this site to return to, or the fallback: never an address on another site. The value
 * is parsed as a URL against the site's origin and refused unless it stays there; then the path
 * it resolved to is parsed again, exactly as a browser will read it in a Location header, and
 * must stay there too ("/.//evil.example" resolves to "//evil.example", another host). Control
 * characters and backslashes are refused outright (browsers read "/\t/evil.com" or "/\\evil.com"
 * as another host).
 */
export function safeRedirectPath(value: FormDataEntryValue | string | null | undefined, fallback = "/"): string {
  if (typeof value !== "string" || !value.startsWith("/") || hasControlOrBackslash(value)) return fallback;
  const path = sameOriginPath(value);
  if (path === undefined || !path.startsWith("/") || path.startsWith("//") || sameOriginPath(path) !== path)
    return fallback;
  return path;
}

function sameOriginPath(value: string): string | undefined {
  try {
    const url = new URL(value, SITE);
    return url.origin === SITE ? url.pathname + url.search + url.hash : undefined;
  } catch {
    return undefined;
  }
}

function hasControlOrBackslash(value: string): boolean {
  for (const char of value) {
    const code = char.charCodeAt(0);
    if (code < 0x20 || code === 0x7f || char === "\\") return true;
  }
  return false;
}
