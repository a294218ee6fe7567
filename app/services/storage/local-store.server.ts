import { randomUUID } from "node:crypto";
import fs from "node:fs";
import fsp from "node:fs/promises";
import path from "node:path";

import type { FileStore } from "./file-store.server";

const TYPES: Record<string, string> = {
  ".webp": "image/webp",
  ".png": "image/png",
  ".jpg": "image/jpeg",
  ".pdf": "application/pdf",
  ".docx": "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
};

/** Files under a folder on local disk (DATA_DIR/uploads, or DATA_DIR/private for files nothing serves). */
export function localStore(root: string): FileStore {
  const pathOf = (key: string) => path.join(root, ...key.split("/"));

  /** Written under a temporary name and renamed, so a crash never leaves half a file in place. */
  async function place(key: string, write: (temporary: string) => Promise<void>) {
    const target = pathOf(key);
    await fsp.mkdir(path.dirname(target), { recursive: true });
    const temporary = `${target}.${randomUUID()}.partial`;
    try {
      await write(temporary);
      await fsp.rename(temporary, target);
    } finally {
      await fsp.rm(temporary, { force: true });
    }
  }

  return {
    kind: "local",
    putFile: (key, sourcePath) => place(key, (temporary) => fsp.copyFile(sourcePath, temporary)),
    putBuffer: (key, bytes) => place(key, (temporary) => fsp.writeFile(temporary, bytes)),
    async head(key) {
      const stat = await fsp.stat(pathOf(key)).catch(() => null);
      return stat?.isFile()
        ? { size: stat.size, contentType: TYPES[path.extname(key)] ?? "application/octet-stream" }
        : null;
    },
    async get(key, range) {
      const info = await this.head(key);
      if (!info) return null;
      const body = fs.createReadStream(pathOf(key), range ? { start: range.start, end: range.end } : {});
      return { body, ...info, range };
    },
    async delete(key) {
      await fsp.rm(pathOf(key), { force: true });
    },
    localPath: pathOf,
    async *list() {
      const entries = await fsp
        .readdir(root, { recursive: true, withFileTypes: true })
        .catch((error: NodeJS.ErrnoException) => {
          if (error.code === "ENOENT") return [];
          throw error;
        });
      for (const entry of entries) {
        if (!entry.isFile()) continue;
        const full = path.join(entry.parentPath, entry.name);
        const stat = await fsp.stat(full).catch(() => null);
        if (stat) yield { key: path.relative(root, full).split(path.sep).join("/"), modifiedAt: stat.mtime };
      }
    },
  };
}
