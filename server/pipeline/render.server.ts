import type { createRequestHandler } from "react-router";

import type { AppConfig } from "~/lib/config.server";
import { answered, recording, type RequestRecord } from "~/services/request-record.server";

import { sendFetchResponse, toFetchRequest } from "../fetch-bridge.server";
import { type CachedPage, etagOf, type PageCache } from "../page-cache.server";
import { renderGate, takesTurn } from "../render-gate.server";
import { sendCachedPage } from "./cached-pages.server";
import { type Exchange, refuse, type Step } from "./pipeline.server";

/** Enough to keep the processor busy while some wait on the database (PostgreSQL). */
const RENDERS_AT_ONCE = 8;
/**
 * Renders started in one turn of the event loop: a render takes 5-8 ms, so a turn stays near 15 ms
 * and new connections are taken in that often (see render-gate.server.ts).
 */
const RENDERS_PER_TURN = 2;

/** Headers a cached page gets from the cache itself, not from the render that made it. */
const SET_BY_THE_CACHE = ["content-length", "content-encoding", "etag", "cache-control", "vary"];

/**
 * Answers that depend on who is signed in say so: every answer that looked up the session varies
 * by Cookie, and one made for a signed-in person is never stored by any cache.
 */
function sessionHeaders(response: Response, record: RequestRecord): Record<string, string> {
  if (record.session === "not-read") return {};
  const vary = (response.headers.get("vary") ?? "")
    .split(",")
    .map((name) => name.trim())
    .filter(Boolean);
  if (!vary.some((name) => name.toLowerCase() === "cookie" || name === "*")) vary.push("Cookie");
  return { Vary: vary.join(", "), ...(record.session === "signed-in" ? { "Cache-Control": "private, no-store" } : {}) };
}

type RenderOptions = {
  handler: ReturnType<typeof createRequestHandler>;
  cache: PageCache;
  config: AppConfig;
};

/**
 * The last step: React Router answers. Page renders take turns (render-gate.server.ts); writes, the
 * API and files do not. A signed-out visitor's public page is kept for the next one; whether a
 * render may be kept is decided by the render: no session user, no cookie set, nothing private.
 */
export function render({ handler, cache, config }: RenderOptions): Step {
  const gate = renderGate(RENDERS_AT_ONCE, RENDERS_PER_TURN);
  const inTurn = <T>(exchange: Exchange, work: () => Promise<T>) =>
    takesTurn(exchange.req.method, exchange.req.url) ? gate.run(work) : work();

  const answer = async (exchange: Exchange) => {
    const { req, res, cacheKey, body } = exchange;
    const request = toFetchRequest(req, res, config, body);
    const generation = cache.generation;
    const { result, record } = await recording((record) => {
      // What the request put off until its answer had gone (request-record.server.ts) runs then.
      res.once("close", () => answered(record));
      return inTurn(exchange, async () => {
        const response = await handler(request);
        const storable = (): boolean =>
          cacheKey !== undefined &&
          req.method === "GET" &&
          response.status === 200 &&
          record.session !== "signed-in" &&
          !response.headers.has("set-cookie") &&
          !/no-store|private/.test(response.headers.get("cache-control") ?? "");
        // A HEAD request's answer has no body (React Router leaves it out): never kept.
        if (!storable()) return { response, body: undefined };
        // The whole page is read within the turn; what it looked up while streaming counts too.
        const rendered = Buffer.from(await response.arrayBuffer());
        return { response, body: rendered, keep: storable() };
      });
    });
    const { response } = result;
    if (!result.body) return sendFetchResponse(req, res, response, sessionHeaders(response, record));
    const headers = [...response.headers].filter(([name]) => !SET_BY_THE_CACHE.includes(name));
    const page: CachedPage = { status: 200, headers, body: result.body, etag: etagOf(result.body), tags: record.tags };
    if (!result.keep) {
      // Read for the cache, then found to be personal: sent to this visitor alone.
      for (const [name, value] of headers) res.setHeader(name, value);
      for (const [name, value] of Object.entries(sessionHeaders(response, record))) res.setHeader(name, value);
      res.writeHead(200, { "Content-Length": result.body.length });
      res.end(req.method === "HEAD" ? undefined : result.body);
      return;
    }
    cache.set(cacheKey!.key, page, generation);
    await sendCachedPage(req, res, page, false);
  };

  return (exchange) => {
    Promise.resolve(answer(exchange)).catch((error: unknown) => {
      console.error("request failed:", error);
      if (!exchange.res.headersSent) refuse(exchange, 500, "Something went wrong. Please try again.");
      else exchange.res.end();
    });
  };
}
