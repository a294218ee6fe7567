import fs from "node:fs";
import path from "node:path";

import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { type DatabaseOptions, openDatabase } from "~/db/client.server";
import { createServices } from "~/registry.server";

import { legacyCollections, startImageHost, writeExportFolder } from "../support/legacy-export";
import { runScript, scratchDirectory, scratchPostgres } from "../support/site-process";

/**
 * `npm run import -- PATH` as an operator runs it, on a mongoexport folder, against a new data
 * directory (or database): a dry run first, then the import, then a second run that changes
 * nothing; the site's services then serve the imported records.
 */

const onPostgres = process.env.TEST_DB === "postgres";
const scratch: string[] = [];
let drop: (() => Promise<void>) | undefined;
let host: Awaited<ReturnType<typeof startImageHost>>;
let env: Record<string, string>;
let database: DatabaseOptions;
let dataDir: string;
let exported: string;
let fixture: ReturnType<typeof legacyCollections>;

beforeAll(async () => {
  host = await startImageHost();
  fixture = legacyCollections(host.base);
  dataDir = scratchDirectory("import-cli");
  exported = scratchDirectory("import-cli-export");
  scratch.push(dataDir, exported);
  writeExportFolder(exported, fixture.collections, { canonical: true });
  env = { DATA_DIR: dataDir, DEMO_CONTENT: "false" };
  database = { kind: "pglite", dataDir: path.join(dataDir, "pglite") };
  if (onPostgres) {
    const scratchDb = await scratchPostgres("import-cli");
    drop = scratchDb.drop;
    env.DATABASE_URL = scratchDb.url;
    database = { kind: "postgres", url: scratchDb.url, poolSize: 2 };
  }
});
afterAll(async () => {
  await host?.close();
  await drop?.();
  for (const folder of scratch) fs.rmSync(folder, { recursive: true, force: true });
});

describe(`npm run import (${onPostgres ? "PostgreSQL" : "PGlite"})`, () => {
  it("a dry run, the import, and a second run that changes nothing", async () => {
    // The stand-in image host is on this machine's loopback address: the operator allows it.
    const dry = await runScript("import", [exported, "--dry-run", "--allow-private-hosts"], env);
    expect(dry.code, dry.out).toBe(0);
    expect(dry.out).toContain("Dry run of a mongoexport folder: nothing was changed.");
    expect(dry.out).toMatch(/posts\s+5\s+5\s+0\s+0/);
    expect(dry.out).toContain(
      `departments ${fixture.ids.orphanDepartment.toHexString()}: The department "Lost Department"`,
    );

    const real = await runScript("import", [exported, "--allow-private-hosts"], env);
    expect(real.code, real.out).toBe(0);
    expect(real.out).toContain("Imported a mongoexport folder.");
    expect(real.out).toMatch(/users\s+4\s+3\s+0\s+1/);
    // The slow file arrives within the command's 30 s; the other broken ones are listed.
    expect(real.out).toMatch(/Files: 11 downloaded, 5 could not be fetched\./);

    const again = await runScript("import", [exported, "--allow-private-hosts"], env);
    expect(again.code, again.out).toBe(0);
    expect(again.out).toMatch(/posts\s+5\s+0\s+5\s+0/);

    const wrong = await runScript("import", [path.join(exported, "nothing-here")], env);
    expect(wrong.code).toBe(1);
    expect(wrong.out).toContain("There is no file or folder");

    const handle = await openDatabase(database);
    try {
      const services = createServices(handle.db, {
        dataDir,
        auth: { secret: "import-cli-test-secret-0123456789abcd" },
      });
      const post = await services.posts.bySlug("welcome-back", "public");
      expect(post?.title).toBe("Welcome back");
      expect(post?.image).toMatch(/^\/uploads\//);
      expect(await services.legacyIds.resolve(fixture.ids.posts[0].toHexString())).toBe(post?.id);
      const stored = await services.media.open(post!.image.replace(/^\/uploads\//, ""));
      expect(stored).not.toBeNull();
    } finally {
      await handle.close();
    }
  });
});
