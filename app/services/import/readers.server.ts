/**
 * The three shapes an operator can export the earlier system's MongoDB data in (decision 028):
 * a `mongodump` folder (`<collection>.bson`, or `.bson.gz` with `--gzip`), a `mongodump --archive`
 * file (gzipped or not), and a `mongoexport` folder (`<collection>.json`: JSON Lines or one array,
 * Extended JSON v2, canonical or relaxed). Every reader streams: a document at a time, never the
 * whole file in memory.
 */
import fs from "node:fs";
import path from "node:path";
import type { Readable } from "node:stream";
import zlib from "node:zlib";

import { BSON, EJSON } from "bson";

/** The earlier system's collections (Mongoose's default names), in the order they are imported. */
export const LEGACY_COLLECTIONS = [
  "users",
  "faculties",
  "departments",
  "courses",
  "posts",
  "journals",
  "sitesettings",
  "staffs",
  "announces",
  "focus",
] as const;
export type LegacyCollection = (typeof LEGACY_COLLECTIONS)[number];

export type LegacyDocument = Record<string, unknown>;

export type ExportShape = "mongodump folder" | "mongodump archive" | "mongoexport folder";

export type ExportSource = {
  shape: ExportShape;
  /** Collections present in the export. */
  collections: LegacyCollection[];
  /** The collection's documents, read again from the start on each call. */
  documents(collection: LegacyCollection): AsyncIterable<LegacyDocument>;
};

export class ExportFormatError extends Error {}

const ARCHIVE_MAGIC = Buffer.from([0x6d, 0xe2, 0x99, 0x81]);
const GZIP_MAGIC = Buffer.from([0x1f, 0x8b]);
const TERMINATOR = -1;
/** MongoDB's largest document is 16 MB; anything longer is not a document. */
const MAX_DOCUMENT_BYTES = 16 * 1024 * 1024 + 16 * 1024;

const isLegacyCollection = (name: string): name is LegacyCollection =>
  (LEGACY_COLLECTIONS as readonly string[]).includes(name);

function firstBytes(file: string, count: number): Buffer {
  const fd = fs.openSync(file, "r");
  try {
    const buffer = Buffer.alloc(count);
    const read = fs.readSync(fd, buffer, 0, count, 0);
    return buffer.subarray(0, read);
  } finally {
    fs.closeSync(fd);
  }
}

function openStream(file: string): Readable {
  const raw = fs.createReadStream(file, { highWaterMark: 256 * 1024 });
  if (!firstBytes(file, 2).equals(GZIP_MAGIC)) return raw;
  const gunzip = zlib.createGunzip();
  raw.on("error", (error) => gunzip.destroy(error));
  return raw.pipe(gunzip);
}

/**
 * Length-prefixed pieces of a BSON stream: each is a whole document, or `null` for the archive's
 * terminator (a length of -1). Reads a chunk at a time.
 */
async function* lengthPrefixed(stream: AsyncIterable<Buffer>, where: string): AsyncGenerator<Buffer | null> {
  let pending: Buffer = Buffer.alloc(0);
  for await (const chunk of stream) {
    pending = pending.length ? Buffer.concat([pending, chunk]) : chunk;
    let offset = 0;
    while (pending.length - offset >= 4) {
      const length = pending.readInt32LE(offset);
      if (length === TERMINATOR) {
        offset += 4;
        yield null;
        continue;
      }
      if (length < 5 || length > MAX_DOCUMENT_BYTES) throw new ExportFormatError(`${where} is not BSON.`);
      if (pending.length - offset < length) break;
      yield pending.subarray(offset, offset + length);
      offset += length;
    }
    pending = pending.subarray(offset);
  }
  if (pending.length) throw new ExportFormatError(`${where} ends in the middle of a document.`);
}

function deserialize(bytes: Buffer, where: string): LegacyDocument {
  try {
    return BSON.deserialize(bytes, { promoteLongs: true, promoteValues: true }) as LegacyDocument;
  } catch (error) {
    throw new ExportFormatError(`${where} holds a document that is not valid BSON (${(error as Error).message}).`);
  }
}

