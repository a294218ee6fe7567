import http from "node:http";
import path from "node:path";
import { fileURLToPath } from "node:url";
import compression from "compression";
import { createRequestHandler } from "react-router";
import * as build from "virtual:react-router/server-build";
import { DataDirInUseError, openDatabase } from "~/db/client.server";
import { seedDemoContent } from "~/demo/seed.server";
import { ConfigError, readConfig, type AppConfig } from "~/lib/config.server";
import { RESOURCE_POLICY } from "~/lib/security-headers.server";
import { CROSS_SITE_REFUSED, isAllowedApiOrigin, isCrossSiteMutation } from "~/lib/same-origin.server";
import { beginShutdown, closeRuntime, getRuntime, pgliteDirectory, servicesFor } from "~/runtime.server";
import { CLIENT_IP_HEADER } from "~/services/auth.server";
import { mediaOptions, uploadsDirectory } from "~/services/index.server";
import { createAdmin, sendControlCommand, startControlSocket, type CreateAdminRequest } from "./control.server";
import { serveStatic, type StaticMount } from "./static.server";
import { proxyEntry, sendFetchResponse, toFetchRequest } from "./fetch-bridge.server";
import { renderGate, takesTurn } from "./render-gate.server";
import { etagOf, pageCache, pageCacheKey, pickEncoding, type CachedPage } from "./page-cache.server";
import { CONTENT_TAGS, contentChanges, recordingReads } from "~/services/content-changes.server";
import { scheduleUploadsCleanup } from "~/services/uploads-cleanup.server";
import { writeBackup } from "~/services/backup.server";

export { backupCommand, restoreCommand } from "./backup-commands.server";

const SHUTDOWN_DEADLINE_MS = 4500;
/** Enough to keep the processor busy while some wait on the database; few enough for short turns. */
const RENDERS_AT_ONCE = 8;

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

export function fail(message: string): never {
  console.error(message);
  process.exit(1);
}

export function loadConfig(): AppConfig {
  try {
    return readConfig();
  } catch (error) {
    if (error instanceof ConfigError) fail(error.message);
    throw error;
  }
}

/** One line on why the database could not be opened, without a stack trace. */
export function describeStartError(error: unknown, config: AppConfig): string {
  // Drizzle wraps the driver's error ("Failed query: <sql>"); the cause says what went wrong.
  const cause = (error as { cause?: unknown }).cause;
  const reason = cause instanceof Error ? cause : error;
  const message = (reason instanceof Error ? reason.message : String(reason)).split("\n")[0];
  const code = (error as { code?: string }).code;
  if (config.databaseUrl) {
    const where = new URL(config.databaseUrl);
    return `Could not open the database at DATABASE_URL (${where.hostname}:${where.port || 5432}${where.pathname}): ${code ?? ""} ${message}`.replace(/\s+/g, " ");
  }
  return `Could not open the embedded database in DATA_DIR (${config.dataDir}): ${message}`;
}

function isValidHost(host: string | undefined): boolean {
  if (!host) return false;
  try {
    return new URL(`http://${host}`).host.length > 0;
  } catch {
    return false;
  }
}

