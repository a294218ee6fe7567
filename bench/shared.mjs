// What the benches share: the production build made when needed, and a free port for a server.
import { spawnSync } from "node:child_process";
import net from "node:net";

export function ensureBuild() {
  const result = spawnSync(
    process.execPath,
    ["-e", 'import("./scripts/build-if-needed.mjs").then((m) => { m.prepare(); m.buildIfNeeded(); })'],
    { stdio: "inherit" },
  );
  if (result.status !== 0) throw new Error("the build failed");
}

export async function freePort() {
  return new Promise((resolve) => {
    const server = net.createServer().listen(0, "127.0.0.1", () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}
