// What the benches share: the production build made when needed, a free port for a server, waiting for
// it to answer, and a signed-in cookie.
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

/** Signs `account` in at the server at `base` through the API; the session's cookie header. */
export async function signInCookie(base, account) {
  const response = await fetch(`${base}/api/auth/signin`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ username: account.username, password: account.password }),
  });
  if (!response.ok) throw new Error(`sign-in failed: ${response.status} ${await response.text()}`);
  return response.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
}

/** Waits until `url` answers 2xx (a server starting), for up to `timeoutMs`. */
export async function waitFor(url, timeoutMs = 120_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`${url} did not answer`);
}
