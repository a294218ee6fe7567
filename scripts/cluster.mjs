// npm run cluster [-- --postgres URL]
//
// Runs the cluster scenario of the reliability suite and prints what it sees: three app servers on
// one PostgreSQL database and an S3-compatible store (s3rver), behind nginx with deploy/nginx/'s
// configuration, under mixed load through a kill -9 and a rolling restart (tests/cluster/cluster.ts).
// URL is a PostgreSQL server where a scratch database may be created and dropped (default:
// TEST_DATABASE_URL). nginx comes from the operating system's packages (installed when missing).
import { parseArgs } from "node:util";

import { buildIfNeeded, prepare } from "./build-if-needed.mjs";

const { values: args } = parseArgs({ options: { postgres: { type: "string" } } });
const server = args.postgres ?? process.env.TEST_DATABASE_URL;
if (!server) {
  console.error(
    "Give a PostgreSQL server: npm run cluster -- --postgres postgres://USER@HOST:5432/postgres (or set TEST_DATABASE_URL).",
  );
  process.exit(1);
}
process.env.TEST_DATABASE_URL = server;
prepare();
buildIfNeeded();
// The scenario is TypeScript, shared with the test: Node runs it as it is (type stripping).
const { describeReport, runCluster } = await import("../tests/cluster/cluster.ts");
const report = await runCluster({ log: (line) => console.log(`[cluster] ${line}`) });
console.log(`\n${describeReport(report).join("\n")}`);
process.exit(report.problems.length ? 1 : 0);
