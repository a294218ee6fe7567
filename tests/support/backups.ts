import { createHash } from "node:crypto";

import { sql } from "drizzle-orm";

import { type Database, rowsOf } from "~/db/client.server";
import { tablesInDependencyOrder } from "~/db/dump.server";
import type { FileStore } from "~/services/storage/file-store.server";

/** Every row of every table of the schema, in a stable text form (times in UTC), to compare two sites. */
export async function tableContents(db: Database) {
  const tables: Record<string, string[]> = {};
  await db.transaction(async (tx) => {
    await tx.execute(sql`set local time zone 'UTC'`);
    const present = new Set(
      rowsOf<{ name: string }>(
        await tx.execute(sql`select table_name as name from information_schema.tables where table_schema = 'public'`),
      ).map((r) => r.name),
    );
    for (const table of tablesInDependencyOrder().filter((name) => present.has(name))) {
      const rows = rowsOf<{ line: string }>(
        await tx.execute(sql`select row_to_json(t)::text as line from ${sql.identifier(table)} t`),
      );
      tables[table] = rows.map((row) => row.line).sort();
    }
  });
  return tables;
}

/** Each stored file's checksum, by key. */
export async function storeContents(store: FileStore) {
  const files: Record<string, string> = {};
  for await (const { key } of store.list()) {
    const stored = await store.get(key);
    const hash = createHash("sha256");
    for await (const chunk of stored!.body) hash.update(chunk as Buffer);
    files[key] = hash.digest("hex");
  }
  return files;
}
