import type http from "node:http";

import { CLIENT_IP_HEADER } from "~/lib/client-ip.server";
import type { ReadershipConfig } from "~/lib/config.server";
import { countryOf, isRobot, readOf, referrerHostOf } from "~/readership/classify";
import type { Counting, Reader } from "~/readership/counting.server";

import type { Step } from "./pipeline.server";

const single = (value: string | string[] | undefined) => (Array.isArray(value) ? (value[0] ?? "") : (value ?? ""));

/**
 * Counts public reads (decision 043), before the page cache so a cached page is counted like any
 * other. A request that may count has its answer watched: COUNTER counts only 200 and 304 answers,
 * and the read is spooled when that status is set, before the headers leave, so a client that saw
 * the answer has its read on disk. Counting is never worth a request: whatever it trips on, the
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
      if (read) watch(res, () => counting.record(read, readerOf(req, config, ownHost)));
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

/** Calls `count` once when the answer's status is set to 200 or 304 (every answer passes through writeHead). */
function watch(res: http.ServerResponse, count: () => void) {
  const writeHead = res.writeHead;
  res.writeHead = function (this: http.ServerResponse, ...args: unknown[]) {
    res.writeHead = writeHead;
    const status = args[0];
    if (status === 200 || status === 304) {
      try {
        count();
      } catch (error) {
        console.error(`Readership: a read was not counted: ${(error as Error).message}`);
      }
    }
    return (writeHead as (...a: unknown[]) => http.ServerResponse).apply(this, args);
  } as typeof res.writeHead;
}
