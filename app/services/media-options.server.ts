import path from "node:path";

import type { S3Config } from "~/lib/config.server";

import { type MediaOptions, uploadsDirectory } from "./media.server";
import { localStore } from "./storage/local-store.server";
import { s3Store } from "./storage/s3-store.server";

export type UploadOptions = { maxImageBytes: number; maxPdfBytes: number; s3?: S3Config };

const DEFAULT_UPLOADS: UploadOptions = { maxImageBytes: 10 * 1024 * 1024, maxPdfBytes: 50 * 1024 * 1024 };

/** The file store and limits: an S3 bucket when configured, else DATA_DIR/uploads. */
export function mediaOptions(dataDir: string, uploads: UploadOptions = DEFAULT_UPLOADS): MediaOptions {
  return {
    store: uploads.s3 ? s3Store(uploads.s3) : localStore(uploadsDirectory(dataDir)),
    tmpDir: path.join(dataDir, "tmp"),
    maxImageBytes: uploads.maxImageBytes,
    maxPdfBytes: uploads.maxPdfBytes,
  };
}
