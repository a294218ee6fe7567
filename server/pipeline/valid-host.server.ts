import { refuse, type Step } from "./pipeline.server";

/** A DNS name or IPv4 address, or an IPv6 address in brackets, and an optional port: nothing else. */
const HOST_HEADER =
  /^(?:[a-z0-9_](?:[a-z0-9_-]{0,61}[a-z0-9_])?(?:\.[a-z0-9_](?:[a-z0-9_-]{0,61}[a-z0-9_])?)*\.?|\[[0-9a-f:.]{2,45}\])(?::(\d{1,5}))?$/i;

/** Requests are routed by their Host header: it must be a host and port, and nothing more. */
export function isValidHost(host: string | undefined): boolean {
  if (!host || host.length > 261) return false;
  const match = HOST_HEADER.exec(host);
  if (!match || (match[1] !== undefined && Number(match[1]) > 65535)) return false;
  try {
    return new URL(`http://${host}/`).host === host.toLowerCase().replace(/:80$/, "");
  } catch {
    return false;
  }
}

/** A request whose Host header is not a valid host gets a 400. */
export const validHost: Step = (exchange, next) => {
  if (!isValidHost(exchange.req.headers.host)) refuse(exchange, 400, "Bad request: the Host header is not valid.");
  else next();
};
