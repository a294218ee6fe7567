import { randomUUID } from "node:crypto";
import fs from "node:fs";
import fsp from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { Readable, type Writable } from "node:stream";
import { pipeline } from "node:stream/promises";
import zlib from "node:zlib";

import { sql } from "drizzle-orm";

import { type Database, rowsOf } from "~/db/client.server";
import {
  alignSequences,
  appliedMigrations,
  applyMigrations,
  columnsOf,
  dropTables,
  insertRows,
  knownMigrations,
  type MigrationRecord,
  tableRows,
  tablesInDependencyOrder,
  tablesPresent,
  tablesWithRows,
} from "~/db/dump.server";
import { DERIVED_TABLES } from "~/db/schema";
import { CATEGORY_LABELS, POST_CATEGORIES } from "~/domain/vocabulary";
import { readTar, TarError, tarWriter } from "~/lib/tar.server";

import { storedKeysOf } from "./media.server";
import { type FileStore, isPrivateKey, isStorageKey } from "./storage/file-store.server";

/**
 * One archive (.tar.gz) holds the whole site: `manifest.json` first (what is inside, and the
 * migrations the database had), then each table as lines of JSON, then every uploaded file as
 * stored, then every private file (submitted manuscripts, decision 042). See
 * docs/decisions/010-backup-format.md.
 */

export const BACKUP_FORMAT = "cpscr-site-backup";
const BACKUP_VERSION = 1;
const MANIFEST = "manifest.json";
/** Made by the server on first start, not by anyone: a database holding only this counts as empty. */
const NOT_CONTENT = new Set(["app_secrets"]);
const BATCH_BYTES = 2 * 1024 * 1024;
const CONTENT_TYPES: Record<string, string> = {
  ".webp": "image/webp",
  ".png": "image/png",
  ".jpg": "image/jpeg",
  ".pdf": "application/pdf",
  ".docx": "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
};

/** The site's two file stores: the uploads (served at /uploads/), the private files nothing serves (decision 042). */
export type SiteStores = { uploads: FileStore; private: FileStore };

export type BackupManifest = {
  format: typeof BACKUP_FORMAT;
  version: number;
  createdAt: string;
  source: { database: "pglite" | "postgres"; uploads: "local" | "s3" };
  migrations: MigrationRecord[];
  tables: { name: string; columns: string[]; rows: number }[];
  files: { key: string; size: number }[];
  /** The private store's files (absent from archives made before decision 042, which restore as they did). */
  privateFiles?: { key: string; size: number }[];
};

/** A backup or restore that cannot go on, with what to do about it. */
export class BackupError extends Error {}

const tableEntry = (table: string) => `database/${table}.jsonl`;
const fileEntry = (key: string) => `uploads/${key}`;
const privateEntry = (key: string) => `private/${key}`;

export function describeManifest(manifest: BackupManifest) {
  const rows = manifest.tables.reduce((sum, table) => sum + table.rows, 0);
  const bytes = manifest.files.reduce((sum, file) => sum + file.size, 0);
  const privateFiles = manifest.privateFiles ?? [];
  const privateBytes = privateFiles.reduce((sum, file) => sum + file.size, 0);
  return (
    `${rows} rows in ${manifest.tables.length} tables, ${manifest.files.length} files (${(bytes / 1024 / 1024).toFixed(1)} MB of uploads)` +
    (privateFiles.length
      ? `, ${privateFiles.length} private files (${(privateBytes / 1024 / 1024).toFixed(1)} MB)`
      : "")
  );
}

/**
 * Writes a backup into `out`. The tables are read in one repeatable-read transaction, so they agree
 * with each other (on PostgreSQL writers are not held up; on the embedded database requests wait
 * while the rows are copied to scratch files); then the files those rows name are added, and every
 * file of the private store (no table lists them all; the store holds nothing else).
 */
