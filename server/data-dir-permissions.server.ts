import fs from "node:fs";
import path from "node:path";

/**
 * DATA_DIR holds the database (session tokens, password hashes, the generated session secret),
 * uploads, scratch copies of uploads, the operator socket and lock files: none of it is for other
 * accounts on the machine. Folders are 0700 and files 0600.
 */

/** Group and others get no permission on anything this process creates. */
export const PRIVATE_UMASK = 0o077;
const OPEN_TO_OTHERS = 0o077;

/**
 * New files and folders of this process are for its user only. Set before anything writes in
 * DATA_DIR (the database, uploads, the operator socket, lock files).
 */
export function keepNewFilesPrivate() {
  process.umask(PRIVATE_UMASK);
}

export type Tightened = { tightened: number; failed: number };

/**
 * Takes group and other permissions away from DATA_DIR and everything in it: a data directory made
 * by an older version (files 0666, folders 0755), and files the embedded database writes with
 * modes of its own (PGlite copies a new database in with 0666). Symbolic links are neither followed
 * nor changed. Owner permissions are left as they are.
 */
export function tightenDataDir(dataDir: string): Tightened {
  const result: Tightened = { tightened: 0, failed: 0 };
  const visit = (entry: string) => {
    let stat: fs.Stats;
    try {
      stat = fs.lstatSync(entry);
    } catch {
      return; // gone meanwhile (a temporary file renamed into place)
    }
    if (stat.isSymbolicLink()) return;
    if (stat.mode & OPEN_TO_OTHERS) {
      try {
        fs.chmodSync(entry, stat.mode & 0o7777 & ~OPEN_TO_OTHERS);
        result.tightened++;
      } catch {
        result.failed++; // another user's file: said in the log line
      }
    }
    if (stat.isDirectory()) {
      let names: string[] = [];
      try {
        names = fs.readdirSync(entry);
      } catch {
        result.failed++;
      }
      for (const name of names) visit(path.join(entry, name));
    }
  };
  visit(dataDir);
  return result;
}

/** The start's one line about it, or nothing when every file already was private. */
export function describeTightened({ tightened, failed }: Tightened): string | undefined {
  const parts = [];
  if (tightened > 0)
    parts.push(
      `Tightened permissions of ${tightened} file${tightened === 1 ? "" : "s"} in DATA_DIR (readable by this user only).`,
    );
  if (failed > 0)
    parts.push(
      `Could not make ${failed} file${failed === 1 ? "" : "s"} in DATA_DIR private (owned by another user?): check its permissions.`,
    );
  return parts.length ? parts.join(" ") : undefined;
}

/**
 * At server start: new files private from now on, and what an older version left open to others
 * tightened, with one line in the log. `quiet`: only a failure is logged (the pass after the
 * embedded database opened, which may have written a new database's files with modes of its own).
 */
export function protectDataDir(dataDir: string, options: { quiet?: boolean; log?: (line: string) => void } = {}) {
  keepNewFilesPrivate();
  const result = tightenDataDir(dataDir);
  const line = describeTightened(options.quiet ? { tightened: 0, failed: result.failed } : result);
  if (line) (options.log ?? console.log)(line);
  return result;
}
