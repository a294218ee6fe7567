import http from "node:http";
import type { AddressInfo } from "node:net";

import { afterEach, describe, expect, it } from "vitest";

import type { Counting } from "~/readership/counting.server";

import { pipeline, type Step } from "./pipeline.server";
import { Answer, readership } from "./readership.server";

let server: http.Server | undefined;
afterEach(() => server?.close());

/**
 * A counting that notes what it was given, and, each time the queue is written, whether any answer
 * that waits for it had already begun to leave (COUNTER counts what the reader was answered: a
 * read must be on disk before its answer's first byte).
 */
function notingCounting(answers: http.ServerResponse[]) {
  const queued: string[] = [];
  const written: string[] = [];
  const leftBeforeWritten: string[] = [];
  // The answers whose reads are queued: the one being answered is the last the page step took.
  let waiting: http.ServerResponse[] = [];
  const counting = {
    queue(read) {
      queued.push(read.target);
      waiting.push(answers.at(-1)!);
    },
    writeQueued() {
      for (const answer of waiting) {
        if (answer.writableEnded || (answer.socket?.bytesWritten ?? 0) > 0) leftBeforeWritten.push(answer.req.url!);
        written.push(answer.req.url!);
      }
      waiting = [];
    },
  } as Pick<Counting, "queue" | "writeQueued"> as Counting;
  return { counting, queued, written, leftBeforeWritten };
}

async function serve(steps: Step[]) {
  server = http.createServer({ ServerResponse: Answer }, pipeline(steps));
  await new Promise<void>((resolve) => server!.listen(0, "127.0.0.1", resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

/**
 * A server whose readership step counts with a noting counting before `page` answers; its address and
 * what the counting noted.
 */
async function countedServer(page: (req: http.IncomingMessage, res: http.ServerResponse) => void) {
  const answers: http.ServerResponse[] = [];
  const noted = notingCounting(answers);
  const origin = await serve([
    readership(noted.counting, { countryHeader: undefined }),
    ({ req, res }) => {
      answers.push(res);
      page(req, res);
    },
  ]);
  return { origin, ...noted };
}

/** A fresh connection per request, so each answer's socket starts with nothing written. */
const get = (url: string, init: RequestInit = {}) => fetch(url, { ...init, headers: { connection: "close" } });

describe("counted answers leave after their read is written", () => {
  it("a page answered at once (a cached page): its read is written before any byte of it leaves", async () => {
    const { origin, queued, written, leftBeforeWritten } = await countedServer((_, res) => {
      res.writeHead(200, { "Content-Type": "text/html" }).end("<p>page</p>");
    });
    const pages = ["/", "/about", "/journal/one", "/post/two"];
    const bodies = await Promise.all(pages.map(async (page) => (await get(`${origin}${page}`)).text()));
    expect(bodies).toEqual(pages.map(() => "<p>page</p>"));
    expect(queued.sort()).toEqual(["/", "/about", "one", "two"]);
    expect(written.sort()).toEqual([...pages].sort());
    expect(leftBeforeWritten).toEqual([]);
  });

  it("a page that streams: its read is written before its first part leaves", async () => {
    const { origin, written, leftBeforeWritten } = await countedServer((_, res) => {
      res.writeHead(200, { "Content-Type": "text/html" });
      res.write("<p>first</p>");
      setTimeout(() => res.end("<p>last</p>"), 20);
    });
    expect(await (await get(`${origin}/journal/streamed`)).text()).toBe("<p>first</p><p>last</p>");
    expect(written).toEqual(["/journal/streamed"]);
    expect(leftBeforeWritten).toEqual([]);
  });

  it("a status set without writeHead counts too; only 200 and 304 count; what is not a read is not watched", async () => {
    const { origin, queued, leftBeforeWritten } = await countedServer((req, res) => {
      res.statusCode = req.url === "/journal/missing" ? 404 : req.url === "/journal/unchanged" ? 304 : 200;
      res.end(res.statusCode === 304 ? undefined : "body");
    });
    const statuses = await Promise.all(
      ["/journal/implicit", "/journal/missing", "/journal/unchanged", "/dashboard"].map(
        async (page) => (await get(`${origin}${page}`)).status,
      ),
    );
    expect(statuses).toEqual([200, 404, 304, 200]);
    expect((await get(`${origin}/journal/posted`, { method: "POST" })).status).toBe(200);
    expect(queued.sort()).toEqual(["implicit", "unchanged"]);
    expect(leftBeforeWritten).toEqual([]);
  });
});
