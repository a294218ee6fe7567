import { createHash, randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

import { PGlite } from "@electric-sql/pglite";
import { sql } from "drizzle-orm";
import { drizzle } from "drizzle-orm/pglite";
import { migrate } from "drizzle-orm/pglite/migrator";
import pg from "pg";

import {
  type Database,
  type DatabaseHandle,
  DEFAULT_PGLITE_SHARED_BUFFERS_MB,
  migrationsFolder,
  openDatabase,
} from "~/db/client.server";
import * as schema from "~/db/schema";
import type { AppConfig } from "~/lib/config.server";
import { replaceRuntime } from "~/runtime.server";
import type { AuthOptions } from "~/services/auth.server";
import { createServices } from "~/services/index.server";

const projectRoot = path.resolve(import.meta.dirname, "../..");

/** Which database the current Vitest project runs against: PGlite, or PostgreSQL from TEST_DATABASE_URL. */
export const testDatabaseKind = process.env.TEST_DB === "postgres" ? "postgres" : "pglite";

export type TestDatabase = DatabaseHandle & { dataDir: string; dispose(): Promise<void> };

/** A fresh, migrated database of the project's kind, and a scratch data directory for files. */
export async function openTestDatabase(): Promise<TestDatabase> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "cpscr-test-"));
  if (testDatabaseKind === "pglite") {
    const handle = await openPgliteFromTemplate();
    return {
      ...handle,
      dataDir,
      async dispose() {
        await handle.close();
        fs.rmSync(dataDir, { recursive: true, force: true });
      },
    };
  }

  const baseUrl = process.env.TEST_DATABASE_URL;
  if (!baseUrl) throw new Error("TEST_DATABASE_URL must be set for the postgres test project.");
  const name = `t_${Date.now()}_${randomBytes(4).toString("hex")}`;
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  const handle = await openDatabase({ kind: "postgres", url: url.toString(), poolSize: 4 });
  return {
    ...handle,
    dataDir,
    async dispose() {
      await handle.close();
      const cleanup = new pg.Client({ connectionString: baseUrl });
      await cleanup.connect();
      await cleanup.query(`drop database if exists ${name} with (force)`);
      await cleanup.end();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * A new PGlite starts by running initdb, several seconds of WebAssembly on a busy machine, once per
 * test file. Instead the first file makes a migrated database and keeps its data directory as a tar
 * file (keyed by the migrations and the PGlite version, under .tmp/); every later one loads it,
 * about five times faster. The migrations are still run on each copy, as openDatabase does (there is
 * nothing left to apply, so they only check that).
 */
async function openPgliteFromTemplate(): Promise<DatabaseHandle> {
  const startParams = [
    ...((PGlite as unknown as { defaultStartParams?: string[] }).defaultStartParams ?? []),
    "-c",
    `shared_buffers=${DEFAULT_PGLITE_SHARED_BUFFERS_MB}MB`,
  ];
  const client = await PGlite.create({ loadDataDir: await pgliteTemplate(), startParams });
  const db = drizzle(client, { schema });
  await migrate(db, { migrationsFolder: migrationsFolder() });
  let closed: Promise<void> | undefined;
  return {
    db: db as unknown as Database,
    kind: "pglite",
    async ping() {
      await db.execute(sql`select 1`);
    },
    close: () => (closed ??= client.close()),
  };
}

let template: Promise<Blob> | undefined;

function pgliteTemplate() {
  return (template ??= makeOrReadTemplate());
}

async function makeOrReadTemplate(): Promise<Blob> {
  const folder = migrationsFolder();
  const hash = createHash("sha256");
  const pgliteVersion = JSON.parse(
    fs.readFileSync(path.join(projectRoot, "node_modules", "@electric-sql", "pglite", "package.json"), "utf8"),
  ).version;
  hash.update(pgliteVersion);
  for (const file of fs.readdirSync(folder, { recursive: true, encoding: "utf8" }).sort()) {
    const full = path.join(folder, file);
    if (fs.statSync(full).isFile()) hash.update(file).update(fs.readFileSync(full));
  }
  const file = path.join(projectRoot, ".tmp", "pglite-template", `${hash.digest("hex").slice(0, 16)}.tar`);
  if (fs.existsSync(file)) return new Blob([fs.readFileSync(file)]);

  const client = await PGlite.create();
  await migrate(drizzle(client, { schema }), { migrationsFolder: folder });
  const dump = await client.dumpDataDir("none");
  await client.close();
  // Written aside, then renamed: parallel workers making it at once never read half a file.
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const partial = `${file}.${process.pid}.${randomBytes(4).toString("hex")}`;
  fs.writeFileSync(partial, Buffer.from(await dump.arrayBuffer()));
  fs.renameSync(partial, file);
  return dump;
}

export function testConfig(dataDir: string): AppConfig {
  return {
    port: 0,
    host: undefined,
    dataDir,
    databaseUrl: undefined,
    publicUrl: undefined,
    demoContent: false,
    authSecret: "test-secret-test-secret-test-secret-0123",
    trustProxy: false,
    google: undefined,
    oidc: undefined,
    pageCache: false,
    pageCacheBytes: 32 * 1024 * 1024,
    pgliteSharedBuffersMb: 32,
    corsOrigins: [],
    maxImageBytes: 10 * 1024 * 1024,
    maxPdfBytes: 50 * 1024 * 1024,
    s3: undefined,
  };
}

/** The domain services on a test database. */
export function testServices(database: TestDatabase, auth: Partial<AuthOptions> = {}) {
  return createServices(database.db, {
    dataDir: database.dataDir,
    auth: { secret: "test-secret-test-secret-test-secret-0123", ...auth },
  });
}

/** Points the app's runtime (what loaders use) at a test database. */
export function installRuntime(database: TestDatabase, auth: Partial<AuthOptions> = {}) {
  const config = { ...testConfig(database.dataDir), google: auth.google };
  const services = testServices(database, auth);
  replaceRuntime({ config, database, services });
  return services;
}
