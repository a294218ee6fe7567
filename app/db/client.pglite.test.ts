import { spawn } from "node:child_process";
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

  it("takes over a lock whose process has ended but was never collected by its parent (a zombie)", async () => {
    // `sh` starts a short `sleep`, then becomes a long one, which never collects the short one.
    const parent = spawn("sh", ["-c", "sleep 0.05 & echo $!; exec sleep 30"], { stdio: ["ignore", "pipe", "ignore"] });
    try {
      const zombie = Number((await new Promise<Buffer>((resolve) => parent.stdout.once("data", resolve))).toString());
      const state = () => fs.readFileSync(`/proc/${zombie}/stat`, "utf8").split(") ").at(-1)?.[0];
      while (state() !== "Z") await new Promise((r) => setTimeout(r, 20));
      fs.writeFileSync(path.join(dataDir, "server.lock"), String(zombie));
      const handle = await openDatabase({ kind: "pglite", dataDir });
      await handle.ping();
      await handle.close();
    } finally {
      parent.kill("SIGKILL");
    }
  });

  it("is made whole or not at all: what a start stopped while making it left is replaced", async () => {
    const fresh = fs.mkdtempSync(path.join(os.tmpdir(), "cpscr-new-"));
    const inside = path.join(fresh, "pglite");
    try {
      // A start killed while the child process made the database: a half-made copy beside it, and
      // files of an older kind of attempt in the directory, but no PG_VERSION.
      fs.mkdirSync(path.join(`${inside}.creating`, "base"), { recursive: true });
      fs.mkdirSync(path.join(inside, "base", "1"), { recursive: true });
      fs.writeFileSync(path.join(inside, "base", "1", "1259"), "half a catalogue");
      const handle = await openDatabase({ kind: "pglite", dataDir: inside });
      await handle.ping();
      await handle.close();
      expect(fs.existsSync(path.join(inside, "PG_VERSION"))).toBe(true);
      expect(fs.existsSync(`${inside}.creating`)).toBe(false);
      const reopened = await openDatabase({ kind: "pglite", dataDir: inside });
      await reopened.ping();
      await reopened.close();
    } finally {
      fs.rmSync(fresh, { recursive: true, force: true });
    }
  });
});
