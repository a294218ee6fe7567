import { Buffer } from "node:buffer";

import { sql } from "drizzle-orm";

import { type Database, rowsOf } from "~/db/client.server";

import { UPLOADS_URL_PREFIX } from "./media.server";
import { repeatEvery } from "./repeating-job.server";
import type { FileStore } from "./storage/file-store.server";

/**
 * The words of journal articles' PDFs for site search (issue 22, decision 025), read in the
 * background by every server: an article whose `pdf_text_of` is not its `file` (a new article, a
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

type Claimed = { id: string; file: string };

/** Takes the next article whose PDF needs reading, or none. */
async function claimNext(db: Database): Promise<Claimed | undefined> {
  const [row] = rowsOf<Claimed>(
    await db.execute(sql`
      update journals set pdf_text_claimed_at = now()
      where id = (
        select id from journals
        where pdf_text_of is distinct from file and deleted_at is null
          and (pdf_text_claimed_at is null or pdf_text_claimed_at < now() - make_interval(mins => ${CLAIM_MINUTES}))
        order by created_at desc
        limit 1
        for update skip locked
      )
      returning id::text as id, file`),
  );
  return row;
}

// eslint-disable-next-line no-control-regex -- the characters a text column refuses or a search cannot use
const CONTROL_CHARACTERS = /[\u0000-\u0008\u000b-\u001f]/g;

/** A PDF's text, page by page up to the limits; throws when the file is not a PDF it can read. */
export async function pdfText(bytes: Uint8Array): Promise<string> {
  const { getDocumentProxy } = await import("unpdf");
  const pdf = await getDocumentProxy(bytes);
  try {
    const pages: string[] = [];
    let length = 0;
    for (let number = 1; number <= Math.min(pdf.numPages, PDF_TEXT_LIMITS.pages); number++) {
      const page = await pdf.getPage(number);
      const content = await page.getTextContent();
      const text = content.items
        .map((item) => ("str" in item ? item.str + (item.hasEOL ? "\n" : "") : ""))
        .join("")
        // Control characters are no words (and NUL cannot be stored in a text column).
        .replace(CONTROL_CHARACTERS, " ");
      pages.push(text);
      length += text.length;
      if (length >= PDF_TEXT_LIMITS.chars) break;
    }
    return pages.join("\n").slice(0, PDF_TEXT_LIMITS.chars);
  } finally {
    // Frees the parser's memory (the bundled pdf.js may name it cleanup only).
    const proxy = pdf as unknown as { destroy?: () => Promise<void>; cleanup?: () => Promise<void> };
    await (proxy.destroy ?? proxy.cleanup)?.call(proxy);
  }
}

async function readStored(store: FileStore, url: string): Promise<Uint8Array | null> {
  if (!url.startsWith(UPLOADS_URL_PREFIX)) return null;
  const key = url.slice(UPLOADS_URL_PREFIX.length);
  const head = await store.head(key);
  if (!head || head.size > PDF_TEXT_LIMITS.bytes) return null;
  const file = await store.get(key);
  if (!file) return null;
  const chunks: Buffer[] = [];
  for await (const chunk of file.body) chunks.push(Buffer.from(chunk as Uint8Array));
  return new Uint8Array(Buffer.concat(chunks));
}

/**
 * Reads the PDFs waiting to be read, one at a time, up to `max`; returns how many were done. The
 * words are kept only if the article still has the same file (a PDF replaced meanwhile is read again).
 */
export async function extractPendingPdfText(db: Database, store: FileStore, max = 20): Promise<number> {
  let done = 0;
  for (; done < max; done++) {
    const claimed = await claimNext(db);
    if (!claimed) break;
    // A store that cannot be reached now: the claim lapses and the file is read on a later pass.
    const bytes = await readStored(store, claimed.file);
    let text: string | null = null;
    try {
      if (bytes) text = await pdfText(bytes);
    } catch {
      text = null; // not a PDF that can be read: marked, and not tried again
    }
    await db.execute(sql`
      update journals set pdf_text = ${text}, pdf_text_of = file, pdf_text_failed = ${text === null},
        pdf_text_claimed_at = null
      where id = ${claimed.id}::uuid and file = ${claimed.file}`);
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
