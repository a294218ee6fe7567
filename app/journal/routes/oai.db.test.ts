import { describe, expect, it } from "vitest";

import { testDatabaseKind } from "../../../tests/support/database";
import { child, echoed, readOai, text } from "../../../tests/support/oai";
import { setUpRouteRuntime } from "../../../tests/support/route-runtime";
import { action, loader } from "./oai";

setUpRouteRuntime();

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
