/**
 * The operator commands (npm run seed:demo, create-admin, backup, restore): each opens the database
 * itself, or reaches the running server through its operator socket when that holds the database.
 */
import fs from "node:fs";
import path from "node:path";

import { type DatabaseHandle, DataDirInUseError, openConfiguredDatabase } from "~/db/client.server";
import { seedDemoContent } from "~/demo/seed.server";
import type { AppConfig } from "~/lib/config.server";
import { mediaOptions, privateFileOptions, servicesFor, siteStores } from "~/registry.server";
import { BackupError, describeManifest, readManifest, restoreBackup, writeBackup } from "~/services/backup.server";
import { CONTENT_TAGS, contentChanges } from "~/services/content-changes.server";

import {
  ARCHIVE_MODE,
  createAdmin,
  type CreateAdminRequest,
  receiveBackup,
  sendControlCommand,
} from "./control.server";
import { describeStartError, fail, loadConfig } from "./startup.server";

/** Paths on the command line are the operator's, relative to where they ran npm (not the project folder). */
function operatorPath(given: string) {
  return path.resolve(process.env.INIT_CWD ?? process.cwd(), given);
}

function where(config: AppConfig) {
  if (!config.databaseUrl) return `DATA_DIR (${config.dataDir})`;
  const url = new URL(config.databaseUrl);
  return `the database at DATABASE_URL (${url.hostname}:${url.port || 5432}${url.pathname})`;
}

/** A backup or a restore needs few connections: one dump or one transaction at a time. */
function openForArchive(config: AppConfig) {
  return openConfiguredDatabase(config, { poolSize: 2 });
}

/** The site as a backup records it: which database and which file store. */
function sourceOf(config: AppConfig) {
  return {
    database: config.databaseUrl ? ("postgres" as const) : ("pglite" as const),
    uploads: config.s3 ? ("s3" as const) : ("local" as const),
  };
}

/**
 * `npm run backup [-- FILE]`: one .tar.gz with the database and every uploaded file. Works on
 * DATABASE_URL, on a stopped embedded database, and through a running server's operator socket.
 */
export async function backupCommand(argv: string[]) {
  const config = loadConfig();
  const positional = argv.filter((arg) => !arg.startsWith("-"));
  const unknown = argv.find((arg) => arg.startsWith("-"));
  if (unknown) fail(`Unknown option ${unknown}. Use: npm run backup [-- FILE]`);
  if (positional.length > 1) fail("Give at most one file to write the backup to: npm run backup [-- FILE]");
  const stamp = new Date()
    .toISOString()
    .replace(/\.\d+Z$/, "Z")
    .replace(/:/g, "-");
  const output = positional[0] ? operatorPath(positional[0]) : path.resolve("backups", `backup-${stamp}.tar.gz`);
  if (fs.existsSync(output)) fail(`${output} already exists: choose another file name.`);
  fs.mkdirSync(path.dirname(output), { recursive: true });
  // Written under a temporary name: a file with the final name is always a whole backup.
  const partial = `${output}.partial`;

  try {
    let database: DatabaseHandle | undefined;
    try {
      database = await openForArchive(config);
    } catch (error) {
      if (!(error instanceof DataDirInUseError)) fail(describeStartError(error, config));
      const received = await receiveBackup(config.dataDir, partial);
      if (!received)
        fail(`${error.message} It did not answer on its operator socket; stop it and run the backup again.`);
    }
    if (database) {
      try {
        await writeBackup(
          database.db,
          siteStores(config.dataDir, config),
          fs.createWriteStream(partial, { mode: ARCHIVE_MODE }),
          sourceOf(config),
        );
      } finally {
        await database.close();
      }
    }
    fs.renameSync(partial, output);
  } catch (error) {
    fs.rmSync(partial, { force: true });
    fail(`The backup failed: ${(error as Error).message}`);
  }
  const manifest = await readManifest(output);
  console.log(`Backup of ${where(config)} written to ${output}: ${describeManifest(manifest)}.`);
}

/**
 * `npm run restore -- ARCHIVE [--force]`: brings DATA_DIR (or DATABASE_URL, and the file store) to
 * the archive's content. Refuses a target that has content unless --force; all or nothing.
 */
