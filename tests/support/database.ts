import { createHash } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";

import { PGlite } from "@electric-sql/pglite";
import { sql } from "drizzle-orm";
import { drizzle } from "drizzle-orm/pglite";
import { migrate } from "drizzle-orm/pglite/migrator";

import type { AuthOptions } from "~/accounts/better-auth/library.server";
import {
  type Database,
  type DatabaseHandle,
  DEFAULT_PGLITE_SHARED_BUFFERS_MB,
  migrationsFolder,
  openDatabase,
  rowsOf,
} from "~/db/client.server";
import * as schema from "~/db/schema";
import { seedDemoContent } from "~/demo/seed.server";
import { type AppConfig, readConfig } from "~/lib/config.server";
import { createServices, mediaOptions, privateFileOptions } from "~/registry.server";
import { replaceRuntime } from "~/runtime.server";

import { testPasswordHashing } from "./passwords";
import { projectRoot, scratchDirectory, scratchPostgres } from "./site-process";

/** Which database the current Vitest project runs against: PGlite, or PostgreSQL from TEST_DATABASE_URL. */
export const testDatabaseKind = process.env.TEST_DB === "postgres" ? "postgres" : "pglite";

const TEST_AUTH_SECRET = "test-secret-test-secret-test-secret-0123";

export type TestDatabase = DatabaseHandle & { dataDir: string; dispose(): Promise<void> };

