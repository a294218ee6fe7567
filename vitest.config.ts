import path from "node:path";

import { defineConfig, type TestProjectInlineConfiguration } from "vitest/config";

import { DemoContentSpread } from "./tests/support/sequencer";

const alias = { "~": path.resolve(import.meta.dirname, "app") };
const onPostgres = Boolean(process.env.TEST_DATABASE_URL);

// Tiers (docs/testing.md). The file suffix picks the databases: *.db.test.ts runs on PGlite and, when
// TEST_DATABASE_URL is set, again on PostgreSQL; *.pg.test.ts only on PostgreSQL; other *.test.ts
// files on PGlite or without a database.

/**
 * Tests that start the built site or the npm scripts as processes, or run for minutes; and the
 * durability tests of the embedded database on disk (reopening after a restart, a lock left by a
 * killed process) and of backup archives (through an S3 server; one an earlier version made), each
 * several seconds of real data directories that would double the inner loop.
 */
const RELIABILITY = [
  "tests/reliability/**/*.test.ts",
  "server/page-cache.db.test.ts",
  "app/db/client.pglite.test.ts",
  "app/services/site-content.pglite.test.ts",
  "app/services/backup.test.ts",
  "app/services/backup-archive.db.test.ts",
  // The renames of issue 32 run on a database made by the migrations before them: data kept across versions.
  "app/db/scholarly-migration.test.ts",
];
// The API fuzz (1000 hostile requests, about a quarter of the inner loop's time) and the authorisation
// matrix (every operation and screen action for six callers, each refusal checked against a fingerprint
// of the content: a tenth of it) are counted with the security suite.
const SECURITY = ["tests/security/**/*.test.ts", "app/api/fuzz.db.test.ts", "app/api/authorisation.db.test.ts"];
/** Checks of the production build (`build/`). */
const BUILD = ["app/js-budget.test.ts", "app/site-css.test.ts"];
/**
 * Volume: the 100 MB import, the sitemaps of 120,000 posts, the whole demo centre seeded (images and
 * PDFs made and ingested). No build and no processes, but each runs for many seconds: together they
 * were three fifths of the fast lane's CPU time.
 */
const VOLUME = [
  "app/services/import/large-collection.db.test.ts",
  "app/routes/sitemaps-volume.db.test.ts",
  "app/demo/seed.db.test.ts",
];
/**
 * Files that measure the machine as they go (the cluster's visibility of a write within a second, an
 * event loop never blocked 100 ms by a hostile body, the time a password reset takes for a known and
 * an unknown address): they run alone, after the rest, so that another file's work does not skew them.
 */
const ALONE = [
  "tests/cluster/**/*.test.ts",
  "tests/security/body-shapes.db.test.ts",
  "tests/security/account-mail.db.test.ts",
];
const SLOW = [...RELIABILITY, ...SECURITY, ...BUILD, ...VOLUME, ...ALONE];
/**
 * The slow tiers mostly wait: for servers to start and stop, for the readership's settle window, for
 * PostgreSQL. Two files at a time (Vitest's default on two cores is one) halve their wall time.
 */
const SLOW_TIER_WORKERS = 2;

/** The files of these globs that also run on PostgreSQL: the *.db.test.ts and *.pg.test.ts ones. */
function postgresFiles(globs: string[]) {
  return globs.flatMap((glob) =>
    /\.(db|pg)\.test\.ts$/.test(glob)
      ? [glob]
      : [glob.replace(/\.test\.ts$/, ".db.test.ts"), glob.replace(/\.test\.ts$/, ".pg.test.ts")],
  );
}

