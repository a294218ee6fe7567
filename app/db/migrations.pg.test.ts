import fs from "node:fs";
import path from "node:path";

import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";

import { migrationsFolder, openDatabase, rowsOf } from "./client.server";

// Runs in the postgres test project only (TEST_DATABASE_URL set).
describe("migrations on PostgreSQL", () => {
  it("apply once when several instances start at the same moment", async () => {
    const url = new URL(process.env.TEST_DATABASE_URL!);
    const admin = await openDatabase({ kind: "postgres", url: url.toString(), poolSize: 1 });
    const name = `t_mig_${Date.now()}`;
    await admin.db.execute(sql.raw(`create database ${name}`));
    url.pathname = `/${name}`;
    try {
      const handles = await Promise.all(
        [1, 2, 3].map(() => openDatabase({ kind: "postgres", url: url.toString(), poolSize: 1 })),
      );
      const result = await handles[0].db.execute<{ n: number }>(
        sql`select count(*)::int as n from drizzle.__drizzle_migrations`,
      );
      // Each checked-in migration recorded exactly once.
      const journal = JSON.parse(fs.readFileSync(path.join(migrationsFolder(), "meta", "_journal.json"), "utf8")) as {
        entries: unknown[];
      };
      expect(rowsOf<{ n: number }>(result)[0].n).toBe(journal.entries.length);
      await Promise.all(handles.map((h) => h.close()));
    } finally {
      await admin.db.execute(sql.raw(`drop database if exists ${name} with (force)`));
      await admin.close();
    }
  });
});
