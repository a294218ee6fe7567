import type http from "node:http";

import type { PageCacheKey } from "../page-cache.server";

/** One request on its way through the pipeline, and what the steps before have learnt about it. */
export type Exchange = {
  req: http.IncomingMessage;
  res: http.ServerResponse;
  /** A JSON API request (decided on arrival): the server's own refusals are JSON too. */
  api: boolean;
  /** The request body, read through the capped reader (see body-limit.server.ts); none for GET, HEAD and OPTIONS. */
  body?: ReadableStream<Uint8Array>;
  /** Set when a signed-out visitor's page may come from the page cache or be kept in it. */
  cacheKey?: PageCacheKey;
};

/** One concern of the server: answers the request itself, or calls `next` to hand it on. */
export type Step = (exchange: Exchange, next: () => void) => void;

/** The steps in order, as one `node:http` request listener. */
export function pipeline(steps: Step[]): (req: http.IncomingMessage, res: http.ServerResponse) => void {
  return (req, res) => {
    const exchange: Exchange = { req, res, api: (req.url ?? "").startsWith("/api/") };
    const runFrom = (index: number) => {
      try {
        steps[index]?.(exchange, () => runFrom(index + 1));
      } catch (error) {
        // A step that trips must not leave the request hanging (nor take the process down).
        console.error(`Request failed in the server's pipeline: ${(error as Error).stack ?? error}`);
        if (!res.headersSent) refuse(exchange, 500, "Something went wrong. Please try again.");
        else res.destroy();
      }
    };
    runFrom(0);
  };
}

/** The server's own refusals: JSON for the API (as all its errors), plain text elsewhere. */
export function refuse({ res, api }: Exchange, status: number, message: string) {
  if (api)
    res
      .writeHead(status, { "Content-Type": "application/json" })
      .end(JSON.stringify({ success: false, statusCode: status, message }));
  else res.writeHead(status, { "Content-Type": "text/plain; charset=utf-8" }).end(message);
}
