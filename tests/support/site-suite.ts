import fs from "node:fs";
import path from "node:path";

import { expect } from "vitest";

import { openDatabase } from "~/db/client.server";

import { runScript, scratchDirectory, scratchPostgres, startSite } from "./site-process";

/**
 * What the suites that start the built site (security, reliability, the page cache) set up the same
 * way: which database they run on, a fresh data folder (and database) for a server, and the operator
 * commands they run before a test.
 */

/** The vitest project's database: PostgreSQL in the `*-postgres` projects, else the embedded PGlite. */
export const onPostgres = process.env.TEST_DB === "postgres";
/** The database's name, for test titles and counts. */
export const databaseLabel = onPostgres ? "PostgreSQL" : "PGlite";

export type Credentials = { username: string; email: string; password: string };
export type SiteStorage = Awaited<ReturnType<typeof siteStorage>>;

/** A data folder, and on PostgreSQL a database of its own: what the site's commands need (`env`). */
export async function siteStorage(label: string) {
  const dataDir = scratchDirectory(label);
  const database = onPostgres ? await scratchPostgres(label) : undefined;
  return {
    dataDir,
    database,
    env: { DATA_DIR: dataDir, ...(database ? { DATABASE_URL: database.url } : {}) } as Record<string, string>,
    /** The site's database, opened here as its server opens it (once the server has stopped). */
    open() {
      return openDatabase(
        database
          ? { kind: "postgres", url: database.url, poolSize: 2 }
          : { kind: "pglite", dataDir: path.join(dataDir, "pglite") },
      );
    },
    async dispose() {
      fs.rmSync(dataDir, { recursive: true, force: true });
      await database?.drop();
    },
  };
}

/**
 * The built site on fresh storage, behind a proxy as the quick start runs it (TRUST_PROXY), so that each
 * test client has an address of its own; `killAllSitesAndDispose(storage)` ends both.
 */
export async function startSiteBehindProxy(label: string) {
  const storage = await siteStorage(label);
  const site = await startSite({ ...storage.env, TRUST_PROXY: "true" });
  return { storage, site };
}

/** An operator command (`scripts/NAME.mjs`) that must succeed. */
export async function operator(script: string, args: string[], env: Record<string, string>) {
  const { code, out } = await runScript(script, args, env);
  expect(code, out).toBe(0);
}

/** `npm run create-admin` for this account, which must succeed. */
export function createAdmin(admin: Credentials, env: Record<string, string>) {
  return operator("create-admin", adminArgs(admin), env);
}

/** The arguments of `npm run create-admin` for this account. */
export function adminArgs(admin: Credentials) {
  return ["--username", admin.username, "--email", admin.email, "--password", admin.password];
}
