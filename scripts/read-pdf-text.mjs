// The short-lived child process that reads PDFs' text for site search (decision 015), started by
// app/journal/pdf-text.server.ts with a small heap, so that the server's own memory never holds a
// PDF or the PDF reader.
//
// node scripts/read-pdf-text.mjs '{"pages":300,"chars":200000,"serve":true}'
//   Stored files, one after another: a line {"file": PATH} on stdin for each, and a line
//   {"text": …} or {"error": …} on stdout for each. It ends when stdin ends.
// node scripts/read-pdf-text.mjs '{"pages":300,"chars":200000,"size":BYTES}'
//   One file's bytes on stdin (from a remote store); its words on stdout. Exit 3: not a PDF it can read.
import fs from "node:fs";
import readline from "node:readline";
import { setImmediate } from "node:timers";

const limits = JSON.parse(process.argv[2] ?? "{}");
const maxPages = Number(limits.pages) || 300;
const maxChars = Number(limits.chars) || 200_000;
const size = Number(limits.size) || 0;

// eslint-disable-next-line no-control-regex -- the characters a text column refuses or a search cannot use
const CONTROL_CHARACTERS = /[\u0000-\u0008\u000b-\u001f]/g;

const pause = new Int32Array(new SharedArrayBuffer(4));

/** Reads from `fd` into `bytes` at `offset`; the number of bytes read, 0 at the end. */
function readInto(fd, bytes, offset) {
  for (;;) {
    try {
      return fs.readSync(fd, bytes, offset, bytes.length - offset, null);
    } catch (error) {
      // A pipe with nothing in it yet, where reads do not wait: wait a little ourselves.
      if (error.code !== "EAGAIN") throw error;
      Atomics.wait(pause, 0, 0, 5);
    }
  }
}

/**
 * The whole input in one buffer of exactly its size, read straight into it: no chunks to copy and
 * free, and pdf.js takes a buffer it fills whole as it is (a part of a larger one it would copy).
 */
function readAll(fd, expected) {
  let bytes = new Uint8Array(expected > 0 ? expected : 1 << 20);
  let length = 0;
  const probe = new Uint8Array(1 << 16);
  for (;;) {
    if (length < bytes.length) {
      const read = readInto(fd, bytes, length);
      if (read === 0) return bytes.slice(0, length);
      length += read;
      continue;
    }
    // Full: either the end, or more than was said.
    const more = readInto(fd, probe, 0);
    if (more === 0) return bytes;
    const larger = new Uint8Array(Math.max(bytes.length * 2, length + more));
    larger.set(bytes);
    larger.set(probe.subarray(0, more), length);
    bytes = larger;
    length += more;
  }
}

const PDF_OPTIONS = { disableFontFace: true, isEvalSupported: false, verbosity: 0 };
/** Pages read per opening of a stored file, and the pieces it is read in (see readFile). */
const PAGES_PER_OPENING = 50;
const RANGE_BYTES = 16 * 1024;

/** The words of pages `first`… of an open document, up to the limits, each page let go once read. */
async function readPages(pdf, first, last, text) {
  for (let number = first; number <= last && text.length < maxChars; number++) {
    const page = await pdf.getPage(number);
    const content = await page.getTextContent();
    const words = content.items
      .map((item) => ("str" in item ? item.str + (item.hasEOL ? "\n" : "") : ""))
      .join("")
      // Control characters are no words (and NUL cannot be stored in a text column).
      .replace(CONTROL_CHARACTERS, " ");
    text += (number > 1 ? "\n" : "") + words;
    page.cleanup();
  }
  return text;
}

/** Bytes that came through stdin: the whole file in memory, read at once. */
async function readBytes(bytes) {
  const { getDocumentProxy } = await import("unpdf");
  // No fonts are drawn: text extraction needs the fonts' encodings, not their glyphs.
  const pdf = await getDocumentProxy(bytes, PDF_OPTIONS);
  return readPages(pdf, 1, Math.min(pdf.numPages, maxPages), "");
}

/**
 * A stored file, read piece by piece as pdf.js asks for them, and opened again every
 * PAGES_PER_OPENING pages: pdf.js keeps every piece it read until the document is closed, and it
 * reads every image whole (to learn that it is an image), so a document kept open would come to
 * hold the whole file. A 50 MB PDF of 300 pages: about 80 MB for the reader instead of 120.
 */
async function readFile(fd) {
  const { getDocumentProxy, getResolvedPDFJS } = await import("unpdf");
  const { PDFDataRangeTransport } = await getResolvedPDFJS();
  const length = fs.fstatSync(fd).size;
  const open = () => {
    const transport = new PDFDataRangeTransport(length, null);
    transport.requestDataRange = (begin, end) => {
      const bytes = new Uint8Array(end - begin);
      const read = fs.readSync(fd, bytes, 0, bytes.length, begin);
      // pdf.js expects its answer later, not within its own call.
      setImmediate(() => transport.onDataRange(begin, bytes.subarray(0, read)));
    };
    return getDocumentProxy(undefined, {
      ...PDF_OPTIONS,
      range: transport,
      length,
      rangeChunkSize: RANGE_BYTES,
      disableAutoFetch: true,
      disableStream: true,
    });
  };
  let text = "";
  let last = maxPages;
  for (let first = 1; first <= last && text.length < maxChars; first += PAGES_PER_OPENING) {
    const pdf = await open();
    last = Math.min(pdf.numPages, maxPages);
    text = await readPages(pdf, first, Math.min(first + PAGES_PER_OPENING - 1, last), text);
    await pdf.loadingTask.destroy();
    // What the closed document read is freed now, before the next opening reads again.
    globalThis.gc?.();
  }
  return text;
}

/** Stored files named on stdin, one line each, answered in order on stdout. */
async function serve() {
  for await (const line of readline.createInterface({ input: process.stdin })) {
    let answer;
    try {
      const fd = fs.openSync(JSON.parse(line).file, "r");
      try {
        answer = { text: (await readFile(fd)).slice(0, maxChars) };
      } finally {
        fs.closeSync(fd);
      }
    } catch (error) {
      answer = { error: String(error?.message ?? error) };
    }
    await new Promise((resolve) => process.stdout.write(`${JSON.stringify(answer)}\n`, resolve));
  }
  process.exit(0);
}

if (limits.serve) await serve();
let text;
try {
  text = (await readBytes(readAll(0, size))).slice(0, maxChars);
} catch (error) {
  process.stderr.write(`${error?.message ?? error}\n`);
  process.exit(3);
}
process.stdout.write(text, () => process.exit(0));
