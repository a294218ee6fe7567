import { spawn } from "node:child_process";
import fs from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

import { PGlite } from "@electric-sql/pglite";
import { sql } from "drizzle-orm";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import pg from "pg";

import * as schema from "./schema";

export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;

/** The rows of a raw `db.execute(sql...)` result (both drivers answer `{ rows }`). */
export function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}

export type DatabaseHandle = {
  db: Database;
  kind: "pglite" | "postgres";
  /** Resolves when the database answers a trivial query. */
  ping(): Promise<void>;
  /** PostgreSQL: NOTIFY/LISTEN on one channel, so app servers sharing the database hear each other. */
  notifications?: Notifications;
  close(): Promise<void>;
};

export type DatabaseOptions =
  | { kind: "postgres"; url: string; poolSize?: number }
  | { kind: "pglite"; dataDir: string | null /* null: in memory */; sharedBuffersMb?: number };

/**
 * The embedded database's buffer cache. PostgreSQL's default (128 MB) is resident in the process
 * for a database of a few megabytes; pages it does not hold are read from the data directory
 * through the operating system's file cache. 16 MB rather than 32 left the server 30-40 MB smaller
 * after its first start, for the same CPU time per uncached page (issue 31). Measured in
 * bench/README.md (memory).
 */
export const DEFAULT_PGLITE_SHARED_BUFFERS_MB = 16;

export type Notifications = {
  send(payload: string): Promise<void>;
  /** Calls `onPayload` for each notification; after a lost connection, with `null` (some may be missed). */
  listen(onPayload: (payload: string | null) => void): Promise<() => Promise<void>>;
};

/** Any fixed number: the key of the advisory lock that serialises migrations across instances. */
const MIGRATION_LOCK_KEY = 7_240_112;

export function migrationsFolder(): string {
  // Found by walking up from this module, so it works from the sources and from the build.
  let dir = path.dirname(fileURLToPath(import.meta.url));
  for (;;) {
    const candidate = path.join(dir, "drizzle");
    if (fs.existsSync(path.join(candidate, "meta", "_journal.json"))) return candidate;
    const parent = path.dirname(dir);
    if (parent === dir) throw new Error("The drizzle/ migrations folder was not found.");
    dir = parent;
  }
}

export async function openDatabase(options: DatabaseOptions): Promise<DatabaseHandle> {
  return options.kind === "postgres"
    ? openPostgres(options.url, options.poolSize)
    : openPglite(options.dataDir, options.sharedBuffersMb ?? DEFAULT_PGLITE_SHARED_BUFFERS_MB);
}

/** Which database the site's settings name (AppConfig has these fields; the data layer does not import it). */
export type DatabaseSettings = {
  /** DATABASE_URL: PostgreSQL when set. */
  databaseUrl?: string;
  /** DATA_DIR: the embedded database lives in its pglite/ folder. */
  dataDir: string;
  pgliteSharedBuffersMb?: number;
};

export function pgliteDirectory(dataDir: string) {
  return path.join(dataDir, "pglite");
}

/**
 * The site's database, as the server and every operator command open it: PostgreSQL at DATABASE_URL,
 * else the embedded one in DATA_DIR. Commands ask for a small pool; the server takes the default.
 */
export function openConfiguredDatabase(
  settings: DatabaseSettings,
  options: { poolSize?: number } = {},
): Promise<DatabaseHandle> {
  return openDatabase(
    settings.databaseUrl
      ? { kind: "postgres", url: settings.databaseUrl, poolSize: options.poolSize }
      : { kind: "pglite", dataDir: pgliteDirectory(settings.dataDir), sharedBuffersMb: settings.pgliteSharedBuffersMb },
  );
}

async function openPostgres(url: string, poolSize = 10): Promise<DatabaseHandle> {
  // Migrations run on one dedicated connection holding an advisory lock, so two instances
  // starting together apply them once, one after the other.
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query("select pg_advisory_lock($1)", [MIGRATION_LOCK_KEY]);
    await migratePg(drizzlePg(client, { schema }), { migrationsFolder: migrationsFolder() });
  } finally {
    await client.query("select pg_advisory_unlock($1)", [MIGRATION_LOCK_KEY]).catch(() => {});
    await client.end();
  }

  const pool = new pg.Pool({ connectionString: url, max: poolSize, connectionTimeoutMillis: 5000 });
  // A connection dropped by the server must not crash the process; the next query reconnects. The
  // pool listens on idle connections only: one checked out for a transaction gets its own listener
  // (its query fails and is answered 503; without a listener the 'error' event would end the process).
  pool.on("error", (error) => console.error(`database: idle connection error: ${error.message}`));
  pool.on("connect", (client) => client.on("error", () => {}));
  const db = drizzlePg(pool, { schema }) as unknown as Database;
  return {
    db,
    kind: "postgres",
    notifications: pgNotifications(url, pool),
    async ping() {
      await pool.query("select 1");
    },
    close: once(() => pool.end()),
  };
}

