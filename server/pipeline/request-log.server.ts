import type { Step } from "./pipeline.server";

/** One line per answered request: time, method, the URL as asked (before any rewrite), status, duration. */
export const requestLog: Step = ({ req, res }, next) => {
  const started = performance.now();
  const requestedUrl = req.url;
  res.on("finish", () => {
    const ms = (performance.now() - started).toFixed(1);
    console.log(`${new Date().toISOString()} ${req.method} ${requestedUrl} ${res.statusCode} ${ms}ms`);
  });
  next();
};
