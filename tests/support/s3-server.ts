import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";

// s3rver: an S3-compatible server in Node, run on 127.0.0.1 for the S3 driver's tests.
import S3rver from "s3rver";

export async function startS3Server(...buckets: string[]) {
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), "cpscr-s3-"));
  const port = await new Promise<number>((resolve) => {
    const probe = net.createServer().listen(0, "127.0.0.1", () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
  const server = new S3rver({
    port,
    address: "127.0.0.1",
    silent: true,
    directory,
    configureBuckets: buckets.map((name) => ({ name, configs: [] })),
  });
  await server.run();
  return {
    endpoint: `http://127.0.0.1:${port}`,
    // s3rver's default credentials.
    accessKeyId: "S3RVER",
    secretAccessKey: "S3RVER",
    async stop() {
      await server.close();
      fs.rmSync(directory, { recursive: true, force: true });
    },
  };
}
