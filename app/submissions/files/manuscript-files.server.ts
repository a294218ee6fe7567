import { createHash, randomUUID } from "node:crypto";
import fs from "node:fs";
import fsp from "node:fs/promises";
import path from "node:path";
import { Readable, Transform } from "node:stream";
import { pipeline } from "node:stream/promises";

import { pdfText, UnreadablePdfError } from "~/journal/pdf-text.server";
import { isPlainFileName } from "~/lib/text";
import { type Effects, effectTable } from "~/services/content-changes.server";
import { InvalidError, NotFoundError } from "~/services/errors.server";
import { detectType, UploadError, type UploadSource } from "~/services/media.server";
import { type FileStore, isPrivateKey, type StoredFile } from "~/services/storage/file-store.server";

import { anonymiseDocx, DocxError, docxWords, isDocxEntries, zipEntryNames } from "./docx.server";
import {
  MANUSCRIPT_BAD_NAME,
  MANUSCRIPT_DOCX_DAMAGED,
  MANUSCRIPT_EMPTY,
  MANUSCRIPT_INTERRUPTED,
  MANUSCRIPT_NOT_FOUND,
  MANUSCRIPT_PDF_INCOMPLETE,
  MANUSCRIPT_PDF_UNREADABLE,
  MANUSCRIPT_TOO_LARGE,
  MANUSCRIPT_WRONG_TYPE,
  MANUSCRIPT_ZIP_NOT_DOCX,
} from "./messages";
import { findNames, type NameFound } from "./names";
import { anonymisePdf, openPdf, pdfMetadataWords } from "./pdf.server";

/**
 * Manuscripts and their anonymised copies (issue 34, decision 042), in the private store: a folder
 * (or a bucket prefix) that no route serves, so a file leaves it only through a route that checked
 * who asks. Uploads are streamed to a scratch file under a size limit, typed by their content, then
 * stored under a key of ours: `manuscripts/<month>/<uuid>.<pdf|docx>`.
 */

export type ManuscriptType = "pdf" | "docx";

export const MANUSCRIPT_CONTENT_TYPES: Record<ManuscriptType, string> = {
  pdf: "application/pdf",
  docx: "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
};

export type ManuscriptFilesOptions = {
  /** The private store (`privateStore` in services/media-options.server.ts). */
  store: FileStore;
  /** Scratch files go here while an upload arrives (`<uuid>.upload`: the uploads' sweep removes leftovers). */
  tmpDir: string;
  /** The largest file accepted (MAX_PDF_MB). */
  maxBytes: number;
};

/** A stored manuscript file. `name`: the uploader's file name, a label only. */
export type SavedManuscript = {
  key: string;
  name: string;
  size: number;
  type: ManuscriptType;
  contentType: string;
  sha256: string;
};

/** The anonymised copy's new key, and what it is. */
export type AnonymisedManuscript = Omit<SavedManuscript, "name">;

/** The folder of the private store that holds manuscripts (its keys' first part). */
export const MANUSCRIPTS_FOLDER = "manuscripts";

/** A new key for a manuscript file of this type. */
export function newManuscriptKey(type: ManuscriptType): string {
  return `${MANUSCRIPTS_FOLDER}/${new Date().toISOString().slice(0, 7)}/${randomUUID()}.${type}`;
}

const typeOfKey = (key: string): ManuscriptType => (key.endsWith(".docx") ? "docx" : "pdf");

/** A client's file name is only ever kept as a label; one that looks like a path is refused. */
function checkName(name: string | undefined): string {
  if (!name) return "";
  if (!isPlainFileName(name)) throw new UploadError(MANUSCRIPT_BAD_NAME, 400);
  return name;
}

/** Refuses a key that is not a private file's before it reaches a driver. */
function checkKey(key: string) {
  if (!isPrivateKey(key)) throw new NotFoundError(MANUSCRIPT_NOT_FOUND);
}

async function bytesOf(file: StoredFile): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of file.body) chunks.push(Buffer.from(chunk as Uint8Array));
  return Buffer.concat(chunks);
}

