/**
 * A path on this site to return to, or the fallback: never an address on another site. Control
 * characters and backslashes are refused outright (browsers read "/\t/evil.com" or "/\\evil.com"
 * as another host), and what is left must resolve to the same origin.
 */
export function safeRedirectPath(value: FormDataEntryValue | string | null | undefined, fallback = "/"): string {
  if (typeof value !== "string" || !value.startsWith("/") || hasControlOrBackslash(value)) return fallback;
  try {
    const base = "http://site.invalid";
    const url = new URL(value, base);
    if (url.origin !== base) return fallback;
    return url.pathname + url.search + url.hash;
  } catch {
    return fallback;
  }
}

function hasControlOrBackslash(value: string): boolean {
  for (const char of value) {
    const code = char.charCodeAt(0);
    if (code < 0x20 || code === 0x7f || char === "\\") return true;
  }
  return false;
}
