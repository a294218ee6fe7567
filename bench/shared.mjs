// What the benches share: the production build made when needed, a free port for a server, starting it
// and waiting for it to answer, a signed-in cookie, scratch databases, the project's scripts, the
// percentiles they report and the run itself with its cleanups.
import { spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";

/** The project's folder, which the benches run in. */
export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const resultsDir = path.join(root, "bench", "results");

/** The log of the bench `name`: its lines begin with the bench's name. */
export const logger =
  (name) =>
  (...parts) =>
    console.log(`[bench:${name}] ${parts.join(" ")}`);

/** Writes a bench's report as bench/results/<name>.json and its table as <name>.md. */
export function writeResults(name, report, md) {
  fs.mkdirSync(resultsDir, { recursive: true });
  fs.writeFileSync(path.join(resultsDir, `${name}.json`), `${JSON.stringify(report, null, 2)}\n`);
  fs.writeFileSync(path.join(resultsDir, `${name}.md`), md);
}

export function ensureBuild() {
  const result = spawnSync(
    process.execPath,
    ["-e", 'import("./scripts/build-if-needed.mjs").then((m) => { m.prepare(); m.buildIfNeeded(); })'],
    { stdio: "inherit" },
  );
  if (result.status !== 0) throw new Error("the build failed");
}

export async function freePort() {
  return new Promise((resolve) => {
    const server = net.createServer().listen(0, "127.0.0.1", () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

/** Signs `account` in at the server at `base` through the API; the session's cookie header. */
export async function signInCookie(base, account) {
  const response = await fetch(`${base}/api/auth/signin`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ username: account.username, password: account.password }),
  });
  if (!response.ok) throw new Error(`sign-in failed: ${response.status} ${await response.text()}`);
  return response.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
}

/** Waits until `url` answers 2xx (a server starting), for up to `timeoutMs`. */
export async function waitFor(url, timeoutMs = 120_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`${url} did not answer`);
}

/** Runs a Node script of the project in production mode to its end; its output, or an error with it. */
export function runScript(script, scriptArgs, env) {
  const result = spawnSync(process.execPath, [script, ...scriptArgs], {
    env: { ...process.env, NODE_ENV: "production", ...env },
    encoding: "utf8",
  });
  if (result.status !== 0) throw new Error(`${script} failed: ${result.stdout}${result.stderr}`);
  return result.stdout;
}

/** Makes `account` an admin of the site whose settings `env` gives (which migrates a new database). */
export function createAdmin(account, env) {
  runScript(
    "scripts/create-admin.mjs",
    ["--username", account.username, "--email", account.email, "--password", account.password],
    env,
  );
}

/**
 * The command line of a bench that fills a scratch PostgreSQL database and measures pages on it:
 * --postgres URL, the server to make the database on (else TEST_DATABASE_URL, DATABASE_URL or the
 * local one); --requests N a page (`requests` unless given); --keep, to keep the filled database (its
 * address is printed) to look at its queries afterwards; and `options` of its own. `npm run bench --
 * --<flag>` passes its own flag on, which is taken and left.
 */
export function scratchBenchArgs(flag, requests, options) {
  const { values } = parseArgs({
    options: {
      postgres: { type: "string" },
      requests: { type: "string", default: requests },
      keep: { type: "boolean", default: false },
      [flag]: { type: "boolean", default: false },
      ...options,
    },
  });
  const server =
    values.postgres ??
    process.env.TEST_DATABASE_URL ??
    process.env.DATABASE_URL ??
    "postgres://postgres@127.0.0.1:5432/postgres";
  return { ...values, postgres: server, requests: Number(values.requests) };
}

/**
 * Makes the database `name` on the PostgreSQL server at `serverUrl`; its address. Unless `keep`, a
 * cleanup pushed on `cleanups` drops it again.
 */
export async function scratchDatabase(serverUrl, name, { cleanups, keep = false }) {
  const pg = (await import("pg")).default;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  if (!keep)
    cleanups.push(async () => {
      const again = new pg.Client({ connectionString: serverUrl });
      await again.connect();
      await again.query(`drop database if exists ${name} with (force)`);
      await again.end();
    });
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

/**
 * A scratch database `name` on the server `args.postgres` (kept with `args.keep`, else dropped at
 * cleanup), with `account` made its admin (which migrates it) and the site's files in `dataDir`; its
 * address and a client on it to fill it, ended at cleanup.
 */
export async function scratchSite({ args, name, account, dataDir, cleanups, log }) {
  const databaseUrl = await scratchDatabase(args.postgres, name, { cleanups, keep: args.keep });
  if (args.keep) log("keeping the database", databaseUrl);
  createAdmin(account, { DATA_DIR: dataDir, DATABASE_URL: databaseUrl });
  const pg = (await import("pg")).default;
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  client.on("error", () => {});
  cleanups.push(() => client.end());
  return { databaseUrl, client };
}

/**
 * The built server on a database a bench filled, with `dataDir` for its files: no demo content, and
 * no page cache (every request measured renders its page).
 */
export function startFilledSite(dataDir, databaseUrl) {
  return startServer({ DATA_DIR: dataDir, DATABASE_URL: databaseUrl, DEMO_CONTENT: "false", PAGE_CACHE: "false" });
}

/**
 * Starts the built server as `npm start` runs it (or with `command`'s arguments to Node), on a free
 * port with `settings` over the production environment, and waits for it to answer; its address and
 * `stop`, which ends it. The server is killed when the bench exits.
 */
export async function startServer(settings, command = ["scripts/start.mjs"]) {
  const port = await freePort();
  const child = spawn(process.execPath, command, {
    env: { ...process.env, NODE_ENV: "production", HOST: "127.0.0.1", PORT: String(port), ...settings },
    stdio: ["ignore", "ignore", "inherit"],
  });
  process.on("exit", () => child.kill("SIGKILL"));
  const base = `http://127.0.0.1:${port}`;
  await waitFor(`${base}/healthz`);
  const stop = async () => {
    child.kill("SIGTERM");
    await new Promise((resolve) => child.once("exit", resolve));
  };
  return { base, stop };
}

/** The `p`th percentile of ascending `sorted`. */
export const percentile = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];

/** p50, p95, p99 and the longest of ascending times in ms, each to a tenth. */
export function spread(sorted) {
  const round = (ms) => Math.round(ms * 10) / 10;
  return {
    p50: round(percentile(sorted, 50)),
    p95: round(percentile(sorted, 95)),
    p99: round(percentile(sorted, 99)),
    max: round(sorted.at(-1)),
  };
}

/** A report's head: when it was measured, on what machine (with its load average now), and `about`. */
export function measuredNow(about) {
  const machine = {
    cores: os.availableParallelism(),
    cpu: os.cpus()[0]?.model ?? "",
    loadAverage: os.loadavg().map((n) => n.toFixed(2)),
  };
  return { date: new Date().toISOString(), machine, ...about };
}

/**
 * The report of a bench that asked for pages on a filled PostgreSQL database: its head (with `about`,
 * what the database held), how the pages were asked for (`plan`), each page's figures, and whether
 * none of them was `slow`.
 */
export function pagesReport({ about, plan, pages, slow }) {
  return { ...measuredNow({ database: "postgresql", ...about }), ...plan, pages, pass: slow.length === 0 };
}

/**
 * Runs a bench's `main` (which resolves to whether it passed) and then the cleanups it pushed on the
 * list this passes it, latest first; exits 0 on a pass. Ctrl-C exits too, through the exit handlers
 * that kill the servers.
 */
export async function runBench(main, log) {
  for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => process.exit(130));
  const cleanups = [];
  let passed = false;
  try {
    passed = await main(cleanups);
  } catch (error) {
    console.error(error);
  } finally {
    for (const cleanup of cleanups.reverse()) await cleanup().catch((error) => log("cleanup failed:", error.message));
  }
  process.exit(passed ? 0 : 1);
}
