import fs from "node:fs";
import path from "node:path";

import { describe, expect, it } from "vitest";

/**
 * The site's stylesheet as the production build inlines it in every page (root.tsx imports
 * app.css `?inline`): only what the app's own files ask for. Tailwind once scanned the whole
 * project and turned the log prefix `[bench:search]` of bench/search.mjs into a rule (issue 31).
 */

const serverBundle = path.resolve(import.meta.dirname, "..", "build", "server", "index.js");

/** The stylesheet: the string literal in the server bundle that starts with Tailwind's banner. */
function siteCss(): string {
  if (!fs.existsSync(serverBundle))
    throw new Error("There is no production build: run `npm run build` first (npm test does).");
  const source = fs.readFileSync(serverBundle, "utf8");
  const start = source.indexOf('"/*! tailwindcss');
  if (start < 0) throw new Error("The server bundle has no inlined Tailwind stylesheet.");
  const literal = /^"(?:[^"\\]|\\.)*"/.exec(source.slice(start));
  return JSON.parse(literal![0]) as string;
}

describe("the site's stylesheet in the build", () => {
  const css = siteCss();
  const selectors = [...css.matchAll(/([^{}]+)\{/g)].map((match) => match[1].trim());

  it("is the app's, with the rules its pages use", () => {
    expect(css.length).toBeGreaterThan(10_000);
    for (const selector of [".grid", ".dark\\:bg-night-card:where(.dark,.dark *)", ".md\\:row-span-2"])
      expect(
        selectors.some((s) => s.includes(selector.split(":where")[0])),
        selector,
      ).toBe(true);
  });

  it("has no rule made from the text of bench/, tests/ or docs/", () => {
    expect(selectors.filter((selector) => /bench/i.test(selector))).toEqual([]);
    expect(css).not.toMatch(/bench:search/);
  });
});