/** A fresh, migrated database of the project's kind, and a scratch data directory for files. */
export async function openTestDatabase(): Promise<TestDatabase> {
  const dataDir = scratchDirectory("test");
  if (testDatabaseKind === "pglite") return lentPglite("migrated", dataDir);

  const database = await scratchPostgres("test");
  const handle = await openDatabase({ kind: "postgres", url: database.url, poolSize: 4 });
  return {
    ...handle,
    dataDir,
    async dispose() {
      await handle.close();
      await database.drop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * A new PGlite starts by running initdb, several seconds of WebAssembly on a busy machine, once per
 * test file. Instead the first file makes a migrated database and keeps its data directory as a tar
 * file under .tmp/ (keyed by what it was made from); every later one loads it, about five times
 * faster. The migrations are still run on each copy, as openDatabase does (there is nothing left to
 * apply, so they only check that).
 */
async function openPglite(template: Blob): Promise<DatabaseHandle & { client: PGlite }> {
  const client = await PGlite.create({ loadDataDir: template, startParams: pgliteStartParams() });
  const db = drizzle(client, { schema });
  await migrate(db, { migrationsFolder: migrationsFolder() });
  let closed: Promise<void> | undefined;
  return {
    client,
    db: db as unknown as Database,
    kind: "pglite",
    async ping() {
      await db.execute(sql`select 1`);
    },
    close: () => (closed ??= client.close()),
  };
}

function pgliteStartParams() {
  return [
    ...((PGlite as unknown as { defaultStartParams?: string[] }).defaultStartParams ?? []),
    "-c",
    `shared_buffers=${DEFAULT_PGLITE_SHARED_BUFFERS_MB}MB`,
  ];
}

/** A PGlite as initdb leaves it, with no migration run: for the tests of the migrations themselves. */
export async function openEmptyPglite(): Promise<PGlite> {
  return PGlite.create({ loadDataDir: await emptyTemplate(), startParams: pgliteStartParams() });
}

const TEMPLATES = path.join(projectRoot, ".tmp", "pglite-template");

/**
 * A hash of these files and folders (recursively), and PGlite's version: a template's key. Test files
 * are left out: what a template holds is made by the app's code, and editing a test should not remake it.
 */
function sourcesHash(entries: string[]) {
  const hash = createHash("sha256");
  const pglite = path.join(projectRoot, "node_modules", "@electric-sql", "pglite", "package.json");
  hash.update(JSON.parse(fs.readFileSync(pglite, "utf8")).version);
  for (const entry of entries) {
    const full = path.join(projectRoot, entry);
    const files = fs.statSync(full).isDirectory()
      ? fs.readdirSync(full, { recursive: true, encoding: "utf8" }).map((file) => path.join(full, file))
      : [full];
    for (const file of files.sort()) {
      if (/\.test\.tsx?$/.test(file)) continue;
      if (fs.statSync(file).isFile()) hash.update(path.relative(projectRoot, file)).update(fs.readFileSync(file));
    }
  }
  return hash.digest("hex").slice(0, 16);
}

/**
 * Makes the folder `target` with `make` unless it is there. One worker makes it while the others wait:
 * on a fresh clone each would otherwise spend the same seconds of CPU on a copy of its own. A worker
 * that finds the maker gone (killed) takes over. It is made aside and renamed, so none sees half of one.
 */
async function makeOnce(target: string, make: (folder: string) => Promise<void>) {
  fs.mkdirSync(TEMPLATES, { recursive: true });
  const lock = `${target}.maker`;
  while (!fs.existsSync(target)) {
    try {
      fs.writeFileSync(lock, String(process.pid), { flag: "wx" });
    } catch {
      if (makerRuns(lock)) await sleep(100);
      else fs.rmSync(lock, { force: true });
      continue;
    }
    const partial = fs.mkdtempSync(path.join(TEMPLATES, "partial-"));
    try {
      if (!fs.existsSync(target)) {
        await make(partial);
        fs.renameSync(partial, target);
      }
    } catch (error) {
      // Another worker published it first (after taking over from a maker it thought gone): not a failure.
      if (!fs.existsSync(target)) throw error;
    } finally {
      fs.rmSync(partial, { recursive: true, force: true });
      fs.rmSync(lock, { force: true });
    }
  }
}

/** Whether the process that wrote a maker's lock file still runs. */
function makerRuns(lock: string) {
  try {
    process.kill(Number(fs.readFileSync(lock, "utf8")), 0);
    return true;
  } catch (error) {
    // Gone: the lock (ENOENT, made already) or its process (ESRCH). EPERM: it runs, as another user.
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

async function writeDump(client: PGlite, file: string) {
  fs.writeFileSync(file, Buffer.from(await (await client.dumpDataDir("none")).arrayBuffer()));
}

let empty: Promise<Blob> | undefined;
let migrated: Promise<Blob> | undefined;

/** The database initdb makes, before any migration. */
function emptyTemplate() {
  return (empty ??= (async () => {
    const folder = path.join(TEMPLATES, `initdb-${sourcesHash([])}`);
    if (!fs.existsSync(folder)) {
      await makeOnce(folder, async (partial) => {
        const client = await PGlite.create({ startParams: pgliteStartParams() });
        await writeDump(client, path.join(partial, "db.tar"));
        await client.close();
      });
    }
    return new Blob([fs.readFileSync(path.join(folder, "db.tar"))]);
  })());
}

/** The migrated, empty database. */
function migratedTemplate() {
  return (migrated ??= (async () => {
    const folder = path.join(TEMPLATES, `migrated-${sourcesHash(["drizzle"])}`);
    if (!fs.existsSync(folder)) {
      await makeOnce(folder, async (partial) => {
        const handle = await openPglite(await emptyTemplate());
        await writeDump(handle.client, path.join(partial, "db.tar"));
        await handle.close();
      });
    }
    return new Blob([fs.readFileSync(path.join(folder, "db.tar"))]);
  })());
}

type PgliteHandle = Awaited<ReturnType<typeof openPglite>>;

/** The two kinds of PGlite test database: migrated and empty, or with the demo content. */
type Template = "migrated" | "seeded";

/**
 * PGlite databases that a finished test file gave back, brought back to their template's state, for
 * the next file this worker runs (test:unit's files share a worker: `isolate: false`). Loading a
 * template into a new PGlite was over a third of test:unit's CPU time (about a second for the seeded one),
 * and putting back the rows it held is a fraction of that.
 */
const spares: Record<Template, PgliteHandle[]> = { migrated: [], seeded: [] };
/** Only where a worker's files share their modules (vitest.config.ts): elsewhere a spare would outlive its file. */
const REUSE_PGLITE = process.env.TEST_REUSE_PGLITE === "1";

/**
 * A PGlite of that template lent to one test file. Closing it (as closeRuntime does) gives it back;
 * from then on this loan refuses every query, so a timer or handler the file left running fails
 * loudly rather than reading or writing the next file's data.
 */
async function lentPglite(template: Template, dataDir: string): Promise<TestDatabase> {
  let handle = spares[template].pop();
  while (handle?.client.closed) handle = spares[template].pop();
  if (!handle) {
    handle = await openPglite(template === "migrated" ? await migratedTemplate() : await seededTemplate());
    schemaFingerprint ??= fingerprintOf(handle.client);
    await schemaFingerprint;
    contents[template] ??= contentsOf(handle.client);
    await contents[template];
  }
  const lent = handle;
  let givenBack: Promise<void> | undefined;
  const client = new Proxy(lent.client, {
    get(target, property) {
      const value: unknown = Reflect.get(target, property, target);
      if (typeof value !== "function") return value;
      return (...args: unknown[]) => {
        if (givenBack) throw new Error("This test database was closed: something of a finished test used it.");
        return (value as (...args: unknown[]) => unknown).apply(target, args);
      };
    },
  });
  const db = drizzle(client, { schema });
  const close = () =>
    (givenBack ??= (async () => {
      if (lent.client.closed) return;
      if (REUSE_PGLITE && (await restored(lent.client, await contents[template]!))) spares[template].push(lent);
      else await lent.close();
    })());
  return {
    db: db as unknown as Database,
    kind: "pglite",
    async ping() {
      await db.execute(sql`select 1`);
    },
    close,
    dataDir,
    async dispose() {
      await close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** What a migrated database's tables, columns and indexes are: one that differs is not lent again. */
const SCHEMA_FINGERPRINT = `
  select md5(
    coalesce((select string_agg(format('%s.%s %s %s %s', table_name, column_name, data_type, is_nullable, column_default), ',' order by table_name, ordinal_position)
      from information_schema.columns where table_schema = 'public'), '') ||
    coalesce((select string_agg(indexdef, ',' order by indexdef) from pg_indexes where schemaname = 'public'), '') ||
    (select count(*) from drizzle.__drizzle_migrations)
  ) as fingerprint`;
let schemaFingerprint: Promise<string> | undefined;

async function fingerprintOf(client: PGlite) {
  return (await client.query<{ fingerprint: string }>(SCHEMA_FINGERPRINT)).rows[0].fingerprint;
}

/** A template's rows, table by table (as JSON, and the columns a row is written back with), and a hash of them all. */
type Contents = { tables: { name: string; columns: string; rows: string | null }[]; hash: string };
const contents: Partial<Record<Template, Promise<Contents>>> = {};

/** Every row of every table as text, in one hash: equal hashes, equal contents. */
async function contentsHash(client: PGlite, tables: string[]) {
  const parts = tables.map(
    (name) => `select '${name}' as t, coalesce(string_agg(x::text, '|' order by x::text), '') as rows from ${name} x`,
  );
  const { rows } = await client.query<{ hash: string }>(
    `select md5(string_agg(t || ':' || rows, ',' order by t)) as hash from (${parts.join(" union all ")}) parts`,
  );
  return rows[0].hash;
}

/** What a template holds, read from a database just loaded from it. */
async function contentsOf(client: PGlite): Promise<Contents> {
  // Generated columns are left to the database to compute again.
  const { rows: tables } = await client.query<{ name: string; columns: string }>(
    `select format('%I.%I', c.table_schema, c.table_name) as name,
            string_agg(format('%I', c.column_name), ', ' order by c.ordinal_position) as columns
       from information_schema.columns c join pg_tables t on t.schemaname = c.table_schema and t.tablename = c.table_name
      where c.table_schema = 'public' and c.is_generated = 'NEVER'
      group by 1 order by 1`,
  );
  const withRows = [];
  for (const table of tables) {
    const { rows } = await client.query<{ rows: string | null }>(
      `select json_agg(x)::text as rows from ${table.name} x`,
    );
    withRows.push({ ...table, rows: rows[0].rows });
  }
  return {
    tables: withRows,
    hash: await contentsHash(
      client,
      tables.map((table) => table.name),
    ),
  };
}

/**
 * Brings a lent database back to its template's state: every table emptied and given the
 * template's rows again, the session's settings reset. False (it is then closed) where its
 * tables were changed (a test that altered the schema), or where its rows, read back, are not the
 * template's.
 */
async function restored(client: PGlite, template: Contents): Promise<boolean> {
  try {
    if ((await fingerprintOf(client)) !== (await schemaFingerprint)) return false;
    const names = template.tables.map((table) => table.name);
    // As a replica applies rows: no triggers, no foreign-key checks while tables empty and fill in
    // any order. Deleting, not truncating: a truncate costs file operations, 2 ms a table.
    await client.exec(
      `reset all; set session_replication_role = replica; ${names.map((name) => `delete from ${name};`).join(" ")}`,
    );
    for (const { name, columns, rows } of template.tables) {
      if (!rows) continue;
      await client.query(
        `insert into ${name} (${columns}) select ${columns} from json_populate_recordset(null::${name}, $1::json)`,
        [rows],
      );
    }
    await client.exec("reset all");
    return (await contentsHash(client, names)) === template.hash;
  } catch {
    return false;
  }
}

/** The demo content (seedDemoContent), made once for the sources it was seeded from: its folder. */
async function seededTemplateFolder() {
  const folder = path.join(TEMPLATES, `seeded-${sourcesHash(["drizzle", "app", "package-lock.json"])}`);
  if (!fs.existsSync(folder)) {
    await makeOnce(folder, async (partial) => {
      const handle = await openPglite(await migratedTemplate());
      fs.mkdirSync(path.join(partial, "data"));
      const data = path.join(partial, "data");
      await seedDemoContent(handle.db, mediaOptions(data), privateFileOptions(data), { readership: false });
      await writeDump(handle.client, path.join(partial, "db.tar"));
      await handle.close();
    });
  }
  return folder;
}

let seeded: Promise<Blob> | undefined;

function seededTemplate() {
  return (seeded ??= (async () => new Blob([fs.readFileSync(path.join(await seededTemplateFolder(), "db.tar"))]))());
}

/**
 * A fresh database with the demo content (seedDemoContent, without its year of readership), and its
 * uploads in the data directory.
 * On PGlite, a copy of one seeded once for the sources it was seeded from (the seed goes through the
 * app's services, so any change to app/'s code makes a new one); on PostgreSQL, seeded here.
 */
export async function openSeededTestDatabase(): Promise<TestDatabase> {
  if (testDatabaseKind !== "pglite") {
    const database = await openTestDatabase();
    await seedDemoContent(database.db, mediaOptions(database.dataDir), privateFileOptions(database.dataDir), {
      readership: false,
    });
    return database;
  }
  const dataDir = scratchDirectory("test");
  fs.cpSync(path.join(await seededTemplateFolder(), "data"), dataDir, { recursive: true });
  return lentPglite("seeded", dataDir);
}

/** The documented defaults, but quiet and on a free port: no demo content, no page cache. */
export function testConfig(dataDir: string): AppConfig {
  return { ...readConfig({}), port: 0, dataDir, demoContent: false, authSecret: TEST_AUTH_SECRET, pageCache: false };
}

/** The domain services on a test database, hashing passwords at a test's cost (passwords.ts). */
export function testServices(database: TestDatabase, auth: Partial<AuthOptions> = {}) {
  return createServices(database.db, {
    dataDir: database.dataDir,
    auth: { secret: TEST_AUTH_SECRET, passwordHashing: testPasswordHashing, ...auth },
  });
}

/** Points the app's runtime (what loaders use) at a test database. */
export function installRuntime(database: TestDatabase, auth: Partial<AuthOptions> = {}) {
  const config = { ...testConfig(database.dataDir), google: auth.google };
  const services = testServices(database, auth);
  replaceRuntime({ config, database, services });
  return services;
}

/** The tables of what the site holds and shows: what a refused or failed change must leave as it was. */
export const CONTENT_TABLES = [
  "users",
  "accounts",
  "posts",
  "articles",
  "faculties",
  "departments",
  "courses",
  "site_settings",
  "staff",
  "announcement",
  "focus_pages",
  "media",
  // Submissions and peer review (issue 34).
  "submissions",
  "submission_files",
  "submission_events",
  "submission_notes",
  "reviewers",
  "reviews",
  "editor_decisions",
  "submission_settings",
] as const;

/** Each table's row count and a hash of its rows as text: equal before and after means nothing changed. */
export async function tableFingerprints(db: Database, tables: readonly string[]) {
  const parts = tables.map(
    (t) =>
      `select '${t}' as t, count(*)::int as n, md5(coalesce(string_agg(x::text, '|' order by x::text), '')) as h from ${t} x`,
  );
  return rowsOf<{ t: string; n: number; h: string }>(await db.execute(sql.raw(parts.join(" union all "))));
}
