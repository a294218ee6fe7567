import { describe, expect, it } from "vitest";

import { reportCount } from "../support/counts.ts";
import { describeReport, runCluster, SERVERS } from "./cluster.ts";

/**
 * Three app servers behind nginx (deploy/nginx/) on one PostgreSQL database and one S3 store, under
 * mixed load through a kill -9 and a rolling restart (tests/cluster/cluster.ts says what is checked).
 * PostgreSQL only: an embedded database belongs to one process. `npm run cluster` runs the same.
 */
describe(`a cluster of ${SERVERS} servers behind nginx (PostgreSQL, S3)`, () => {
  it("shows writes everywhere within a second, loses no acknowledged write, and drops no request but those in flight at a kill", async () => {
    const report = await runCluster({ log: (line) => console.log(`[cluster] ${line}`) });
    console.log(describeReport(report).join("\n"));
    expect(report.problems).toEqual([]);
    expect(report.writes.found).toBe(report.writes.acknowledged);
    expect(report.rolling.failed).toBe(0);
    expect(report.visibility.samples).toBeGreaterThanOrEqual(20);
    expect(report.visibility.maxMs).toBeLessThan(1000);
    expect(report.kill.failed).toBeLessThanOrEqual(report.kill.inHand);
    expect(report.readership.acknowledged).toBeGreaterThan(100);
    expect(report.readership.countedOnce).toBe(report.readership.acknowledged);

    const { requests, writes, visibility, kill, rolling, uploads, limits } = report;
    reportCount(
      "reliability",
      requests.served,
      `requests served through nginx by ${SERVERS} servers on PostgreSQL and S3 (${requests.reads} reads, ${requests.writes} writes; ${requests.failed} failed, each one the killed server had in hand)`,
    );
    reportCount("reliability", writes.acknowledged, "cluster writes acknowledged");
    reportCount(
      "reliability",
      writes.found,
      "cluster writes found afterwards in the database and on every server's pages",
    );
    reportCount(
      "reliability",
      visibility.p50Ms,
      `ms after a write on one server until a request to another shows it, p50 (${visibility.samples} samples; answered, page rendered again, after ${visibility.answeredP50Ms} ms)`,
    );
    reportCount(
      "reliability",
      visibility.maxMs,
      `ms after a write on one server until a request to another shows it, max (limit 1000; answered after ${visibility.answeredMaxMs} ms)`,
    );
    reportCount(
      "reliability",
      kill.failed,
      `requests failed at the kill -9 of one server, of the ${kill.inHand} it had in hand (nginx retried the others; no other request failed)`,
    );
    reportCount(
      "reliability",
      rolling.failed,
      `requests failed during the rolling restart of ${SERVERS} servers (of ${rolling.requests})`,
    );
    reportCount("reliability", uploads.servedByAll, "uploads served by every server");
    reportCount(
      "reliability",
      report.readership.countedOnce,
      `signed-out page reads through the kill -9 and the rolling restart counted exactly once in the readership figures (of ${report.readership.acknowledged} answered 200)`,
    );
    reportCount(
      "reliability",
      limits.signInPerAccount,
      `sign-in attempts allowed per account across ${SERVERS} servers (limit 10; ${limits.signInPerAddress} per address)`,
    );
  }, 420_000);
});