async function openPglite(dataDir: string | null, sharedBuffersMb: number): Promise<DatabaseHandle> {
  let releaseLock = () => {};
  if (dataDir) {
    fs.mkdirSync(dataDir, { recursive: true });
    releaseLock = acquireDirectoryLock(dataDir);
  }
  try {
    if (dataDir && !fs.existsSync(path.join(dataDir, "PG_VERSION"))) await createPgliteDirectory(dataDir);
    // PGlite's own start parameters, with the buffer cache's size added.
    const defaults = (PGlite as unknown as { defaultStartParams?: string[] }).defaultStartParams ?? [];
    const options = { startParams: [...defaults, "-c", `shared_buffers=${sharedBuffersMb}MB`] };
    const client = dataDir ? await PGlite.create(dataDir, options) : await PGlite.create(options);
    const db = drizzlePglite(client, { schema });
    await migratePglite(db, { migrationsFolder: migrationsFolder() });
    return {
      db: db as unknown as Database,
      kind: "pglite",
      async ping() {
        await db.execute(sql`select 1`);
      },
      close: once(async () => {
        try {
          await client.close();
        } finally {
          releaseLock();
        }
      }),
    };
  } catch (error) {
    releaseLock();
    throw error;
  }
}

/** Makes the embedded database in `dataDir` when there is none yet; true when it made one. */
export async function ensureEmbeddedDatabase(dataDir: string): Promise<boolean> {
  if (fs.existsSync(path.join(dataDir, "PG_VERSION"))) return false;
  fs.mkdirSync(dataDir, { recursive: true });
  const releaseLock = acquireDirectoryLock(dataDir);
  try {
    await createPgliteDirectory(dataDir);
  } finally {
    releaseLock();
  }
  return true;
}

/**
 * A new embedded database is made (PostgreSQL's initdb) by a short-lived child process, never by the
 * process that will use it: PGlite runs initdb with two more PostgreSQL instances beside the one it
 * keeps, a high-water mark of about 600 MB, and the process that ran it kept about 90 MB more for
 * good (measured in bench/README.md, memory). It is made in a folder beside the data directory and
 * moved in whole, its PG_VERSION last, so a start stopped in the middle leaves no half-made database.
 */
async function createPgliteDirectory(dataDir: string) {
  const staging = `${dataDir}.creating`;
  fs.rmSync(staging, { recursive: true, force: true });
  const pglite = pathToFileURL(createRequire(import.meta.url).resolve("@electric-sql/pglite")).href;
  const program = `const { PGlite } = await import(${JSON.stringify(pglite)});
    const db = await PGlite.create(process.argv[1]);
    await db.close();`;
  const child = spawn(
    process.execPath,
    // V8's baseline compiler alone: its optimising one takes hundreds of MB on PostgreSQL's WebAssembly.
    ["--liftoff-only", "--max-semi-space-size=2", "--input-type=module", "-e", program, staging],
    { stdio: ["ignore", "ignore", "pipe"] },
  );
  let errors = "";
  child.stderr.on("data", (chunk: Buffer) => (errors = (errors + chunk.toString()).slice(-4000)));
  const code = await new Promise<number | null>((resolve, reject) => {
    child.once("error", reject);
    child.once("close", resolve);
  });
  if (code !== 0 || !fs.existsSync(path.join(staging, "PG_VERSION"))) {
    fs.rmSync(staging, { recursive: true, force: true });
    throw new Error(`The embedded database could not be created: ${errors.trim() || `exit code ${code}`}`);
  }
  // Whatever an interrupted attempt left (there is no PG_VERSION, so no database) makes way.
  for (const name of fs.readdirSync(dataDir)) {
    if (name !== "server.lock") fs.rmSync(path.join(dataDir, name), { recursive: true, force: true });
  }
  for (const name of fs.readdirSync(staging)) {
    if (name !== "PG_VERSION") fs.renameSync(path.join(staging, name), path.join(dataDir, name));
  }
  fs.renameSync(path.join(staging, "PG_VERSION"), path.join(dataDir, "PG_VERSION"));
  fs.rmSync(staging, { recursive: true, force: true });
}