export async function main() {
  const config = loadConfig();
  const startedAt = performance.now();
  try {
    await getRuntime();
  } catch (error) {
    fail(describeStartError(error, config));
  }
  // Files an interrupted upload left behind: removed now and every hour (docs/deployment.md).
  scheduleUploadsCleanup((await getRuntime()).services.media, { soleWriter: !config.databaseUrl && !config.s3, startedAt: new Date(performance.timeOrigin) });

  const mounts: StaticMount[] = [
    // Built assets carry a content hash in their names: they never change.
    { prefix: "/assets/", directory: path.join(clientDirectory, "assets"), cacheControl: "public, max-age=31536000, immutable" },
    // Uploaded files get fresh random names, so a URL always means the same bytes. (From an S3
    // store they are streamed by the app's /uploads/* route instead.)
    ...(config.s3
      ? []
      : [{ prefix: "/uploads/", directory: uploadsDirectory(config.dataDir), cacheControl: "public, max-age=31536000, immutable", sandbox: true }]),
    { prefix: "/", directory: clientDirectory, cacheControl: "public, max-age=3600" },
  ];
  const handler = createRequestHandler(build, process.env.NODE_ENV ?? "production");
  const cache = pageCache();
  if (config.pageCache) {
    (await getRuntime()).services.changes.subscribe((tags) => cache.invalidate(tags));
  }

  /** A page from the cache: 304 when the browser has it, else the best encoding it accepts. */
  const sendCached = (req: http.IncomingMessage, res: http.ServerResponse, page: CachedPage, hit: boolean) => {
    for (const [name, value] of page.headers) res.setHeader(name, value);
    res.setHeader("ETag", page.etag);
    res.setHeader("Cache-Control", "public, max-age=0, must-revalidate");
    res.setHeader("Vary", "Accept-Encoding, Cookie");
    res.setHeader("X-Page-Cache", hit ? "hit" : "miss");
    const known = String(req.headers["if-none-match"] ?? "").split(",").map((tag) => tag.trim().replace(/^W\//, ""));
    if (known.includes(page.etag)) {
      res.writeHead(304).end();
      return;
    }
    const { body, encoding } = pickEncoding(page, req.headers["accept-encoding"] as string | undefined);
    if (encoding) res.setHeader("Content-Encoding", encoding);
    res.setHeader("Content-Length", body.length);
    res.writeHead(page.status);
    res.end(req.method === "HEAD" ? undefined : body);
  };

  // Page renders take turns (see render-gate.server.ts); writes, the API and files do not.
  const gate = renderGate(RENDERS_AT_ONCE);
  const inTurn = <T>(req: http.IncomingMessage, work: () => Promise<T>) => (takesTurn(req.method, req.url) ? gate.run(work) : work());

  /** Renders with React Router; a signed-out visitor's public page is kept for the next one. */
  const handleRequest = async (req: http.IncomingMessage, res: http.ServerResponse, cacheKey: string | undefined) => {
    const request = toFetchRequest(req, res, config);
    if (!cacheKey) return sendFetchResponse(req, res, await inTurn(req, () => handler(request)));
    const generation = cache.generation;
    const { result, tags } = await recordingReads(() =>
      inTurn(req, async () => {
        const response = await handler(request);
        // A HEAD request's answer has no body (React Router leaves it out): never kept.
        const keep = req.method === "GET" && response.status === 200 && !response.headers.has("set-cookie") && !/no-store|private/.test(response.headers.get("cache-control") ?? "");
        return { response, body: keep ? Buffer.from(await response.arrayBuffer()) : undefined };
      }),
    );
    if (!result.body) return sendFetchResponse(req, res, result.response);
    const headers = [...result.response.headers].filter(([name]) => !["content-length", "content-encoding", "etag", "cache-control", "vary"].includes(name));
    const page: CachedPage = { status: 200, headers, body: result.body, etag: etagOf(result.body), tags };
    cache.set(cacheKey, page, generation);
    sendCached(req, res, page, false);
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
    ...(config.publicUrl?.startsWith("https:") ? { "Strict-Transport-Security": "max-age=31536000; includeSubDomains" } : {}),
  };

  const server = http.createServer((req, res) => {
    const started = performance.now();
    for (const [name, value] of Object.entries(baseHeaders)) res.setHeader(name, value);
    res.on("finish", () => {
      const ms = (performance.now() - started).toFixed(1);
      console.log(`${new Date().toISOString()} ${req.method} ${req.url} ${res.statusCode} ${ms}ms`);
    });
    const isApi = (req.url ?? "").startsWith("/api/");
    /** The server's own refusals: JSON for the API (as all its errors), plain text elsewhere. */
    const refuse = (status: number, message: string) => {
      if (isApi) res.writeHead(status, { "Content-Type": "application/json" }).end(JSON.stringify({ success: false, statusCode: status, message }));
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
    const cors = isAllowedApiOrigin(req.url ?? "", req.headers.origin, config.corsOrigins) ? corsHeaders(req.headers.origin) : undefined;
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

    // Signed-out visitors' public pages: from memory, with no rendering, compressed once.
    const cacheKey = config.pageCache ? pageCacheKey(req) : undefined;
    // Only the server marks a render as one for the cache (entry.server.tsx renders it whole).
    delete req.headers["x-page-cache-fill"];
    if (cacheKey) {
      const cached = cache.get(cacheKey);
      if (cached) return sendCached(req, res, cached, true);
      req.headers["x-page-cache-fill"] = "1";
    }

    compress(req as never, res as never, () => {
      if (serveStatic(mounts, req, res)) return;
      Promise.resolve(handleRequest(req, res, cacheKey)).catch((error: unknown) => {
        console.error("request failed:", error);
        if (!res.headersSent) refuse(500, "Something went wrong. Please try again.");
        else res.end();
      });
    });
  });

  // The embedded database is ours alone: operator commands come through a socket.
  const control = config.databaseUrl
    ? null
    : startControlSocket(config.dataDir, {
        services: async () => (await getRuntime()).services,
        backup: async (out) => {
          const { database, services } = await getRuntime();
          return writeBackup(database.db, services.media.store, out, { database: "pglite", uploads: config.s3 ? "s3" : "local" });
        },
      });

  server.on("error", (error: NodeJS.ErrnoException) => {
    if (error.code === "EADDRINUSE") fail(`Port ${config.port} is already in use: set PORT to a free port.`);
    fail(`The server could not start: ${error.message}`);
  });

  server.listen(config.port, config.host, () => {
    const runtime = getRuntime();
    void runtime.then((r) => {
      const shown = config.host && config.host !== "0.0.0.0" && config.host !== "::" ? config.host : "localhost";
      console.log(
        `Site ready at http://${shown}:${config.port} (database: ${r.database.kind}, started in ${Math.round(performance.now() - startedAt)} ms)`,
      );
    });
  });

  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    console.log(`${signal} received: closing the server and the database.`);
    setTimeout(() => {
      console.error("Shutdown took too long; exiting.");
      process.exit(1);
    }, SHUTDOWN_DEADLINE_MS).unref();
    // New requests are answered 503 from now on; requests already running get up to 1.5 s to
    // finish, then their connections are closed, and only then is the database closed.
    beginShutdown();
    control?.close();
    const closed = new Promise<void>((resolve) => server.close(() => resolve()));
    server.closeIdleConnections();
    const forceClose = setTimeout(() => server.closeAllConnections(), 1500);
    closed
      .then(() => clearTimeout(forceClose))
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
      config.databaseUrl ? { kind: "postgres", url: config.databaseUrl } : { kind: "pglite", dataDir: pgliteDirectory(config.dataDir) },
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
  if (!input.username) fail("Give the admin's username: --username NAME (and --email and --password for a new account).");

  let database;
  try {
    database = await openDatabase(
      config.databaseUrl ? { kind: "postgres", url: config.databaseUrl } : { kind: "pglite", dataDir: pgliteDirectory(config.dataDir) },
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
