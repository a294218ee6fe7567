/**
 * `npm run import -- PATH [--dry-run] [--merge] [--skip-media] [--allow-private-hosts[=…]]`: brings
 * the earlier system's data (a mongodump folder or archive, or a mongoexport folder) into this site
 * (decision 028). The work is app/services/import/; this reads the command line, opens the site and
 * draws the progress.
 */
import path from "node:path";

import { type DatabaseHandle, DataDirInUseError, openConfiguredDatabase } from "~/db/client.server";
import { servicesFor } from "~/registry.server";
import { CONTENT_TAGS, contentChanges } from "~/services/content-changes.server";
import {
  importEarlierSystem,
  type ImportProgress,
  ImportRefusedError,
  type ImportReport,
} from "~/services/import/import.server";
import { invalidAllowEntry, type PrivateHostsAllowed } from "~/services/import/public-address.server";
import { ExportFormatError, LEGACY_COLLECTIONS, openExport } from "~/services/import/readers.server";

import { describeStartError, fail, loadConfig } from "./startup.server";

const USAGE = "Use: npm run import -- PATH [--dry-run] [--merge] [--skip-media] [--allow-private-hosts[=ADDRESS,…]]";
const OPTIONS = new Set(["--dry-run", "--merge", "--skip-media", "--allow-private-hosts"]);
const ALLOW_PRIVATE = "--allow-private-hosts";

/**
 * --allow-private-hosts: files may come from loopback and private addresses; with =ADDRESS,… only
 * from those addresses and ranges (say, the old image host at 10.1.2.3). Without it, only from the
 * public internet (decision 028).
 */
function allowedPrivateHosts(argv: string[]): PrivateHostsAllowed | undefined {
  const given = argv.filter((arg) => arg === ALLOW_PRIVATE || arg.startsWith(`${ALLOW_PRIVATE}=`));
  if (given.length === 0) return undefined;
  if (given.includes(ALLOW_PRIVATE)) return true;
  const entries = given.flatMap((arg) => arg.slice(ALLOW_PRIVATE.length + 1).split(",")).map((e) => e.trim());
  const invalid = invalidAllowEntry(entries.filter(Boolean));
  if (invalid || !entries.some(Boolean)) fail(`${ALLOW_PRIVATE}: ${invalid ?? "name at least one address."} ${USAGE}`);
  return entries.filter(Boolean);
}

/** A bar drawn in place on a terminal; elsewhere one line per stage. */
function progressFor(stream: NodeJS.WriteStream): ImportProgress {
  const tty = Boolean(stream.isTTY);
  let label = "";
  let total: number | undefined;
  return {
    stage(name, amount) {
      label = name;
      total = amount;
      if (tty) stream.write(`\r${label}...`);
    },
    advance(done) {
      if (!tty) return;
      const width = 30;
      const share = total && total > 0 && done <= total ? done / total : undefined;
      const bar =
        share === undefined
          ? `${done}`
          : `[${"#".repeat(Math.round(share * width)).padEnd(width, ".")}] ${Math.round(share * 100)}%`;
      stream.write(`\r${label} ${bar}\u001b[K`);
    },
    end(summary) {
      stream.write(tty ? `\r${summary}\u001b[K\n` : `${summary}\n`);
    },
  };
}

export function describeReport(report: ImportReport): string {
  const lines = [report.dryRun ? `Dry run of a ${report.shape}: nothing was changed.` : `Imported a ${report.shape}.`];
  lines.push("collection     read  imported  already there  skipped");
  for (const collection of LEGACY_COLLECTIONS) {
    const c = report.counts[collection];
    if (!c.read) continue;
    lines.push(
      `${collection.padEnd(13)} ${String(c.read).padStart(5)} ${String(c.imported).padStart(9)} ${String(c.alreadyImported).padStart(14)} ${String(c.skipped).padStart(8)}`,
    );
  }
  const media = report.media;
  lines.push(
    report.dryRun || media.kept
      ? `Files: ${media.kept} on the old host ${report.dryRun ? "would be downloaded" : "kept at their old addresses (--skip-media)"}.`
      : `Files: ${media.downloaded} downloaded, ${media.failed} could not be fetched.`,
  );
  if (report.problems.length) {
    lines.push(`${report.problems.length} problem(s):`);
    for (const p of report.problems) lines.push(`  ${p.collection} ${p.record}: ${p.message}`);
  } else lines.push("No problems found.");
  return lines.join("\n");
}

export async function importCommand(argv: string[]) {
  const config = loadConfig();
  const unknown = argv.find((arg) => arg.startsWith("-") && !OPTIONS.has(arg) && !arg.startsWith(`${ALLOW_PRIVATE}=`));
  if (unknown) fail(`Unknown option ${unknown}. ${USAGE}`);
  const positional = argv.filter((arg) => !arg.startsWith("-"));
  if (positional.length !== 1) fail(`Give the folder or archive the earlier system was exported to. ${USAGE}`);
  const given = path.resolve(process.env.INIT_CWD ?? process.cwd(), positional[0]);
  const options = {
    dryRun: argv.includes("--dry-run"),
    merge: argv.includes("--merge"),
    skipMedia: argv.includes("--skip-media"),
    allowPrivateHosts: allowedPrivateHosts(argv),
    progress: progressFor(process.stdout),
  };

  let source;
  try {
    source = await openExport(given);
  } catch (error) {
    if (error instanceof ExportFormatError) fail(error.message);
    throw error;
  }
  let database: DatabaseHandle | undefined;
  try {
    database = await openConfiguredDatabase(config);
  } catch (error) {
    if (error instanceof DataDirInUseError) fail(`${error.message} Stop it before importing.`);
    fail(describeStartError(error, config));
  }
  try {
    const services = await servicesFor(database, config);
    const report = await importEarlierSystem(
      database.db,
      source,
      async (bytes, purpose, fileName) => (await services.media.ingestBuffer(bytes, { purpose, fileName })).url,
      options,
    );
    if (!report.dryRun) await contentChanges(database.notifications).publish([...CONTENT_TAGS]);
    console.log(describeReport(report));
  } catch (error) {
    console.error(
      error instanceof ImportRefusedError || error instanceof ExportFormatError
        ? error.message
        : `The import failed and changed nothing in the database: ${(error as Error).message}`,
    );
    process.exitCode = 1;
  } finally {
    await database.close();
  }
}
