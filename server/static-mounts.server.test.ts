import fs from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";

import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { privateDirectory, uploadsDirectory } from "~/registry.server";

import { serveStatic } from "./static.server";
import { staticMounts } from "./static-mounts.server";

/**
 * What the production server serves from disk (decision 042): DATA_DIR/uploads, never the private
 * files beside it, however the address is spelt.
 */

let dataDir: string;
let server: http.Server;
let port: number;
const KEY = "manuscripts/2026-11/0b6a3c52-52c5-4cbb-9a0a-5d3e2a4f7c10.pdf";

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "cpscr-mounts-"));
  const client = path.join(dataDir, "client");
  fs.mkdirSync(client);
  for (const [folder, key] of [
    [privateDirectory(dataDir), KEY],
    [uploadsDirectory(dataDir), "2026-11/1b6a3c52-52c5-4cbb-9a0a-5d3e2a4f7c10.pdf"],
  ]) {
    fs.mkdirSync(path.dirname(path.join(folder, key)), { recursive: true });
    fs.writeFileSync(path.join(folder, key), "%PDF-1.7 private or public\n%%EOF");
  }
  const mounts = staticMounts({ dataDir }, client);
  server = http.createServer((req, res) => {
    if (!serveStatic(mounts, req, res)) res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  port = (server.address() as AddressInfo).port;
});
afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  fs.rmSync(dataDir, { recursive: true, force: true });
});

/** The status of a GET of this exact path (not normalised, as fetch would). */
const statusOf = (requestPath: string) =>
  new Promise<number>((resolve, reject) => {
    http
      .get({ host: "127.0.0.1", port, path: requestPath }, (res) => {
        res.resume();
        resolve(res.statusCode ?? 0);
      })
      .on("error", reject);
  });

describe("the static mounts", () => {
  it("serve no folder that holds the private files", () => {
    for (const s3 of [undefined, { bucket: "b" }]) {
      for (const mount of staticMounts({ dataDir, s3 }, path.join(dataDir, "client"))) {
        expect(path.relative(mount.directory, privateDirectory(dataDir)).startsWith("..")).toBe(true);
      }
    }
  });

  it("answer an upload, and no spelling of a private file's address", async () => {
    expect(await statusOf("/uploads/2026-11/1b6a3c52-52c5-4cbb-9a0a-5d3e2a4f7c10.pdf")).toBe(200);
    for (const asked of [
      `/uploads/../private/${KEY}`,
      `/uploads/%2e%2e/private/${KEY}`,
      `/uploads/..%2fprivate/${KEY}`,
      `/uploads/${KEY}`,
      `/private/${KEY}`,
      `/${KEY}`,
      `/../private/${KEY}`,
    ]) {
      expect(await statusOf(asked), asked).toBe(404);
    }
  });
});
