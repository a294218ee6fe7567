import fs from "node:fs";
import os from "node:os";
import path from "node:path";

import { afterAll, describe, expect, it } from "vitest";

import { DataDirInUseError, openDatabase } from "./client.server";

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "cpscr-lock-"));
afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

describe("the embedded database directory", () => {
  it("is refused to a second opener while the first holds it, and reopens after close", async () => {
    const first = await openDatabase({ kind: "pglite", dataDir });
    await expect(openDatabase({ kind: "pglite", dataDir })).rejects.toBeInstanceOf(DataDirInUseError);
    await first.close();
    const second = await openDatabase({ kind: "pglite", dataDir });
    await second.ping();
    await second.close();
  });

  it("takes over a lock left by a process that is gone (kill -9)", async () => {
    fs.writeFileSync(path.join(dataDir, "server.lock"), "999999999");
    const handle = await openDatabase({ kind: "pglite", dataDir });
    await handle.ping();
    await handle.close();
  });
});
