import { data } from "react-router";

import { type DatabaseHandle, openConfiguredDatabase } from "~/db/client.server";
import { seedDemoContent } from "~/demo/seed.server";
import { type AppConfig, config } from "~/lib/config.server";
import { contentChanges } from "~/services/content-changes.server";
import { createServices, mediaOptions, type Services } from "~/services/index.server";
import { authSecret } from "~/services/secrets.server";
import { answeringUnavailable } from "~/services/unavailable.server";

/** The process-wide database and services. Opened once, on start (production) or first use (dev). */
export type Runtime = { config: AppConfig; database: DatabaseHandle; services: Services };

let current: Promise<Runtime> | undefined;
let shuttingDown = false;

export function beginShutdown() {
  shuttingDown = true;
}

async function start(cfg: AppConfig): Promise<Runtime> {
  const database = await openConfiguredDatabase(cfg);
  try {
    // The embedded database gets the demo on first start; a PostgreSQL server only when asked.
    if (database.kind === "pglite" && cfg.demoContent) {
      const result = await seedDemoContent(database.db, mediaOptions(cfg.dataDir, cfg));
      if (result === "seeded") console.log("Demo content added to the new database.");
    }
  } catch (error) {
    await database.close();
    throw error;
  }
  // A database that stops answering while the server runs gives 503 answers, not 500s.
  const services = answeringUnavailable(await servicesFor(database, cfg));
  // Other app servers on the same PostgreSQL announce their writes; hear them from now on.
  await services.changes.start();
  return { config: cfg, database, services };
}

export async function servicesFor(database: DatabaseHandle, cfg: AppConfig): Promise<Services> {
  return createServices(database.db, {
    changes: contentChanges(database.notifications),
    dataDir: cfg.dataDir,
    uploads: cfg,
    auth: {
      secret: await authSecret(database.db, cfg.authSecret),
      publicUrl: cfg.publicUrl,
      google: cfg.google,
      oidc: cfg.oidc,
    },
  });
}

export function getRuntime(): Promise<Runtime> {
  // Requests that arrive while the server stops get a 503 page, and never reopen the database.
  if (shuttingDown) return Promise.reject(data({ message: "The server is restarting." }, { status: 503 }));
  if (!current) {
    current = start(config());
    // A failed start (say, the database is locked) may succeed on a later request in development.
    current.catch(() => {
      current = undefined;
    });
  }
  return current;
}

export async function services(): Promise<Services> {
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
