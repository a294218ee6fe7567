import http from "node:http";
import net from "node:net";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import zlib from "node:zlib";

import compression from "compression";
import { createRequestHandler } from "react-router";
import * as build from "virtual:react-router/server-build";

import { DataDirInUseError, openDatabase } from "~/db/client.server";
import { seedDemoContent } from "~/demo/seed.server";
import { CROSS_SITE_REFUSED, isAllowedApiOrigin, isCrossSiteMutation } from "~/lib/same-origin.server";
import { RESOURCE_POLICY } from "~/lib/security-headers.server";
import { beginShutdown, closeRuntime, getRuntime, pgliteDirectory, servicesFor } from "~/runtime.server";
import { CLIENT_IP_HEADER } from "~/services/auth.server";
import { writeBackup } from "~/services/backup.server";
import { CONTENT_TAGS, contentChanges } from "~/services/content-changes.server";
import { mediaOptions, uploadsDirectory } from "~/services/index.server";
import { recording, type RequestRecord } from "~/services/request-record.server";
import { scheduleUploadsCleanup } from "~/services/uploads-cleanup.server";

import { createAdmin, type CreateAdminRequest, sendControlCommand, startControlSocket } from "./control.server";
import { protectDataDir } from "./data-dir-permissions.server";
import { proxyEntry, sendFetchResponse, toFetchRequest } from "./fetch-bridge.server";
import {
  acceptsCoding,
  type CachedPage,
  etagOf,
  pageCache,
  type PageCacheKey,
  pageCacheKey,
  pickEncoding,
} from "./page-cache.server";
import { renderGate, takesTurn } from "./render-gate.server";
import { bodyLimitFor, cappedBody, declaredLength, tooLargeMessage } from "./request-body.server";
import { describeStartError, fail, loadConfig } from "./startup.server";
import { serveStatic, type StaticMount } from "./static.server";

export { backupCommand, restoreCommand } from "./backup-commands.server";

const SHUTDOWN_DEADLINE_MS = 4500;
/**
 * While the server stops (see stop()): it goes on accepting connections until a balancer has had
 * time to take it out of rotation, this long after its first 503, and at most STOP_LISTENING_MS
 * after SIGTERM; a keep-alive connection left idle DRAIN_IDLE_MS is closed (a proxy should close
 * its idle ones sooner: deploy/nginx does at 1 s); requests still running DRAIN_DEADLINE_MS after
 * SIGTERM have their connections closed.
 */
const BALANCER_NOTICE_MS = 500;
const STOP_LISTENING_MS = 1000;
const DRAIN_IDLE_MS = 1500;
const DRAIN_DEADLINE_MS = 3000;
/** Enough to keep the processor busy while some wait on the database (PostgreSQL). */
const RENDERS_AT_ONCE = 8;
/**
 * Renders started in one turn of the event loop: a render takes 5-8 ms, so a turn stays near 15 ms
 * and new connections are taken in that often (see render-gate.server.ts).
 */
const RENDERS_PER_TURN = 2;

const PREFLIGHT_HEADERS = {
  "Access-Control-Allow-Methods": "GET, POST, PUT, DELETE",
  "Access-Control-Allow-Headers": "Content-Type",
  "Access-Control-Max-Age": "600",
};

/** Headers that let an origin CORS_ORIGINS lists call the API with the visitor's cookies. */
function corsHeaders(origin: string): Record<string, string> {
  return { "Access-Control-Allow-Origin": origin, "Access-Control-Allow-Credentials": "true", Vary: "Origin" };
}
const clientDirectory = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../client");

/** A DNS name or IPv4 address, or an IPv6 address in brackets, and an optional port: nothing else. */
const HOST_HEADER =
  /^(?:[a-z0-9_](?:[a-z0-9_-]{0,61}[a-z0-9_])?(?:\.[a-z0-9_](?:[a-z0-9_-]{0,61}[a-z0-9_])?)*\.?|\[[0-9a-f:.]{2,45}\])(?::(\d{1,5}))?$/i;