export function manuscriptFiles(options: ManuscriptFilesOptions) {
  const { store, maxBytes } = options;

  /** The upload on disk, with its size and checksum; refused as soon as it passes the limit. */
  async function spool(source: UploadSource) {
    await fsp.mkdir(options.tmpDir, { recursive: true });
    const file = path.join(options.tmpDir, `${randomUUID()}.upload`);
    const hash = createHash("sha256");
    let size = 0;
    const counter = new Transform({
      transform(chunk: Buffer, _encoding, done) {
        size += chunk.length;
        if (size > maxBytes) return done(new UploadError(MANUSCRIPT_TOO_LARGE(maxBytes), 413));
        hash.update(chunk);
        done(null, chunk);
      },
    });
    try {
      await pipeline(source, counter, fs.createWriteStream(file));
    } catch (error) {
      await fsp.rm(file, { force: true });
      if (error instanceof UploadError) throw error;
      throw new UploadError(MANUSCRIPT_INTERRUPTED, 400);
    }
    return { file, size, sha256: hash.digest("hex") };
  }

  /** The file's type by its content, or a refusal that says what it is instead. */
  async function typeOf(file: string, size: number, allow: readonly ManuscriptType[]): Promise<ManuscriptType> {
    if (size === 0) throw new UploadError(MANUSCRIPT_EMPTY, 400);
    const handle = await fsp.open(file, "r");
    let head: Buffer;
    let tail: Buffer;
    try {
      head = Buffer.alloc(Math.min(16, size));
      await handle.read(head, 0, head.length, 0);
      tail = Buffer.alloc(Math.min(2048, size));
      await handle.read(tail, 0, tail.length, size - tail.length);
    } finally {
      await handle.close();
    }
    if (detectType(head) === "pdf" && allow.includes("pdf")) {
      if (!tail.toString("latin1").includes("%%EOF")) throw new UploadError(MANUSCRIPT_PDF_INCOMPLETE, 400);
      return "pdf";
    }
    if (head.toString("latin1", 0, 4) === "PK\u0003\u0004" && allow.includes("docx")) {
      const names = zipEntryNames(await fsp.readFile(file));
      if (!names) throw new UploadError(MANUSCRIPT_DOCX_DAMAGED, 400);
      if (!isDocxEntries(names)) throw new UploadError(MANUSCRIPT_ZIP_NOT_DOCX, 415);
      return "docx";
    }
    throw new UploadError(MANUSCRIPT_WRONG_TYPE(allow), 415);
  }

  async function read(key: string): Promise<Buffer> {
    checkKey(key);
    const file = await store.get(key);
    if (!file) throw new NotFoundError(MANUSCRIPT_NOT_FOUND);
    return bytesOf(file);
  }

  /** A PDF's words for the names check: read by the PDF reader's child process, within its limits. */
  async function pdfWords(key: string, bytes: Buffer): Promise<string> {
    const local = store.localPath(key);
    try {
      return await pdfText(local ? { path: local, size: bytes.length } : { bytes, size: bytes.length });
    } catch (error) {
      // A file the reader cannot read: its text cannot be checked (its metadata still is).
      if (error instanceof UnreadablePdfError) return "";
      throw error;
    }
  }

  return {
    /** The private store itself (for backups: `writeBackup` reads every file of it). */
    store,

    /**
     * Stores an uploaded manuscript file: streamed to a scratch file (refused with 413 past
     * `maxBytes`), typed by its content (415 when it is not one of `allow`), stored under a new key.
     * Nothing of a refused or failed upload stays behind.
     */
    async save(
      source: UploadSource,
      meta: { name?: string; allow: readonly ManuscriptType[]; declaredLength?: number },
    ): Promise<SavedManuscript> {
      let name: string;
      try {
        name = checkName(meta.name);
        if (meta.declaredLength !== undefined && meta.declaredLength > maxBytes)
          throw new UploadError(MANUSCRIPT_TOO_LARGE(maxBytes), 413);
      } catch (error) {
        if (source instanceof Readable) source.destroy();
        throw error;
      }
      const spooled = await spool(source);
      let key: string | undefined;
      try {
        const type = await typeOf(spooled.file, spooled.size, meta.allow);
        key = newManuscriptKey(type);
        await store.putFile(key, spooled.file, MANUSCRIPT_CONTENT_TYPES[type]);
        return {
          key,
          name,
          size: spooled.size,
          type,
          contentType: MANUSCRIPT_CONTENT_TYPES[type],
          sha256: spooled.sha256,
        };
      } catch (error) {
        if (key) await store.delete(key).catch(() => {});
        throw error;
      } finally {
        await fsp.rm(spooled.file, { force: true });
      }
    },

    /** The same for bytes the application has (the demo content, a test). */
    async saveBuffer(bytes: Uint8Array, meta: { name?: string; allow: readonly ManuscriptType[] }) {
      return this.save(Readable.from([Buffer.from(bytes)]), { ...meta, declaredLength: bytes.length });
    },

    /** A stored file (or a byte range of it) to send, or null for a key that is not one. */
    async open(key: string, range?: { start: number; end: number }): Promise<StoredFile | null> {
      if (!isPrivateKey(key)) return null;
      return store.get(key, range);
    },

    /** Size and type of a stored file, or null. */
    async head(key: string) {
      if (!isPrivateKey(key)) return null;
      return store.head(key);
    },

    /** Stores bytes under a key of ours (`newManuscriptKey`); the type is the key's. */
    async putBuffer(key: string, bytes: Uint8Array) {
      checkKey(key);
      await store.putBuffer(key, Buffer.from(bytes), MANUSCRIPT_CONTENT_TYPES[typeOfKey(key)]);
    },

    /** Removes a stored file; a key that names none is no error. */
    async delete(key: string) {
      if (!isPrivateKey(key)) return;
      await store.delete(key);
    },

    /**
     * A copy for double-blind review under a new key: no author in its metadata (PDF: Info and
     * XMP; DOCX: core and app properties, comments' and tracked changes' authors). Its text is the
     * original's: names in it are the author's to remove (`namesIn` warns them).
     */
    async anonymise(key: string): Promise<AnonymisedManuscript> {
      const type = typeOfKey(key);
      const original = await read(key);
      let copy: Uint8Array;
      try {
        copy = type === "pdf" ? await anonymisePdf(original) : anonymiseDocx(original);
      } catch {
        throw new InvalidError(type === "pdf" ? MANUSCRIPT_PDF_UNREADABLE : MANUSCRIPT_DOCX_DAMAGED);
      }
      const copyKey = newManuscriptKey(type);
      await store.putBuffer(copyKey, Buffer.from(copy), MANUSCRIPT_CONTENT_TYPES[type]);
      return {
        key: copyKey,
        size: copy.length,
        type,
        contentType: MANUSCRIPT_CONTENT_TYPES[type],
        sha256: createHash("sha256").update(copy).digest("hex"),
      };
    },

    /**
     * Where each of `names` appears in the file: in its text, in its metadata, or both (one entry
     * each). Without case or accents, whole words; a family name alone from 4 letters.
     */
    async namesIn(key: string, names: readonly string[]): Promise<NameFound[]> {
      const type = typeOfKey(key);
      const bytes = await read(key);
      if (type === "docx") {
        try {
          return findNames(names, docxWords(bytes));
        } catch (error) {
          if (error instanceof DocxError) throw new InvalidError(MANUSCRIPT_DOCX_DAMAGED);
          throw error;
        }
      }
      const metadata = await openPdf(bytes).then(pdfMetadataWords, () => "");
      return findNames(names, { text: await pdfWords(key, bytes), metadata });
    },
  };
}

export type ManuscriptFiles = ReturnType<typeof manuscriptFiles>;

/** Not announced: private files are on no public page. */
export const manuscriptFilesEffects = effectTable({
  read: ["open", "head", "namesIn"],
  write: ["save", "saveBuffer", "putBuffer", "delete", "anonymise"],
}) satisfies Effects<ManuscriptFiles>;
