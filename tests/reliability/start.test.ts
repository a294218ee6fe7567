import fs from "node:fs";
import http from "node:http";

import { afterAll, describe, expect, it } from "vitest";

import {
  childrenOf,
  freePort,
  killAllSites,
  runScript,
  scratchDirectory,
  serverPidOf,
  spawnSite,
} from "../support/site-process";

// The production server as an operator runs it: `node scripts/start.mjs` (builds if needed).
const dataDir = scratchDirectory("start");

afterAll(() => {
  killAllSites();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

const start = (env: Record<string, string>) => spawnSite({ DATA_DIR: dataDir, ...env });

/** `npm start` on a free port with a new, empty data folder and no demo content: `check` it once healthy. */
async function withEmptySite(label: string, check: (server: ReturnType<typeof start>, port: number) => Promise<void>) {
  const port = await freePort();
  const folder = scratchDirectory(label);
  try {
    const server = start({ PORT: String(port), DATA_DIR: folder, DEMO_CONTENT: "false" });
    await waitForHealth(port);
    await check(server, port);
  } finally {
    fs.rmSync(folder, { recursive: true, force: true });
  }
}

/** The flags Node runs with: what /proc says of the process, before the script's name. */
function nodeFlags(pid: number) {
  const args = fs.readFileSync(`/proc/${pid}/cmdline`, "utf8").split("\0");
  return args.slice(
    1,
    args.findIndex((arg) => /(start|serve)\.mjs$/.test(arg)),
  );
}

/** Whether a process runs (a zombie has ended). */
function isRunning(pid: number) {
  try {
    return fs.readFileSync(`/proc/${pid}/stat`, "utf8").split(") ").at(-1)?.[0] !== "Z";
  } catch {
    return false;
  }
}

async function until(condition: () => boolean, timeoutMs: number, what: string) {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`not within ${timeoutMs} ms: ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

async function waitForHealth(port: number, timeoutMs = 90_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    try {
      const response = await fetch(`http://127.0.0.1:${port}/healthz`);
      if (response.ok) return response;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error("the server did not become healthy");
}

async function postCount(port: number) {
  let count = 0;
  for (let page = 1; page < 20; page++) {
    const html = await (await fetch(`http://127.0.0.1:${port}/posts?page=${page}`)).text();
    const cards = html.match(/<article/g)?.length ?? 0;
    count += cards;
    if (!html.includes(`?page=${page + 1}`)) break;
  }
  return count;
}

describe("the production server", () => {
  it("refuses a bad setting with one line naming the variable", async () => {
    const server = start({ PORT: "not-a-port" });
    expect(await server.exited).not.toBe(0);
    const lines = server
      .output()
      .trim()
      .split("\n")
      .filter((line) => !line.startsWith("npm"));
    expect(lines.at(-1)).toBe('Invalid configuration: PORT must be a whole number from 1 to 65535 (got "not-a-port")');
    expect(server.output()).not.toMatch(/\n\s+at /); // no stack trace
  });

  it("starts with demo content, reports the database, points to /setup, logs requests, and stops within 5 s of SIGTERM", async () => {
    const port = await freePort();
    const server = start({ PORT: String(port) });
    const health = await waitForHealth(port);
    expect(await health.json()).toEqual({ status: "ok", database: "pglite" });
    const posts = await postCount(port);
    expect(posts).toBeGreaterThanOrEqual(12);
    expect(server.output()).toMatch(/GET \/healthz 200 \d+(\.\d+)?ms/);
    // A new site has no admin: its log says where the first one is made.
    expect(server.output()).toContain(
      `No admin account yet: open http://127.0.0.1:${port}/setup to create the first one (or run npm run create-admin).`,
    );
    // The memory settings (docs/decisions/015) are the server's, which npm start runs in a child process
    // (decision 033).
    const serverPid = serverPidOf(server.child.pid!);
    expect(serverPid).not.toBe(server.child.pid);
    expect(nodeFlags(serverPid)).toEqual(
      expect.arrayContaining([
        "--max-semi-space-size=8",
        "--max-old-space-size=256",
        "--initial-old-space-size=85",
        "--liftoff-only",
      ]),
    );
    expect(fs.readFileSync(`/proc/${serverPid}/environ`, "utf8").split("\0")).toContain("MALLOC_ARENA_MAX=2");

    // A second server on the same data folder is refused while the first runs.
    const second = start({ PORT: String(await freePort()) });
    expect(await second.exited).not.toBe(0);
    expect(second.output()).toContain("in use by another running server");

    const stoppedAt = Date.now();
    server.child.kill("SIGTERM");
    expect(await server.exited).toBe(0);
    expect(Date.now() - stoppedAt).toBeLessThan(5000);

    // Started again on the same folder: the content is there once, not twice. (With the
    // operator's own memory settings, which replace the defaults.)
    const again = start({ PORT: String(port), HEAP_OLD_SPACE_MB: "320", PGLITE_OPTIMIZING_COMPILER: "true" });
    await waitForHealth(port);
    expect(await postCount(port)).toBe(posts);
    const flags = nodeFlags(serverPidOf(again.child.pid!));
    expect(flags).toEqual(expect.arrayContaining(["--max-old-space-size=320", "--initial-old-space-size=106"]));
    expect(flags).not.toContain("--liftoff-only");
    again.child.kill("SIGTERM");
    expect(await again.exited).toBe(0);
  });

  it("drains on SIGTERM: GETs answered 503 for a balancer to resend, other requests on open connections served, then no new connections", async () => {
    const port = await freePort();
    const server = start({ PORT: String(port) });
    await waitForHealth(port);
    // Kept-alive connections, as a load balancer holds them.
    const agent = new http.Agent({ keepAlive: true, maxSockets: 3 });
    const send = (method: string, pathname: string, body?: string, via: http.Agent | false = agent) =>
      new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: string }>((resolve, reject) => {
        const request = http.request(
          {
            host: "127.0.0.1",
            port,
            method,
            path: pathname,
            agent: via,
            headers: body ? { "content-type": "application/json" } : {},
          },
          (res) => {
            let text = "";
            res.on("data", (chunk) => (text += chunk));
            res.on("end", () => resolve({ status: res.statusCode!, headers: res.headers, body: text }));
          },
        );
        request.on("error", reject);
        request.end(body);
      });
    await Promise.all([send("GET", "/healthz"), send("GET", "/healthz"), send("GET", "/healthz")]);
    expect(Object.values(agent.freeSockets).flat().length).toBe(3);

    const stoppedAt = Date.now();
    server.child.kill("SIGTERM");
    while (!server.output().includes("SIGTERM received")) await new Promise((r) => setTimeout(r, 10));
    // A POST (which a balancer must not send twice) is served in full.
    const signIn = await send(
      "POST",
      "/api/auth/signin",
      JSON.stringify({ username: "nobody.here", password: "not the password" }),
    );
    expect([signIn.status, signIn.headers.connection]).toEqual([401, "close"]);
    // A GET is refused, for the balancer to resend elsewhere; /healthz says why.
    const read = await send("GET", "/api/post/getposts?limit=1");
    expect([
      read.status,
      read.headers.connection,
      read.headers["retry-after"],
      JSON.parse(read.body).statusCode,
    ]).toEqual([503, "close", "1", 503]);
    const health = await send("GET", "/healthz");
    expect([health.status, JSON.parse(health.body)]).toEqual([503, { status: "stopping" }]);
    // Soon after, no new connections.
    await new Promise((r) => setTimeout(r, 1200));
    await expect(send("GET", "/healthz", undefined, false)).rejects.toMatchObject({ code: "ECONNREFUSED" });
    expect(await server.exited).toBe(0);
    expect(Date.now() - stoppedAt).toBeLessThan(5000);
    agent.destroy();
  });

  it("create-admin works on the embedded database while the server is stopped, and promotes an existing user", async () => {
    const run = async (args: string[]) => {
      const { code, out } = await runScript("create-admin", args, { DATA_DIR: dataDir });
      return { code, out: out.trim().split("\n").at(-1) ?? "" };
    };
    expect(
      await run(["--username", "stopped.admin", "--email", "stopped@example.edu", "--password", "a long password"]),
    ).toEqual({
      code: 0,
      out: "Admin stopped.admin created.",
    });
    expect(await run(["--username", "stopped.admin"])).toEqual({ code: 0, out: "stopped.admin is already an admin." });
    expect((await run(["--username", "no.such.user"])).code).not.toBe(0);
  });

  it("adds no demo content when DEMO_CONTENT=false", async () => {
    await withEmptySite("empty", async (server, port) => {
      expect(await postCount(port)).toBe(0);
      server.child.kill("SIGTERM");
      expect(await server.exited).toBe(0);
    });
  });

  it("npm start starts the server again when it dies, waiting longer each time it dies soon after, and stops with it on SIGTERM", async () => {
    await withEmptySite("restart", async (server, port) => {
      // As the heap's ceiling or a crash ends it, with no word to anyone (kill -9).
      const first = serverPidOf(server.child.pid!);
      process.kill(first, "SIGKILL");
      await until(() => !isRunning(first), 5000, "the killed server is gone");
      await waitForHealth(port, 30_000);
      const second = serverPidOf(server.child.pid!);
      expect(second).not.toBe(first);
      expect(server.output()).toContain("The server stopped unexpectedly (signal SIGKILL); starting it again in 1 s.");

      process.kill(second, "SIGKILL");
      await until(() => !isRunning(second), 5000, "the killed server is gone");
      await waitForHealth(port, 30_000);
      expect(server.output()).toContain("The server stopped unexpectedly (signal SIGKILL); starting it again in 2 s.");
      const third = serverPidOf(server.child.pid!);
      expect([first, second]).not.toContain(third);

      // SIGTERM reaches the server, which drains and stops; then npm start ends too, with its code.
      server.child.kill("SIGTERM");
      expect(await server.exited).toBe(0);
      expect(server.output()).toContain("SIGTERM received");
      expect(isRunning(third)).toBe(false);
    });
  });

  it("a server whose npm start was killed stops by itself: nothing is left serving with no one to restart it", async () => {
    await withEmptySite("orphan", async (server, port) => {
      const pid = serverPidOf(server.child.pid!);
      expect(childrenOf(server.child.pid!)).toEqual([pid]);
      server.child.kill("SIGKILL");
      await server.exited;
      await until(() => !isRunning(pid), 10_000, "the server stops once npm start is gone");
      await expect(fetch(`http://127.0.0.1:${port}/healthz`)).rejects.toThrow();
    });
  });

  it("keeps serving, without spinning, when whatever read its log goes away", async () => {
    await withEmptySite("log-gone", async (server, port) => {
      const pid = serverPidOf(server.child.pid!);
      // The reader of its output (a supervisor's pipe, a terminal, `npm start | tee`) is gone: every
      // line the server logs, one a request, now fails to be written.
      server.child.stdout!.destroy();
      server.child.stderr!.destroy();
      for (let i = 0; i < 5; i++) {
        const answer = await fetch(`http://127.0.0.1:${port}/healthz`, { signal: AbortSignal.timeout(5000) });
        expect(answer.status).toBe(200);
      }
      /** The server's CPU time so far, in clock ticks (utime and stime of /proc's stat). */
      const cpuTicks = () => {
        const fields = fs.readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1].split(" ");
        return Number(fields[11]) + Number(fields[12]);
      };
      const before = cpuTicks();
      await new Promise((resolve) => setTimeout(resolve, 3000));
      // Idle, it uses next to nothing (a tick is 10 ms): not a loop of failed writes logged again.
      expect(cpuTicks() - before).toBeLessThan(100);
      const health = await fetch(`http://127.0.0.1:${port}/healthz`, { signal: AbortSignal.timeout(5000) });
      expect(health.status).toBe(200);
    });
  });
});
