import { boundaryOf, mediaTypeOf } from "./body-shape.server";

/**
 * A multipart form read as it arrives, part by part, so that a file in it goes straight to where
 * it is stored and is never held whole in memory (`Request.formData()` keeps every byte of every
 * file: a 50 MB manuscript would be 50 MB of heap, decision 015). The text fields before the file
 * are read whole, each under a small limit; the file is handed over as a stream of its bytes; what
 * follows the file is read and dropped. The body's size and its number of parts were already
 * counted by the server's one body reader (decisions 014 and 032).
 */

/** A text field of an upload form is a word or two (its kind, its intent). */
const MAX_FIELD_BYTES = 4096;
/** Header lines of one part: browsers write two. */
const MAX_HEADER_BYTES = 8192;
/** Text fields before the file. */
const MAX_FIELDS = 20;
/** Bytes a client may put before the first boundary (a preamble nobody writes). */
const MAX_PREAMBLE_BYTES = 1024;

export const NOT_A_FILE_FORM = "Send the file with the upload form.";
export const FORM_DAMAGED = "The upload could not be read. Reload the page and try again.";
export const NO_FILE_CHOSEN = "Choose a file first.";

/** A refusal of the form itself, in words: the route answers it as 400. */
export class UploadFormError extends Error {
  readonly status = 400;
}

export type UploadedFile = {
  /** The form's text fields sent before the file (their inputs come first in the form). */
  fields: Record<string, string>;
  /** The file's name as the browser sent it: a label only. */
  name: string;
  /** The file's bytes, as they arrive; read it once, to its end. */
  source: AsyncIterable<Uint8Array>;
};

const CRLF = Buffer.from("\r\n");
const HEADERS_END = Buffer.from("\r\n\r\n");

/** A pull reader over the body's chunks, with what was read and not yet used. */
class Bytes {
  private pending: Buffer = Buffer.alloc(0);
  private ended = false;
  constructor(private readonly chunks: AsyncIterator<Uint8Array>) {}

  get held() {
    return this.pending;
  }

  take(length: number): Buffer {
    const taken = this.pending.subarray(0, length);
    this.pending = this.pending.subarray(length);
    return taken;
  }

  /** One more chunk into `held`; false at the body's end. */
  async more(): Promise<boolean> {
    if (this.ended) return false;
    const next = await this.chunks.next();
    if (next.done) {
      this.ended = true;
      return false;
    }
    const chunk = Buffer.from(next.value.buffer, next.value.byteOffset, next.value.byteLength);
    // A new buffer each time: what was handed out before is never written over.
    this.pending = this.pending.length ? Buffer.concat([this.pending, chunk]) : chunk;
    return true;
  }

  /** Reads until `marker` is held within the first `within` bytes; its place, or -1. */
  async find(marker: Buffer, within: number): Promise<number> {
    for (;;) {
      const at = this.pending.indexOf(marker);
      if (at !== -1 && at <= within) return at;
      if (this.pending.length > within + marker.length) return -1;
      if (!(await this.more())) return -1;
    }
  }

  /** At least `count` bytes held, unless the body ends first. */
  async hold(count: number): Promise<boolean> {
    while (this.pending.length < count) if (!(await this.more())) return false;
    return true;
  }
}

/** A part's headers: its field's name, and its file name when it is a file. */
function partHeaders(raw: Buffer): { name: string; filename: string | null } {
  // Browsers write a file's name as UTF-8 with `"` as %22 and line breaks as %0D%0A.
  const text = raw.toString("utf8");
  const disposition = text.split("\r\n").find((line) => /^content-disposition\s*:/i.test(line));
  if (!disposition || !/:\s*form-data\s*(;|$)/i.test(disposition)) throw new UploadFormError(FORM_DAMAGED);
  const parameter = (key: string) => {
    const match = new RegExp(`;\\s*${key}\\s*=\\s*(?:"([^"]*)"|([^;\\s]*))`, "i").exec(disposition);
    return match ? (match[1] ?? match[2] ?? "") : null;
  };
  const name = parameter("name");
  if (name === null) throw new UploadFormError(FORM_DAMAGED);
  const filename = parameter("filename");
  return {
    name,
    filename: filename === null ? null : filename.replace(/%22/g, '"').replace(/%0D%0A|%0D|%0A/gi, " "),
  };
}

