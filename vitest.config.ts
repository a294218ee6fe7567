import path from "node:path";

import { defineConfig } from "vitest/config";

const alias = { "~": path.resolve(import.meta.dirname, "app") };

// Database tests (*.db.test.ts) run on PGlite and, when TEST_DATABASE_URL is set, again on PostgreSQL;
// *.pg.test.ts only on PostgreSQL.
export default defineConfig({
  resolve: { alias },
  test: {
    reporters: ["default", ["json", { outputFile: ".tmp/results/vitest.json" }]],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    projects: [
      {
        resolve: { alias },
        test: {
          name: "pglite",
          include: ["app/**/*.test.ts", "server/**/*.test.ts", "tests/**/*.test.ts"],
          exclude: ["**/*.pg.test.ts", "**/node_modules/**"],
          env: { TEST_DB: "pglite" },
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
      ...(process.env.TEST_DATABASE_URL
        ? [
            {
              resolve: { alias },
              test: {
                name: "postgres",
                include: [
                  "app/**/*.db.test.ts",
                  "app/**/*.pg.test.ts",
                  "server/**/*.db.test.ts",
                  "server/**/*.pg.test.ts",
                  "tests/**/*.db.test.ts",
                  "tests/**/*.pg.test.ts",
                ],
                env: { TEST_DB: "postgres" },
                testTimeout: 60_000,
                hookTimeout: 120_000,
              },
            },
          ]
        : []),
    ],
  },
});
