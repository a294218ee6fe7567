import compression from "compression";

import type { Step } from "./pipeline.server";

/** Compresses what follows (files and rendered answers; cached pages carry their own encodings). */
export function compress(): Step {
  // Byte ranges are served as stored: compressing a slice would break its Content-Range.
  const middleware = compression({ filter: (req, res) => !req.headers.range && compression.filter(req, res) });
  return ({ req, res }, next) => middleware(req as never, res as never, next);
}
