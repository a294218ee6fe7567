import fs from "node:fs";
import path from "node:path";
import v8 from "node:v8";
import vm from "node:vm";

import { sql } from "drizzle-orm";
import { afterAll, expect, it } from "vitest";

import { rowsOf } from "~/db/client.server";

import { openTestDatabase, type TestDatabase, testDatabaseKind, testServices } from "../../../tests/support/database";
import { writeDumpFolder, writeExportFolder, writeLargePosts } from "../../../tests/support/legacy-export";
import { scratchDirectory } from "../../../tests/support/site-process";
import { importEarlierSystem, type ImportProgress } from "./import.server";
import { openExport } from "./readers.server";

/**
 * A 100 MB posts collection, written to disk as a stream: the readers go through it a document at a
 * time (the heap never holds the file), and every post arrives.
 */

const folder = scratchDirectory("import-large");
// The live heap, after a full collection: garbage not yet collected is not memory the import holds.
v8.setFlagsFromString("--expose-gc");
const collect = vm.runInNewContext("gc") as () => void;
const liveHeap = () => {
  collect();
  return process.memoryUsage().heapUsed;
};
let database: TestDatabase | undefined;
afterAll(async () => {
  await database?.dispose();
  fs.rmSync(folder, { recursive: true, force: true });
});

// No timeouts of their own: the volume tier's (vitest.config.ts) allow for a busy machine.
it(`imports a 100 MB posts collection without holding it in memory (${testDatabaseKind})`, async () => {
  const author = "65a1b2c3d4e5f60718293a4b";
  const dump = path.join(folder, "dump");
  writeDumpFolder(dump, { users: [] });
  const size = await writeLargePosts(path.join(dump, "cpscr", "posts.bson"), 100, author, "bson");
  expect(size).toBeGreaterThanOrEqual(100 * 1024 * 1024);

  database = await openTestDatabase();
  const services = testServices(database);
  let peak = 0;
  const sample = () => (peak = Math.max(peak, liveHeap()));
  const progress: ImportProgress = { stage: sample, advance: sample, end: sample };
  const baseline = liveHeap();
  const report = await importEarlierSystem(
    database.db,
    await openExport(dump),
    async (bytes, purpose, fileName) => (await services.media.ingestBuffer(bytes, { purpose, fileName })).url,
    { progress },
  );
  const read = report.counts.posts.read;
  expect(read).toBeGreaterThan(5000);
  expect(report.counts.posts.imported).toBe(read);
  // The author is not in the export: listed once per post, never fatal.
  expect(report.problems.filter((p) => p.collection === "posts")).toHaveLength(read);
  const [{ n, bytes }] = rowsOf<{ n: number; bytes: number }>(
    await database.db.execute(sql`select count(*)::int as n, sum(length(content))::bigint as bytes from posts`),
  );
  expect(n).toBe(read);
  expect(Number(bytes)).toBeGreaterThan(90 * 1024 * 1024);
  // Far less than the file: what is held is a batch of posts, not the collection.
  expect(peak - baseline).toBeLessThan(80 * 1024 * 1024);
});

it("reads a 100 MB JSON Lines collection as a stream too", async () => {
  const exported = path.join(folder, "export");
  writeExportFolder(exported, { users: [] });
  await writeLargePosts(path.join(exported, "posts.json"), 100, "65a1b2c3d4e5f60718293a4b", "json");
  const source = await openExport(exported);
  let count = 0;
  let peak = 0;
  const baseline = liveHeap();
  for await (const doc of source.documents("posts")) {
    count++;
    expect(doc.createdAt).toBeInstanceOf(Date);
    if (count % 2000 === 0) peak = Math.max(peak, liveHeap());
  }
  expect(count).toBeGreaterThan(5000);
  expect(peak - baseline).toBeLessThan(80 * 1024 * 1024);
});