async function* bsonFile(file: string): AsyncGenerator<LegacyDocument> {
  for await (const piece of lengthPrefixed(openStream(file), path.basename(file))) {
    if (piece) yield deserialize(piece, path.basename(file));
  }
}

/**
 * Top-level JSON objects in a text stream: JSON Lines, one array (`--jsonArray`), pretty-printed or
 * not. Tracks strings and nesting only, so an object is handed to the parser once it is whole.
 */
async function* jsonObjects(stream: AsyncIterable<string>, where: string): AsyncGenerator<string> {
  let depth = 0;
  let inString = false;
  let escaped = false;
  let current: string[] = [];
  let sawArray = false;
  for await (const chunk of stream) {
    let start = depth > 0 ? 0 : -1;
    for (let i = 0; i < chunk.length; i++) {
      const c = chunk.charCodeAt(i);
      if (inString) {
        if (escaped) escaped = false;
        else if (c === 0x5c) escaped = true;
        else if (c === 0x22) inString = false;
        continue;
      }
      if (c === 0x22) {
        if (depth === 0) throw new ExportFormatError(`${where} is not JSON of documents.`);
        inString = true;
      } else if (c === 0x7b || (c === 0x5b && depth > 0)) {
        if (depth === 0) start = i;
        depth++;
      } else if (c === 0x7d || (c === 0x5d && depth > 0)) {
        depth--;
        if (depth === 0) {
          current.push(chunk.slice(start, i + 1));
          yield current.join("");
          current = [];
          start = -1;
        }
      } else if (depth === 0) {
        // Between documents: white space, the array's brackets and commas.
        if (c === 0x5b && !sawArray) sawArray = true;
        else if (!(c === 0x2c || c === 0x5d || c === 0x20 || c === 0x0a || c === 0x0d || c === 0x09 || c === 0xfeff))
          throw new ExportFormatError(`${where} is not JSON of documents.`);
      }
    }
    if (depth > 0 && start >= 0) current.push(chunk.slice(start));
  }
  if (depth !== 0 || inString) throw new ExportFormatError(`${where} ends in the middle of a document.`);
}

async function* jsonFile(file: string): AsyncGenerator<LegacyDocument> {
  const stream = openStream(file);
  stream.setEncoding("utf8");
  for await (const text of jsonObjects(stream as AsyncIterable<string>, path.basename(file))) {
    try {
      // Relaxed: numbers as numbers; canonical input ({"$numberInt": "3"}) is read all the same.
      yield EJSON.parse(text, { relaxed: true }) as LegacyDocument;
    } catch (error) {
      throw new ExportFormatError(
        `${path.basename(file)} holds a document that is not Extended JSON (${(error as Error).message}).`,
      );
    }
  }
}

/** `<collection>.<extension>` files in a folder and its sub-folders (mongodump writes `dump/<db>/`). */
function filesIn(folder: string, depth = 0): string[] {
  const found: string[] = [];
  for (const entry of fs.readdirSync(folder, { withFileTypes: true })) {
    const full = path.join(folder, entry.name);
    if (entry.isDirectory() && depth < 2) found.push(...filesIn(full, depth + 1));
    else if (entry.isFile()) found.push(full);
  }
  return found;
}

const DUMP_FILE = /^(.+)\.bson(\.gz)?$/;
const EXPORT_FILE = /^(.+)\.(json|jsonl|ndjson)(\.gz)?$/;

