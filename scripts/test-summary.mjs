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
const vitest = read(".tmp/results/vitest.json");
if (vitest) {
  passed += vitest.numPassedTests;
  failed += vitest.numFailedTests;
  skipped += vitest.numPendingTests + vitest.numTodoTests;
}
const playwright = read(".tmp/results/playwright.json");
if (playwright) {
  passed += playwright.stats.expected + playwright.stats.flaky;
  failed += playwright.stats.unexpected;
  skipped += playwright.stats.skipped;
}
// What the trust suites counted (tests/support/counts.ts), one line each.
try {
  const lines = fs.readFileSync(".tmp/results/counts.jsonl", "utf8").trim().split("\n").filter(Boolean);
  for (const { suite, count, what } of lines.map((line) => JSON.parse(line))) console.log(`${suite}: ${count} ${what}`);
} catch {
  // no suite reported a count
}
console.log(`${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ""}`);