/** Error codes of the socket, and SQLSTATEs of PostgreSQL, that mean "the database is not there". */
const UNREACHABLE_CODES = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "ETIMEDOUT",
  "EPIPE",
  "EHOSTUNREACH",
  "ENETUNREACH",
  "ENOTFOUND",
  "EAI_AGAIN",
]);
// admin_shutdown, crash_shutdown, cannot_connect_now, too_many_connections; class 08 is connection_exception.
const UNAVAILABLE_SQLSTATES = new Set(["57P01", "57P02", "57P03", "53300"]);
const UNAVAILABLE_MESSAGES =
  /Connection terminated|timeout exceeded when trying to connect|not queryable|Connection refused/i;

/**
 * True when a query failed because PostgreSQL could not be reached (stopped, restarting, network
 * gone), as opposed to a failure of the query itself. Drizzle and the auth library wrap the
 * driver's error, so the whole `cause` chain is looked at.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  for (
    let current = error, depth = 0;
    current && depth < 8;
    current = (current as { cause?: unknown }).cause, depth++
  ) {
    const { code, message } = current as { code?: unknown; message?: unknown };
    if (
      typeof code === "string" &&
      (UNREACHABLE_CODES.has(code) || UNAVAILABLE_SQLSTATES.has(code) || /^08/.test(code))
    )
      return true;
    if (typeof message === "string" && UNAVAILABLE_MESSAGES.test(message)) return true;
    // Several addresses tried at once (IPv4 and IPv6): Node reports an AggregateError.
    if (current instanceof AggregateError && current.errors.some(isDatabaseUnavailable)) return true;
  }
  return false;
}

const NOTIFY_CHANNEL = "cpscr_changes";

function pgNotifications(url: string, pool: pg.Pool): Notifications {
  return {
    async send(payload) {
      await pool.query("select pg_notify($1, $2)", [NOTIFY_CHANNEL, payload]);
    },
    async listen(onPayload) {
      let client: pg.Client | undefined;
      let stopped = false;
      let retry: NodeJS.Timeout | undefined;
      // One dedicated connection listens; when it drops, it reconnects and says some may be missed.
      const connect = async (afterLoss: boolean) => {
        const next = new pg.Client({ connectionString: url });
        next.on("notification", (message) => onPayload(message.payload ?? ""));
        next.on("error", () => lost(next));
        next.on("end", () => lost(next));
        try {
          await next.connect();
          await next.query(`listen ${NOTIFY_CHANNEL}`);
          client = next;
          if (afterLoss) onPayload(null);
        } catch {
          lost(next);
        }
      };
      const lost = (which: pg.Client) => {
        if (stopped || retry || (client && client !== which)) return;
        client = undefined;
        which.end().catch(() => {});
        retry = setTimeout(() => {
          retry = undefined;
          void connect(true);
        }, 1000);
        retry.unref();
      };
      await connect(false);
      return async () => {
        stopped = true;
        clearTimeout(retry);
        await client?.end().catch(() => {});
      };
    },
  };
}

/** Closing twice (say, on a second signal) is harmless. */
function once(close: () => Promise<void>): () => Promise<void> {
  let closing: Promise<void> | undefined;
  return () => (closing ??= close());
}

export class DataDirInUseError extends Error {}

/**
 * PGlite is an in-process database: two processes writing one data directory would corrupt it.
 * A lock file holding the owner's pid refuses a second server; a stale one (its process is
 * gone, e.g. after kill -9) is taken over.
 */
const lockedHere = new Set<string>();

function acquireDirectoryLock(dataDir: string): () => void {
  const lockPath = path.join(dataDir, "server.lock");
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      fs.writeFileSync(lockPath, String(process.pid), { flag: "wx" });
      lockedHere.add(lockPath);
      return () => {
        lockedHere.delete(lockPath);
        fs.rmSync(lockPath, { force: true });
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
      const owner = Number(fs.readFileSync(lockPath, "utf8").trim());
      // Our own pid in the file counts only if this process took the lock: a restarted container
      // often gets the same pid as the process that left the file behind.
      const held = owner === process.pid ? lockedHere.has(lockPath) : owner > 0 && isProcessAlive(owner);
      if (held) {
        throw new DataDirInUseError(`The database in ${dataDir} is in use by another running server (pid ${owner}).`);
      }
      fs.rmSync(lockPath, { force: true });
    }
  }
  throw new DataDirInUseError(`Could not lock the database in ${dataDir}.`);
}

function isProcessAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
  // A zombie has ended (its files are closed) and waits for its parent to collect it, which may
  // never come when the parent was killed with it (`npm start`'s supervisor, decision 033).
  try {
    return fs.readFileSync(`/proc/${pid}/stat`, "utf8").split(") ").at(-1)?.[0] !== "Z";
  } catch {
    // Gone meanwhile, where there is a /proc to tell; elsewhere the signal's answer stands.
    return !fs.existsSync("/proc/self/stat");
  }
}
