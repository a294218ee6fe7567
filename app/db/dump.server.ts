import { is, sql } from "drizzle-orm";
import { readMigrationFiles } from "drizzle-orm/migrator";
import { getTableConfig, PgTable } from "drizzle-orm/pg-core";

import { type Database, migrationsFolder, rowsOf } from "./client.server";
import * as schema from "./schema";

/**
 * A logical copy of the application's tables through its own connection, for backups: rows as
 * PostgreSQL's own JSON (row_to_json), read back with json_populate_recordset, so every type
 * round-trips exactly on PGlite and on any PostgreSQL version, with no pg_dump needed.
 */

/** A migration, as Drizzle records it in drizzle.__drizzle_migrations. */
export type MigrationRecord = { hash: string; createdAt: number };

/** The application's tables (from the schema), each after the tables it references. */
export function tablesInDependencyOrder(): string[] {
  const configs = new Map(
    (Object.values(schema) as unknown[])
      .filter((value): value is PgTable => is(value, PgTable))
      .map((table) => [getTableConfig(table).name, getTableConfig(table)]),
  );
  const ordered: string[] = [];
  const visiting = new Set<string>();
  const visit = (name: string) => {
    if (ordered.includes(name)) return;
    if (visiting.has(name)) throw new Error(`The tables ${[...visiting].join(", ")} reference each other in a circle.`);
    visiting.add(name);
    for (const foreignKey of configs.get(name)?.foreignKeys ?? []) {
      const target = getTableConfig(foreignKey.reference().foreignTable).name;
      if (target !== name) visit(target);
    }
    visiting.delete(name);
    ordered.push(name);
  };
  // By name where no key orders them: so `articles` comes before `readership_daily`, whose restored
  // rows the triggers sum by the issue each article is in (decision 050; backup.test.ts checks it).
  for (const name of [...configs.keys()].sort()) visit(name);
  return ordered;
}

/** The migrations this copy of the site has, oldest first, with their statements. */
export function knownMigrations(): (MigrationRecord & { statements: string[] })[] {
  return readMigrationFiles({ migrationsFolder: migrationsFolder() }).map((m) => ({
    hash: m.hash,
    createdAt: m.folderMillis,
    statements: m.sql,
  }));
}

export async function appliedMigrations(db: Database): Promise<MigrationRecord[]> {
  const rows = rowsOf<{ hash: string; created_at: string | number }>(
    await db.execute(sql`select hash, created_at from drizzle.__drizzle_migrations order by created_at, id`),
  );
  return rows.map((row) => ({ hash: row.hash, createdAt: Number(row.created_at) }));
}

/** Applies migrations inside the caller's transaction and records them as Drizzle's migrator does. */
export async function applyMigrations(db: Database, migrations: ReturnType<typeof knownMigrations>) {
  for (const migration of migrations) {
    for (const statement of migration.statements) if (statement.trim()) await db.execute(sql.raw(statement));
    await db.execute(
      sql`insert into drizzle.__drizzle_migrations (hash, created_at) values (${migration.hash}, ${migration.createdAt})`,
    );
  }
}

/**
 * A table's stored columns. Generated ones (the search documents, decision 025) are left out: they
 * cannot be inserted, and the database makes them again from the rest of the row.
 */
export async function columnsOf(db: Database, table: string): Promise<string[]> {
  const rows = rowsOf<{ name: string }>(
    await db.execute(
      sql`select column_name as name from information_schema.columns where table_schema = 'public' and table_name = ${table} and is_generated = 'NEVER' order by ordinal_position`,
    ),
  );
  return rows.map((row) => row.name);
}

/**
 * Every row of a table as a line of JSON (its stored columns only), in batches. Runs inside the
 * caller's transaction (a cursor needs one).
 */
export async function* tableRows(db: Database, table: string, batch = 500): AsyncGenerator<string[]> {
  const names = sql.join(
    (await columnsOf(db, table)).map((column) => sql.identifier(column)),
    sql`, `,
  );
  await db.execute(
    sql`declare backup_rows no scroll cursor for select row_to_json(t)::text as line from (select ${names} from ${sql.identifier(table)}) t`,
  );
  try {
    for (;;) {
      const rows = rowsOf<{ line: string }>(await db.execute(sql.raw(`fetch ${batch} from backup_rows`)));
      if (rows.length === 0) return;
      yield rows.map((row) => row.line);
    }
  } finally {
    await db.execute(sql`close backup_rows`);
  }
}

/** Inserts rows given as lines of JSON (as tableRows gives them) into the named columns. */
export async function insertRows(db: Database, table: string, columns: string[], lines: string[]) {
  if (lines.length === 0) return;
  const names = sql.join(
    columns.map((column) => sql.identifier(column)),
    sql`, `,
  );
  await db.execute(
    sql`insert into ${sql.identifier(table)} (${names}) select ${names} from json_populate_recordset(null::${sql.identifier(table)}, ${`[${lines.join(",")}]`}::json)`,
  );
}

/** The given tables that the database has (a database always has all of them once migrated). */
export async function tablesPresent(db: Database, tables: string[]): Promise<string[]> {
  const rows = rowsOf<{ name: string }>(
    await db.execute(sql`select table_name as name from information_schema.tables where table_schema = 'public'`),
  );
  const present = new Set(rows.map((row) => row.name));
  return tables.filter((table) => present.has(table));
}

/** Tables of the schema that hold at least one row. */
export async function tablesWithRows(db: Database, tables: string[]): Promise<string[]> {
  const found: string[] = [];
  for (const table of tables) {
    const [row] = rowsOf<{ any: boolean }>(
      await db.execute(sql`select exists (select 1 from ${sql.identifier(table)}) as any`),
    );
    if (row?.any) found.push(table);
  }
  return found;
}

export async function dropTables(db: Database, tables: string[]) {
  for (const table of tables) await db.execute(sql`drop table if exists ${sql.identifier(table)} cascade`);
  // A sequence of its own (a submission's number, migration 0018) outlives its table: the
  // migrations that are applied again make it anew.
  const sequences = rowsOf<{ name: string }>(
    await db.execute(
      sql`select sequence_name as name from information_schema.sequences where sequence_schema = 'public'`,
    ),
  );
  for (const { name } of sequences) await db.execute(sql`drop sequence if exists ${sql.identifier(name)} cascade`);
}

/**
 * The sequences of their own continue after the numbers the restored rows hold (an archive carries
 * rows, not a sequence's position): the next submission is numbered after the last one restored.
 */
export async function alignSequences(db: Database) {
  const [row] = rowsOf<{ present: boolean }>(
    await db.execute(
      sql`select exists (select 1 from information_schema.sequences where sequence_schema = 'public' and sequence_name = 'submission_numbers') as present`,
    ),
  );
  if (row?.present)
    await db.execute(
      sql`select setval('submission_numbers', coalesce((select max(number) from submissions), 0) + 1, false)`,
    );
}
