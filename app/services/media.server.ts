import { randomUUID } from "node:crypto";
import fs from "node:fs";
import fsp from "node:fs/promises";
import path from "node:path";
import { Readable, Transform } from "node:stream";
import { pipeline } from "node:stream/promises";
import sharp from "sharp";
import type { Database } from "~/db/client.server";
import { and, eq } from "drizzle-orm";
import { media } from "~/db/schema";
import { IMAGE_WIDTHS, MAIN_IMAGE_WIDTH } from "~/lib/images";
import { isPartialWrite, isStorageKey, type FileStore } from "./storage/file-store.server";

// Decoded pixels are not kept between images: uploads are one-off, memory matters more.
sharp.cache(false);

export type UploadPurpose = "image" | "avatar" | "pdf";
export const UPLOAD_PURPOSES: UploadPurpose[] = ["image", "avatar", "pdf"];

/** Where uploaded files are served from: `/uploads/<key>`. */
export const UPLOADS_URL_PREFIX = "/uploads/";

export function uploadsDirectory(dataDir: string) {
  return path.join(dataDir, "uploads");
}

export class UploadError extends Error {
  constructor(
    message: string,
    readonly status: number,
  ) {
    super(message);
  }
}

export type MediaOptions = { store: FileStore; tmpDir: string; maxImageBytes: number; maxPdfBytes: number };

export type StoredMedia = {
  id: string;
  url: string;
  kind: "image" | "pdf";
  contentType: string;
  size: number;
  width: number | null;
  height: number | null;
};

type Detected = "png" | "jpeg" | "webp" | "pdf" | "other";

