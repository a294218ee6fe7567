import type { AppConfig } from "~/lib/config.server";
import { RESOURCE_POLICY } from "~/lib/security-headers.server";

import type { Step } from "./pipeline.server";

/**
 * Security headers on every answer. Pages replace the Content-Security-Policy with their own
 * (entry.server.tsx); everything else (API answers, page data, files, the server's own refusals)
 * keeps this one.
 */
export function baseHeaders(config: Pick<AppConfig, "publicUrl">): Step {
  const headers: Record<string, string> = {
    "Content-Security-Policy": RESOURCE_POLICY,
    "Cross-Origin-Opener-Policy": "same-origin",
    "Permissions-Policy": "camera=(), microphone=(), geolocation=(), payment=()",
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "strict-origin-when-cross-origin",
    "X-Frame-Options": "SAMEORIGIN",
    ...(config.publicUrl?.startsWith("https:")
      ? { "Strict-Transport-Security": "max-age=31536000; includeSubDomains" }
      : {}),
  };
  return ({ res }, next) => {
    for (const [name, value] of Object.entries(headers)) res.setHeader(name, value);
    next();
  };
}
