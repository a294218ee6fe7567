import type { AppConfig } from "~/lib/config.server";
import { isAllowedApiOrigin } from "~/lib/same-origin.server";

import type { Step } from "./pipeline.server";

/**
 * The request headers a page on an allowed origin may send: the body's type, `X-File-Name` of an
 * upload, and `Authorization` and `X-Requested-With`, which the API ignores but clients send (the
 * earlier client puts `Authorization: Bearer null` on every settings and staff save; a browser
 * refuses the whole request when its preflight does not allow a header it carries). Listed, not
 * `*`, which a browser does not accept for requests with credentials.
 */
const ALLOWED_REQUEST_HEADERS = ["Content-Type", "Authorization", "X-Requested-With", "X-File-Name"];

const PREFLIGHT_HEADERS = {
  "Access-Control-Allow-Methods": "GET, POST, PUT, PATCH, DELETE",
  "Access-Control-Allow-Headers": ALLOWED_REQUEST_HEADERS.join(", "),
  "Access-Control-Max-Age": "600",
};

/** Headers that let an origin CORS_ORIGINS lists call the API with the visitor's cookies. */
function corsHeaders(origin: string): Record<string, string> {
  return { "Access-Control-Allow-Origin": origin, "Access-Control-Allow-Credentials": "true", Vary: "Origin" };
}

/** Cross-origin use of the JSON API: only from the origins CORS_ORIGINS lists; preflights answered here. */
export function cors(config: Pick<AppConfig, "corsOrigins">): Step {
  return ({ req, res, api }, next) => {
    const allowed = isAllowedApiOrigin(req.url ?? "", req.headers.origin, config.corsOrigins)
      ? corsHeaders(req.headers.origin)
      : undefined;
    if (allowed) for (const [name, value] of Object.entries(allowed)) res.setHeader(name, value);
    // Answers differ by origin once some origins are allowed: caches must keep them apart.
    else if (api && config.corsOrigins.length > 0) res.setHeader("Vary", "Origin");
    if (api && req.method === "OPTIONS") {
      res.writeHead(204, allowed ? PREFLIGHT_HEADERS : { Allow: "GET, POST, PUT, PATCH, DELETE" }).end();
      return;
    }
    next();
  };
}
