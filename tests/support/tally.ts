// Counts for suites whose tests run in parallel: each test adds what it checked, and the global
// teardown prints each suite's total once with reportCount (a count per worker would print several
// partial lines). The tally lives in Playwright's output folder, which is emptied at the start of
// every run, so a total never includes an earlier run.
import fs from "node:fs";
import path from "node:path";

import type { FullConfig, TestInfo } from "@playwright/test";

import { reportCount } from "./counts";

const FILE_NAME = "tally.jsonl";

/** Adds `count` to the suite's total of `what` (the same words for every test of the suite). */
export function addToTally(testInfo: TestInfo, suite: string, count: number, what: string) {
  fs.mkdirSync(testInfo.project.outputDir, { recursive: true });
  fs.appendFileSync(path.join(testInfo.project.outputDir, FILE_NAME), `${JSON.stringify({ suite, count, what })}\n`);
}

/** Playwright's global teardown: one reportCount line per suite and kind of thing counted. */
export default function reportTallies(config: FullConfig) {
  const totals = new Map<string, { suite: string; what: string; count: number }>();
  for (const dir of new Set(config.projects.map((p) => p.outputDir))) {
    const file = path.join(dir, FILE_NAME);
    if (!fs.existsSync(file)) continue;
    const text = fs.readFileSync(file, "utf8");
    for (const line of text.split("\n").filter(Boolean)) {
      const { suite, count, what } = JSON.parse(line) as { suite: string; count: number; what: string };
      const key = `${suite}\n${what}`;
      const total = totals.get(key) ?? { suite, what, count: 0 };
      total.count += count;
      totals.set(key, total);
    }
  }
  for (const { suite, count, what } of totals.values()) reportCount(suite, count, what);
}