export async function writeBackup(
  db: Database,
  stores: SiteStores,
  out: Writable,
  source: BackupManifest["source"],
): Promise<BackupManifest> {
  const scratch = await fsp.mkdtemp(path.join(os.tmpdir(), "cpscr-backup-"));
  const gzip = zlib.createGzip();
  const written = pipeline(gzip, out);
  written.catch(() => {}); // awaited below; an early failure is reported from there
  try {
    const snapshot = await db.transaction(
      async (tx) => {
        const txDb = tx as unknown as Database;
        const tables: BackupManifest["tables"] = [];
        // Derived tables (DERIVED_TABLES) are made again by the database from the restored rows.
        const derived = new Set(DERIVED_TABLES);
        const stored = tablesInDependencyOrder().filter((name) => !derived.has(name));
        for (const name of await tablesPresent(txDb, stored)) {
          const file = fs.createWriteStream(path.join(scratch, `${name}.jsonl`));
          let rows = 0;
          for await (const lines of tableRows(txDb, name)) {
            rows += lines.length;
            if (!file.write(`${lines.join("\n")}\n`))
              await new Promise<void>((resolve) => file.once("drain", () => resolve()));
          }
          await new Promise<void>((resolve, reject) =>
            file.end((error?: Error | null) => (error ? reject(error) : resolve())),
          );
          tables.push({ name, columns: await columnsOf(txDb, name), rows });
        }
        const keys = rowsOf<{ key: string }>(
          await txDb.execute(sql`select storage_key as key from media order by storage_key`),
        ).flatMap((row) => storedKeysOf(row.key));
        return { tables, keys, migrations: await appliedMigrations(txDb) };
      },
      { isolationLevel: "repeatable read", accessMode: "read only" },
    );

    const store = stores.uploads;
    const files: BackupManifest["files"] = [];
    const missing: string[] = [];
    for (const key of snapshot.keys) {
      const head = await store.head(key);
      if (head) files.push({ key, size: head.size });
      else missing.push(key);
    }
    if (missing.length)
      console.error(
        `Warning: ${missing.length} files the database names are not in storage, so the backup cannot have them: ${missing.slice(0, 5).join(", ")}${missing.length > 5 ? ", ..." : ""}`,
      );

    const privateFiles: NonNullable<BackupManifest["privateFiles"]> = [];
    for await (const file of stores.private.list()) {
      if (!isPrivateKey(file.key)) continue;
      const head = await stores.private.head(file.key);
      if (head) privateFiles.push({ key: file.key, size: head.size });
    }
    privateFiles.sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));

    const manifest: BackupManifest = {
      format: BACKUP_FORMAT,
      version: BACKUP_VERSION,
      createdAt: new Date().toISOString(),
      source,
      migrations: snapshot.migrations,
      tables: snapshot.tables,
      files,
      privateFiles,
    };
    const tar = tarWriter(gzip);
    const manifestBytes = Buffer.from(JSON.stringify(manifest, null, 2));
    await tar.add(MANIFEST, manifestBytes.length, manifestBytes);
    for (const table of manifest.tables) {
      const file = path.join(scratch, `${table.name}.jsonl`);
      await tar.add(tableEntry(table.name), (await fsp.stat(file)).size, fs.createReadStream(file));
    }
    for (const file of manifest.files) {
      const stored = await store.get(file.key);
      if (!stored)
        throw new BackupError(`The file ${file.key} was removed while the backup ran. Run the backup again.`);
      await tar.add(fileEntry(file.key), file.size, stored.body as AsyncIterable<Buffer>);
    }
    for (const file of privateFiles) {
      const stored = await stores.private.get(file.key);
      if (!stored)
        throw new BackupError(`The private file ${file.key} was removed while the backup ran. Run the backup again.`);
      await tar.add(privateEntry(file.key), file.size, stored.body as AsyncIterable<Buffer>);
    }
    await tar.finish();
    gzip.end();
    await written;
    return manifest;
  } catch (error) {
    gzip.destroy(error as Error);
    await written.catch(() => {});
    throw error;
  } finally {
    await fsp.rm(scratch, { recursive: true, force: true });
  }
}

async function textOf(body: AsyncIterable<Buffer>) {
  const chunks: Buffer[] = [];
  for await (const chunk of body) chunks.push(chunk);
  return Buffer.concat(chunks).toString("utf8");
}

// File names become paths in the store: only names this site gives its uploads (`isKey`), each
// once (a crafted archive must not write outside its folder or over a file twice).
function checkFileKeys(files: BackupManifest["files"], isKey: (key: string) => boolean, what: string) {
  const keys = new Set<string>();
  for (const file of files) {
    const key = (file as { key?: unknown })?.key;
    if (typeof key !== "string" || !isKey(key) || keys.has(key) || typeof file.size !== "number" || file.size < 0) {
      throw new BackupError(
        `The backup's manifest names ${what} this site would not have stored (${JSON.stringify(String(key)).slice(0, 80)}): it is damaged or not this site's.`,
      );
    }
    keys.add(key);
  }
}

