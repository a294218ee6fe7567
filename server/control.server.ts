import fs from "node:fs";
import http from "node:http";
import path from "node:path";
import type { Writable } from "node:stream";
import { pipeline } from "node:stream/promises";

import { adminSchema, firstError } from "~/accounts/forms";
import type { Services } from "~/runtime.server";
import { ServiceError } from "~/services/errors.server";

/**
 * The embedded database belongs to the running server, so operator commands (npm run
 * create-admin) reach it through a Unix socket in DATA_DIR, readable only by the server's user.
 */
export function controlSocketPath(dataDir: string) {
  return path.join(dataDir, "control.sock");
}

export type CreateAdminRequest = { username: string; email?: string; password?: string };
export type ControlReply = { ok: true; message: string } | { ok: false; message: string };

/**
 * Shared by the socket and the direct path: validates, then creates or promotes. Logged in the
 * activity log as the operator's (decision 024); the password never is.
 */
export async function createAdmin(services: Services, input: CreateAdminRequest): Promise<ControlReply> {
  const reply = await createOrPromote(services, input);
  const user = reply.ok ? await services.accounts.findByUsername(input.username.trim()) : null;
  await services.activity.record({
    action: "users.create-admin",
    actor: { id: null, name: "operator (npm run create-admin)" },
    target: { kind: "user", id: user?.id ?? null, label: input.username?.trim() || null },
    outcome: reply.ok ? "ok" : "refused",
    details: { via: "command line", message: reply.message },
  });
  return reply;
}

async function createOrPromote(services: Services, input: CreateAdminRequest): Promise<ControlReply> {
  const username = input.username?.trim() ?? "";
  const existing = username ? await services.accounts.findByUsername(username) : null;
  if (existing) {
    if (existing.isAdmin) return { ok: true, message: `${existing.username} is already an admin.` };
    await services.accounts.setAdmin(existing.id, true);
    return { ok: true, message: `${existing.username} is now an admin.` };
  }
  const parsed = adminSchema.safeParse({ username, email: input.email ?? "", password: input.password ?? "" });
  if (!parsed.success) return { ok: false, message: firstError(parsed.error) };
  try {
    await services.accounts.createAdmin(parsed.data, { promoteExisting: true });
  } catch (error) {
    if (error instanceof ServiceError) return { ok: false, message: error.message };
    throw error;
  }
  return { ok: true, message: `Admin ${parsed.data.username} created.` };
}

export type ControlCommands = {
  services: () => Promise<Services>;
  /** Writes a backup archive of the running site into `out`. */
  backup: (out: Writable) => Promise<unknown>;
};

export function startControlSocket(dataDir: string, commands: ControlCommands): http.Server | null {
  const socketPath = controlSocketPath(dataDir);
  if (socketPath.length > 100) {
    console.error(
      `Operator commands are unavailable while the server runs: the DATA_DIR path is too long for a socket.`,
    );
    return null;
  }
  fs.rmSync(socketPath, { force: true });
  const server = http.createServer((req, res) => {
    const reply = (status: number, body: ControlReply) =>
      res.writeHead(status, { "Content-Type": "application/json" }).end(JSON.stringify(body));
    if (req.method === "GET" && req.url === "/backup") {
      res.writeHead(200, { "Content-Type": "application/gzip" });
      // A failure part-way cuts the stream short, which the command reports; the log says why.
      commands.backup(res).catch((error: Error) => {
        console.error(`backup through the operator socket failed: ${error.message}`);
        res.destroy();
      });
      return;
    }
    if (req.method !== "POST" || req.url !== "/create-admin")
      return reply(404, { ok: false, message: "Unknown command." });
    let body = "";
    req.setEncoding("utf8");
    req.on("data", (chunk: string) => {
      body += chunk;
      if (body.length > 10_000) req.destroy();
    });
    req.on("end", async () => {
      try {
        const input = JSON.parse(body) as CreateAdminRequest;
        const result = await createAdmin(await commands.services(), input);
        reply(result.ok ? 200 : 400, result);
      } catch (error) {
        reply(500, { ok: false, message: (error as Error).message });
      }
    });
  });
  const previousMask = process.umask(0o177);
  server.listen(socketPath, () => process.umask(previousMask));
  server.on("error", (error) => console.error(`The operator socket could not start: ${error.message}`));
  return server;
}

/** Sends a command to a running server; null when no server answers on the socket. */
export function sendControlCommand(dataDir: string, input: CreateAdminRequest): Promise<ControlReply | null> {
  return new Promise((resolve) => {
    const request = http.request(
      {
        socketPath: controlSocketPath(dataDir),
        path: "/create-admin",
        method: "POST",
        headers: { "Content-Type": "application/json" },
      },
      (response) => {
        let body = "";
        response.setEncoding("utf8");
        response.on("data", (chunk: string) => (body += chunk));
        response.on("end", () => {
          try {
            resolve(JSON.parse(body) as ControlReply);
          } catch {
            resolve({ ok: false, message: "The running server gave an unreadable answer." });
          }
        });
      },
    );
    request.on("error", () => resolve(null));
    request.end(JSON.stringify(input));
  });
}

/** Backups hold password hashes and the session secret: readable by their owner only. */
export const ARCHIVE_MODE = 0o600;

/**
 * Asks a running server for a backup and writes it to `destination`. Null when no server answers on
 * the socket; an error when the server started but could not finish.
 */
export function receiveBackup(dataDir: string, destination: string): Promise<"written" | null> {
  const unfinished = () => new Error("The running server could not finish the backup; its log says why.");
  return new Promise((resolve, reject) => {
    let answered = false;
    const request = http.request(
      { socketPath: controlSocketPath(dataDir), path: "/backup", method: "GET" },
      (response) => {
        answered = true;
        if (response.statusCode !== 200) {
          response.resume();
          reject(
            new Error(
              "The running server does not take backups (it may be an older version): stop it and run the backup again.",
            ),
          );
          return;
        }
        pipeline(response, fs.createWriteStream(destination, { mode: ARCHIVE_MODE })).then(
          () => (response.complete ? resolve("written") : reject(unfinished())),
          () => reject(unfinished()),
        );
      },
    );
    request.on("error", () => {
      if (!answered) resolve(null);
    });
    request.end();
  });
}
