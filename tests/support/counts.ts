// The trust suites say how much they checked (vectors, matrix rows, pages, crash rounds): each count is
// printed where it is measured and kept in .tmp/results/counts.jsonl, which scripts/test-summary.mjs
// prints again at the end of the run.
import fs from "node:fs";
import path from "node:path";

const COUNTS_FILE = path.resolve(".tmp/results/counts.jsonl");

/** Records "suite: n what" (e.g. reportCount("security", 212, "XSS vectors rendered in Chromium")). */
export function reportCount(suite: string, count: number, what: string) {
  const line = { suite, count, what };
  console.log(`[${suite}] ${count} ${what}`);
  fs.mkdirSync(path.dirname(COUNTS_FILE), { recursive: true });
  fs.appendFileSync(COUNTS_FILE, `${JSON.stringify(line)}\n`);
}
