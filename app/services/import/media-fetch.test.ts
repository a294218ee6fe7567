import http from "node:http";
import type { AddressInfo } from "node:net";

import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { DEFAULT_FETCH_LIMITS, type FetchLimits, fetchMedia, MAX_REDIRECTS } from "./media-fetch.server";

/** A PNG's first bytes are enough for the importer's check of the content. */
const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0]);

const servers: http.Server[] = [];
async function serve(host: string, port: number, answer: http.RequestListener) {
  const server = http.createServer(answer);
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(port, host, resolve));
  return (server.address() as AddressInfo).port;
}

let port: number;
const trapped: string[] = [];

beforeAll(async () => {
  // The old image host, allowed by its address, and something else on this machine at the same port.
  port = await serve("127.0.0.2", 0, (req, res) => {
    if (req.url === "/loop.png") res.writeHead(302, { location: "/loop.png" }).end();
    else res.writeHead(200, { "content-type": "image/png" }).end(PNG);
  });
  await serve("127.0.0.1", port, (req, res) => {
    trapped.push(req.url ?? "");
    res.writeHead(200, { "content-type": "image/png" }).end(PNG);
  });
});
afterAll(async () => {
  for (const server of servers) await new Promise<void>((resolve) => server.close(() => resolve()));
});

describe("fetching a file of the earlier system", () => {
  it("connects to the address it checked, however the name answers afterwards (no DNS rebinding)", async () => {
    const asked: string[] = [];
    // A name that first points at the allowed host, then inside.
    const limits: FetchLimits = {
      ...DEFAULT_FETCH_LIMITS,
      timeoutMs: 5000,
      allowPrivateHosts: ["127.0.0.2"],
      resolve: async (hostname) => {
        asked.push(hostname);
        return [{ address: asked.length === 1 ? "127.0.0.2" : "127.0.0.1", family: 4 }];
      },
    };
    const bytes = await fetchMedia(`http://images.old-site.test:${port}/cover.png`, "image", limits);
    expect(bytes.equals(PNG)).toBe(true);
    expect(asked).toEqual(["images.old-site.test"]);
    expect(trapped).toEqual([]);
  });

  it("refuses a name with any address inside, and stops after a few redirects", async () => {
    const limits: FetchLimits = {
      ...DEFAULT_FETCH_LIMITS,
      timeoutMs: 5000,
      allowPrivateHosts: ["127.0.0.2"],
      resolve: async () => [
        { address: "127.0.0.2", family: 4 },
        { address: "127.0.0.1", family: 4 },
      ],
    };
    await expect(fetchMedia(`http://both.old-site.test:${port}/cover.png`, "image", limits)).rejects.toThrow(
      "its address is not on the public internet (a loopback address), so it was not contacted",
    );
    await expect(fetchMedia(`http://127.0.0.2:${port}/loop.png`, "image", limits)).rejects.toThrow(
      `it redirects more than ${MAX_REDIRECTS} times`,
    );
    await expect(fetchMedia(`ftp://127.0.0.2:${port}/cover.png`, "image", limits)).rejects.toThrow(
      "its address is not an http(s) one",
    );
    expect(trapped).toEqual([]);
  });
});
