import path from "node:path";

import madge from "madge";
import { expect, test } from "vitest";

/**
 * No import circles in app/ and server/ (docs/architecture.md): what two modules share belongs in
 * a lower one. The same check by hand: `npx madge --circular --extensions ts,tsx --ts-config
 * tsconfig.json app server`. Type-only imports count, as they do for madge's command.
 */

const root = path.resolve(import.meta.dirname, "..");
/**
 * Imports no file of the tree answers: React Router's generated route types, Vite's `?raw` and
 * `?inline` assets, the build's virtual module. Anything else unresolved (a `~/` path the
 * TypeScript config no longer maps, say) would hide arrows from the check, so it fails instead.
 */
const NOT_FILES = /(^|\/)\+types\/|\?(raw|inline)$|^virtual:/;

test("no module of app/ or server/ imports itself through others", async () => {
  const graph = await madge([path.join(root, "app"), path.join(root, "server")], {
    baseDir: root,
    fileExtensions: ["ts", "tsx"],
    tsConfig: path.join(root, "tsconfig.json"),
    // React Router's generated route types (after `npm run typecheck`) import their route module back:
    // a circle of types that the generator makes, not one of ours.
    excludeRegExp: [/^\.react-router\//],
  });

  expect(graph.warnings().skipped.filter((name) => !NOT_FILES.test(name))).toEqual([]);
  // The `~/` alias resolves (server/ reaches app/ only through it): without it the graph would miss
  // most arrows and find no circle.
  const serverToApp = Object.entries(graph.obj()).filter(
    ([file, imports]) => file.startsWith("server/") && imports.some((name) => name.startsWith("app/")),
  );
  expect(serverToApp.length).toBeGreaterThan(10);
  expect(graph.circular().map((circle) => circle.join(" → "))).toEqual([]);
});
