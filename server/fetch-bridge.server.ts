import { once } from "node:events";
import type { IncomingMessage, ServerResponse } from "node:http";

/**
 * Node's request and response objects, and the Fetch API's that React Router speaks. Written
 * here (rather than taken from @react-router/node) so the page cache can sit between the two.
 */

/**
 * A trusted proxy appends what it saw to X-Forwarded-For and X-Forwarded-Proto: the last entry is
 * the one it vouches for (earlier ones are whatever the client sent).
 */
export function proxyEntry(value: string | string[] | undefined): string {
  return String(value ?? "")
    .split(",")
    .at(-1)!
    .trim();
}

/**
 * The request as the visitor addressed it. Behind a proxy that ends TLS the connection here is
 * plain http, but the browser's Origin is https: the address must be the public one, or React
 * Router takes every form for a forgery. PUBLIC_URL says it; otherwise a trusted proxy's
 * X-Forwarded-Proto does.
 */
export function toFetchRequest(
  req: IncomingMessage,
  res: ServerResponse,
  site: { publicUrl?: string; trustProxy?: boolean } = {},
  /** The request's body, read through the server's byte-counting reader (request-body.server.ts). */
  body?: ReadableStream<Uint8Array>,
): Request {
  const forwardedProto = site.trustProxy ? proxyEntry(req.headers["x-forwarded-proto"]).toLowerCase() : "";
  const base = site.publicUrl
    ? new URL(site.publicUrl).origin
    : `${forwardedProto === "https" ? "https" : "http"}://${req.headers.host}`;
  // Appended, not resolved: a path such as //other.example must not change the host.
  const url = new URL(`${base}${req.url?.startsWith("/") ? req.url : "/"}`);
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (value === undefined) continue;
    if (Array.isArray(value)) for (const one of value) headers.append(name, one);
    else headers.set(name, value);
  }
  // A request whose client went away is aborted, so React Router stops rendering it.
  const controller = new AbortController();
  res.on("close", () => {
    if (!res.writableFinished) controller.abort();
  });
  const method = req.method ?? "GET";
  const hasBody = body && method !== "GET" && method !== "HEAD";
  return new Request(url, {
    method,
    headers,
    signal: controller.signal,
    ...(hasBody ? { body, duplex: "half" } : {}),
  } as RequestInit);
}

/** Status and headers of a Fetch response, with every Set-Cookie kept apart. */
function writeHead(res: ServerResponse, response: Response, extra: Record<string, string> = {}) {
  res.statusCode = response.status;
  for (const [name, value] of response.headers) {
    if (name !== "set-cookie") res.setHeader(name, value);
  }
  const cookies = response.headers.getSetCookie();
  if (cookies.length) res.setHeader("Set-Cookie", cookies);
  for (const [name, value] of Object.entries(extra)) res.setHeader(name, value);
}

/** Streams a Fetch response to Node, waiting when the client reads slowly. */
export async function sendFetchResponse(
  req: IncomingMessage,
  res: ServerResponse,
  response: Response,
  extraHeaders: Record<string, string> = {},
) {
  // The server already answered (a body over its limit was refused while the route read it).
  if (res.headersSent) {
    await response.body?.cancel().catch(() => {});
    return;
  }
  writeHead(res, response, extraHeaders);
  if (!response.body || req.method === "HEAD") {
    res.end();
    return;
  }
  try {
    for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) {
      if (res.destroyed) break;
      if (!res.write(chunk)) await Promise.race([once(res, "drain"), once(res, "close")]);
    }
  } finally {
    res.end();
  }
}
