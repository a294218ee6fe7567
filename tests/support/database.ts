import { randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

import pg from "pg";

import { type DatabaseHandle, openDatabase } from "~/db/client.server";
import type { AppConfig } from "~/lib/config.server";
import { replaceRuntime } from "~/runtime.server";
import type { AuthOptions } from "~/services/auth.server";
import { createServices } from "~/services/index.server";

/** Which database the current Vitest project runs against: PGlite, or PostgreSQL from TEST_DATABASE_URL. */
export const testDatabaseKind = process.env.TEST_DB === "postgres" ? "postgres" : "pglite";

export type TestDatabase = DatabaseHandle & { dataDir: string; dispose(): Promise<void> };

/** A fresh, migrated database of the project's kind, and a scratch data directory for files. */
export async function openTestDatabase(): Promise<TestDatabase> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "cpscr-test-"));
  if (testDatabaseKind === "pglite") {
    const handle = await openDatabase({ kind: "pglite", dataDir: null });
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
