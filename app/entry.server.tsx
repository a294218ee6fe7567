import { PassThrough } from "node:stream";

import { createReadableStreamFromReadable } from "@react-router/node";
import { isbot } from "isbot";
import { renderToPipeableStream } from "react-dom/server";
import { type EntryContext, type HandleErrorFunction, ServerRouter } from "react-router";

import { config } from "~/lib/config.server";
import { NonceContext } from "~/lib/nonce";
import { inlineScriptHashes, newNonce, pagePolicy } from "~/lib/security-headers.server";
import { composition } from "~/registry.server";
import { composeRuntime } from "~/runtime.server";

// The server build and the development server load this module before any request: the place the
// runtime learns how to build the services (decision 051).
composeRuntime(composition);

const STREAM_TIMEOUT_MS = 10_000;

/**
 * Server rendering: streamed to browsers, complete documents to bots and to the page cache. Every
 * inline script carries this render's nonce; the Content-Security-Policy names the nonce, or, for
 * a page kept in the cache, the scripts' hashes.
 */
export default function handleRequest(request: Request, status: number, headers: Headers, context: EntryContext) {
  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false;
    const nonce = newNonce();
    // A page rendered for the page cache (server/main.ts) is rendered whole, and an error in it
    // makes it a 500, which is never kept.
    const forCache = request.headers.get("x-page-cache-fill") === "1";
    const readyEvent =
      forCache || isbot(request.headers.get("user-agent") ?? "") || context.isSpaMode ? "onAllReady" : "onShellReady";
    const { pipe, abort } = renderToPipeableStream(
      <NonceContext.Provider value={nonce}>
        <ServerRouter context={context} url={request.url} nonce={nonce} />
      </NonceContext.Provider>,
      {
        nonce,
        [readyEvent]() {
          shellRendered = true;
          const body = new PassThrough();
          headers.set("Content-Type", "text/html; charset=utf-8");
          if (!import.meta.env.DEV && forCache) {
            // The whole page, so that the policy can list its scripts' hashes.
            const chunks: Buffer[] = [];
            body.on("data", (chunk: Buffer) => chunks.push(chunk));
            body.on("end", () => {
              clearTimeout(deadline);
              const html = Buffer.concat(chunks);
              headers.set(
                "Content-Security-Policy",
                pagePolicy(config(), { hashes: inlineScriptHashes(html.toString("utf8"), nonce) }),
              );
              resolve(new Response(html, { headers, status }));
            });
            body.on("error", reject);
          } else {
            // The development server injects scripts of its own.
            if (!import.meta.env.DEV) headers.set("Content-Security-Policy", pagePolicy(config(), { nonce }));
            // Once the page is out, the deadline has nothing left to abort (and would keep the render alive).
            body.on("end", () => clearTimeout(deadline));
            resolve(new Response(createReadableStreamFromReadable(body), { headers, status }));
          }
          pipe(body);
        },
        onShellError(error: unknown) {
          clearTimeout(deadline);
          reject(error);
        },
        onError(error: unknown) {
          status = 500;
          if (shellRendered) console.error(`render error: ${(error as Error).message ?? error}`);
        },
      },
    );
    const deadline = setTimeout(abort, STREAM_TIMEOUT_MS + 1000);
  });
}

/**
 * One line per failure, without a stack for what is the visitor's doing (a wrong method, a
 * malformed address); unexpected errors keep their stack for the operator.
 */
export const handleError: HandleErrorFunction = (error, { request }) => {
  if (request.signal.aborted) return;
  const where = `${request.method} ${new URL(request.url).pathname}`;
  const status = (error as { status?: number }).status;
  if (typeof status === "number" && status < 500) {
    console.error(`${where}: ${status} ${(error as Error).message ?? ""}`.trim());
  } else {
    console.error(`${where}: ${(error as Error)?.stack ?? error}`);
  }
};