function project(
  name: string,
  include: string[],
  options: {
    exclude?: string[];
    postgres?: boolean;
    timeouts?: [number, number];
    isolate?: boolean;
    maxWorkers?: number;
    groupOrder?: number;
  } = {},
): TestProjectInlineConfiguration {
  const [testTimeout, hookTimeout] = options.timeouts ?? [60_000, 120_000];
  return {
    resolve: { alias },
    test: {
      name,
      include,
      exclude: [...(options.postgres ? [] : ["**/*.pg.test.ts"]), ...(options.exclude ?? []), "**/node_modules/**"],
      env: {
        TEST_DB: options.postgres ? "postgres" : "pglite",
        // Files that share a worker's modules also share its PGlite databases, emptied between
        // them (tests/support/database.ts).
        TEST_REUSE_PGLITE: options.isolate === false ? "1" : "",
      },
      // PGlite's WebAssembly on V8's baseline compiler only, as the server runs it (scripts/build-if-needed.mjs):
      // a test file's worker lives seconds, too short to repay the optimising compiler's CPU.
      execArgv: ["--liftoff-only"],
      // The runtime learns how to build the services, as app/entry.server.tsx teaches it in the site.
      setupFiles: ["tests/support/compose-runtime.ts"],
      isolate: options.isolate ?? true,
      ...(options.maxWorkers ? { maxWorkers: options.maxWorkers } : {}),
      ...(options.groupOrder ? { sequence: { groupOrder: options.groupOrder } } : {}),
      testTimeout,
      hookTimeout,
    },
  };
}

// Process-spawning suites wait for servers to start and stop, and volume tests move much data, under load on a
// shared machine.
const TRUST_TIMEOUTS: [number, number] = [300_000, 300_000];
/**
 * Every project but test:unit's and the alone ones: two workers, in a group after test:unit's (Vitest
 * runs projects of one group side by side, and they must agree on their workers). The alone projects
 * (one worker) run last, on their own.
 */
const slowTier = { timeouts: TRUST_TIMEOUTS, maxWorkers: SLOW_TIER_WORKERS, groupOrder: 1 };

/** `--project` names given on the command line (each tier runs its own), for the report's file name. */
const chosen = process.argv.flatMap((arg, i, args) =>
  arg === "--project" ? [args[i + 1]] : arg.startsWith("--project=") ? [arg.slice("--project=".length)] : [],
);
if (chosen.some((name) => name.includes("postgres")) && !onPostgres)
  throw new Error("The PostgreSQL projects need TEST_DATABASE_URL (docs/testing.md).");
// One report per tier, so running one tier does not overwrite another's (scripts/test-summary.mjs reads them all);
// `--project '!pglite'` (every project but test:unit's, as npm test runs them) writes vitest-not-pglite.json.
const tiers = chosen
  .join("+")
  .replace(/!/g, "not-")
  .replace(/[^\w+-]/g, "");
const report = tiers ? `vitest-${tiers}.json` : "vitest.json";

export default defineConfig({
  resolve: { alias },
  test: {
    reporters: ["default", ["json", { outputFile: `.tmp/results/${report}` }]],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    // The files with the demo content apart, so that none waits idle while the first seeds it.
    sequence: { sequencer: DemoContentSpread },
    projects: [
      // test:unit: no build, no processes; fast enough to run on every change.
      project("pglite", ["app/**/*.test.ts", "server/**/*.test.ts", "tests/**/*.test.ts"], {
        exclude: SLOW,
        isolate: false,
      }),
      // test:trust
      project("reliability", RELIABILITY, slowTier),
      project("security", SECURITY, slowTier),
      project("alone", ALONE, { timeouts: TRUST_TIMEOUTS, maxWorkers: 1 }),
      // test:build
      project("build", BUILD, { ...slowTier, timeouts: undefined }),
      // test:volume
      project("volume", VOLUME, slowTier),
      ...(onPostgres
        ? [
            // test:pg
            project("postgres", postgresFiles(["app/**/*.test.ts", "server/**/*.test.ts", "tests/**/*.test.ts"]), {
              ...slowTier,
              timeouts: undefined,
              exclude: SLOW,
              postgres: true,
            }),
            project("reliability-postgres", postgresFiles(RELIABILITY), { ...slowTier, postgres: true }),
            project("security-postgres", postgresFiles(SECURITY), { ...slowTier, postgres: true }),
            project("volume-postgres", postgresFiles(VOLUME), { ...slowTier, postgres: true }),
            project("alone-postgres", postgresFiles(ALONE), {
              postgres: true,
              timeouts: TRUST_TIMEOUTS,
              maxWorkers: 1,
            }),
          ]
        : []),
    ],
  },
});