function checkManifest(value: unknown): BackupManifest {
  const manifest = value as Partial<BackupManifest>;
  if (manifest?.format !== BACKUP_FORMAT)
    throw new BackupError("This file is not a backup of this site (its manifest is not one).");
  if (manifest.version !== BACKUP_VERSION)
    throw new BackupError(
      `This backup is in format version ${manifest.version}; this copy of the site reads version ${BACKUP_VERSION}.`,
    );
  if (!Array.isArray(manifest.tables) || !Array.isArray(manifest.files) || !Array.isArray(manifest.migrations))
    throw new BackupError("The backup's manifest is damaged.");
  checkFileKeys(manifest.files, isStorageKey, "a file");
  // Version 1 archives made before private files existed have none; when present, the same checks.
  if (manifest.privateFiles !== undefined && !Array.isArray(manifest.privateFiles))
    throw new BackupError("The backup's manifest is damaged.");
  checkFileKeys(manifest.privateFiles ?? [], isPrivateKey, "a private file");
  for (const table of manifest.tables) {
    if (typeof table?.name !== "string" || !/^[a-z_][a-z0-9_]*$/.test(table.name))
      throw new BackupError("The backup's manifest is damaged.");
  }
  return manifest as BackupManifest;
}

/** The entries of a .tar.gz file (or stream). */
function archiveEntries(source: Readable) {
  const gunzip = zlib.createGunzip();
  source.on("error", (error) => gunzip.destroy(error));
  return readTar(source.pipe(gunzip));
}

/** A damaged or cut-off archive, said plainly. */
function unreadable(error: unknown): unknown {
  const code = (error as { code?: string }).code ?? "";
  if (error instanceof TarError) return new BackupError(`The archive cannot be read: ${error.message}`);
  if (code.startsWith("Z_") || code === "ERR_STREAM_PREMATURE_CLOSE")
    return new BackupError("The archive cannot be read: it is not a .tar.gz file, or it is damaged or incomplete.");
  if (error instanceof SyntaxError) return new BackupError("The archive cannot be read: its manifest is damaged.");
  return error;
}

/** The manifest of a backup archive (its first entry). */
export async function readManifest(archive: string): Promise<BackupManifest> {
  const input = fs.createReadStream(archive);
  try {
    const first = await archiveEntries(input).next();
    if (first.done || first.value.name !== MANIFEST)
      throw new BackupError("This file is not a backup of this site (it has no manifest).");
    return checkManifest(JSON.parse(await textOf(first.value.body)));
  } catch (error) {
    throw unreadable(error);
  } finally {
    input.destroy();
  }
}

/** What a restore would replace: tables with rows, and whether the store holds uploads. */
/** Whether the categories are still the four migration 0016 starts every site with. */
async function startingCategoriesOnly(db: Database): Promise<boolean> {
  const rows = rowsOf<{ slug: string; name: string; description: string; position: number }>(
    await db.execute(sql`select slug, name, description, position from categories order by position, slug`),
  );
  return (
    rows.length === POST_CATEGORIES.length &&
    rows.every(
      (row, i) =>
        row.slug === POST_CATEGORIES[i] &&
        row.name === CATEGORY_LABELS[POST_CATEGORIES[i]] &&
        row.description === "" &&
        Number(row.position) === i,
    )
  );
}

async function existingContent(db: Database, stores: SiteStores): Promise<string[]> {
  const found = (
    await tablesWithRows(
      db,
      tablesInDependencyOrder().filter((table) => !NOT_CONTENT.has(table)),
    )
  ).filter((table) => table !== "categories");
  // A migrated database holds the starting categories: content only once an editor changed them.
  const categories = await tablesWithRows(db, ["categories"]);
  if (categories.length && !(await startingCategoriesOnly(db))) found.push("categories");
  for await (const file of stores.uploads.list()) {
    if (isStorageKey(file.key)) {
      found.push("uploaded files");
      break;
    }
  }
  for await (const file of stores.private.list()) {
    if (isPrivateKey(file.key)) {
      found.push("private files");
      break;
    }
  }
  return found;
}

/**
 * Restores a backup into `db` (migrated to this copy's schema) and `store`, all or nothing: one
 * transaction rebuilds the tables at the backup's migration level, loads its rows, brings the
 * schema up to this copy's level and checks every count; files are stored before it commits and
 * the new ones removed again if anything fails. A database or store that already has content is
 * only replaced with `force`.
 */
