import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

/**
 * A file of the project, such as a script a child process runs (`scripts/…`), found by walking up
 * from this module: so it is found from the sources (app/lib) and from the build (build/server) alike.
 */
export function projectFile(relative: string): string {
  let dir = path.dirname(fileURLToPath(import.meta.url));
  for (;;) {
    const candidate = path.join(dir, relative);
    if (fs.existsSync(candidate)) return candidate;
    const parent = path.dirname(dir);
    if (parent === dir) throw new Error(`${relative} was not found in the project.`);
    dir = parent;
  }
}
