import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";

import { afterAll, expect, it } from "vitest";

import { startS3Server } from "../../../tests/support/s3-server.ts";
import { s3Store } from "./s3-store.server";

// A store that takes the connection and then never answers (a hung S3 endpoint).
const held = new Set<net.Socket>();
const silent = net.createServer((socket) => held.add(socket)).listen(0, "127.0.0.1");
afterAll(() => {
  for (const socket of held) socket.destroy();
  return new Promise((resolve) => silent.close(resolve));
});

it("gives up on an S3 store that does not answer, instead of waiting for ever", async () => {
  await new Promise((resolve) => (silent.listening ? resolve(undefined) : silent.once("listening", resolve)));
  const { port } = silent.address() as net.AddressInfo;
  const store = s3Store({
    endpoint: `http://127.0.0.1:${port}`,
    bucket: "uploads",
    region: "us-east-1",
    accessKeyId: "test",
    secretAccessKey: "test",
    forcePathStyle: true,
    timeouts: { connect: 500, response: 1_000 },
  });
  const started = Date.now();
  await expect(store.head("images/a.webp")).rejects.toThrow(/requestTimeout|timed? ?out/i);
  expect(Date.now() - started).toBeLessThan(15_000);
}, 30_000);

/**
 * A proxy in front of an S3 store that resets the first `resets` connections as soon as the
 * request starts to arrive (as a store does when it closes a keep-alive connection being reused).
 */
async function resettingProxy(endpoint: string, resets: number) {
  const target = new URL(endpoint);
  const sockets = new Set<net.Socket>();
  const proxy = net.createServer((client) => {
    sockets.add(client);
    if (resets > 0) {
      resets--;
      client.once("data", () => client.resetAndDestroy());
      return;
    }
    const upstream = net.connect(Number(target.port), target.hostname);
    sockets.add(upstream);
    client.pipe(upstream).pipe(client);
    client.on("error", () => upstream.destroy());
    upstream.on("error", () => client.destroy());
  });
  await new Promise<void>((resolve) => proxy.listen(0, "127.0.0.1", resolve));
  return {
    endpoint: `http://127.0.0.1:${(proxy.address() as net.AddressInfo).port}`,
    resetsLeft: () => resets,
    close: () => {
      for (const socket of sockets) socket.destroy();
      return new Promise((resolve) => proxy.close(resolve));
    },
  };
}

it("stores a PDF when the store drops the connection during the upload, by sending it again", async () => {
  const s3 = await startS3Server("uploads");
  const proxy = await resettingProxy(s3.endpoint, 2);
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), "cpscr-s3-reset-"));
  try {
    const store = s3Store({
      endpoint: proxy.endpoint,
      bucket: "uploads",
      region: "us-east-1",
      accessKeyId: s3.accessKeyId,
      secretAccessKey: s3.secretAccessKey,
      forcePathStyle: true,
    });
    const pdf = path.join(directory, "article.pdf");
    fs.writeFileSync(pdf, Buffer.alloc(300_000, 7));
    await store.putFile("pdfs/article.pdf", pdf, "application/pdf");
    expect(proxy.resetsLeft()).toBe(0);
    expect(await store.head("pdfs/article.pdf")).toEqual({ size: 300_000, contentType: "application/pdf" });
  } finally {
    await proxy.close();
    await s3.stop();
    fs.rmSync(directory, { recursive: true, force: true });
  }
}, 30_000);
