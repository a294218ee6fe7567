import net from "node:net";
import { afterAll, expect, it } from "vitest";
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
