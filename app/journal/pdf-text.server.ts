import { Buffer } from "node:buffer";
import { spawn } from "node:child_process";
import { once } from "node:events";
import readline from "node:readline";
import { Readable, type Writable } from "node:stream";
import { pipeline } from "node:stream/promises";

import { sql } from "drizzle-orm";

import { type Database, rowsOf } from "~/db/client.server";
import { projectFile } from "~/lib/project-files.server";
import { UPLOADS_URL_PREFIX } from "~/services/media.server";
import { repeatEvery } from "~/services/repeating-job.server";
import type { FileStore } from "~/services/storage/file-store.server";

/**
 * The words of journal articles' PDFs for site search (issue 22, decision 025), read in the
 * background by every server: an article whose `pdf_text_of` is not its `pdf` (a new article, a
 * replaced PDF, an article from before search) is claimed with `for update skip locked`, so two
 * servers never read the same file, and its words are written without touching its version, its
 * revisions or its OAI-PMH datestamp. A file that cannot be read is marked and not tried again.
 */

/** How often each server looks for PDFs to read. */
export const PDF_TEXT_EVERY_MS = 20_000;
/** A claim older than this belongs to a server that stopped: another may take the file. */
const CLAIM_MINUTES = 10;
/** Larger files and later pages are not read; the words kept are capped too (a tsvector is at most 1 MB). */
export const PDF_TEXT_LIMITS = { bytes: 60 * 1024 * 1024, pages: 300, chars: 200_000 };

type Claimed = { id: string; pdf: string };

/** Takes the next article whose PDF needs reading, or none. */
async function claimNext(db: Database): Promise<Claimed | undefined> {
  const [row] = rowsOf<Claimed>(
    await db.execute(sql`
      update articles set pdf_text_claimed_at = now()
      where id = (
        select id from articles
        where pdf_text_of is distinct from pdf and deleted_at is null
          and (pdf_text_claimed_at is null or pdf_text_claimed_at < now() - make_interval(mins => ${CLAIM_MINUTES}))
        order by created_at desc
        limit 1
        for update skip locked
      )
      returning id::text as id, pdf`),
  );
  return row;
}

/**
 * The reader's memory: a heap of at most 64 MB for pdf.js, which holds one page's fonts and text at
 * a time, and V8's lite mode (no optimising compiler: a fifth less memory, a second or so more for a
 * large file). A stored file is read piece by piece (scripts/read-pdf-text.mjs): about 80 MB in all
 * for a 50 MB PDF of 300 pages (bench/README.md, memory). A file that needs more heap is marked as
 * unreadable instead of growing anyone's memory.
 */
const READER_FLAGS = ["--max-old-space-size=64", "--max-semi-space-size=1", "--lite-mode", "--expose-gc"];
/** A reader that has not finished by then is stopped, and its file marked. */
const READER_TIMEOUT_MS = 120_000;

/** The file could not be read as a PDF (or not within the reader's memory and time): marked, not tried again. */
export class UnreadablePdfError extends Error {}

/** A PDF for the reader: a file on this machine it opens itself, or bytes the server passes it. */
export type PdfSource =
  { path: string; size: number } | { bytes: AsyncIterable<Uint8Array> | Uint8Array; size?: number };

function startReader(mode: Record<string, unknown>) {
  const child = spawn(
    process.execPath,
    [
      ...READER_FLAGS,
      projectFile("scripts/read-pdf-text.mjs"),
      JSON.stringify({ pages: PDF_TEXT_LIMITS.pages, chars: PDF_TEXT_LIMITS.chars, ...mode }),
    ],
    { stdio: ["pipe", "pipe", "pipe"], env: { MALLOC_ARENA_MAX: "2", ...process.env } },
  );
  let errors = "";
  child.stderr.on("data", (chunk: Buffer) => (errors = (errors + chunk.toString()).slice(-2000)));
  // A reader that stops early (not a PDF, or killed) closes its input: what was still to be sent is not wanted.
  child.stdin.on("error", () => {});
  let failedToStart: Error | undefined;
  child.once("error", (error) => (failedToStart = error));
  return { child, errors: () => errors.trim().split("\n").at(-1) ?? "", failedToStart: () => failedToStart };
}

/**
 * A reader of stored PDFs for one pass of the background work (decision 015): a short-lived child
 * process, started on the first file, that reads one file after another (starting one per file took
 * most of the time of a small PDF) and ends when the pass closes it. A file it cannot read, or one
 * it dies on or takes too long with, is an UnreadablePdfError; the next file gets a new reader.
 */