/**
 * The part's body up to the next delimiter, as it arrives. Bytes that may be the start of the
 * delimiter are held back until the next chunk tells.
 */
async function* partBody(bytes: Bytes, delimiter: Buffer): AsyncGenerator<Buffer> {
  for (;;) {
    const at = bytes.held.indexOf(delimiter);
    if (at !== -1) {
      if (at > 0) yield bytes.take(at);
      bytes.take(delimiter.length);
      return;
    }
    const safe = bytes.held.length - (delimiter.length - 1);
    if (safe > 0) yield bytes.take(safe);
    if (!(await bytes.more())) throw new UploadFormError(FORM_DAMAGED);
  }
}

/** After a delimiter: true when another part follows, false after the closing one. */
async function anotherPart(bytes: Bytes): Promise<boolean> {
  if (!(await bytes.hold(2))) throw new UploadFormError(FORM_DAMAGED);
  const next = bytes.take(2).toString("latin1");
  if (next === "--") return false;
  if (next !== "\r\n") throw new UploadFormError(FORM_DAMAGED);
  return true;
}

async function drain(source: AsyncIterable<unknown>) {
  for await (const _ of source) void _;
}

async function dropRest(bytes: Bytes, delimiter: Buffer) {
  for (let parts = 0; parts <= MAX_FIELDS && (await anotherPart(bytes)); parts++) {
    const end = await bytes.find(HEADERS_END, MAX_HEADER_BYTES);
    if (end === -1) return;
    bytes.take(end + HEADERS_END.length);
    await drain(partBody(bytes, delimiter));
  }
}

/**
 * Reads a multipart upload form and calls `work` with its one file (the part named `fileField`)
 * while the file arrives; `work` must read the file's bytes to their end. What `work` returns is
 * the answer. A form with no file chosen, or that is not a multipart form, is refused in words.
 */
export async function readUploadForm<T>(
  request: Request,
  fileField: string,
  work: (file: UploadedFile) => Promise<T>,
): Promise<T> {
  const type = request.headers.get("content-type");
  const boundary = boundaryOf(type);
  if (mediaTypeOf(type) !== "multipart/form-data" || !boundary || !request.body)
    throw new UploadFormError(NOT_A_FILE_FORM);
  const reader = request.body[Symbol.asyncIterator]();
  const bytes = new Bytes(reader);
  try {
    const opening = Buffer.from(`--${boundary}`, "latin1");
    const delimiter = Buffer.concat([CRLF, opening]);
    const first = await bytes.find(opening, MAX_PREAMBLE_BYTES);
    if (first === -1) throw new UploadFormError(FORM_DAMAGED);
    bytes.take(first + opening.length);
    const fields: Record<string, string> = {};
    let parts = 0;
    while (await anotherPart(bytes)) {
      if (++parts > MAX_FIELDS + 1) throw new UploadFormError(FORM_DAMAGED);
      const end = await bytes.find(HEADERS_END, MAX_HEADER_BYTES);
      if (end === -1) throw new UploadFormError(FORM_DAMAGED);
      const headers = partHeaders(bytes.take(end));
      bytes.take(HEADERS_END.length);
      const body = partBody(bytes, delimiter);
      if (headers.name === fileField && headers.filename !== null) {
        // An empty file input still sends its part: no name, no bytes.
        if (!headers.filename) {
          await drain(body);
          throw new UploadFormError(NO_FILE_CHOSEN);
        }
        const answer = await work({ fields, name: headers.filename, source: body });
        // The rest of the form (a button's name, fields after the file) is read and dropped; the
        // file is in, so a fault there changes nothing.
        await drain(body);
        await dropRest(bytes, delimiter).catch(() => undefined);
        return answer;
      }
      let size = 0;
      const chunks: Buffer[] = [];
      for await (const chunk of body) {
        size += chunk.length;
        if (size > MAX_FIELD_BYTES) throw new UploadFormError(FORM_DAMAGED);
        chunks.push(chunk);
      }
      if (headers.filename === null) fields[headers.name] = Buffer.concat(chunks).toString("utf8");
    }
    throw new UploadFormError(NO_FILE_CHOSEN);
  } finally {
    // Whatever was not read (a refusal part-way) is let go: the server drops the rest as it arrives.
    await reader.return?.().catch(() => undefined);
  }
}
