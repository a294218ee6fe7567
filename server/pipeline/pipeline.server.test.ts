import http from "node:http";
import type { AddressInfo } from "node:net";

import { afterEach, describe, expect, it, vi } from "vitest";

import { pipeline, type Step } from "./pipeline.server";

let server: http.Server | undefined;
afterEach(() => {
  server?.close();
  vi.restoreAllMocks();
});

async function serve(steps: Step[]) {
  server = http.createServer(pipeline(steps));
  await new Promise<void>((resolve) => server!.listen(0, "127.0.0.1", resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

describe("the server's pipeline", () => {
  it("answers 500 in words, not silence, when a step trips; the steps after it never run", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    const reached: string[] = [];
    const origin = await serve([
      (_exchange, next) => next(),
      () => {
        throw new URIError("URI malformed");
      },
      ({ res }) => {
        reached.push("render");
        res.end("page");
      },
    ]);
    const answer = await fetch(`${origin}/journals/%E0%A4%A`);
    expect(answer.status).toBe(500);
    expect(await answer.text()).toBe("Something went wrong. Please try again.");
    expect(reached).toEqual([]);
    // The server is still there for the next request.
    expect((await fetch(`${origin}/`)).status).toBe(500);
  });
});
