// Prints one closing line for the whole suite ("N passed, N failed") from the runners' JSON reports.
import fs from "node:fs";

function read(file) {
  try {
    return JSON.parse(fs.readFileSync(file, "utf8"));
  } catch {
    return null;
  }
}

let passed = 0;
let failed = 0;
let skipped = 0;
// vitest.json from a whole run (npm test), vitest-<projects>.json from each tier run on its own.
let reports = [];
try {
  reports = fs.readdirSync(".tmp/results").filter((name) => /^vitest.*\.json$/.test(name));
} catch {
  // no results yet
}
for (const name of reports.sort()) {
  const vitest = read(`.tmp/results/${name}`);
  if (!vitest) continue;
  passed += vitest.numPassedTests;
  failed += vitest.numFailedTests;
  skipped += vitest.numPendingTests + vitest.numTodoTests;
}
const playwright = read(".tmp/results/playwright.json");
if (playwright) {
  passed += playwright.stats.expected + playwright.stats.flaky;
  failed += playwright.stats.unexpected;
  skipped += playwright.stats.skipped;
  // A test that failed and then passed on its one retry in CI (playwright.config.ts) is named here, so
  // a flaky test is seen and fixed rather than hidden by the retry.
  const flaky = [];
  const walk = (suite, path) => {
    for (const spec of suite.specs ?? [])
      for (const test of spec.tests ?? [])
        if (test.status === "flaky") flaky.push(`${spec.file}:${spec.line} › ${[...path, spec.title].join(" › ")}`);
    for (const child of suite.suites ?? [])
      walk(child, child.title && child.title !== child.file ? [...path, child.title] : path);
  };
  for (const suite of playwright.suites ?? []) walk(suite, []);
  for (const name of flaky) console.log(`flaky (failed once, passed on its retry): ${name}`);
}
// What the trust suites counted (tests/support/counts.ts), one line each.
try {
  const lines = fs.readFileSync(".tmp/results/counts.jsonl", "utf8").trim().split("\n").filter(Boolean);
  for (const { suite, count, what } of lines.map((line) => JSON.parse(line))) console.log(`${suite}: ${count} ${what}`);
} catch {
  // no suite reported a count
}
// test:unit's wall time, which must stay under a minute on a two-core machine (docs/testing.md): from the
// run's start to the end of its last test file, as its report (npm run test:unit) records them.
const unit = read(".tmp/results/vitest-pglite.json");
if (unit?.testResults.length) {
  const end = Math.max(...unit.testResults.map((file) => file.endTime));
  console.log(`test:unit: ${Math.round((end - unit.startTime) / 1000)} s wall, ${unit.testResults.length} files`);
}
console.log(`${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ""}`);
