import fs from "node:fs";
import path from "node:path";
import zlib from "node:zlib";

import { describe, expect, it } from "vitest";

/**
 * The JavaScript each public page makes a visitor download, from the production build (npm test
 * builds first): the client entry, the root and the page's route module with every chunk they
 * import, brotli-compressed as the server sends them. Two budgets per page type: the whole
 * download, and what the page adds to the framework (React and React Router, shared by every
 * page and cached after the first). React 19 and React Router alone weigh about 95 KB, so the
 * whole-page budget sits just above the 100 KB aim (docs/decisions/008-javascript-budget.md).
 * The route manifest file (`manifest-*.js`) is not counted: with React Router's lazy route
 * discovery, which the last test checks the build uses, a page carries its own routes' part of the
 * manifest inline in its HTML and never downloads the whole file, so new routes cost pages nothing.
 */

const client = path.resolve(import.meta.dirname, "..", "build", "client");
const BUDGET_KB = 113;
const PAGE_OWN_BUDGET_KB = 20;
/** The account forms check their fields in the browser with the forms' zod schemas (about 20 KB more). */
const FORM_BUDGET_KB = 135;
const FORM_OWN_BUDGET_KB = 30;
const FORM_ROUTES = new Set(["routes/signin", "routes/signup"]);
const PUBLIC_ROUTES = [
  "routes/home",
  "routes/about",
  "routes/posts",
  "routes/post",
  "journal/routes/articles",
  "journal/routes/article",
  "journal/routes/archive",
  "journal/routes/issue",
  "routes/admision",
  "routes/programmes",
  "routes/search",
  "department-programmes",
  "department-journals",
  "routes/signin",
  "routes/signup",
];

type RouteEntry = { module: string; imports?: string[]; css?: string[] };
type Manifest = { entry: RouteEntry; routes: Record<string, RouteEntry>; url?: string };

function readManifest(): { manifest: Manifest } {
  const assets = path.join(client, "assets");
  if (!fs.existsSync(assets))
    throw new Error("There is no production build: run `npm run build` first (npm test does).");
  const file = fs.readdirSync(assets).find((name) => /^manifest-.*\.js$/.test(name));
  if (!file) throw new Error("The build has no React Router manifest.");
  const source = fs.readFileSync(path.join(assets, file), "utf8");
  return { manifest: JSON.parse(source.slice(source.indexOf("{"), source.lastIndexOf("}") + 1)) };
}

const compressed = (url: string) =>
  zlib.brotliCompressSync(fs.readFileSync(path.join(client, url)), {
    params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 },
  }).length;

function scriptsOf(manifest: Manifest, routeId: string): string[] {
  const route = manifest.routes[routeId];
  if (!route) throw new Error(`No route ${routeId} in the build.`);
  const parts = [manifest.entry, manifest.routes.root, route];
  return [...new Set(parts.flatMap((p) => [p.module, ...(p.imports ?? [])]))];
}

describe("JavaScript on public pages", () => {
  const { manifest } = readManifest();

  it(`stays under ${BUDGET_KB} KB compressed on every content page (${PAGE_OWN_BUDGET_KB} KB its own), ${FORM_BUDGET_KB} KB on the account forms`, () => {
    const shared = new Set(
      scriptsOf(manifest, "routes/home").filter((url) =>
        [manifest.entry, manifest.routes.root].some((p) => p.module === url || p.imports?.includes(url)),
      ),
    );
    const sizes = PUBLIC_ROUTES.map((routeId) => {
      const scripts = scriptsOf(manifest, routeId);
      const kb = scripts.reduce((sum, url) => sum + compressed(url), 0) / 1024;
      const ownKb = scripts.filter((url) => !shared.has(url)).reduce((sum, url) => sum + compressed(url), 0) / 1024;
      return { routeId, kb, ownKb, files: scripts.length };
    });
    const report = sizes.map(
      (r) => `${r.routeId}: ${r.kb.toFixed(1)} KB in ${r.files} files, ${r.ownKb.toFixed(1)} KB its own`,
    );
    console.log(
      `JavaScript budget (brotli; ${BUDGET_KB} KB a page, ${PAGE_OWN_BUDGET_KB} KB its own):\n  ${report.join("\n  ")}`,
    );
    for (const { routeId, kb, ownKb } of sizes) {
      const form = FORM_ROUTES.has(routeId);
      expect(kb, `${routeId} ships ${kb.toFixed(1)} KB of JavaScript`).toBeLessThan(form ? FORM_BUDGET_KB : BUDGET_KB);
      expect(ownKb, `${routeId} adds ${ownKb.toFixed(1)} KB to the framework`).toBeLessThan(
        form ? FORM_OWN_BUDGET_KB : PAGE_OWN_BUDGET_KB,
      );
    }
  });

  it("the rich-text editor is loaded only where an editor is on screen", () => {
    for (const routeId of PUBLIC_ROUTES) {
      const scripts = scriptsOf(manifest, routeId);
      const editor = scripts.filter(
        (url) =>
          /quill|RichTextEditor/i.test(url) ||
          /quill/i.test(
            fs
              .readFileSync(path.join(client, url), "utf8")
              .slice(0, 200_000)
              .match(/Quill\.register|quill-toolbar/)?.[0] ?? "",
          ),
      );
      expect(editor, routeId).toEqual([]);
    }
  });

  it("pages never download the whole route manifest (lazy route discovery)", () => {
    // The server build records the discovery mode the pages are rendered with; in "lazy" mode a
    // page inlines its part of the manifest instead of importing manifest-*.js.
    const server = fs.readFileSync(path.resolve(client, "..", "server", "index.js"), "utf8");
    const mode = /routeDiscovery\s*=\s*\{\s*"mode":\s*"(\w+)"/.exec(server)?.[1];
    expect(mode).toBe("lazy");
  });
});
