import busboy, { type Busboy } from "busboy";

import { boundaryOf, MAX_PART_HEADER_LINES, mediaTypeOf } from "./body-shape.server";

/**
 * A multipart form read as it arrives, part by part (busboy parses it), so that a file in it goes
 * straight to where it is stored and is never held whole in memory (`Request.formData()` keeps every
 * byte of every file: a 50 MB manuscript would be 50 MB of heap, decision 015). The text fields
 * before the file are read whole, each under a limit; the file is handed over as a stream of its
 * bytes, at the pace its reader takes them; what follows the file is read and dropped. The body's
 * size and its number of parts were already counted by the server's one body reader (decisions 014
 * and 032).
 */

/** A text field of an upload form is a word or two (its kind, its intent). */
const MAX_FIELD_BYTES = 4096;
/** Text fields before the file. */
const MAX_FIELDS = 20;
/** File parts: the form's one file input (an empty one still sends its part), and room for one more. */
const MAX_FILES = 2;

export const NOT_A_FILE_FORM = "Send the file with the upload form.";
export const FORM_DAMAGED = "The upload could not be read. Reload the page and try again.";
export const NO_FILE_CHOSEN = "Choose a file first.";
export const TOO_MANY_PARTS = "This form has more fields than it should. Reload the page and try again.";

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

/** A form whose file may be left out: its text fields, and its file if one was chosen. */
export type FormWithFile = {
  fields: Record<string, string>;
  file: Omit<UploadedFile, "fields"> | null;
};

export type FormLimits = {
  /** The largest text field, in bytes (a review's comments are longer than an upload form's words). */
  fieldBytes?: number;
};

/** Browsers write a file's name as UTF-8 with `"` as %22 and line breaks as %0D%0A. */
const fileName = (raw: string) => raw.replace(/%22/g, '"').replace(/%0D%0A|%0D|%0A/gi, " ");

/** Settles when the parser takes more bytes, fails or closes, or when `also` settles. */
function writable(parser: Busboy, also: Promise<unknown> | null): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      parser.off("drain", done).off("error", done).off("close", done);
      resolve();
    };
    parser.on("drain", done).on("error", done).on("close", done);
    also?.then(done, done);
  });
}

/**
 * Reads a multipart form and calls `work` once: with its file (the part named `fileField`) as soon
 * as the file starts to arrive, or, when no file was chosen, with `file: null` at the form's end.
 * `work` must read the file's bytes to their end; what it returns is the answer. A body that is not
 * a multipart form, is cut short or malformed, or has a field over its limit or too many parts, is
 * refused in words (UploadFormError, 400); so is an upload the file's reader failed on because the
 * body broke off, which the reader must clean up after (no half-written file is kept).
 */
