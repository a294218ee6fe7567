import { serveStatic, type StaticMount } from "../static.server";
import type { Step } from "./pipeline.server";

/** Built assets, uploaded files and public/ files, served from disk; anything else goes on. */
export function staticFiles(mounts: StaticMount[]): Step {
  return ({ req, res }, next) => {
    if (!serveStatic(mounts, req, res)) next();
  };
}
