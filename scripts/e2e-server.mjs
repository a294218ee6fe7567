// The end-to-end tests' server: a fresh data directory each run, then the normal start.
import fs from "node:fs";

fs.rmSync(process.env.DATA_DIR ?? ".tmp/e2e-data", { recursive: true, force: true });
await import("./start.mjs");
