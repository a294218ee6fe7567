import { describe, expect, it } from "vitest";

import { datestamp, escapeXml, parseDatestamp, parseRequest, timeWindow } from "./protocol";

describe("OAI-PMH arguments", () => {
  it("takes each verb's own arguments and no others", () => {
    expect(
      parseRequest([
        ["verb", "GetRecord"],
        ["identifier", "x"],
        ["metadataPrefix", "oai_dc"],
      ]),
    ).toEqual({
      verb: "GetRecord",
      args: { identifier: "x", metadataPrefix: "oai_dc" },
    });
    expect(
      parseRequest([
        ["verb", "ListRecords"],
        ["resumptionToken", "t"],
      ]),
    ).toEqual({
      verb: "ListRecords",
      args: { resumptionToken: "t" },
    });
    const codes = (pairs: [string, string][]) => {
      const parsed = parseRequest(pairs);
      return "errors" in parsed ? parsed.errors.map((e) => e.code) : [];
    };
    expect(codes([])).toEqual(["badVerb"]);
    expect(codes([["verb", "identify"]])).toEqual(["badVerb"]);
    expect(
      codes([
        ["verb", "Identify"],
        ["verb", "ListSets"],
      ]),
    ).toEqual(["badVerb"]);
    expect(
      codes([
        ["verb", "Identify"],
        ["set", "a"],
        ["from", "b"],
      ]),
    ).toEqual(["badArgument", "badArgument"]);
    expect(codes([["verb", "GetRecord"]])).toEqual(["badArgument", "badArgument"]);
    expect(
      codes([
        ["verb", "ListIdentifiers"],
        ["resumptionToken", "t"],
        ["metadataPrefix", "oai_dc"],
      ]),
    ).toEqual(["badArgument"]);
  });
});

describe("OAI-PMH dates", () => {
  it("reads the two granularities, real dates only", () => {
    expect(parseDatestamp("2024-02-29")).toEqual({ at: new Date("2024-02-29T00:00:00Z"), granularity: "day" });
    expect(parseDatestamp("2024-02-29T23:59:59Z")?.granularity).toBe("second");
    expect(parseDatestamp("0001-01-01")?.at.toISOString()).toBe("0001-01-01T00:00:00.000Z");
    for (const bad of ["2023-02-29", "2024-1-1", "2024-01-01T24:00:00Z", "2024-01-01T10:00:00", "2024-01-01Z"]) {
      expect(parseDatestamp(bad), bad).toBeNull();
    }
    expect(datestamp(new Date("2025-06-03T10:11:12.999Z"))).toBe("2025-06-03T10:11:12Z");
  });

  it("makes until include its whole day or second", () => {
    expect(timeWindow("2025-01-01", "2025-01-31")).toEqual({
      from: new Date("2025-01-01T00:00:00Z"),
      before: new Date("2025-02-01T00:00:00Z"),
    });
    expect(timeWindow(undefined, "2025-01-31T10:00:00Z")).toEqual({
      from: null,
      before: new Date("2025-01-31T10:00:01Z"),
    });
    expect(timeWindow("2025-01-01", "2025-01-01T00:00:00Z")).toMatchObject({ code: "badArgument" });
    expect(timeWindow("2025-01-02", "2025-01-01")).toMatchObject({ code: "badArgument" });
    expect(timeWindow("2025-01-01", "2025-01-01")).toMatchObject({ from: new Date("2025-01-01T00:00:00Z") });
  });
});

describe("OAI-PMH XML", () => {
  it("escapes markup and drops what XML 1.0 cannot carry", () => {
    expect(escapeXml(`a & <b> "c"\u0000\u0008\uFFFE\uD800 ✓ 𝄞`)).toBe("a &amp; &lt;b&gt; &quot;c&quot; ✓ 𝄞");
  });
});
