import type { AppConfig } from "~/lib/config.server";
import { CROSS_SITE_REFUSED, isCrossSiteMutation } from "~/lib/same-origin.server";

import { refuse, type Step } from "./pipeline.server";

/** A state-changing request from another site (a forged form post) is refused before routing. */
export function refuseCrossSite(config: Pick<AppConfig, "publicUrl" | "corsOrigins">): Step {
  return (exchange, next) => {
    const { req } = exchange;
    const crossSite = isCrossSiteMutation({
      method: req.method ?? "GET",
      origin: req.headers.origin,
      fetchSite: req.headers["sec-fetch-site"] as string | undefined,
      host: req.headers.host,
      publicUrl: config.publicUrl,
      path: req.url ?? "",
      corsOrigins: config.corsOrigins,
    });
    if (crossSite) refuse(exchange, 403, CROSS_SITE_REFUSED);
    else next();
  };
}
