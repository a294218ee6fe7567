import fs from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import net from "node:net";

import { ObjectId } from "bson";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { landscapeImage } from "~/demo/images.server";

import { writeExportFolder } from "../support/legacy-export";
import { runScript, scratchDirectory, scratchPostgres } from "../support/site-process";

/**
 * `npm run import` of a dump whose files are named at addresses inside the network (issue 31,
 * decision 028): this machine (by address, by name, as IPv6, as a decimal number), the cloud
 * metadata service's link-local address, and redirects to them from a host the operator allowed.
 * Nothing may be fetched from them, and the report must read the same whether or not anything
 * listens at a refused address.
 */

const onPostgres = process.env.TEST_DB === "postgres";
const scratch: string[] = [];
let drop: (() => Promise<void>) | undefined;
let env: Record<string, string>;
const servers: http.Server[] = [];

/** Every request a server received, as "METHOD path". */
type Recorder = { requests: string[]; port: number };

async function listen(host: string, answer: http.RequestListener): Promise<Recorder> {
  const recorder: Recorder = { requests: [], port: 0 };
  const server = http.createServer((req, res) => {
    recorder.requests.push(`${req.method} ${req.url}`);
    answer(req, res);
  });
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, host, resolve));
  recorder.port = (server.address() as AddressInfo).port;
  return recorder;
}

/** A port on this machine where nothing listens. */
async function closedPort(): Promise<number> {
  const probe = net.createServer();
  await new Promise<void>((resolve) => probe.listen(0, "127.0.0.1", resolve));
  const { port } = probe.address() as AddressInfo;
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return port;
}

let png: Buffer;
/** Stands for anything on the inside (an admin page, a database's HTTP port): answers everyone with an image. */
let inside: Recorder;
/** The operator's old image host, allowed by address: a good file, and redirects inward. */
let oldHost: Recorder;
let nothingListens: number;

function post(image: string) {
  const id = new ObjectId();
  return {
    _id: id,
    title: `Post ${id.toHexString()}`,
    slug: `post-${id.toHexString()}`,
    category: "news",
    image,
    content: "<p>Text.</p>",
    createdAt: new Date("2023-01-05T09:30:00Z"),
    updatedAt: new Date("2023-01-05T09:30:00Z"),
  };
}

async function exportNaming(label: string, addresses: string[]) {
  const folder = scratchDirectory(`import-hosts-${label}`);
  scratch.push(folder);
  writeExportFolder(folder, { posts: addresses.map(post) }, { canonical: true });
  return folder;
}

/** The report's line about `url`, with the address itself taken out. */
function reasonFor(out: string, url: string): string {
  const line = out.split("\n").find((l) => l.includes(`${url} was not downloaded`));
  expect(line, `no line about ${url} in:\n${out}`).toBeDefined();
  return line!.slice(line!.indexOf(" was not downloaded")).trim();
}

beforeAll(async () => {
  png = (await landscapeImage(5, 64, 48)).bytes;
  // On every interface of this machine, IPv4 and IPv6: reached as 127.0.0.1, ::1 or localhost.
  inside = await listen("::", (_req, res) => res.writeHead(200, { "content-type": "image/webp" }).end(png));
  nothingListens = await closedPort();
  oldHost = await listen("127.0.0.2", (req, res) => {
    const to: Record<string, string> = {
      "/to-inside.png": `http://127.0.0.1:${inside.port}/secret.png`,
      "/to-nothing.png": `http://127.0.0.1:${nothingListens}/secret.png`,
      "/to-metadata.png": "http://169.254.169.254/latest/meta-data/iam/security-credentials/",
      "/to-localhost.png": `http://localhost:${inside.port}/secret.png`,
    };
    if (req.url === "/good.png") res.writeHead(200, { "content-type": "image/webp" }).end(png);
    else if (to[req.url ?? ""]) res.writeHead(302, { location: to[req.url ?? ""] }).end();
    else res.writeHead(404).end();
  });
  const dataDir = scratchDirectory("import-hosts");
  scratch.push(dataDir);
  env = { DATA_DIR: dataDir, DEMO_CONTENT: "false" };
  if (onPostgres) {
    const scratchDb = await scratchPostgres("import-hosts");
    drop = scratchDb.drop;
    env.DATABASE_URL = scratchDb.url;
  }
});
afterAll(async () => {
  for (const server of servers) {
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }
  await drop?.();
  for (const folder of scratch) fs.rmSync(folder, { recursive: true, force: true });
});