export async function readFormWithFile<T>(
  request: Request,
  fileField: string,
  work: (form: FormWithFile) => Promise<T>,
  limits: FormLimits = {},
): Promise<T> {
  const type = request.headers.get("content-type");
  if (mediaTypeOf(type) !== "multipart/form-data" || !boundaryOf(type) || !request.body)
    throw new UploadFormError(NOT_A_FILE_FORM);
  let parser: Busboy;
  try {
    parser = busboy({
      headers: { "content-type": type! },
      defParamCharset: "utf8",
      // One byte more than allowed: busboy marks a value that reaches its limit as cut.
      limits: {
        fieldSize: (limits.fieldBytes ?? MAX_FIELD_BYTES) + 1,
        fields: MAX_FIELDS,
        files: MAX_FILES,
        parts: MAX_FIELDS + MAX_FILES + 1,
        headerPairs: MAX_PART_HEADER_LINES,
      },
    });
  } catch {
    throw new UploadFormError(NOT_A_FILE_FORM);
  }

  const fields: Record<string, string> = {};
  /** What is wrong with the form, found before the file was handed over. */
  let refusal: UploadFormError | null = null;
  /** The body could not be parsed (cut short, malformed). */
  let broken = false;
  /** `work`'s answer, once the file was handed over. */
  let handed: Promise<T> | null = null;
  /** The handed file's bytes were all read. */
  let fileRead = false;
  const refuse = (message: string) => {
    if (!handed) refusal ??= new UploadFormError(message);
  };

  parser.on("field", (name, value, info) => {
    if (handed) return;
    if (info.valueTruncated || info.nameTruncated) return refuse(FORM_DAMAGED);
    // An empty file input sent without a file's type reads as an empty field: it is no field.
    if (name !== fileField) fields[name] = value;
  });
  parser.on("file", (name, stream, info) => {
    // A file cut short fails its stream: its reader sees that, and it counts as the form's fault
    // only when the parser failed (not when the reader's own store did).
    stream.on("error", () => {
      if (parser.destroyed) broken = true;
    });
    // Another file input, an empty one (no name), or anything after the file: read and dropped.
    if (handed || refusal || broken || name !== fileField || !info.filename) {
      stream.resume();
      return;
    }
    stream.on("end", () => {
      fileRead = true;
    });
    const file = { name: fileName(info.filename), source: stream };
    handed = (async () => work({ fields: { ...fields }, file }))();
    handed.catch(() => undefined);
  });
  parser.on("fieldsLimit", () => refuse(TOO_MANY_PARTS));
  parser.on("filesLimit", () => refuse(TOO_MANY_PARTS));
  parser.on("partsLimit", () => refuse(TOO_MANY_PARTS));
  parser.on("error", () => {
    broken = true;
  });
  const closed = new Promise<void>((resolve) => parser.on("close", resolve));

  /** What `work` answered, or the form's refusal when the body broke under it. */
  const answer = async (answered: Promise<T>) => {
    try {
      return await answered;
    } catch (error) {
      throw broken ? new UploadFormError(FORM_DAMAGED) : error;
    }
  };

  const reader = request.body[Symbol.asyncIterator]();
  try {
    for (;;) {
      if (refusal) throw refusal;
      // Malformed: a file being read fails with it (its reader removes what it wrote).
      if (broken) {
        if (handed) return await answer(handed);
        throw new UploadFormError(FORM_DAMAGED);
      }
      let next: IteratorResult<Uint8Array>;
      try {
        next = await reader.next();
      } catch {
        // The client went away or the connection broke: the file's reader sees it as an error.
        broken = true;
        parser.destroy(new Error("The body broke off"));
        if (handed) return await answer(handed);
        throw new UploadFormError(FORM_DAMAGED);
      }
      if (next.done) break;
      if (!parser.write(next.value)) await writable(parser, handed);
      // The file's reader refused it (too large, not a PDF), or the answer needed no file (the
      // form's fields were refused): that is the answer, the rest unread. Once the file is all in,
      // what follows it (a button's name, the closing boundary) is read and dropped.
      if (handed && !fileRead && (await settled(handed)) !== "pending") return await answer(handed);
    }
    parser.end();
    // The file's stream ends with the closing boundary, or fails if there is none.
    if (handed) return await answer(handed);
    await closed;
    if (refusal) throw refusal;
    if (broken) throw new UploadFormError(FORM_DAMAGED);
    return await work({ fields, file: null });
  } finally {
    if (!parser.destroyed) parser.destroy();
    // Whatever was not read (a refusal part-way) is let go: the server drops the rest as it arrives.
    await reader.return?.().catch(() => undefined);
  }
}

/** Whether a promise has failed already, without waiting for it. */
async function settled(promise: Promise<unknown>): Promise<"pending" | "fulfilled" | "rejected"> {
  const pending = Symbol("pending");
  try {
    return (await Promise.race([promise, Promise.resolve(pending)])) === pending ? "pending" : "fulfilled";
  } catch {
    return "rejected";
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
  limits: FormLimits = {},
): Promise<T> {
  return readFormWithFile(
    request,
    fileField,
    ({ fields, file }) => {
      if (!file) throw new UploadFormError(NO_FILE_CHOSEN);
      return work({ fields, ...file });
    },
    limits,
  );
}
