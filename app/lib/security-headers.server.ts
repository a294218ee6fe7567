import { createHash, randomBytes } from "node:crypto";

import type { AppConfig } from "~/lib/config.server";
import { VIDEO_EMBED_ORIGINS } from "~/lib/sanitize.server";

/**
 * The Content-Security-Policy of the site's pages. Scripts run only from this origin or when the
 * server vouches for them: by a fresh nonce on pages rendered for one request, by their SHA-256 on
 * pages kept in the page cache (a nonce served to many visitors would be no secret). Inline
 * styles stay allowed: the stylesheet is inlined and the editor sets style attributes, and a
 * style cannot run code.
 */
export function pagePolicy(
  config: Pick<AppConfig, "oidc" | "google" | "publicUrl">,
  scripts: { nonce: string } | { hashes: string[] },
): string {
  const scriptSources =
    "nonce" in scripts ? [`'nonce-${scripts.nonce}'`] : scripts.hashes.map((hash) => `'sha256-${hash}'`);
  // Browsers apply form-action to the redirects that follow a form, so the external sign-in
  // providers' pages must be allowed. Google signs in on its own host; an OpenID Connect provider
  // may sign in on another host than its issuer's (Cognito, brokers), so with one configured any
  // https address is (forms on these pages are our own: the sanitiser removes any other).
  const signInOrigins = [
    config.google ? "https://accounts.google.com" : undefined,
    originOf(config.oidc?.issuer),
    config.oidc ? "https:" : undefined,
  ].filter(Boolean);
  const directives = [
    "default-src 'self'",
    `script-src 'self' ${scriptSources.join(" ")}`.trim(),
    "style-src 'self' 'unsafe-inline'",
    // Post images may be addresses on other sites (the editor allows them, http too); images cannot
    // run code, and over https upgrade-insecure-requests fetches them securely.
    "img-src 'self' data: blob: https: http:",
    "font-src 'self'",
    "connect-src 'self'",
    "media-src 'self'",
    // The journal page shows its PDF in an <object>.
    "object-src 'self'",
    `frame-src 'self' ${VIDEO_EMBED_ORIGINS.join(" ")}`,
    "frame-ancestors 'self'",
    "base-uri 'self'",
    `form-action 'self' ${signInOrigins.join(" ")}`.trim(),
    ...(config.publicUrl?.startsWith("https:") ? ["upgrade-insecure-requests"] : []),
  ];
  return directives.join("; ");
}

/** Everything that is not a page (API answers, data, files) may load and run nothing. */
export const RESOURCE_POLICY = "default-src 'none'; frame-ancestors 'self'; base-uri 'none'; form-action 'none'";

/**
 * Every stored file, PDFs included: a sandbox without scripts or the site's origin, as if it came
 * from another site. Browsers' PDF viewers still show a sandboxed PDF (the journal page frames it),
 * and whatever script it carries has an opaque origin: none of this site's cookies, storage or pages.
 */
export const STORED_FILE_POLICY = "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'self'; sandbox";

/**
 * How a stored file is handed to the browser when it is fetched by its own address: a PDF is
 * saved, not opened, so no viewer runs its scripts there. The journal's reading view
 * (`/journal/{slug}/pdf`) shows it inline, under the same sandbox.
 */
export function storedFileDisposition(contentType: string): "inline" | "attachment" {
  return contentType === "application/pdf" ? "attachment" : "inline";
}

export function newNonce(): string {
  return randomBytes(18).toString("base64");
}

/**
 * The SHA-256 of each inline script that carries the render's nonce, in a complete page. Scripts
 * without it (none should exist) stay unlisted, so they would not run from the cache either.
 */
export function inlineScriptHashes(html: string, nonce: string): string[] {
  const hashes = new Set<string>();
  const pattern = /<script\b([^>]*)>([\s\S]*?)<\/script>/gi;
  for (const [, attributes, body] of html.matchAll(pattern)) {
    if (!attributes.includes(`nonce="${nonce}"`) || /\bsrc\s*=/.test(attributes)) continue;
    hashes.add(createHash("sha256").update(body, "utf8").digest("base64"));
  }
  return [...hashes];
}

function originOf(url: string | undefined): string | undefined {
  if (!url) return undefined;
  try {
    return new URL(url).origin;
  } catch {
    return undefined;
  }
}
