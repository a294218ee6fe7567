// The built site as its own process, for tests that must see what a browser or a proxy sees: the
// HTTP server's headers and refusals, cookies, and several processes on one database.
import { spawn, type ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import pg from "pg";

export const projectRoot = path.resolve(import.meta.dirname, "../..");

export async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = net.createServer().listen(0, "127.0.0.1", () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

/** Runs one of the project's commands (scripts/*.mjs) to the end; rejects with its output. */
export function runScript(script: string, args: string[], env: Record<string, string>) {
  return new Promise<string>((resolve, reject) => {
    const child = spawn(process.execPath, [script, ...args], { cwd: projectRoot, env: { ...process.env, ...env } });
    let out = "";
    child.stdout.on("data", (c) => (out += c));
    child.stderr.on("data", (c) => (out += c));
    child.on("exit", (code) => (code === 0 ? resolve(out) : reject(new Error(`${script} failed: ${out}`))));
  });
}

export type RunningSite = { url: string; process: ChildProcess; stop(): Promise<void> };

/** Starts the production server (the build must exist) and waits until /healthz answers. */
export async function startSite(env: Record<string, string>): Promise<RunningSite> {
  const port = await freePort();
  const child = spawn(process.execPath, ["scripts/start.mjs"], {
    cwd: projectRoot,
    env: { ...process.env, NODE_ENV: "production", HOST: "127.0.0.1", PORT: String(port), ...env },
    stdio: ["ignore", "ignore", "pipe"],
  });
  let errors = "";
  child.stderr!.on("data", (c) => (errors += c));
  const exited = new Promise<void>((resolve) => child.on("exit", () => resolve()));
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the server exited: ${errors}`);
    try {
      if ((await fetch(`${url}/healthz`)).ok) {
        return {
          url,
          process: child,
          async stop() {
            if (child.exitCode === null) child.kill("SIGTERM");
            await exited;
          },
        };
      }
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  child.kill("SIGKILL");
  throw new Error(`the server did not start: ${errors}`);
}

/**
 * Somewhere for a site's data: a new folder, and on PostgreSQL (TEST_DB=postgres) a new database
 * beside TEST_DATABASE_URL's. `env` is what the site's commands need to use it.
 */
export async function siteStorage(prefix: string) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `cpscr-${prefix}-`));
  const env: Record<string, string> = { DATA_DIR: dataDir };
  let databaseName: string | undefined;
  if (process.env.TEST_DB === "postgres") {
    databaseName = `t_${prefix}_${Date.now()}_${randomBytes(2).toString("hex")}`;
    await adminQuery(`create database ${databaseName}`);
    const url = new URL(process.env.TEST_DATABASE_URL!);
    url.pathname = `/${databaseName}`;
    env.DATABASE_URL = url.toString();
  }
  return {
    dataDir,
    env,
    async dispose() {
      fs.rmSync(dataDir, { recursive: true, force: true });
      if (databaseName) await adminQuery(`drop database if exists ${databaseName} with (force)`);
    },
  };
}

async function adminQuery(statement: string) {
  const client = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}