export function openPdfReader() {
  let current: { reader: ReturnType<typeof startReader>; answers: AsyncIterator<string> } | undefined;
  return {
    async read(path: string): Promise<string> {
      if (!current) {
        const reader = startReader({ serve: true });
        current = { reader, answers: readline.createInterface({ input: reader.child.stdout })[Symbol.asyncIterator]() };
      }
      const { reader, answers } = current;
      const timer = setTimeout(() => reader.child.kill("SIGKILL"), READER_TIMEOUT_MS);
      try {
        reader.child.stdin.write(`${JSON.stringify({ file: path })}\n`);
        const answer = await answers.next();
        if (answer.done) {
          current = undefined;
          const failed = reader.failedToStart();
          // A reader that could not be started is no fault of the file: the pass stops, the file waits.
          if (failed) throw failed;
          const signal = reader.child.signalCode ?? (await once(reader.child, "close"))[1];
          throw new UnreadablePdfError(signal ? `the PDF reader was stopped (${signal})` : reader.errors());
        }
        const read = JSON.parse(answer.value) as { text: string } | { error: string };
        if ("error" in read) throw new UnreadablePdfError(read.error);
        return read.text;
      } finally {
        clearTimeout(timer);
      }
    },
    close() {
      current?.reader.child.stdin.end();
      current = undefined;
    },
  };
}

/**
 * A PDF's text, page by page up to the limits, read by a short-lived child process (decision 015):
 * a stored file is opened by the reader itself (bytes from a remote store are streamed to it), so
 * neither the file nor the PDF reader is ever in the server's memory, and what the reading took
 * is given back to the system when the child ends.
 */
export async function pdfText(source: PdfSource): Promise<string> {
  if ("path" in source) {
    const reader = openPdfReader();
    try {
      return await reader.read(source.path);
    } finally {
      reader.close();
    }
  }
  // Its size lets the reader keep the file in one buffer of exactly that size.
  const { child, errors, failedToStart } = startReader({ size: source.size });
  const out: Buffer[] = [];
  child.stdout.on("data", (chunk: Buffer) => out.push(chunk));
  const timer = setTimeout(() => child.kill("SIGKILL"), READER_TIMEOUT_MS);
  const exited = once(child, "close") as Promise<[number | null, NodeJS.Signals | null]>;
  try {
    await streamTo(child.stdin, source.bytes);
    const [code, signal] = await exited;
    const failed = failedToStart();
    if (failed) throw failed;
    if (code === 0) return Buffer.concat(out).toString("utf8");
    throw new UnreadablePdfError(signal ? `the PDF reader was stopped (${signal})` : errors() || `exit code ${code}`);
  } finally {
    clearTimeout(timer);
    if (child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
  }
}

/** Writes the bytes to the reader; a store failing in the middle throws (not the file's fault: tried again later). */
async function streamTo(input: Writable, bytes: AsyncIterable<Uint8Array> | Uint8Array) {
  // A reader that stops early (not a PDF) closes its input: the rest of the file is not wanted.
  input.on("error", () => {});
  let storeFailure: unknown;
  async function* fromStore() {
    try {
      if (bytes instanceof Uint8Array) yield bytes;
      else for await (const chunk of bytes) yield chunk;
    } catch (error) {
      storeFailure = error;
      throw error;
    }
  }
  await pipeline(fromStore, input).catch(() => {});
  if (storeFailure) throw storeFailure;
}

/** The stored PDF for the reader: its path here, or its bytes from a remote store; null if missing or too large. */
async function openStored(store: FileStore, url: string): Promise<PdfSource | null> {
  if (!url.startsWith(UPLOADS_URL_PREFIX)) return null;
  const key = url.slice(UPLOADS_URL_PREFIX.length);
  const head = await store.head(key);
  if (!head || head.size > PDF_TEXT_LIMITS.bytes) return null;
  const local = store.localPath(key);
  if (local) return { path: local, size: head.size };
  const file = await store.get(key);
  return file && { bytes: file.body, size: file.size };
}

/**
 * Reads the PDFs waiting to be read, one at a time, up to `max`; returns how many were done. The
 * words are kept only if the article still has the same file (a PDF replaced meanwhile is read again).
 */
export async function extractPendingPdfText(db: Database, store: FileStore, max = 20): Promise<number> {
  let done = 0;
  const reader = openPdfReader();
  try {
    for (; done < max; done++) {
      const claimed = await claimNext(db);
      if (!claimed) break;
      // A store that cannot be reached now: the claim lapses and the file is read on a later pass.
      const file = await openStored(store, claimed.pdf);
      let text: string | null = null;
      try {
        if (file) text = "path" in file ? await reader.read(file.path) : await pdfText(file);
      } catch (error) {
        if (file && "bytes" in file && file.bytes instanceof Readable) file.bytes.destroy();
        // A reader that could not be started is tried again later; a file it could not read is marked.
        if (!(error instanceof UnreadablePdfError)) throw error;
        text = null;
      }
      await db.execute(sql`
        update articles set pdf_text = ${text}, pdf_text_of = pdf, pdf_text_failed = ${text === null},
          pdf_text_claimed_at = null
        where id = ${claimed.id}::uuid and pdf = ${claimed.pdf}`);
    }
  } finally {
    reader.close();
  }
  return done;
}

/** Runs the extraction now and every PDF_TEXT_EVERY_MS until stopped; a failed pass is logged and tried again. */
export function schedulePdfText(db: Database, store: FileStore, everyMs = PDF_TEXT_EVERY_MS) {
  return repeatEvery(everyMs, "Reading PDFs for search", async () => {
    const count = await extractPendingPdfText(db, store);
    if (count > 0) console.log(`Search: read the text of ${count} PDF${count === 1 ? "" : "s"}.`);
  });
}
