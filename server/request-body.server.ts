import type { IncomingMessage } from "node:http";

import { type ShapeRefusal, type ShapeScanner, shapeScanner } from "~/lib/body-shape.server";
import { MAX_FORM_BYTES } from "~/lib/read-form.server";
import { MAX_JSON_BYTES } from "~/lib/read-json.server";
import { isManuscriptUpload } from "~/submissions/addresses";

/**
 * Every request body the server reads passes through one byte-counting reader, whether the body
 * declared its length or came in chunks. Over the limit of its address the request is answered
 * 413 at once and no more of it is kept; a body that ends early (a client that went away, a reset
 * connection) ends the stream with an error the routes already turn into a 400. The stream is
 * written here rather than taken from `Readable.toWeb`, whose stream throws (and stops the
 * process) when it is cancelled while the request is still sending. The bytes are also counted by
 * shape (fields, parts, JSON values and nesting: ~/lib/body-shape.server.ts), so a body that would
 * cost a parser seconds or tens of megabytes is refused before any parser sees it (decision 032).
 */

export type BodyLimits = { maxImageBytes: number; maxPdfBytes: number };

/** Room in a manuscript's upload form for its boundaries and its few small fields, beside the file. */
export const UPLOAD_FORM_ROOM = 64 * 1024;

/** A submission's file sent through the JSON API (a manuscript: PDF or DOCX, MAX_PDF_MB at most). */
const SUBMISSION_FILE_UPLOAD = /^\/api\/submissions\/[^/]+\/files$/;

/** Addresses whose body is a file: read by no parser, with a limit of their own. */
const isFileUpload = (pathname: string) => pathname === "/api/uploads" || SUBMISSION_FILE_UPLOAD.test(pathname);

/** The most a request to this address may send: an upload's own limit, else a form's or JSON's. */
export function bodyLimitFor(url: string | undefined, limits: BodyLimits): number {
  const [pathname, query = ""] = (url ?? "/").split("?", 2);
  // A manuscript (PDF or DOCX) as a multipart form, from the submission wizard or a revision (issue 34).
  if (isManuscriptUpload(pathname, new URLSearchParams(query))) return limits.maxPdfBytes + UPLOAD_FORM_ROOM;
  if (SUBMISSION_FILE_UPLOAD.test(pathname)) return limits.maxPdfBytes;
  if (pathname === "/api/uploads") {
    const purpose = new URLSearchParams(query).get("purpose");
    return purpose === "pdf"
      ? limits.maxPdfBytes
      : purpose === "image" || purpose === "avatar"
        ? limits.maxImageBytes
        : 0;
  }
  // A reviewer's review may carry an annotated manuscript (issue 34): the PDF limit, and the form.
  if (REVIEW_FORM.test(pathname)) return limits.maxPdfBytes + MAX_FORM_BYTES;
  return Math.max(MAX_FORM_BYTES, MAX_JSON_BYTES);
}

/** /review/{token}, its client navigation's data address, and the JSON API's review with a file. */
const REVIEW_FORM = /^\/(?:review\/[A-Za-z0-9_-]+(?:\.data)?|api\/review\/[A-Za-z0-9_-]+\/review-with-file)$/;

const megabytes = (bytes: number) => `${Math.round((bytes / 1024 / 1024) * 10) / 10} MB`;

/** What a person reads when a body is over its limit. */
export function tooLargeMessage(url: string | undefined, limit: number): string {
  const [pathname, query = ""] = (url ?? "/").split("?", 2);
  if (isFileUpload(pathname)) return `This file is too large: it can be at most ${megabytes(limit)}.`;
  if (isManuscriptUpload(pathname, new URLSearchParams(query)))
    return `This file is too large: it can be at most ${megabytes(limit - UPLOAD_FORM_ROOM)}.`;
  return `This request is too large: it can be at most ${megabytes(limit)}.`;
}

/**
 * What to count of a body sent to this address: the shape of anything a form or JSON parser may
 * read; uploads are files, read by no parser, with limits of their own.
 */
export function shapeScannerFor(url: string | undefined, contentType: string | undefined): ShapeScanner | undefined {
  const pathname = (url ?? "/").split("?", 1)[0];
  return isFileUpload(pathname) ? undefined : shapeScanner(contentType);
}

/** The declared Content-Length, or undefined for a chunked body (or none). */
export function declaredLength(req: IncomingMessage): number | undefined {
  const header = req.headers["content-length"];
  if (header === undefined) return undefined;
  const length = Number(header);
  return Number.isFinite(length) && length >= 0 ? length : undefined;
}

export class BodyTooLargeError extends Error {
  constructor(readonly limit: number) {
    super("The request body is over its size limit.");
  }
}

export class BodyShapeError extends Error {
  constructor(readonly refusal: ShapeRefusal) {
    super(refusal.message);
  }
}

export class BodyInterruptedError extends Error {
  constructor() {
    super("The request body ended before it was complete.");
  }
}

/**
 * The request body as a web stream, read as the consumer asks for it (the request is paused in
 * between, so a slow consumer never buffers a fast sender), that fails once more than `limit`
 * bytes arrive, or once the scanner finds the body's shape over a limit, and calls `onTooLarge`
 * or `onShape` then. Cancelling it (a route that stops reading) discards the rest of the body
 * without keeping it.
 */
export function cappedBody(
  req: IncomingMessage,
  limit: number,
  onTooLarge: () => void,
  shape?: { scanner: ShapeScanner; onShape(refusal: ShapeRefusal): void },
): { stream: ReadableStream<Uint8Array>; discard(): void } {
  let received = 0;
  let settled = false;
  let controller!: ReadableStreamDefaultController<Uint8Array>;

  const detach = () => {
    req.off("data", onData);
    req.off("end", onEnd);
    req.off("error", onBroken);
    req.off("close", onClose);
  };
  /** The stream's last word, said once: later events from the request change nothing. */
  const settle = (finish: () => void) => {
    if (settled) return;
    settled = true;
    detach();
    // Whatever the request still sends is read and dropped, never kept.
    req.on("error", () => {});
    req.resume();
    finish();
  };
  const onData = (chunk: Buffer) => {
    if (settled) return;
    received += chunk.length;
    if (received > limit) {
      settle(() => controller.error(new BodyTooLargeError(limit)));
      onTooLarge();
      return;
    }
    const refusal = shape?.scanner.write(chunk);
    if (refusal) {
      settle(() => controller.error(new BodyShapeError(refusal)));
      shape!.onShape(refusal);
      return;
    }
    controller.enqueue(new Uint8Array(chunk.buffer, chunk.byteOffset, chunk.byteLength));
    if ((controller.desiredSize ?? 0) <= 0) req.pause();
  };
  const onEnd = () => settle(() => controller.close());
  const onBroken = () => settle(() => controller.error(new BodyInterruptedError()));
  const onClose = () => {
    // "close" before "end": the client went away mid-body.
    if (!req.complete) onBroken();
  };

  const stream = new ReadableStream<Uint8Array>(
    {
      start(c) {
        controller = c;
        req.on("data", onData);
        req.on("end", onEnd);
        req.on("error", onBroken);
        req.on("close", onClose);
        req.pause();
      },
      pull() {
        if (!settled) req.resume();
      },
      cancel() {
        settle(() => {});
      },
    },
    // Up to 64 KB read ahead of the consumer.
    new ByteLengthQueuingStrategy({ highWaterMark: 64 * 1024 }),
  );
  return {
    stream,
    /** The answer went out before the body was read: the rest is dropped as it arrives. */
    discard: () => settle(() => controller.error(new BodyInterruptedError())),
  };
}
