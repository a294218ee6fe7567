import { CLIENT_IP_HEADER } from "~/lib/client-ip.server";
import type { AppConfig } from "~/lib/config.server";

import { proxyEntry } from "../fetch-bridge.server";
import type { Step } from "./pipeline.server";

/**
 * The client's address for rate limits: from the proxy when we are told to trust it, never from a
 * header the client could have set itself (ours overwrites it).
 */
export function clientIp(config: Pick<AppConfig, "trustProxy">): Step {
  return ({ req }, next) => {
    const forwarded = config.trustProxy ? proxyEntry(req.headers["x-forwarded-for"]) : "";
    req.headers[CLIENT_IP_HEADER] = forwarded || req.socket.remoteAddress || "unknown";
    next();
  };
}
