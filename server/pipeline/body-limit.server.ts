import type http from "node:http";

import {
  bodyLimitFor,
  type BodyLimits,
  cappedBody,
  declaredLength,
  shapeScannerFor,
  tooLargeMessage,
} from "../request-body.server";
import { refuse, type Step } from "./pipeline.server";

/** How long a client may go on sending a body after it was answered, before its connection is closed. */
const LINGER_AFTER_ANSWER_MS = 5000;

/**
 * Every body is read through one byte-counting reader, capped by its address's limit: over it the
 * answer is 413 at once, before a byte is read when the length is declared (decision 014). Its
 * shape is counted on the way (fields, parts, JSON values and nesting): over a limit, the answer
 * is 413 or 400 at once, before any parser has the body (decision 032).
 */
export function bodyLimit(limits: BodyLimits): Step {
  return (exchange, next) => {
    const { req, res } = exchange;
    if (req.method === "GET" || req.method === "HEAD" || req.method === "OPTIONS") return next();
    const limit = bodyLimitFor(req.url, limits);
    const refuseTooLarge = () => {
      if (!res.headersSent) refuse(exchange, 413, tooLargeMessage(req.url, limit));
    };
    if ((declaredLength(req) ?? 0) > limit) return refuseTooLarge();
    const scanner = shapeScannerFor(req.url, req.headers["content-type"]);
    const reader = cappedBody(
      req,
      limit,
      refuseTooLarge,
      scanner && {
        scanner,
        onShape: ({ status, message }) => {
          if (!res.headersSent) refuse(exchange, status, message);
        },
      },
    );
    exchange.body = reader.stream;
    // Answered before the body was read (refused, or over its limit): the rest is dropped as it
    // arrives, and a client that goes on sending is cut off.
    res.once("finish", () => {
      if (req.complete) return;
      reader.discard();
      const cutOff = setTimeout(() => req.socket.destroy(), LINGER_AFTER_ANSWER_MS);
      cutOff.unref();
      req.once("end", () => clearTimeout(cutOff));
      req.socket.once("close", () => clearTimeout(cutOff));
    });
    next();
  };
}

/** "Expect: 100-continue": whether the client may send its body (one over its limit is refused unsent). */
export function mayContinue(req: http.IncomingMessage, limits: BodyLimits): boolean {
  return (declaredLength(req) ?? 0) <= bodyLimitFor(req.url, limits);
}
