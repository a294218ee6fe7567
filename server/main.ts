import http from "node:http";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { createRequestListener } from "@react-router/node";
import compression from "compression";
import * as build from "virtual:react-router/server-build";
import { openDatabase } from "~/db/client.server";
import { seedDemoContent } from "~/demo/seed.server";
import { ConfigError, readConfig, type AppConfig } from "~/lib/config.server";
import { closeRuntime, getRuntime, pgliteDirectory } from "~/runtime.server";
import { uploadsDirectory } from "~/services/index.server";
import { serveStatic, type StaticMount } from "./static.server";

const SHUTDOWN_DEADLINE_MS = 4500;
const clientDirectory = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../client");

function fail(message: string): never {
  console.error(message);
  process.exit(1);
}

function loadConfig(): AppConfig {
  try {
    return readConfig();
  } catch (error) {
    if (error instanceof ConfigError) fail(error.message);
    throw error;
  }
}

/** One line on why the database could not be opened, without a stack trace. */
function describeStartError(error: unknown, config: AppConfig): string {
  const message = error instanceof Error ? error.message : String(error);
  const code = (error as { code?: string }).code;
  if (config.databaseUrl) {
    const where = new URL(config.databaseUrl);
    return `Could not open the database at DATABASE_URL (${where.hostname}:${where.port || 5432}${where.pathname}): ${code ?? ""} ${message}`.replace(/\s+/g, " ");
  }
  return `Could not open the embedded database in DATA_DIR (${config.dataDir}): ${message}`;
}

export async function main() {
  const config = loadConfig();
  const startedAt = performance.now();
  try {
    await getRuntime();
  } catch (error) {
    fail(describeStartError(error, config));
  }

  const mounts: StaticMount[] = [
    // Built assets carry a content hash in their names: they never change.
    { prefix: "/assets/", directory: path.join(clientDirectory, "assets"), cacheControl: "public, max-age=31536000, immutable" },
    // Uploaded files get fresh random names, so a URL always means the same bytes.
    {
      prefix: "/uploads/",
      directory: uploadsDirectory(config.dataDir),
      cacheControl: "public, max-age=31536000, immutable",
    },
    { prefix: "/", directory: clientDirectory, cacheControl: "public, max-age=3600" },
  ];
  const handleRequest = createRequestListener({ build, mode: process.env.NODE_ENV ?? "production" });
  const compress = compression();

  const baseHeaders: Record<string, string> = {
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
    compress(req as never, res as never, () => {
      if (serveStatic(mounts, req, res)) return;
      Promise.resolve(handleRequest(req, res)).catch((error: unknown) => {
        console.error("request failed:", error);
        if (!res.headersSent) {
          res.statusCode = 500;
          res.setHeader("Content-Type", "text/plain; charset=utf-8");
        }
        res.end("Something went wrong. Please try again.");
      });
    });
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
    server.close();
    server.closeIdleConnections();
    // Requests still running get a moment to finish, then their connections are closed.
    setTimeout(() => server.closeAllConnections(), 1500).unref();
    closeRuntime()
      .catch((error: unknown) => console.error("closing the database failed:", error))
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
    const result = await seedDemoContent(database.db, config.dataDir);
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