describe(`npm run import fetches only from the public internet (${onPostgres ? "PostgreSQL" : "PGlite"})`, () => {
  it("names loopback and link-local addresses: none is contacted, listening or not, and the report cannot tell", async () => {
    const listening = `http://127.0.0.1:${inside.port}/direct.png`;
    const silent = `http://127.0.0.1:${nothingListens}/direct.png`;
    const others = [
      `http://[::1]:${inside.port}/v6.png`,
      `http://localhost:${inside.port}/by-name.png`,
      // 127.0.0.1 written as one number, which URL parsers accept.
      `http://2130706433:${inside.port}/decimal.png`,
      `http://[::ffff:127.0.0.1]:${inside.port}/mapped.png`,
      "http://169.254.169.254/latest/meta-data/instance.png",
    ];
    const exported = await exportNaming("direct", [listening, silent, ...others]);
    const run = await runScript("import", [exported], env);
    expect(run.code, run.out).toBe(0);
    expect(run.out).toContain("Files: 0 downloaded, 7 could not be fetched.");
    expect(inside.requests).toEqual([]);
    // The same words for an address where something answers and one where nothing does.
    expect(reasonFor(run.out, listening)).toBe(reasonFor(run.out, silent));
    expect(reasonFor(run.out, listening)).toMatch(/not on the public internet \(a loopback address\)/);
    for (const url of others)
      expect(reasonFor(run.out, url), url).toMatch(
        /not on the public internet \(a (loopback|link-local) address\), so it was not contacted/,
      );
  });

  it("follows an allowed host's redirects only to public addresses: none inward is contacted", async () => {
    const base = `http://127.0.0.2:${oldHost.port}`;
    const exported = await exportNaming("redirects", [
      `${base}/good.png`,
      `${base}/to-inside.png`,
      `${base}/to-nothing.png`,
      `${base}/to-metadata.png`,
      `${base}/to-localhost.png`,
    ]);
    const asked = oldHost.requests.length;
    // The operator allows their old host's address, and that one alone.
    const run = await runScript("import", [exported, "--allow-private-hosts=127.0.0.2"], env);
    expect(run.code, run.out).toBe(0);
    expect(run.out).toContain("Files: 1 downloaded, 4 could not be fetched.");
    expect(oldHost.requests.slice(asked).sort()).toEqual(
      ["/good.png", "/to-inside.png", "/to-localhost.png", "/to-metadata.png", "/to-nothing.png"].map(
        (p) => `GET ${p}`,
      ),
    );
    expect(inside.requests).toEqual([]);
    expect(reasonFor(run.out, `${base}/to-inside.png`)).toBe(reasonFor(run.out, `${base}/to-nothing.png`));
    expect(reasonFor(run.out, `${base}/to-inside.png`)).toMatch(
      /it redirects to an address that is not on the public internet \(a loopback address\)/,
    );
    expect(reasonFor(run.out, `${base}/to-metadata.png`)).toMatch(/\(a link-local address\), so it was not contacted/);
    expect(reasonFor(run.out, `${base}/to-localhost.png`)).toMatch(/\(a loopback address\)/);
  });

  it("refuses an allow list that names no address, before touching anything", async () => {
    const exported = await exportNaming("bad-option", [`http://127.0.0.2:${oldHost.port}/good.png`]);
    const asked = oldHost.requests.length;
    const run = await runScript("import", [exported, "--allow-private-hosts=the-old-host"], env);
    expect(run.code).toBe(1);
    expect(run.out).toContain('"the-old-host" is not an IP address or a range');
    expect(oldHost.requests.length).toBe(asked);
  });
});