/** Requests are routed by their Host header: it must be a host and port, and nothing more. */
export function isValidHost(host: string | undefined): boolean {
  if (!host || host.length > 261) return false;
  const match = HOST_HEADER.exec(host);
  if (!match || (match[1] !== undefined && Number(match[1]) > 65535)) return false;
  try {
    return new URL(`http://${host}/`).host === host.toLowerCase().replace(/:80$/, "");
  } catch {
    return false;
  }
}

const gzipAsync = promisify(zlib.gzip);
/** gzip at zlib's default level: a few milliseconds for a page, for one answer. */
const gzipQuickly = (body: Buffer) => gzipAsync(body, { level: 6 });

/** How long a client may go on sending a body after it was answered, before its connection is closed. */
const LINGER_AFTER_ANSWER_MS = 5000;

/**
 * Answers that depend on who is signed in say so: every answer that looked up the session varies
 * by Cookie, and one made for a signed-in person is never stored by any cache.
 */
function sessionHeaders(response: Response, record: RequestRecord): Record<string, string> {
  if (record.session === "not-read") return {};
  const vary = (response.headers.get("vary") ?? "")
    .split(",")
    .map((name) => name.trim())
    .filter(Boolean);
  if (!vary.some((name) => name.toLowerCase() === "cookie" || name === "*")) vary.push("Cookie");
  return { Vary: vary.join(", "), ...(record.session === "signed-in" ? { "Cache-Control": "private, no-store" } : {}) };
}

