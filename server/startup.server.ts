import { type AppConfig, ConfigError, readConfig } from "~/lib/config.server";

import { keepNewFilesPrivate } from "./data-dir-permissions.server";

/**
 * What the server and every operator command do first: read the settings, and say in one line
 * what is wrong when they cannot go on.
 */
export function fail(message: string): never {
  console.error(message);
  process.exit(1);
}

export function loadConfig(): AppConfig {
  // The server and every operator command: what they write in DATA_DIR is for this user only.
  keepNewFilesPrivate();
  try {
    return readConfig();
  } catch (error) {
    if (error instanceof ConfigError) fail(error.message);
    throw error;
  }
}

/** One line on why the database could not be opened, without a stack trace. */
export function describeStartError(error: unknown, config: AppConfig): string {
  // Drizzle wraps the driver's error ("Failed query: <sql>"); the cause says what went wrong.
  const cause = (error as { cause?: unknown }).cause;
  const reason = cause instanceof Error ? cause : error;
  const message = (reason instanceof Error ? reason.message : String(reason)).split("\n")[0];
  const code = (error as { code?: string }).code;
  if (config.databaseUrl) {
    const where = new URL(config.databaseUrl);
    return `Could not open the database at DATABASE_URL (${where.hostname}:${where.port || 5432}${where.pathname}): ${code ?? ""} ${message}`.replace(
      /\s+/g,
      " ",
    );
  }
  return `Could not open the embedded database in DATA_DIR (${config.dataDir}): ${message}`;
}