export async function restoreCommand(argv: string[]) {
  const config = loadConfig();
  const force = argv.includes("--force");
  const unknown = argv.find((arg) => arg.startsWith("-") && arg !== "--force");
  if (unknown) fail(`Unknown option ${unknown}. Use: npm run restore -- ARCHIVE [--force]`);
  const positional = argv.filter((arg) => !arg.startsWith("-"));
  if (positional.length !== 1) fail("Give the backup archive to restore: npm run restore -- ARCHIVE [--force]");
  const archive = operatorPath(positional[0]);
  if (!fs.existsSync(archive) || !fs.statSync(archive).isFile()) fail(`There is no file ${archive}.`);

  let database: DatabaseHandle | undefined;
  try {
    database = await openForArchive(config);
  } catch (error) {
    if (error instanceof DataDirInUseError)
      fail(`${error.message} Stop it before restoring: a restore replaces the database under it.`);
    fail(describeStartError(error, config));
  }
  try {
    const manifest = await restoreBackup(
      database.db,
      siteStores(config.dataDir, config),
      fs.createReadStream(archive),
      { force },
    );
    // Servers running on this PostgreSQL database render their pages again.
    await contentChanges(database.notifications).publish([...CONTENT_TAGS]);
    console.log(
      `Restored ${path.basename(archive)} (made ${manifest.createdAt}) into ${where(config)}: ${describeManifest(manifest)}.`,
    );
  } catch (error) {
    console.error(
      error instanceof BackupError
        ? error.message
        : `The restore failed and changed nothing: ${(error as Error).message}`,
    );
    process.exitCode = 1;
  } finally {
    await database.close();
  }
}

/** `npm run seed:demo`: adds the demo to an empty database, including a DATABASE_URL one. */
export async function seedDemoCommand() {
  const config = loadConfig();
  let database;
  try {
    database = await openConfiguredDatabase(config);
  } catch (error) {
    fail(describeStartError(error, config));
  }
  try {
    const result = await seedDemoContent(
      database.db,
      mediaOptions(config.dataDir, config),
      privateFileOptions(config.dataDir, config),
    );
    // Servers already running on this database render their pages again.
    if (result === "seeded") await contentChanges(database.notifications).publish([...CONTENT_TAGS]);
    if (result === "skipped") {
      console.error("The database already has content: the demo content was not added.");
      process.exitCode = 1;
    } else {
      console.log("Demo content added.");
    }
  } finally {
    await database.close();
  }
}

/**
 * `npm run create-admin -- --username NAME --email ADDRESS --password SECRET`: creates an admin, or
 * promotes NAME. Works on DATABASE_URL, on a stopped embedded database, and through a running server.
 */
export async function createAdminCommand(argv: string[]) {
  const config = loadConfig();
  const input: CreateAdminRequest = { username: "" };
  for (let i = 0; i < argv.length; i++) {
    const [flag, inline] = argv[i].split(/=(.*)/s);
    const value = inline ?? argv[++i];
    if (flag === "--username") input.username = value ?? "";
    else if (flag === "--email") input.email = value;
    else if (flag === "--password") input.password = value;
    else fail(`Unknown option ${flag}. Use --username NAME --email ADDRESS --password SECRET.`);
  }
  if (!input.username)
    fail("Give the admin's username: --username NAME (and --email and --password for a new account).");

  let database;
  try {
    database = await openConfiguredDatabase(config);
  } catch (error) {
    if (!(error instanceof DataDirInUseError)) fail(describeStartError(error, config));
    const reply = await sendControlCommand(config.dataDir, input);
    if (!reply) fail(`${error.message} It did not answer on its operator socket; stop it and try again.`);
    if (!reply.ok) fail(reply.message);
    console.log(reply.message);
    return;
  }
  try {
    const result = await createAdmin(await servicesFor(database, config), input);
    if (!result.ok) {
      console.error(result.message);
      process.exitCode = 1;
    } else {
      console.log(result.message);
    }
  } finally {
    await database.close();
  }
}
