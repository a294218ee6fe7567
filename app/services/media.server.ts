import { randomUUID } from "node:crypto";
import fs from "node:fs/promises";
import path from "node:path";
import type { Database } from "~/db/client.server";
import { media } from "~/db/schema";

export type MediaKind = "image" | "pdf";

/** Where uploaded files live on disk, and the URL prefix they are served under. */
export const UPLOADS_URL_PREFIX = "/uploads/";

export function uploadsDirectory(dataDir: string) {
  return path.join(dataDir, "uploads");
}

export type StoreFileInput = {
  bytes: Buffer;
  kind: MediaKind;
  contentType: string;
  extension: string;
  width?: number;
  height?: number;
  originalName?: string;
  uploadedBy?: string | null;
};

export function mediaService(db: Database, uploadsDir: string) {
  return {
    /** Writes the file under a fresh random name and records it; returns its public URL. */
    async store(input: StoreFileInput) {
      const month = new Date().toISOString().slice(0, 7);
      const storageKey = `${month}/${randomUUID()}.${input.extension}`;
      const target = path.join(uploadsDir, storageKey);
      await fs.mkdir(path.dirname(target), { recursive: true });
      // Written under a temporary name first, so a crash never leaves a half-written file in place.
      const temporary = `${target}.partial`;
      await fs.writeFile(temporary, input.bytes);
      await fs.rename(temporary, target);
      try {
        await db.insert(media).values({
          storageKey,
          kind: input.kind,
          contentType: input.contentType,
          sizeBytes: input.bytes.length,
          width: input.width,
          height: input.height,
          originalName: input.originalName ?? "",
          uploadedBy: input.uploadedBy ?? null,
        });
      } catch (error) {
        await fs.rm(target, { force: true });
        throw error;
      }
      return { storageKey, url: `${UPLOADS_URL_PREFIX}${storageKey}` };
    },
  };
}
