// Shared by the start and seed scripts: Node version check, .env, and a build when sources changed.
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const serverEntry = path.join(root, "build", "server", "index.js");
const SOURCES = ["app", "server", "public", "drizzle", "package-lock.json", "vite.config.ts", "react-router.config.ts"];

export function prepare() {
  const major = Number(process.versions.node.split(".")[0]);
  if (major < 24) {
    console.error(`Node.js 24 or newer is required; this is ${process.version}.`);
    process.exit(1);
  }
  process.chdir(root);
  if (fs.existsSync(".env")) process.loadEnvFile(".env");
  process.env.NODE_ENV ??= "production";
}

function newestChange(entry) {
  const full = path.join(root, entry);
  if (!fs.existsSync(full)) return 0;
  const stat = fs.statSync(full);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const child of fs.readdirSync(full)) newest = Math.max(newest, newestChange(path.join(entry, child)));
  return newest;
}

/** Builds the production bundle on first start, or when a source is newer than the build. */
export function buildIfNeeded() {
  const built = fs.existsSync(serverEntry) ? fs.statSync(serverEntry).mtimeMs : 0;
  if (built && Math.max(...SOURCES.map(newestChange)) <= built) return;
  console.log(built ? "Sources changed: rebuilding the site..." : "Building the site (first start)...");
  const result = spawnSync(
    process.execPath,
    [path.join(root, "node_modules", "@react-router", "dev", "bin.cjs"), "build"],
    {
      stdio: "inherit",
      cwd: root,
    },
  );
  if (result.status !== 0) {
    console.error("The build failed; see the messages above.");
    process.exit(1);
  }
}

export async function loadServer() {
  return import(serverEntry);
}

/** The young generation's semi-space, in MB: V8 sizes it by the machine's memory (64 MB each on a large one). */
const DEFAULT_SEMI_SPACE_MB = 8;
/**
 * The old generation's ceiling, in MB. V8 sizes it by the machine's memory too, and under load lets
 * garbage pile up to several times the live objects (about 50-70 MB here) before collecting it.
 */
const DEFAULT_OLD_SPACE_MB = 256;

/** A whole number of megabytes from an environment variable, or the process stops with a clear message. */
function megabytesFromEnv(name, fallback, min, max) {
  const raw = process.env[name];
  const value = raw === undefined || raw === "" ? fallback : Number(raw);
  if (!Number.isInteger(value) || value < min || value > max) {
    console.error(`${name} must be a whole number of megabytes from ${min} to ${max} (got "${raw}").`);
    process.exit(1);
  }
  return value;
}

/**
 * How `npm start` runs the server process (scripts/supervise.mjs starts it with these): a small
 * young generation for V8 (HEAP_SEMI_SPACE_MB), a ceiling on its old generation
 * (HEAP_OLD_SPACE_MB), two malloc arenas (MALLOC_ARENA_MAX), which glibc otherwise multiplies by
 * the threads that compress and resize images, and, for the embedded database, WebAssembly run by
 * V8's baseline compiler only (`--liftoff-only`): its optimising compiler takes about 500 MB
 * while it compiles PostgreSQL's largest functions, for queries about 12 % faster
 * (PGLITE_OPTIMIZING_COMPILER=true keeps it). Measured in bench/README.md (memory). Flags given
 * to `node` itself (or in NODE_OPTIONS) are kept and win. A bad value stops here, with one line.
 */
export function serverProcessSettings() {
  const semiSpace = megabytesFromEnv("HEAP_SEMI_SPACE_MB", DEFAULT_SEMI_SPACE_MB, 1, 256);
  const oldSpace = megabytesFromEnv("HEAP_OLD_SPACE_MB", DEFAULT_OLD_SPACE_MB, 64, 65536);
  const optimizing = (process.env.PGLITE_OPTIMIZING_COMPILER ?? "").trim().toLowerCase();
  if (!["", "true", "false", "1", "0", "yes", "no"].includes(optimizing)) {
    console.error(
      `PGLITE_OPTIMIZING_COMPILER must be true or false (got "${process.env.PGLITE_OPTIMIZING_COMPILER}").`,
    );
    process.exit(1);
  }
  const embedded = !process.env.DATABASE_URL;
  const given = `${process.execArgv.join(" ")} ${process.env.NODE_OPTIONS ?? ""}`;
  const flags = [
    ...(/--max-semi-space-size/.test(given) ? [] : [`--max-semi-space-size=${semiSpace}`]),
    // A ceiling someone gave Node themselves is left as it is.
    // With a ceiling, V8 starts the old generation small and collects it whenever it grows by a
    // few megabytes (about 8 full collections a second under load, a quarter of the throughput of
    // uncached pages); starting it at a third of the ceiling keeps them nearly as rare as without one.
    ...(/--max-old-space-size/.test(given)
      ? []
      : [`--max-old-space-size=${oldSpace}`, `--initial-old-space-size=${Math.floor(oldSpace / 3)}`]),
    ...(embedded && !["true", "1", "yes"].includes(optimizing) ? ["--liftoff-only"] : []),
    // The server gives a burst's memory back once idle (server/idle-collect.server.ts).
    "--expose-gc",
  ];
  return {
    execArgv: [...flags, ...process.execArgv],
    env: {
      MALLOC_ARENA_MAX: "2",
      // A fixed threshold: glibc otherwise raises it as large blocks are freed, then keeps what is
      // freed instead of giving it back (its main heap held 77-107 MB after the first start, 15-48
      // with this).
      MALLOC_TRIM_THRESHOLD_: String(128 * 1024),
      ...process.env,
    },
  };
}
