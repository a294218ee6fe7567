import path from "node:path";

import { uploadsDirectory } from "~/registry.server";

import type { StaticMount } from "./static.server";

const IMMUTABLE = "public, max-age=31536000, immutable";

/**
 * What the production server serves from disk, before the app: the browser build and, with the local
 * store, DATA_DIR/uploads. Nothing else of DATA_DIR: its private files (DATA_DIR/private, decision
 * 042) leave only through routes that check who asks.
 */
export function staticMounts(config: { dataDir: string; s3?: unknown }, clientDirectory: string): StaticMount[] {
  return [
    // Built assets carry a content hash in their names: they never change.
    { prefix: "/assets/", directory: path.join(clientDirectory, "assets"), cacheControl: IMMUTABLE },
    // Uploaded files get fresh random names, so a URL always means the same bytes. (From an S3
    // store they are streamed by the app's /uploads/* route instead.)
    ...(config.s3
      ? []
      : [{ prefix: "/uploads/", directory: uploadsDirectory(config.dataDir), cacheControl: IMMUTABLE, sandbox: true }]),
    { prefix: "/", directory: clientDirectory, cacheControl: "public, max-age=3600" },
  ];
}
