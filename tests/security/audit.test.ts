import { describe, expect, it } from "vitest";

import { judgeAudit } from "../../scripts/audit-report.mjs";

/** The dependency check's verdicts, on reports as npm prints them. */
describe("npm audit verdict", () => {
  const report = (
    counts: Record<string, number>,
    vulnerabilities: Record<string, { name: string; severity: string }> = {},
  ) =>
    JSON.stringify({
      auditReportVersion: 2,
      vulnerabilities,
      metadata: { vulnerabilities: { info: 0, low: 0, moderate: 0, high: 0, critical: 0, total: 0, ...counts } },
    });

  it("passes with no high or critical advisory", () => {
    expect(judgeAudit(report({ low: 2, moderate: 1 }))).toEqual({
      verdict: "pass",
      message: expect.stringContaining("no high or critical advisory"),
    });
  });

  it("fails on a high or a critical advisory, naming the package", () => {
    const high = judgeAudit(report({ high: 1 }, { "sanitize-html": { name: "sanitize-html", severity: "high" } }));
    expect(high.verdict).toBe("fail");
    expect(high.message).toContain("sanitize-html (high)");
    expect(judgeAudit(report({ critical: 1 }, { pg: { name: "pg", severity: "critical" } })).verdict).toBe("fail");
  });

  it("says when the registry has no advisory service instead of passing silently", () => {
    const mirror = JSON.stringify({
      message: "405 Method Not Allowed",
      statusCode: 405,
      uri: "https://registry.example/-/npm/v1/security/advisories/bulk",
    });
    expect(judgeAudit(mirror)).toEqual({
      verdict: "unavailable",
      message: expect.stringContaining("the registry answered 405"),
    });
    expect(judgeAudit("").verdict).toBe("unavailable");
  });
});