export async function main() {
  const config = loadConfig();
  const startedAt = performance.now();
  // DATA_DIR is readable by this user only: an older version's open modes are tightened, once
  // before the database opens (said in the log) and once after (PGlite's own new files).
  protectDataDir(config.dataDir);
  try {
    await getRuntime();
  } catch (error) {
    fail(describeStartError(error, config));
  }
  protectDataDir(config.dataDir, { quiet: true });
  // Files an interrupted upload left behind: removed now and every hour (docs/deployment.md).
  scheduleUploadsCleanup((await getRuntime()).services.media, {
    soleWriter: !config.databaseUrl && !config.s3,
    startedAt: new Date(performance.timeOrigin),
  });

  const mounts: StaticMount[] = [
    // Built assets carry a content hash in their names: they never change.
    {
      prefix: "/assets/",
      directory: path.join(clientDirectory, "assets"),
      cacheControl: "public, max-age=31536000, immutable",
    },
    // Uploaded files get fresh random names, so a URL always means the same bytes. (From an S3
    // store they are streamed by the app's /uploads/* route instead.)
    ...(config.s3
      ? []
      : [
          {
            prefix: "/uploads/",
            directory: uploadsDirectory(config.dataDir),
            cacheControl: "public, max-age=31536000, immutable",
            sandbox: true,
          },
        ]),
    { prefix: "/", directory: clientDirectory, cacheControl: "public, max-age=3600" },
  ];
  const handler = createRequestHandler(build, process.env.NODE_ENV ?? "production");
  const cache = pageCache({ maxBytes: config.pageCacheBytes });
  if (config.pageCache) {
    (await getRuntime()).services.changes.subscribe((tags) => cache.invalidate(tags));
  }

  /** A page from the cache: 304 when the browser has it, else the best encoding it accepts. */
  const sendCached = async (req: http.IncomingMessage, res: http.ServerResponse, page: CachedPage, hit: boolean) => {
    for (const [name, value] of page.headers) res.setHeader(name, value);
    res.setHeader("ETag", page.etag);
    res.setHeader("Cache-Control", "public, max-age=0, must-revalidate");
    res.setHeader("Vary", "Accept-Encoding, Cookie");
    res.setHeader("X-Page-Cache", hit ? "hit" : "miss");
    const known = String(req.headers["if-none-match"] ?? "")
      .split(",")
      .map((tag) => tag.trim().replace(/^W\//, ""));
    if (known.includes(page.etag)) {
      res.writeHead(304).end();
      return;
    }
    const acceptEncoding = req.headers["accept-encoding"] as string | undefined;
    let { body, encoding } = pickEncoding(page, acceptEncoding);
    // The stored copies are made once a page is asked for again; until then, a quick one for this answer.
    if (!encoding && !page.gzip && acceptsCoding(acceptEncoding, "gzip")) {
      body = await gzipQuickly(page.body);
      encoding = "gzip";
    }
    if (encoding) res.setHeader("Content-Encoding", encoding);
    res.setHeader("Content-Length", body.length);
    res.writeHead(page.status);
    res.end(req.method === "HEAD" ? undefined : body);
  };

  // Page renders take turns (see render-gate.server.ts); writes, the API and files do not.
  const gate = renderGate(RENDERS_AT_ONCE, RENDERS_PER_TURN);
  const inTurn = <T>(req: http.IncomingMessage, work: () => Promise<T>) =>
    takesTurn(req.method, req.url) ? gate.run(work) : work();

  /**
   * Renders with React Router; a signed-out visitor's public page is kept for the next one. Whether
   * a render may be kept is decided by the render: no session user, no cookie set, nothing private.
   */
  const handleRequest = async (
    req: http.IncomingMessage,
    res: http.ServerResponse,
    cacheKey: PageCacheKey | undefined,
    body: ReadableStream<Uint8Array> | undefined,
  ) => {
    const request = toFetchRequest(req, res, config, body);
    const generation = cache.generation;
    const { result, record } = await recording((record) =>
      inTurn(req, async () => {
        const response = await handler(request);
        const storable = (): boolean =>
          cacheKey !== undefined &&
          req.method === "GET" &&
          response.status === 200 &&
          record.session !== "signed-in" &&
          !response.headers.has("set-cookie") &&
          !/no-store|private/.test(response.headers.get("cache-control") ?? "");
        // A HEAD request's answer has no body (React Router leaves it out): never kept.
        if (!storable()) return { response, body: undefined };
        // The whole page is read within the turn; what it looked up while streaming counts too.
        const rendered = Buffer.from(await response.arrayBuffer());
        return { response, body: rendered, keep: storable() };
      }),
    );
    const { response } = result;
    if (!result.body) return sendFetchResponse(req, res, response, sessionHeaders(response, record));
    const headers = [...response.headers].filter(
      ([name]) => !["content-length", "content-encoding", "etag", "cache-control", "vary"].includes(name),
    );
    const page: CachedPage = { status: 200, headers, body: result.body, etag: etagOf(result.body), tags: record.tags };
    if (!result.keep) {
      // Read for the cache, then found to be personal: sent to this visitor alone.
      for (const [name, value] of headers) res.setHeader(name, value);
      for (const [name, value] of Object.entries(sessionHeaders(response, record))) res.setHeader(name, value);
      res.writeHead(200, { "Content-Length": result.body.length });
      res.end(req.method === "HEAD" ? undefined : result.body);
      return;
    }
    cache.set(cacheKey!.key, page, generation);
    await sendCached(req, res, page, false);
  };
  // Byte ranges are served as stored: compressing a slice would break its Content-Range.
  const compress = compression({ filter: (req, res) => !req.headers.range && compression.filter(req, res) });

  // Pages replace the Content-Security-Policy with their own (entry.server.tsx); everything else
  // (API answers, page data, files, the server's own refusals) keeps this one.
  const baseHeaders: Record<string, string> = {
    "Content-Security-Policy": RESOURCE_POLICY,
    "Cross-Origin-Opener-Policy": "same-origin",
    "Permissions-Policy": "camera=(), microphone=(), geolocation=(), payment=()",
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "strict-origin-when-cross-origin",
    "X-Frame-Options": "SAMEORIGIN",
    ...(config.publicUrl?.startsWith("https:")
      ? { "Strict-Transport-Security": "max-age=31536000; includeSubDomains" }
      : {}),
  };

  /** Open connections and how many requests run on each, for the drain on SIGTERM (see stop()). */
  const connections = new Map<net.Socket, { running: number; idleSince: number }>();
  let draining = false;
  /** While draining: when to stop accepting connections (brought forward by the first 503). */
  let stopListeningAt = Infinity;

  const refuseWhileStopping = (req: http.IncomingMessage, res: http.ServerResponse) => {
    const message = "The server is restarting. Please try again in a moment.";
    if ((req.url ?? "").startsWith("/api/"))
      res
        .writeHead(503, { "Content-Type": "application/json" })
        .end(JSON.stringify({ success: false, statusCode: 503, message }));
    else res.writeHead(503, { "Content-Type": "text/plain; charset=utf-8" }).end(message);
  };

  const onRequest = (req: http.IncomingMessage, res: http.ServerResponse) => {
    const started = performance.now();
    const requestedUrl = req.url;
    const connection = connections.get(req.socket);
    if (connection) {
      connection.running++;
      res.once("close", () => {
        connection.running--;
        connection.idleSince = performance.now();
      });
    }
    for (const [name, value] of Object.entries(baseHeaders)) res.setHeader(name, value);
    if (draining) {
      // Stopping: the connection is not used again after this answer. A GET or HEAD is answered
      // 503, which a balancer resends to another server, and which takes this one out of its
      // rotation (nginx: max_fails); any other request, which a balancer must not send twice, is
      // served in full.
      res.setHeader("Connection", "close");
      if (req.method === "GET" || req.method === "HEAD") {
        stopListeningAt = Math.min(stopListeningAt, performance.now() + BALANCER_NOTICE_MS);
        res.setHeader("Retry-After", "1");
        res.setHeader("Cache-Control", "no-store");
        if (req.url === "/healthz")
          res.writeHead(503, { "Content-Type": "application/json" }).end(JSON.stringify({ status: "stopping" }));
        else refuseWhileStopping(req, res);
        return;
      }
    }
    res.on("finish", () => {
      const ms = (performance.now() - started).toFixed(1);
      console.log(`${new Date().toISOString()} ${req.method} ${requestedUrl} ${res.statusCode} ${ms}ms`);
    });
    const isApi = (req.url ?? "").startsWith("/api/");
    /** The server's own refusals: JSON for the API (as all its errors), plain text elsewhere. */
    const refuse = (status: number, message: string) => {
      if (isApi)
        res
          .writeHead(status, { "Content-Type": "application/json" })
          .end(JSON.stringify({ success: false, statusCode: status, message }));
      else res.writeHead(status, { "Content-Type": "text/plain; charset=utf-8" }).end(message);
    };
    // Requests are routed by their Host header: one that is not a valid host gets a 400.
    if (!isValidHost(req.headers.host)) {
      refuse(400, "Bad request: the Host header is not valid.");
      return;
    }
    // The client's address for rate limits: from the proxy when we are told to trust it, never
    // from a header the client could have set itself.
    const forwarded = config.trustProxy ? proxyEntry(req.headers["x-forwarded-for"]) : "";
    req.headers[CLIENT_IP_HEADER] = forwarded || req.socket.remoteAddress || "unknown";

    // Cross-origin use of the JSON API: only from the origins CORS_ORIGINS lists.
    const cors = isAllowedApiOrigin(req.url ?? "", req.headers.origin, config.corsOrigins)
      ? corsHeaders(req.headers.origin)
      : undefined;
    if (cors) for (const [name, value] of Object.entries(cors)) res.setHeader(name, value);
    // Answers differ by origin once some origins are allowed: caches must keep them apart.
    else if (isApi && config.corsOrigins.length > 0) res.setHeader("Vary", "Origin");
    if (isApi && req.method === "OPTIONS") {
      res.writeHead(204, cors ? PREFLIGHT_HEADERS : { Allow: "GET, POST, PUT, DELETE" }).end();
      return;
    }

    const crossSite = isCrossSiteMutation({
      method: req.method ?? "GET",
      origin: req.headers.origin,
      fetchSite: req.headers["sec-fetch-site"] as string | undefined,
      host: req.headers.host,
      publicUrl: config.publicUrl,
      path: req.url ?? "",
      corsOrigins: config.corsOrigins,
    });
    if (crossSite) {
      refuse(403, CROSS_SITE_REFUSED);
      return;
    }

    // Every body is read through one byte-counting reader, capped by its address's limit: over it
    // the answer is 413 at once, before a byte is read when the length is declared.
    const hasBody = req.method !== "GET" && req.method !== "HEAD" && req.method !== "OPTIONS";
    let body: ReadableStream<Uint8Array> | undefined;
    if (hasBody) {
      const limit = bodyLimitFor(req.url, config);
      const refuseTooLarge = () => {
        if (!res.headersSent) refuse(413, tooLargeMessage(req.url, limit));
      };
      if ((declaredLength(req) ?? 0) > limit) {
        refuseTooLarge();
        return;
      }
      const reader = cappedBody(req, limit, refuseTooLarge);
      body = reader.stream;
      // Answered before the body was read (refused, or over its limit): the rest is dropped as it
      // arrives, and a client that goes on sending is cut off.
      res.once("finish", () => {
        if (req.complete) return;
        reader.discard();
        const cutOff = setTimeout(() => req.socket.destroy(), LINGER_AFTER_ANSWER_MS);
        cutOff.unref();
        req.once("end", () => clearTimeout(cutOff));
        req.socket.once("close", () => clearTimeout(cutOff));
      });
    }

    // Signed-out visitors' public pages: from memory, with no rendering, compressed once.
    const cacheKey = config.pageCache
      ? pageCacheKey(req, config.publicUrl ? new URL(config.publicUrl).origin : undefined)
      : undefined;
    // Only the server marks a render as one for the cache (entry.server.tsx renders it whole).
    delete req.headers["x-page-cache-fill"];
    if (cacheKey) {
      const cached = cache.get(cacheKey.key);
      if (cached) return void sendCached(req, res, cached, true).catch(() => res.destroy());
      req.headers["x-page-cache-fill"] = "1";
      // Query parameters the page does not read never reach the render (nor the cache's keys).
      req.url = cacheKey.url;
    }

    compress(req as never, res as never, () => {
      if (serveStatic(mounts, req, res)) return;
      Promise.resolve(handleRequest(req, res, cacheKey, body)).catch((error: unknown) => {
        console.error("request failed:", error);
        if (!res.headersSent) refuse(500, "Something went wrong. Please try again.");
        else res.end();
      });
    });
  };
  const server = http.createServer(onRequest);
  server.on("connection", (socket: net.Socket) => {
    connections.set(socket, { running: 0, idleSince: performance.now() });
    socket.once("close", () => connections.delete(socket));
  });
  // "Expect: 100-continue": a body over its limit is refused before the client sends it.
  server.on("checkContinue", (req: http.IncomingMessage, res: http.ServerResponse) => {
    if ((declaredLength(req) ?? 0) <= bodyLimitFor(req.url, config)) res.writeContinue();
    onRequest(req, res);
  });

  // The embedded database is ours alone: operator commands come through a socket.
  const control = config.databaseUrl
    ? null
    : startControlSocket(config.dataDir, {
        services: async () => (await getRuntime()).services,
        backup: async (out) => {
          const { database, services } = await getRuntime();
          return writeBackup(database.db, services.media.store, out, {
            database: "pglite",
            uploads: config.s3 ? "s3" : "local",
          });
        },
      });

  server.on("error", (error: NodeJS.ErrnoException) => {
    if (error.code === "EADDRINUSE") fail(`Port ${config.port} is already in use: set PORT to a free port.`);
    fail(`The server could not start: ${error.message}`);
  });

  server.listen(config.port, config.host, () => {
    // The last resort: an error that escapes a request (a stream that fails after its request
    // ended, a callback that throws) is logged, and the server goes on serving everyone else.
    process.on("uncaughtException", (error) => console.error("Uncaught error; the server goes on serving:", error));
    process.on("unhandledRejection", (reason) =>
      console.error("Unhandled rejection; the server goes on serving:", reason),
    );
    const runtime = getRuntime();
    void runtime.then((r) => {
      const shown = config.host && config.host !== "0.0.0.0" && config.host !== "::" ? config.host : "localhost";
      console.log(
        `Site ready at http://${shown}:${config.port} (database: ${r.database.kind}, started in ${Math.round(performance.now() - startedAt)} ms)`,
      );
    });
  });

  let stopping = false;
  /**
   * SIGTERM drains the server rather than cutting it off, so that a load balancer in front loses no
   * request. First the balancer is told: GET and HEAD requests (and /healthz) are answered 503, which
   * it resends elsewhere and counts against this server, while every other request is served. Once
   * it has had time to take the server out of rotation, no new connections are accepted. (Closing
   * the listening socket at once would reset connections the system had accepted but the server
   * not yet taken: a POST sent on one is lost.) Running requests finish, each answered with
   * `Connection: close`; idle connections are closed; when none is left, the database is closed.
   */
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    draining = true;
    console.log(`${signal} received: closing the server and the database.`);
    setTimeout(() => {
      console.error("Shutdown took too long; exiting.");
      process.exit(1);
    }, SHUTDOWN_DEADLINE_MS).unref();
    control?.close();
    const drainStarted = performance.now();
    stopListeningAt = Math.min(stopListeningAt, drainStarted + STOP_LISTENING_MS);
    let listening = true;
    let allClosed = () => {};
    const closed = new Promise<void>((resolve) => (allClosed = resolve));
    const sweep = setInterval(() => {
      const now = performance.now();
      if (listening && now >= stopListeningAt) {
        listening = false;
        // net.Server's close, not http.Server's, which would also close idle connections at once
        // while a proxy may be sending a request on one. The callback comes when all are closed.
        net.Server.prototype.close.call(server, () => allClosed());
      }
      const pastDeadline = now - drainStarted >= DRAIN_DEADLINE_MS;
      for (const [socket, { running, idleSince }] of connections) {
        if (pastDeadline || (running === 0 && now - idleSince >= DRAIN_IDLE_MS)) socket.destroy();
      }
    }, 50);
    closed
      .then(() => clearInterval(sweep))
      // From here on, anything still running gets 503 and never reopens the database.
      .then(() => beginShutdown())
      .then(() => closeRuntime())
      .catch((error: unknown) => console.error(`closing the database failed: ${(error as Error).message}`))
      .finally(() => process.exit(0));
  };
  process.on("SIGTERM", () => stop("SIGTERM"));
  process.on("SIGINT", () => stop("SIGINT"));
}

/** `npm run seed:demo`: adds the demo to an empty database, including a DATABASE_URL one. */
export async function seedDemoCommand() {
  const config = loadConfig();
  let database;
  try {
    database = await openDatabase(
      config.databaseUrl
        ? { kind: "postgres", url: config.databaseUrl }
        : { kind: "pglite", dataDir: pgliteDirectory(config.dataDir) },
    );
  } catch (error) {
    fail(describeStartError(error, config));
  }
  try {
    const result = await seedDemoContent(database.db, mediaOptions(config.dataDir, config));
    // Servers already running on this database render their pages again.
    if (result === "seeded") await contentChanges(database.notifications).publish([...CONTENT_TAGS]);
    if (result === "skipped") {
      console.error("The database already has content: the demo content was not added.");
      process.exitCode = 1;
    } else {
      console.log("Demo content added.");
    }
  } finally {
    await database.close();
  }
}

/**
 * `npm run create-admin -- --username NAME --email ADDRESS --password SECRET`: creates an admin, or
 * promotes NAME. Works on DATABASE_URL, on a stopped embedded database, and through a running server.
 */
export async function createAdminCommand(argv: string[]) {
  const config = loadConfig();
  const input: CreateAdminRequest = { username: "" };
  for (let i = 0; i < argv.length; i++) {
    const [flag, inline] = argv[i].split(/=(.*)/s);
    const value = inline ?? argv[++i];
    if (flag === "--username") input.username = value ?? "";
    else if (flag === "--email") input.email = value;
    else if (flag === "--password") input.password = value;
    else fail(`Unknown option ${flag}. Use --username NAME --email ADDRESS --password SECRET.`);
  }
  if (!input.username)
    fail("Give the admin's username: --username NAME (and --email and --password for a new account).");

  let database;
  try {
    database = await openDatabase(
      config.databaseUrl
        ? { kind: "postgres", url: config.databaseUrl }
        : { kind: "pglite", dataDir: pgliteDirectory(config.dataDir) },
    );
  } catch (error) {
    if (!(error instanceof DataDirInUseError)) fail(describeStartError(error, config));
    const reply = await sendControlCommand(config.dataDir, input);
    if (!reply) fail(`${error.message} It did not answer on its operator socket; stop it and try again.`);
    if (!reply.ok) fail(reply.message);
    console.log(reply.message);
    return;
  }
  try {
    const result = await createAdmin(await servicesFor(database, config), input);
    if (!result.ok) {
      console.error(result.message);
      process.exitCode = 1;
    } else {
      console.log(result.message);
    }
  } finally {
    await database.close();
  }
}
