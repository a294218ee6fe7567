import type { Readable } from "node:stream";

/** Where uploaded files live: local disk or an S3-compatible object store. Keys are ours ("2026-11/<uuid>.pdf"). */
export interface FileStore {
  readonly kind: "local" | "s3";
  /** Stores a file from a path on local disk (uploads are spooled to disk first). */
  putFile(key: string, sourcePath: string, contentType: string): Promise<void>;
  putBuffer(key: string, bytes: Buffer, contentType: string): Promise<void>;
  /** Reads a file, or a byte range of it; null when there is no such file. */
  get(key: string, range?: { start: number; end: number }): Promise<StoredFile | null>;
  /** Size and type without the bytes; null when there is no such file. */
  head(key: string): Promise<{ size: number; contentType: string } | null>;
  delete(key: string): Promise<void>;
  /** The file's path on this machine, for a child process to read itself (the PDF reader); null in a remote store. */
  localPath(key: string): string | null;
  /** Every stored file with when it was last written (for the clean-up of files no record uses). */
  list(): AsyncIterable<ListedFile>;
}

export type ListedFile = { key: string; modifiedAt: Date };

export type StoredFile = { body: Readable; size: number; contentType: string; range?: { start: number; end: number } };

/** Keys are made by the media service; anything else is refused before it reaches a driver. */
export function isStorageKey(key: string): boolean {
  return /^\d{4}-\d{2}\/[0-9a-f-]{36}(-\d{2,5}w|-og)?\.(webp|png|jpg|pdf)$/.test(key);
}

/**
 * Files nothing serves (decision 042: submitted manuscripts and their anonymised copies): kept apart
 * from the uploads, on local disk in DATA_DIR/private and in an S3 bucket under this key prefix.
 * Their keys are "<folder>/<month>/<uuid>.<pdf|docx>", made by the service that writes them.
 */
export const PRIVATE_KEY_PREFIX = "private/";

/** A private file's key; anything else is refused before it reaches a driver (or a restore writes it). */
export function isPrivateKey(key: string): boolean {
  return /^[a-z][a-z-]{0,31}\/\d{4}-\d{2}\/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\.(pdf|docx)$/.test(
    key,
  );
}

/** A file the local store was writing when the process stopped (written under this name, then renamed). */
export function isPartialWrite(key: string): boolean {
  return /\.[0-9a-f-]{36}\.partial$/.test(key);
}