/** The file's real type, from its first bytes. */
export function detectType(head: Buffer): Detected {
  if (head.length >= 8 && head.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return "png";
  if (head.length >= 3 && head[0] === 0xff && head[1] === 0xd8 && head[2] === 0xff) return "jpeg";
  if (head.length >= 12 && head.toString("latin1", 0, 4) === "RIFF" && head.toString("latin1", 8, 12) === "WEBP") return "webp";
  if (head.length >= 5 && head.toString("latin1", 0, 5) === "%PDF-") return "pdf";
  return "other";
}

const megabytes = (bytes: number) => `${Math.round((bytes / 1024 / 1024) * 10) / 10} MB`;

/** A client's file name is only ever kept as a label; one that looks like a path is refused. */
function checkFileName(name: string | undefined) {
  if (name === undefined || name === "") return "";
  const bad = name.length > 255 || /[/\\]/.test(name) || name === "." || name === ".." || [...name].some((c) => c.charCodeAt(0) < 0x20 || c.charCodeAt(0) === 0x7f);
  if (bad) throw new UploadError("The file name is not valid. Rename the file to a plain name such as photo.jpg and try again.", 400);
  return name;
}

/** The files one stored upload consists of: its key, and for an image the smaller copies made with it. */
export function storedKeysOf(key: string): string[] {
  const image = /^(.*)-(\d+)w\.webp$/.exec(key);
  return image ? [key, ...IMAGE_WIDTHS.filter((w) => w < Number(image[2])).map((w) => `${image[1]}-${w}w.webp`)] : [key];
}

function monthFolder() {
  return new Date().toISOString().slice(0, 7);
}

export function mediaService(db: Database, options: MediaOptions) {
  const { store } = options;

  /** Copies the upload to a temporary file, refusing it as soon as it passes the limit. */
  async function spool(source: Readable, limit: number, limitMessage: string): Promise<{ file: string; size: number }> {
    await fsp.mkdir(options.tmpDir, { recursive: true });
    const file = path.join(options.tmpDir, `${randomUUID()}.upload`);
    let size = 0;
    const counter = new Transform({
      transform(chunk: Buffer, _encoding, done) {
        size += chunk.length;
        if (size > limit) done(new UploadError(limitMessage, 413));
        else done(null, chunk);
      },
    });
    try {
      await pipeline(source, counter, fs.createWriteStream(file));
    } catch (error) {
      await fsp.rm(file, { force: true });
      if (error instanceof UploadError) throw error;
      throw new UploadError("The upload was interrupted. Please try again.", 400);
    }
    return { file, size };
  }

  async function readHead(file: string) {
    const handle = await fsp.open(file, "r");
    try {
      const buffer = Buffer.alloc(16);
      const { bytesRead } = await handle.read(buffer, 0, 16, 0);
      return buffer.subarray(0, bytesRead);
    } finally {
      await handle.close();
    }
  }

  async function pdfIsComplete(file: string, size: number) {
    const handle = await fsp.open(file, "r");
    try {
      const length = Math.min(2048, size);
      const buffer = Buffer.alloc(length);
      await handle.read(buffer, 0, length, size - length);
      return buffer.toString("latin1").includes("%%EOF");
    } finally {
      await handle.close();
    }
  }

  /**
   * The image as the site serves it: turned upright, metadata (location, camera) stripped, at most
   * MAIN_IMAGE_WIDTH wide, in WebP; plus smaller widths for srcset.
   */
  async function renderImage(file: string, detected: Detected) {
    try {
      const source = sharp(file, { failOn: "truncated", limitInputPixels: 120_000_000, sequentialRead: true });
      const meta = await source.metadata();
      if (meta.format !== detected) throw new Error(`declared ${detected}, decoded ${meta.format}`);
      const main = await source
        .rotate()
        .resize({ width: MAIN_IMAGE_WIDTH, height: MAIN_IMAGE_WIDTH, fit: "inside", withoutEnlargement: true })
        .webp({ quality: 80 })
        .toBuffer({ resolveWithObject: true });
      const variants = [];
      for (const width of IMAGE_WIDTHS.filter((w) => w < main.info.width)) {
        variants.push({ width, bytes: await sharp(main.data).resize({ width }).webp({ quality: 78 }).toBuffer() });
      }
      return { main: main.data, width: main.info.width, height: main.info.height, variants };
    } catch {
      throw new UploadError("The image could not be read: it may be damaged or incomplete. Try another copy of it.", 400);
    }
  }

  async function ingestFile(
    file: string,
    size: number,
    meta: { purpose: UploadPurpose; fileName: string; uploadedBy: string | null },
  ): Promise<StoredMedia> {
    if (size === 0) throw new UploadError("The file is empty.", 400);
    const detected = detectType(await readHead(file));
    const wantsPdf = meta.purpose === "pdf";
    if (wantsPdf && detected !== "pdf") throw new UploadError("This file is not a PDF. Choose a PDF document.", 415);
    if (!wantsPdf && detected === "pdf") throw new UploadError("This file is a PDF, not an image. Choose a PNG, JPEG or WebP image.", 415);
    if (!wantsPdf && detected === "other") throw new UploadError("This file is not a PNG, JPEG or WebP image. Choose one of those.", 415);

    const folder = monthFolder();
    const id = randomUUID();
    const written: string[] = [];
    try {
      let row: typeof media.$inferInsert;
      if (detected === "pdf") {
        if (!(await pdfIsComplete(file, size))) throw new UploadError("The PDF is incomplete or damaged. Export it again and retry.", 400);
        const key = `${folder}/${id}.pdf`;
        await store.putFile(key, file, "application/pdf");
        written.push(key);
        row = { storageKey: key, kind: "pdf", contentType: "application/pdf", sizeBytes: size };
      } else {
        const image = await renderImage(file, detected);
        const key = `${folder}/${id}-${image.width}w.webp`;
        for (const variant of image.variants) {
          const variantKey = `${folder}/${id}-${variant.width}w.webp`;
          await store.putBuffer(variantKey, variant.bytes, "image/webp");
          written.push(variantKey);
        }
        await store.putBuffer(key, image.main, "image/webp");
        written.push(key);
        row = { storageKey: key, kind: "image", contentType: "image/webp", sizeBytes: image.main.length, width: image.width, height: image.height };
      }
      const [saved] = await db
        .insert(media)
        .values({ ...row, originalName: meta.fileName, uploadedBy: meta.uploadedBy })
        .returning();
      return {
        id: saved.id,
        url: `${UPLOADS_URL_PREFIX}${saved.storageKey}`,
        kind: saved.kind as "image" | "pdf",
        contentType: saved.contentType,
        size: saved.sizeBytes,
        width: saved.width,
        height: saved.height,
      };
    } catch (error) {
      // Nothing of a refused or failed upload stays behind.
      await Promise.all(written.map((key) => store.delete(key).catch(() => {})));
      throw error;
    }
  }

  return {
    store,

    /** An upload from a request body: streamed to disk, checked, stored, recorded. */
    async ingest(
      source: Readable,
      meta: { purpose: UploadPurpose; declaredLength?: number; fileName?: string; uploadedBy?: string | null },
    ): Promise<StoredMedia> {
      const fileName = checkFileName(meta.fileName);
      const limit = meta.purpose === "pdf" ? options.maxPdfBytes : options.maxImageBytes;
      const limitMessage =
        meta.purpose === "pdf"
          ? `This PDF is too large: PDFs can be at most ${megabytes(limit)}.`
          : `This image is too large: images can be at most ${megabytes(limit)}.`;
      // Refused before reading a byte when the request says how big it is.
      if (meta.declaredLength !== undefined && meta.declaredLength > limit) {
        source.destroy();
        throw new UploadError(limitMessage, 413);
      }
      const spooled = await spool(source, limit, limitMessage);
      try {
        return await ingestFile(spooled.file, spooled.size, { purpose: meta.purpose, fileName, uploadedBy: meta.uploadedBy ?? null });
      } finally {
        await fsp.rm(spooled.file, { force: true });
      }
    },

    /** The same path for files the application makes itself (the demo content). */
    async ingestBuffer(bytes: Buffer, meta: { purpose: UploadPurpose; fileName?: string }) {
      return this.ingest(Readable.from([bytes]), { ...meta, declaredLength: bytes.length });
    },

    /** A stored file by its URL path after /uploads/, or null. */
    async open(key: string, range?: { start: number; end: number }) {
      if (!isStorageKey(key)) return null;
      return store.get(key, range);
    },

    /** True when `url` is a file this site stored, of that kind (forms only accept those). */
    async isStored(url: string, kind: "image" | "pdf"): Promise<boolean> {
      if (!url.startsWith(UPLOADS_URL_PREFIX)) return false;
      const [row] = await db
        .select({ id: media.id })
        .from(media)
        .where(and(eq(media.storageKey, url.slice(UPLOADS_URL_PREFIX.length)), eq(media.kind, kind)))
        .limit(1);
      return Boolean(row);
    },

    /** Removes a stored file (and an image's resized copies) and its record. */
    async removeByUrl(url: string) {
      if (!url.startsWith(UPLOADS_URL_PREFIX)) return;
      const key = url.slice(UPLOADS_URL_PREFIX.length);
      if (!isStorageKey(key)) return;
      await db.delete(media).where(eq(media.storageKey, key));
      await Promise.all(storedKeysOf(key).map((k) => store.delete(k).catch(() => {})));
    },

    /**
     * Removes what interrupted work left behind, written before `cutoff`: stored files no media
     * record names (the process stopped between storing an upload and recording it, or between
     * forgetting one and deleting it), half-written files, and upload scratch files. Files written
     * after `cutoff` may belong to an upload still in progress and are kept.
     */
    async removeUnreferenced(cutoff: Date): Promise<number> {
      const referenced = new Set<string>();
      for (const row of await db.select({ key: media.storageKey }).from(media)) {
        for (const key of storedKeysOf(row.key)) referenced.add(key);
      }
      let removed = 0;
      let stored = 0;
      const leftovers: string[] = [];
      for await (const file of store.list()) {
        if (isStorageKey(file.key)) stored++;
        if (file.modifiedAt >= cutoff) continue;
        const leftover = isStorageKey(file.key) ? !referenced.has(file.key) : isPartialWrite(file.key);
        if (leftover) leftovers.push(file.key);
      }
      // Interrupted uploads leave a few files. A database that names none of the stored files, or
      // most of them gone, means the wrong database or a store shared with another site: nothing
      // is removed then, and the operator is told.
      const orphans = leftovers.filter(isStorageKey).length;
      if ((referenced.size === 0 && orphans > 0) || (orphans > 50 && orphans > stored / 2)) {
        throw new Error(
          `${orphans} of the ${stored} stored uploads are named by no record in this database, so none was removed: check that DATABASE_URL (or DATA_DIR) and the upload store belong to the same site.`,
        );
      }
      for (const key of leftovers) {
        await store.delete(key);
        removed++;
      }
      for (const name of await fsp.readdir(options.tmpDir).catch(() => [])) {
        const scratch = path.join(options.tmpDir, name);
        const stat = await fsp.stat(scratch).catch(() => null);
        if (!stat?.isFile() || !name.endsWith(".upload") || stat.mtime >= cutoff) continue;
        await fsp.rm(scratch, { force: true });
        removed++;
      }
      return removed;
    },

    async head(key: string) {
      if (!isStorageKey(key)) return null;
      return store.head(key);
    },
  };
}
