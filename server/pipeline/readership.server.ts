import http from "node:http";

import { CLIENT_IP_HEADER } from "~/lib/client-ip.server";
import type { ReadershipConfig } from "~/lib/config.server";
import { countryOf, isRobot, readOf, referrerHostOf } from "~/readership/classify";
import type { Counting, Reader } from "~/readership/counting.server";

import type { Step } from "./pipeline.server";

const single = (value: string | string[] | undefined) => (Array.isArray(value) ? (value[0] ?? "") : (value ?? ""));

/**
 * Counts public reads (decision 043), before the page cache so a cached page is counted like any
 * other. A request that may count has its answer watched: COUNTER counts only 200 and 304 answers,
 * and the read is spooled when that status is set, before the answer leaves, so a client that saw
 * the answer has its read on disk (`Answer`, below). Counting is never worth a request: whatever it trips on, the
 * answer goes on.
 */
export function readership(
  counting: Counting,
  config: Pick<ReadershipConfig, "countryHeader">,
  ownHost?: string,
): Step {
  return ({ req, res }, next) => {
    try {
      const read = readOf(req);
      if (read && res instanceof Answer)
        res.onStatus = (status) => {
          if (status !== 200 && status !== 304) return null;
          try {
            counting.queue(read, readerOf(req, config, ownHost));
            return counting.writeQueued;
          } catch (error) {
            console.error(`Readership: a read was not counted: ${(error as Error).message}`);
            return null;
          }
        };
    } catch (error) {
      console.error(`Readership: a read was not counted: ${(error as Error).message}`);
    }
    next();
  };
}

function readerOf(
  req: http.IncomingMessage,
  config: Pick<ReadershipConfig, "countryHeader">,
  ownHost: string | undefined,
): Reader {
  const userAgent = single(req.headers["user-agent"]);
  return {
    address: single(req.headers[CLIENT_IP_HEADER]),
    userAgent,
    robot: isRobot(userAgent),
    referrerHost: referrerHostOf(single(req.headers.referer), ownHost ?? single(req.headers.host)),
    country: config.countryHeader ? countryOf(single(req.headers[config.countryHeader])) : null,
  };
}

/**
 * The server's answers (`http.createServer({ ServerResponse: Answer })`). One that may count carries
 * what to do when its status is set (`onStatus`): a counted read is queued for the spool, and the
 * answer's bytes leave only once it is written. An answer ended at once (a cached page: its status
 * and body in one go) waits for the end of the event loop's turn, where one write puts every such
 * answer's read on disk; one that streams writes the queue at its first write. A field every answer
 * has from the start keeps them all one shape (a writeHead put on each counted answer made two).
 */
export class Answer<Request extends http.IncomingMessage = http.IncomingMessage> extends http.ServerResponse<Request> {
  /** Called when the status is set; gives the spool's writer when it queued a read. */
  onStatus: ((status: number) => (() => void) | null) | null = null;
  /** The spool's writer this answer's read waits for, before the answer's bytes may leave. */
  private waitsFor: (() => void) | null = null;

  /** The status is set: by writeHead, or by a write or end before it (Node sets it then). */
  private statusSet(status: number) {
    const onStatus = this.onStatus;
    if (!onStatus) return;
    this.onStatus = null;
    this.waitsFor = onStatus(status);
  }

  /** The spool's writer this answer's read waits for, once (its status set first if it was not). */
  private takeWriter(): (() => void) | null {
    if (!this.headersSent) this.statusSet(this.statusCode);
    const write = this.waitsFor;
    this.waitsFor = null;
    return write;
  }

  /** The read is on disk before the first byte leaves. */
  private writeRead() {
    this.takeWriter()?.();
  }

  override writeHead(statusCode: number, ...rest: unknown[]): this {
    this.statusSet(statusCode);
    return Reflect.apply(super.writeHead, this, [statusCode, ...rest]) as this;
  }

  override write(...args: unknown[]): boolean {
    this.writeRead();
    return Reflect.apply(super.write, this, args) as boolean;
  }

  override flushHeaders() {
    this.writeRead();
    super.flushHeaders();
  }

  override end(...args: unknown[]): this {
    const write = this.takeWriter();
    const end = super.end;
    if (!write) return Reflect.apply(end, this, args) as this;
    endLater(write, () => Reflect.apply(end, this, args));
    return this;
  }
}

/** Answers ended in this turn of the event loop, waiting for their reads to be written. */
let waiting: { write: () => void; end: () => void }[] = [];

function endLater(write: () => void, end: () => void) {
  if (!waiting.length) setImmediate(endWaiting);
  waiting.push({ write, end });
}

function endWaiting() {
  const answers = waiting;
  waiting = [];
  // One write for all (the writer writes nothing the second time), then every answer leaves.
  for (const { write } of answers) write();
  for (const { end } of answers) {
    try {
      end();
    } catch (error) {
      console.error(`An answer could not be ended: ${(error as Error).message}`);
    }
  }
}
