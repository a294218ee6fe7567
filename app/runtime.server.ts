import { spawn } from "node:child_process";
import { pathToFileURL } from "node:url";

import { data } from "react-router";

import {
  type DatabaseHandle,
  ensureEmbeddedDatabase,
  openConfiguredDatabase,
  pgliteDirectory,
} from "~/db/client.server";
import { type AppConfig, config } from "~/lib/config.server";
import { projectFile } from "~/lib/project-files.server";
import { ServiceUnavailableError } from "~/services/errors.server";
import { answeringUnavailable, translatingFailures } from "~/services/unavailable.server";

/**
 * The services every screen, operation and edge helper is handed. What they are is declared by the
 * composition root above the features: registry.server.ts adds its services to this interface, and
 * hands the runtime the way to build them (composeRuntime), so nothing below it imports it
 * (decision 051).
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- its members come from registry.server.ts
export interface Services {}

/** How the composition root builds the services, and the demo a new embedded site starts with. */
export type Composition = {
  servicesFor(database: DatabaseHandle, cfg: AppConfig): Promise<Services>;
  /** Adds the demo content to an empty database; says whether it did. */
  seedDemo(database: DatabaseHandle, cfg: AppConfig): Promise<"seeded" | "skipped">;
};

let composition: Composition | undefined;

/**
 * Called once, by what starts the site (app/entry.server.tsx, which the server build and the
 * development server load before any request; the tests' setup file), before the first request.
 */
export function composeRuntime(given: Composition) {
  composition = given;
}

function composed(): Composition {
  if (!composition)
    throw new Error("The services are not composed: app/entry.server.tsx calls composeRuntime before any request.");
  return composition;
}

/**
 * The process-wide database and services. Opened once, on start (production) or first use (dev).
 * `services` throw the services' own refusals (the JSON API answers them); `pageServices` are the
 * same for loaders and actions, with an outage turned into React Router's 503 answer.
 */
export type Runtime = { config: AppConfig; database: DatabaseHandle; services: Services; pageServices?: Services };

let current: Promise<Runtime> | undefined;
let shuttingDown = false;

export function beginShutdown() {
  shuttingDown = true;
}

/**
 * The first start of a new embedded site (decision 015): the database is made (by a child process,
 * see ensureEmbeddedDatabase), then the demo content is added by a second one running this build's
 * `npm run seed:demo` command. Drawing the demo's images loads sharp (libvips), and the seed leaves
 * its garbage behind: a server that seeded kept 15-25 MB more for good than one that started on the
 * same content. The built server only (in development and tests the demo is added in the process,
 * below, as before); if the child fails, the server adds the demo itself.
 */
async function seedNewEmbeddedSite(cfg: AppConfig) {
  if (cfg.databaseUrl || !cfg.demoContent || !import.meta.env.PROD) return;
  if (!(await ensureEmbeddedDatabase(pgliteDirectory(cfg.dataDir)))) return;
  const build = pathToFileURL(projectFile("build/server/index.js")).href;
  const child = spawn(
    process.execPath,
    [
      // As for the server on the embedded database: V8's baseline compiler alone for its WebAssembly.
      "--liftoff-only",
      "--max-semi-space-size=8",
      "--input-type=module",
      "-e",
      // It stops when this server does (its stdin closes), rather than hold the database without it.
      `process.stdin.on("close", () => process.exit(1)).resume();
      const { seedDemoCommand } = await import(${JSON.stringify(build)});
      await seedDemoCommand();
      process.exit(process.exitCode ?? 0);`,
    ],
    { stdio: ["pipe", "ignore", "pipe"], env: { MALLOC_ARENA_MAX: "2", ...process.env } },
  );
  let errors = "";
  child.stderr.on("data", (chunk: Buffer) => (errors = (errors + chunk.toString()).slice(-2000)));
  const code = await new Promise<number | null>((resolve) => {
    child.once("error", (error) => {
      errors = error.message;
      resolve(null);
    });
    child.once("close", resolve);
  });
  if (code === 0) console.log("Demo content added to the new database.");
  else
    console.error(`The demo content could not be added by a child process (${errors.trim() || code}); adding it here.`);
}

async function start(cfg: AppConfig): Promise<Runtime> {
  const { servicesFor, seedDemo } = composed();
  await seedNewEmbeddedSite(cfg);
  const database = await openConfiguredDatabase(cfg);
  try {
    // The embedded database gets the demo on first start; a PostgreSQL server only when asked.
    if (database.kind === "pglite" && cfg.demoContent && (await seedDemo(database, cfg)) === "seeded")
      console.log("Demo content added to the new database.");
  } catch (error) {
    await database.close();
    throw error;
  }
  // A database that stops answering while the server runs gives 503 answers, not 500s.
  const services = answeringUnavailable(await servicesFor(database, cfg));
  // Other app servers on the same PostgreSQL announce their writes; hear them from now on.
  await services.changes.start();
  return { config: cfg, database, services, pageServices: forPages(services) };
}

/**
 * An outage as the pages answer it: the root ErrorBoundary's calm 503 page. The services know
 * nothing of React Router; this is the edge that translates for loaders and actions.
 */
export function pageAnswer(error: unknown): unknown {
  return error instanceof ServiceUnavailableError ? data({ message: error.message }, { status: 503 }) : error;
}

function forPages(services: Services): Services {
  return translatingFailures(services, pageAnswer);
}

export function getRuntime(): Promise<Runtime> {
  // Requests that arrive while the server stops get a 503 page, and never reopen the database.
  if (shuttingDown) return Promise.reject(new ServiceUnavailableError("The server is restarting."));
  if (!current) {
    current = start(config());
    // A failed start (say, the database is locked) may succeed on a later request in development.
    current.catch(() => {
      current = undefined;
    });
  }
  return current;
}

/** The services for loaders and actions: an outage throws the 503 page (see pageAnswer). */
export async function services(): Promise<Services> {
  let runtime: Runtime;
  try {
    runtime = await getRuntime();
  } catch (error) {
    throw pageAnswer(error);
  }
  runtime.pageServices ??= forPages(runtime.services);
  return runtime.pageServices;
}

/** The services as they are, throwing their own refusals: for the JSON API, which answers them in JSON. */
export async function domainServices(): Promise<Services> {
  return (await getRuntime()).services;
}

/** Lets tests run loaders against a database they opened themselves. */
export function replaceRuntime(runtime: Runtime) {
  current = Promise.resolve(runtime);
}

export async function closeRuntime() {
  const running = current;
  current = undefined;
  if (running) {
    const runtime = await running;
    await runtime.services.changes.close();
    await runtime.database.close();
  }
}
