import { type ChildProcess, spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";

import pg from "pg";

/**
 * The built site as an operator runs it, for the tests that need real processes (crashes, outages,
 * load, backups): `node scripts/start.mjs` and the other npm scripts, with their output kept.
 */

export const projectRoot = path.resolve(import.meta.dirname, "../..");

export async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = net.createServer().listen(0, "127.0.0.1", () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

export function scratchDirectory(label: string) {
  return fs.mkdtempSync(path.join(os.tmpdir(), `cpscr-${label}-`));
}

export type SiteProcess = {
  url: string;
  /** `node scripts/start.mjs`: the supervisor, which runs the server in a child process. */
  child: ChildProcess;
  /** The process that serves (the supervisor's child): its memory, flags and output are the server's. */
  serverPid(): number;
  output(): string;
  /** Resolves with the first output line matching `pattern`, once there is one. */
  waitForOutput(pattern: RegExp, timeoutMs?: number): Promise<string>;
  /** SIGKILL to the supervisor and the server at once: no shutdown code runs, as in a power cut. */
  crash(): Promise<void>;
  /** SIGTERM, and the exit code. */
  stop(): Promise<number | null>;
};

const running = new Set<ChildProcess>();

/** The processes `pid` started (Linux's /proc), oldest first. */
export function childrenOf(pid: number): number[] {
  try {
    return fs.readFileSync(`/proc/${pid}/task/${pid}/children`, "utf8").trim().split(/\s+/).filter(Boolean).map(Number);
  } catch {
    return [];
  }
}

/** The server under `npm start`'s supervisor (its newest child), or the process itself if it has none. */
export function serverPidOf(pid: number): number {
  return childrenOf(pid).at(-1) ?? pid;
}

/** SIGKILL to the process group a site was started in (the supervisor and its server). */
function killGroup(child: ChildProcess) {
  try {
    process.kill(-child.pid!, "SIGKILL");
  } catch {
    // already gone
  }
}

/**
 * `node scripts/start.mjs` (with `nodeArgs` before the script) in production on 127.0.0.1 with
 * `env` (no other defaults), in a process group of its own, its output kept; not waited for.
 * killAllSites() kills it if it still runs.
 */
export function spawnSite(env: Record<string, string>, nodeArgs: string[] = []) {
  const child = spawn(process.execPath, [...nodeArgs, "scripts/start.mjs"], {
    cwd: projectRoot,
    env: { ...process.env, NODE_ENV: "production", HOST: "127.0.0.1", ...env },
    stdio: ["ignore", "pipe", "pipe"],
    detached: true,
  });
  running.add(child);
  let output = "";
  child.stdout!.on("data", (chunk) => (output += chunk));
  child.stderr!.on("data", (chunk) => (output += chunk));
  const exited = new Promise<number | null>((resolve) => child.on("exit", (code) => resolve(code)));
  void exited.then(() => running.delete(child));
  return { child, exited, output: () => output };
}

/** Starts the server (on `port`, else a free one) and waits until /healthz answers 200. */
export async function startSite(
  env: Record<string, string>,
  options: { timeoutMs?: number; port?: number; nodeArgs?: string[] } = {},
): Promise<SiteProcess> {
  const port = options.port ?? (await freePort());
  const { child, exited, output } = spawnSite({ PORT: String(port), DEMO_CONTENT: "false", ...env }, options.nodeArgs);
  const url = `http://127.0.0.1:${port}`;

  const deadline = Date.now() + (options.timeoutMs ?? 90_000);
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the server exited during start:\n${output()}`);
    try {
      if ((await fetch(`${url}/healthz`)).ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`the server did not become healthy:\n${output()}`);
    await new Promise((r) => setTimeout(r, 100));
  }

  return {
    url,
    child,
    serverPid: () => serverPidOf(child.pid!),
    output,
    async waitForOutput(pattern, timeoutMs = 30_000) {
      const until = Date.now() + timeoutMs;
      for (;;) {
        const line = output()
          .split("\n")
          .find((l) => pattern.test(l));
        if (line) return line;
        if (Date.now() > until) throw new Error(`no output line matched ${pattern}:\n${output()}`);
        await new Promise((r) => setTimeout(r, 50));
      }
    },
    async crash() {
      if (child.exitCode === null && child.signalCode === null) killGroup(child);
      await exited;
    },
    async stop() {
      if (child.exitCode === null && child.signalCode === null) child.kill("SIGTERM");
      return exited;
    },
  };
}

/** Kills every server a test file started and did not stop (for afterAll). */
export function killAllSites() {
  for (const child of running) killGroup(child);
}

/** A suite's afterAll: kills its servers, then removes what they stored (data folder, database). */
export async function killAllSitesAndDispose(storage: { dispose(): Promise<void> } | undefined) {
  killAllSites();
  await storage?.dispose();
}

/** Runs one of the npm scripts (`scripts/NAME.mjs`) as an operator would, with its exit code and output. */
export function runScript(
  script: string,
  args: string[],
  env: Record<string, string>,
): Promise<{ code: number | null; out: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [`scripts/${script}.mjs`, ...args], {
      cwd: projectRoot,
      env: { ...process.env, ...env },
    });
    let out = "";
    child.stdout.on("data", (c) => (out += c));
    child.stderr.on("data", (c) => (out += c));
    child.on("exit", (code) => resolve({ code, out }));
  });
}

/** A new, empty PostgreSQL database next to TEST_DATABASE_URL's, dropped by `drop()`. */
export async function scratchPostgres(label: string) {
  const base = process.env.TEST_DATABASE_URL;
  if (!base) throw new Error("TEST_DATABASE_URL must be set for the PostgreSQL tests.");
  const name = `t_${label.replace(/\W/g, "_")}_${Date.now()}_${randomBytes(3).toString("hex")}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(base);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    /** The same database reached through another host and port (a proxy in front of it). */
    urlThrough(port: number) {
      const through = new URL(url);
      through.hostname = "127.0.0.1";
      through.port = String(port);
      return through.toString();
    },
    async drop() {
      const cleanup = new pg.Client({ connectionString: base });
      await cleanup.connect();
      await cleanup.query(`drop database if exists ${name} with (force)`);
      await cleanup.end();
    },
  };
}

/** Signs in through the JSON API: the session cookie, and the account's id. */
export async function signIn(
  site: string,
  username: string,
  password: string,
): Promise<{ cookie: string; userId: string }> {
  const response = await fetch(`${site}/api/auth/signin`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ username, password }),
  });
  if (response.status !== 200) throw new Error(`sign-in failed: ${response.status} ${await response.text()}`);
  const cookie = sessionCookieOf(response.headers);
  return { cookie, userId: ((await response.json()) as { user: { _id: string } }).user._id };
}

/** The cookies an answer sets, as a browser sends them back (`name=value; ...`), without the ones it clears. */
export function sessionCookieOf(headers: Headers): string {
  return cookieHeaderOf(headers.getSetCookie());
}

/** Set-Cookie values as the Cookie header a browser sends back, without the cookies they clear. */
export function cookieHeaderOf(setCookies: string[]): string {
  return setCookies
    .map((c) => c.split(";")[0])
    .filter((c) => !c.endsWith("="))
    .join("; ");
}
