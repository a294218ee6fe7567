import { execFile } from "node:child_process";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { promisify } from "node:util";

import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { oaiIdentifier } from "~/journal/exports/oai/oai.server";
import { oaiResponse } from "~/journal/web/oai-response.server";
import type { Services } from "~/registry.server";

import { openTestDatabase, type TestDatabase, testDatabaseKind, testServices } from "../support/database";
import { insertArticles, insertIssue } from "../support/oai";

/**
 * A harvest by a harvester nobody here wrote: Debian's oai_pmh (HTTP::OAI) asks the repository for
 * every record over HTTP, following the resumption tokens, as BASE or OpenAIRE would.
 */
const run = promisify(execFile);

const PUBLIC_ARTICLES = 1_050;

let database: TestDatabase;
let services: Services;
let server: http.Server;
let baseUrl: string;
const publicIds: string[] = [];
const withdrawnIds: string[] = [];

beforeAll(async () => {
  database = await openTestDatabase();
  services = testServices(database);
  const issue = await insertIssue(database.db, 1, 1, 2025);
  publicIds.push(...(await insertArticles(database.db, PUBLIC_ARTICLES / 2, { issueId: issue.id }, "harvest-a")));
  publicIds.push(...(await insertArticles(database.db, PUBLIC_ARTICLES / 2, { section: "review" }, "harvest-b")));
  // Never public: not in any answer.
  await insertArticles(database.db, 20, { status: "draft" }, "harvest-draft");
  const gone = await insertArticles(database.db, 30, { issueId: issue.id }, "harvest-gone");
  await services.articles.setStatus(gone.slice(0, 10), "draft");
  for (const id of gone.slice(10)) await services.articles.remove(id);
  await services.articles.purge(gone.slice(20));
  withdrawnIds.push(...gone);

  server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      const request = new Request(`http://${req.headers.host}${req.url}`, {
        method: req.method,
        headers: req.headers as Record<string, string>,
        body: req.method === "POST" ? Buffer.concat(chunks) : undefined,
      });
      oaiResponse(request, services.oai, baseUrl.replace(/\/oai$/, ""))
        .then(async (response) => {
          res.writeHead(response.status, Object.fromEntries(response.headers));
          res.end(Buffer.from(await response.arrayBuffer()));
        })
        .catch((error: unknown) => {
          res.writeHead(500).end(String(error));
        });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/oai`;
});

afterAll(async () => {
  await new Promise((resolve) => server?.close(resolve));
  await services?.changes.close();
  await database?.dispose();
});

/**
 * What oai_pmh printed: an entry per header or record ("identifier: …", "status: deleted", then the
 * record's metadata as XML), each ended by a form feed.
 */
async function harvest(verb: "ListIdentifiers" | "ListRecords", metadataPrefix: string) {
  const { stdout } = await run("oai_pmh", ["-X", verb, "--metadataPrefix", metadataPrefix, baseUrl], {
    maxBuffer: 256 * 1024 * 1024,
  });
  return stdout
    .split("\f")
    .filter((entry) => entry.trim() !== "")
    .map((entry) => ({
      identifier: /^identifier: (.+)$/m.exec(entry)?.[1],
      deleted: /^status: deleted$/m.test(entry),
      title: /<(?:dc|datacite):title>([^<]*)<\/(?:dc|datacite):title>/.exec(entry)?.[1],
      entry,
    }));
}

/** libxml2's verdict on a document: xmllint exits non-zero on anything not well-formed. */
async function xmllint(xml: string) {
  const check = run("xmllint", ["--noout", "--nonet", "-"]);
  check.child.stdin!.end(xml);
  await check;
}

describe(`an OAI-PMH harvest by HTTP::OAI (${testDatabaseKind})`, () => {
  it("gets every public and every withdrawn article exactly once, the withdrawn ones as deleted", async () => {
    const harvests = [
      ["ListIdentifiers", "oai_dc"],
      ["ListRecords", "oai_dc"],
      ["ListRecords", "oai_openaire"],
    ] as const;
    for (const [verb, metadataPrefix] of harvests) {
      const entries = await harvest(verb, metadataPrefix);
      const identifiers = entries.map((e) => e.identifier);
      expect(new Set(identifiers).size, verb).toBe(identifiers.length);
      expect(identifiers.length, verb).toBe(PUBLIC_ARTICLES + withdrawnIds.length);
      const deleted = entries.filter((e) => e.deleted).map((e) => e.identifier);
      const site = baseUrl.replace(/\/oai$/, "");
      expect(deleted.sort(), verb).toEqual(withdrawnIds.map((id) => oaiIdentifier(site, id)).sort());
      const live = entries.filter((e) => !e.deleted);
      expect(live.map((e) => e.identifier).sort()).toEqual(publicIds.map((id) => oaiIdentifier(site, id)).sort());
      if (verb === "ListRecords") expect(live.every((e) => e.title?.startsWith("Article "))).toBe(true);
    }
  });

  it("answers every verb and every refusal over HTTP as XML that libxml2 reads, GET or POST", async () => {
    const id = oaiIdentifier(baseUrl, publicIds[0]);
    const queries = [
      "verb=Identify",
      "verb=ListMetadataFormats",
      `verb=ListMetadataFormats&identifier=${id}`,
      "verb=ListSets",
      "verb=ListIdentifiers&metadataPrefix=oai_dc&set=volume:1:issue:1",
      "verb=ListRecords&metadataPrefix=oai_dc&set=section:review",
      "verb=ListRecords&metadataPrefix=oai_openaire&set=volume:1",
      `verb=GetRecord&metadataPrefix=oai_dc&identifier=${id}`,
      `verb=GetRecord&metadataPrefix=oai_dc&identifier=${oaiIdentifier(baseUrl, withdrawnIds[0])}`,
      "verb=Nothing",
      "verb=ListRecords&metadataPrefix=oai_dc&from=2025-01-01&until=2024-01-01",
      "verb=ListRecords&resumptionToken=forged",
      "verb=ListRecords&metadataPrefix=mods",
      "verb=ListRecords&metadataPrefix=oai_dc&set=volume:99",
    ];
    for (const query of queries) {
      const get = await fetch(`${baseUrl}?${query}`);
      // A harvester's POST carries no Origin: it is not a cross-site form.
      const post = await fetch(baseUrl, {
        method: "POST",
        headers: { "Content-Type": "application/x-www-form-urlencoded" },
        body: query,
      });
      const [fromGet, fromPost] = [await get.text(), await post.text()];
      expect(get.headers.get("content-type"), query).toBe("text/xml; charset=utf-8");
      await xmllint(fromGet);
      const withoutDate = (xml: string) => xml.replace(/<responseDate>[^<]*<\/responseDate>/, "");
      expect(withoutDate(fromPost), query).toBe(withoutDate(fromGet));
    }
  });
});