export async function restoreBackup(
  db: Database,
  stores: SiteStores,
  source: Readable,
  options: { force: boolean },
): Promise<BackupManifest> {
  const entries = archiveEntries(source);
  const scratch = await fsp.mkdtemp(path.join(os.tmpdir(), "cpscr-restore-"));
  const added: { store: FileStore; key: string }[] = [];
  try {
    const first = await entries.next();
    if (first.done || first.value.name !== MANIFEST)
      throw new BackupError("This file is not a backup of this site (it has no manifest).");
    const manifest = checkManifest(JSON.parse(await textOf(first.value.body)));

    // The backup's migrations must be this copy's first ones: a newer site's backup cannot be read.
    const known = knownMigrations();
    manifest.migrations.forEach((migration, i) => {
      if (i >= known.length)
        throw new BackupError(
          "This backup was made by a newer version of the site. Update this copy of the site, then restore.",
        );
      if (known[i].hash !== migration.hash || known[i].createdAt !== migration.createdAt) {
        throw new BackupError(
          `This backup's database history differs from this copy's at migration ${i + 1}: it was made by a different version of the site.`,
        );
      }
    });
    if (!options.force) {
      const content = await existingContent(db, stores);
      if (content.length) {
        throw new BackupError(
          `The target already has content (${content.join(", ")}), which a restore would replace. Restore into a new DATA_DIR or an empty database, or add --force to replace everything in it.`,
        );
      }
    }
    const tables = new Map(manifest.tables.map((table) => [tableEntry(table.name), table]));
    const files = new Map([
      ...manifest.files.map((file) => [fileEntry(file.key), { ...file, store: stores.uploads }] as const),
      ...(manifest.privateFiles ?? []).map(
        (file) => [privateEntry(file.key), { ...file, store: stores.private }] as const,
      ),
    ]);

    await db.transaction(async (tx) => {
      const txDb = tx as unknown as Database;
      await dropTables(
        txDb,
        [...new Set([...tablesInDependencyOrder(), ...manifest.tables.map((table) => table.name)])].reverse(),
      );
      await txDb.execute(sql`delete from drizzle.__drizzle_migrations`);
      await applyMigrations(txDb, known.slice(0, manifest.migrations.length));

      const loaded = new Map<string, number>();
      let stored = 0;
      for await (const entry of entries) {
        const table = tables.get(entry.name);
        const file = files.get(entry.name);
        if (table) {
          if (loaded.has(table.name)) throw new BackupError(`The archive holds ${entry.name} twice.`);
          // Rows a migration seeded (the starting categories) give way to the archive's own.
          await txDb.execute(sql`delete from ${sql.identifier(table.name)}`);
          loaded.set(table.name, await loadTable(txDb, table, entry.body));
        } else if (file) {
          if (entry.size !== file.size)
            throw new BackupError(`The archive's copy of ${file.key} is not the size its manifest says.`);
          const spooled = path.join(scratch, randomUUID());
          await pipeline(Readable.from(entry.body), fs.createWriteStream(spooled));
          const { store } = file;
          const existed = (await store.head(file.key)) !== null;
          await store.putFile(file.key, spooled, CONTENT_TYPES[path.extname(file.key)] ?? "application/octet-stream");
          if (!existed) added.push({ store, key: file.key });
          await fsp.rm(spooled, { force: true });
          stored++;
        }
      }
      for (const table of manifest.tables) {
        const rows = loaded.get(table.name);
        if (rows !== table.rows)
          throw new BackupError(`The archive is incomplete: ${table.name} has ${rows ?? "no"} rows of ${table.rows}.`);
      }
      if (stored !== files.size)
        throw new BackupError(`The archive is incomplete: it holds ${stored} of ${files.size} files.`);
      await alignSequences(txDb);
      await applyMigrations(txDb, known.slice(manifest.migrations.length));
    });
    return manifest;
  } catch (error) {
    await Promise.all(added.map(({ store, key }) => store.delete(key).catch(() => {})));
    throw unreadable(error);
  } finally {
    source.destroy();
    await fsp.rm(scratch, { recursive: true, force: true });
  }
}

/** Loads one table's lines of JSON in batches; returns how many rows. */
async function loadTable(db: Database, table: BackupManifest["tables"][number], body: AsyncIterable<Buffer>) {
  let rest = "";
  let batch: string[] = [];
  let batchBytes = 0;
  let rows = 0;
  const flush = async () => {
    await insertRows(db, table.name, table.columns, batch);
    rows += batch.length;
    batch = [];
    batchBytes = 0;
  };
  const decoder = new TextDecoder();
  for await (const chunk of body) {
    const lines = (rest + decoder.decode(chunk, { stream: true })).split("\n");
    rest = lines.pop() ?? "";
    for (const line of lines) {
      if (!line) continue;
      batch.push(line);
      batchBytes += line.length;
      if (batch.length >= 500 || batchBytes >= BATCH_BYTES) await flush();
    }
  }
  rest += decoder.decode();
  if (rest) batch.push(rest);
  await flush();
  return rows;
}
