import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { closeRuntime } from "~/runtime.server";

import { installRuntime, openTestDatabase, type TestDatabase, testDatabaseKind } from "../../../tests/support/database";
import { child, echoed, readOai, text } from "../../../tests/support/oai";
import { action, loader } from "./oai";

let database: TestDatabase;

beforeAll(async () => {
  database = await openTestDatabase();
  installRuntime(database);
});
afterAll(async () => {
  await closeRuntime();
  await database?.dispose();
});

describe(`the /oai address (${testDatabaseKind})`, () => {
  it("answers a harvester's GET and its form POST with the repository's XML", async () => {
    const get = await loader({
      request: new Request("http://localhost/oai?verb=Identify"),
      params: {},
      context: {},
    } as never);
    const post = await action({
      request: new Request("http://localhost/oai", {
        method: "POST",
        headers: { "Content-Type": "application/x-www-form-urlencoded" },
        body: "verb=Identify",
      }),
      params: {},
      context: {},
    } as never);
    for (const response of [get, post]) {
      expect(response.headers.get("content-type")).toBe("text/xml; charset=utf-8");
      const root = readOai(await response.text());
      expect(echoed(root)).toEqual({ verb: "Identify" });
      expect(text(child(child(root, "Identify"), "baseURL"))).toBe("http://localhost/oai");
    }
  });
});
