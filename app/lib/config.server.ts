import path from "node:path";
import { z } from "zod";

/**
 * Runtime configuration, read once from the environment (and `.env`, loaded by the
 * start script). Every variable is documented in docs/configuration.md.
 */
const booleanText = z
  .string()
  .trim()
  .toLowerCase()
  .refine((v) => ["true", "false", "1", "0", "yes", "no"].includes(v), {
    message: "must be true or false",
  })
  .transform((v) => v === "true" || v === "1" || v === "yes");

/** A URL whose scheme is one of `protocols` (each with its colon). */
const urlWith = (protocols: string[], message: string) =>
  z
    .string()
    .trim()
    .refine((value) => {
      try {
        return protocols.includes(new URL(value).protocol);
      } catch {
        return false;
      }
    }, message);

const configSchema = z.object({
  PORT: z
    .string()
    .trim()
    .regex(/^\d+$/, "must be a whole number from 1 to 65535")
    .transform(Number)
    .refine((n) => n >= 1 && n <= 65535, "must be a whole number from 1 to 65535")
    .default(3000),
  HOST: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9.:[\]-]+$/, "must be a host name or IP address")
    .optional(),
  DATA_DIR: z.string().trim().min(1, "must not be empty").default("./data"),
  DATABASE_URL: urlWith(["postgres:", "postgresql:"], "must be a postgres:// or postgresql:// URL")
    .optional(),
  PUBLIC_URL: urlWith(["http:", "https:"], "must be an http:// or https:// URL")
    .transform((v) => v.replace(/\/+$/, ""))
    .optional(),
  DEMO_CONTENT: booleanText.default(true),
});

export type AppConfig = {
  port: number;
  host: string | undefined;
  dataDir: string;
  databaseUrl: string | undefined;
  publicUrl: string | undefined;
  demoContent: boolean;
};

export class ConfigError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "ConfigError";
  }
}

/** Reads the configuration; throws a ConfigError whose message is one line naming the variable. */
export function readConfig(env: Record<string, string | undefined> = process.env): AppConfig {
  // An empty variable means "not set", as it does for most tools.
  const present = Object.fromEntries(
    Object.keys(configSchema.shape)
      .map((key) => [key, env[key]])
      .filter(([, value]) => value !== undefined && value !== ""),
  );
  const result = configSchema.safeParse(present);
  if (!result.success) {
    const issue = result.error.issues[0];
    const name = String(issue.path[0]);
    throw new ConfigError(
      `Invalid configuration: ${name} ${issue.message} (got ${JSON.stringify(env[name])})`,
    );
  }
  const c = result.data;
  return {
    port: c.PORT,
    host: c.HOST,
    dataDir: path.resolve(c.DATA_DIR),
    databaseUrl: c.DATABASE_URL,
    publicUrl: c.PUBLIC_URL,
    demoContent: c.DEMO_CONTENT,
  };
}

let cached: AppConfig | undefined;
export function config(): AppConfig {
  cached ??= readConfig();
  return cached;
}