function folderSource(folder: string): ExportSource {
  const files = filesIn(folder);
  const dump = new Map<LegacyCollection, string>();
  const exported = new Map<LegacyCollection, string>();
  for (const file of files) {
    const name = path.basename(file);
    if (name.endsWith(".metadata.json") || name.endsWith(".metadata.json.gz")) continue;
    const bson = DUMP_FILE.exec(name);
    if (bson && isLegacyCollection(bson[1])) dump.set(bson[1], file);
    const json = EXPORT_FILE.exec(name);
    if (json && isLegacyCollection(json[1])) exported.set(json[1], file);
  }
  const useDump = dump.size >= exported.size && dump.size > 0;
  const chosen = useDump ? dump : exported;
  if (chosen.size === 0)
    throw new ExportFormatError(
      `${folder} holds no collection of the earlier system (${LEGACY_COLLECTIONS.map((c) => `${c}.bson or ${c}.json`)
        .slice(0, 2)
        .join(", ")}...).`,
    );
  return {
    shape: useDump ? "mongodump folder" : "mongoexport folder",
    collections: LEGACY_COLLECTIONS.filter((c) => chosen.has(c)),
    documents: (collection) => {
      const file = chosen.get(collection);
      if (!file) return (async function* () {})();
      return useDump ? bsonFile(file) : jsonFile(file);
    },
  };
}

type NamespaceHeader = { db?: unknown; collection?: unknown; EOF?: unknown };

/**
 * A `mongodump --archive` file: the magic number, a prelude (a header and each collection's
 * metadata, then a terminator), then segments of any collection in any order, each a namespace
 * header, its documents and a terminator; a header with EOF set ends a collection.
 */
async function* archiveDocuments(
  file: string,
  wanted?: LegacyCollection,
): AsyncGenerator<{ collection: string; document?: LegacyDocument }> {
  const where = path.basename(file);
  const stream = openStream(file);
  let magicChecked = false;
  async function* body() {
    let head: Buffer = Buffer.alloc(0);
    for await (const chunk of stream as AsyncIterable<Buffer>) {
      if (magicChecked) {
        yield chunk;
        continue;
      }
      head = Buffer.concat([head, chunk]);
      if (head.length < 4) continue;
      if (!head.subarray(0, 4).equals(ARCHIVE_MAGIC))
        throw new ExportFormatError(`${where} is not a mongodump archive.`);
      magicChecked = true;
      yield head.subarray(4);
    }
    if (!magicChecked) throw new ExportFormatError(`${where} is not a mongodump archive.`);
  }
  let stage: "header" | "prelude" | "segment-header" | "segment" = "header";
  let namespace = "";
  for await (const piece of lengthPrefixed(body(), where)) {
    if (stage === "header") {
      if (!piece) throw new ExportFormatError(`${where} has no archive header.`);
      stage = "prelude";
    } else if (stage === "prelude") {
      if (piece) {
        const metadata = deserialize(piece, where);
        if (typeof metadata.collection === "string") yield { collection: metadata.collection };
      } else stage = "segment-header";
    } else if (stage === "segment-header") {
      if (!piece) continue;
      const header = deserialize(piece, where) as NamespaceHeader;
      namespace = String(header.collection ?? "");
      stage = "segment";
    } else if (piece) {
      if (wanted && namespace === wanted) yield { collection: namespace, document: deserialize(piece, where) };
    } else {
      stage = "segment-header";
    }
  }
}

async function archiveSource(file: string): Promise<ExportSource> {
  const present = new Set<string>();
  // The prelude lists the collections; reading stops at its end.
  const reader = archiveDocuments(file);
  for await (const item of reader) {
    if (item.document) break;
    present.add(item.collection);
    if (present.size > 1000) break;
  }
  await reader.return(undefined);
  const collections = LEGACY_COLLECTIONS.filter((c) => present.has(c));
  if (collections.length === 0) throw new ExportFormatError(`${file} holds no collection of the earlier system.`);
  return {
    shape: "mongodump archive",
    collections,
    async *documents(collection) {
      for await (const item of archiveDocuments(file, collection)) if (item.document) yield item.document;
    },
  };
}

/** Opens an export: a folder (mongodump or mongoexport) or a mongodump archive file. */
export async function openExport(given: string): Promise<ExportSource> {
  if (!fs.existsSync(given)) throw new ExportFormatError(`There is no file or folder ${given}.`);
  if (fs.statSync(given).isDirectory()) return folderSource(given);
  const name = path.basename(given);
  const single = DUMP_FILE.exec(name) ?? EXPORT_FILE.exec(name);
  if (single && isLegacyCollection(single[1])) return folderSource(path.dirname(given));
  return archiveSource(given);
}
