// How `npm audit --omit=dev --json` is judged: any high or critical advisory fails the run. A
// registry without an advisory service (this project's CI mirror answers 405) cannot be judged;
// that is said plainly, and fails only when AUDIT_REQUIRED=true.

/**
 * @param {string} output what `npm audit --json` printed
 * @returns {{ verdict: "pass" | "fail" | "unavailable", message: string }}
 */
export function judgeAudit(output) {
  let report;
  try {
    report = JSON.parse(output);
  } catch {
    return { verdict: "unavailable", message: "npm audit printed no report." };
  }
  const counts = report?.metadata?.vulnerabilities;
  if (!counts) {
    const reason = report?.statusCode
      ? `the registry answered ${report.statusCode} (${report.uri ?? "its advisory service"})`
      : (report?.message ?? report?.error?.summary ?? "no report");
    return { verdict: "unavailable", message: `npm audit could not check advisories: ${reason}.` };
  }
  const serious = (counts.high ?? 0) + (counts.critical ?? 0);
  const names = Object.values(report.vulnerabilities ?? {})
    .filter((v) => v.severity === "high" || v.severity === "critical")
    .map((v) => `${v.name} (${v.severity})`);
  const summary = `${counts.critical ?? 0} critical, ${counts.high ?? 0} high, ${counts.moderate ?? 0} moderate, ${counts.low ?? 0} low`;
  return serious > 0
    ? {
        verdict: "fail",
        message: `npm audit: ${summary} advisories in production dependencies: ${names.join(", ")}. Update them (npm audit fix) before release.`,
      }
    : { verdict: "pass", message: `npm audit: no high or critical advisory in production dependencies (${summary}).` };
}
