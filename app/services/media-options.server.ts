import path from "node:path";

import type { S3Config } from "~/lib/config.server";

import { type MediaOptions, uploadsDirectory } from "./media.server";
import { type FileStore, PRIVATE_KEY_PREFIX } from "./storage/file-store.server";
import { localStore } from "./storage/local-store.server";
import { s3Store } from "./storage/s3-store.server";

export type UploadOptions = { maxImageBytes: number; maxPdfBytes: number; s3?: S3Config };

const DEFAULT_UPLOADS: UploadOptions = { maxImageBytes: 10 * 1024 * 1024, maxPdfBytes: 50 * 1024 * 1024 };

/** The file store and limits: an S3 bucket when configured, else DATA_DIR/uploads. */
export function mediaOptions(dataDir: string, uploads: UploadOptions = DEFAULT_UPLOADS): MediaOptions {
  return {
    // The bucket's private/ keys are the private store's: the uploads' sweep and listing never see them.
    store: uploads.s3
      ? s3Store({ ...uploads.s3, skipPrefixes: [PRIVATE_KEY_PREFIX] })
      : localStore(uploadsDirectory(dataDir)),
    tmpDir: path.join(dataDir, "tmp"),
    maxImageBytes: uploads.maxImageBytes,
    maxPdfBytes: uploads.maxPdfBytes,
  };
}

/** Where files nothing serves live on local disk: beside DATA_DIR/uploads, never under it (decision 042). */
export function privateDirectory(dataDir: string) {
  return path.join(dataDir, "private");
}

/**
 * The store of files nothing serves (submitted manuscripts, decision 042): DATA_DIR/private, or the
 * uploads' bucket under the key prefix private/ (the site reads them through its own routes, as it
 * does every S3 upload; one bucket to configure, back up and grant access to).
 */
export function privateStore(dataDir: string, uploads: Pick<UploadOptions, "s3"> = {}): FileStore {
  return uploads.s3 ? s3Store({ ...uploads.s3, keyPrefix: PRIVATE_KEY_PREFIX }) : localStore(privateDirectory(dataDir));
}

/** The private files' store, scratch folder and size limit (MAX_PDF_MB: a manuscript is a PDF or DOCX of that size). */
export function privateFileOptions(dataDir: string, uploads: UploadOptions = DEFAULT_UPLOADS) {
  return { store: privateStore(dataDir, uploads), tmpDir: path.join(dataDir, "tmp"), maxBytes: uploads.maxPdfBytes };
}

/** Both stores of a site, as a backup reads them and a restore writes them. */
export function siteStores(dataDir: string, uploads: UploadOptions = DEFAULT_UPLOADS) {
  return { uploads: mediaOptions(dataDir, uploads).store, private: privateStore(dataDir, uploads) };
}
