// No import circles in app/ and server/ (docs/architecture.md); `npm run lint` runs this after ESLint's
// layering check. What two modules share belongs in a lower one. Type-only imports count, as they do for
// `npx madge --circular --extensions ts,tsx --ts-config tsconfig.json app server`.
import path from "node:path";

import madge from "madge";

const root = path.resolve(import.meta.dirname, "..");
/**
 * Imports no file of the tree answers: React Router's generated route types (before `npm run typecheck`
 * makes them), Vite's `?raw` and `?inline` assets, the build's virtual module. Anything else unresolved (a
 * `~/` path the TypeScript config no longer maps, say) would hide arrows from the check, so it fails.
 */
const NOT_FILES = /(^|\/)\+types\/|\?(raw|inline)$|^virtual:/;

const graph = await madge([path.join(root, "app"), path.join(root, "server")], {
  baseDir: root,
  fileExtensions: ["ts", "tsx"],
  tsConfig: path.join(root, "tsconfig.json"),
  // The generated route types import their route module back: the generator's circle, of types only.
  excludeRegExp: [/^\.react-router\//],
});

const problems = [];
const unresolved = graph.warnings().skipped.filter((name) => !NOT_FILES.test(name));
if (unresolved.length) problems.push(`imports that name no file: ${unresolved.join(", ")}`);
// server/ reaches app/ only through the `~/` alias: without it most arrows would be missing.
const modules = Object.entries(graph.obj());
const serverToApp = modules.filter(
  ([file, imports]) => file.startsWith("server/") && imports.some((name) => name.startsWith("app/")),
);
if (serverToApp.length < 10) problems.push("the `~/` alias of tsconfig.json no longer resolves");
for (const circle of graph.circular()) problems.push(`import circle: ${[...circle, circle[0]].join(" → ")}`);

if (problems.length) {
  console.error(problems.join("\n"));
  process.exit(1);
}
console.log(`No import circle among the ${modules.length} modules of app/ and server/.`);
