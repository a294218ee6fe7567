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

const megabytes = z
  .string()
  .trim()
  .regex(/^\d+(\.\d+)?$/, "must be a number of megabytes")
  .transform(Number)
  .refine((n) => n > 0 && n <= 1024, "must be between 0 and 1024 megabytes");

/** A whole number from `min` to `max`, of `unit` when it has one (the message names it). */
const wholeNumber = (min: number, max: number, unit?: string) => {
  const message = `must be a whole number ${unit ? `of ${unit} ` : ""}from ${min} to ${max}`;
  return z
    .string()
    .trim()
    .regex(/^\d+$/, message)
    .transform(Number)
    .refine((n) => n >= min && n <= max, message);
};

/** "https://app.example.edu" or "http://localhost:5173": a scheme, a host, perhaps a port, nothing else. */
function isOrigin(value: string): boolean {
  try {
    const url = new URL(value);
    return (url.protocol === "http:" || url.protocol === "https:") && url.origin === value.replace(/\/$/, "");
  } catch {
    return false;
  }
}

const configSchema = z.object({
  PORT: wholeNumber(1, 65535).default(3000),
  HOST: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9.:[\]-]+$/, "must be a host name or IP address")
    .optional(),
  DATA_DIR: z.string().trim().min(1, "must not be empty").default("./data"),
  DATABASE_URL: urlWith(["postgres:", "postgresql:"], "must be a postgres:// or postgresql:// URL").optional(),
  PUBLIC_URL: urlWith(["http:", "https:"], "must be an http:// or https:// URL")
    .transform((v) => v.replace(/\/+$/, ""))
    .optional(),
  DEMO_CONTENT: booleanText.default(true),
  AUTH_SECRET: z.string().min(32, "must be at least 32 characters").optional(),
  TRUST_PROXY: booleanText.default(false),
  REQUIRE_ADMIN_2FA: booleanText.default(false),
  GOOGLE_CLIENT_ID: z.string().trim().min(1).optional(),
  GOOGLE_CLIENT_SECRET: z.string().trim().min(1).optional(),
  GOOGLE_JWKS_URL: urlWith(["http:", "https:"], "must be an http:// or https:// URL").optional(),
  PAGE_CACHE: booleanText.default(true),
  CORS_ORIGINS: z
    .string()
    .trim()
    .transform((value) =>
      value
        .split(",")
        .map((o) => o.trim())
        .filter(Boolean),
    )
    .refine(
      (origins) => origins.every(isOrigin),
      "must be a comma-separated list of origins such as https://app.example.edu (scheme and host, no path)",
    )
    .optional(),
  OIDC_ISSUER: urlWith(["http:", "https:"], "must be an http:// or https:// URL").optional(),
  OIDC_CLIENT_ID: z.string().trim().min(1).optional(),
  OIDC_CLIENT_SECRET: z.string().trim().min(1).optional(),
  OIDC_NAME: z.string().trim().min(1).max(40, "must be at most 40 characters").optional(),
  PGLITE_SHARED_BUFFERS_MB: wholeNumber(1, 4096, "megabytes").default(16),
  PAGE_CACHE_MB: wholeNumber(1, 4096, "megabytes").default(32),
  // Read by scripts/start.mjs before the server starts (V8 takes it as a flag); checked here too.
  HEAP_SEMI_SPACE_MB: wholeNumber(1, 256, "megabytes").default(8),
  HEAP_OLD_SPACE_MB: wholeNumber(64, 65536, "megabytes").default(256),
  PGLITE_OPTIMIZING_COMPILER: booleanText.default(false),
  MAX_IMAGE_MB: megabytes.default(10),
  MAX_PDF_MB: megabytes.default(50),
  S3_BUCKET: z.string().trim().min(1).optional(),
  S3_ENDPOINT: urlWith(["http:", "https:"], "must be an http:// or https:// URL").optional(),
  S3_REGION: z.string().trim().min(1).default("us-east-1"),
  S3_ACCESS_KEY_ID: z.string().trim().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().trim().min(1).optional(),
  S3_FORCE_PATH_STYLE: booleanText.optional(),
  ACTIVITY_RETENTION_DAYS: wholeNumber(1, 36500, "days").default(365),
  ROBOTS_NOINDEX: booleanText.default(false),
  READERSHIP: booleanText.default(true),
  READERSHIP_SECRET_DAYS: wholeNumber(1, 365, "days").default(2),
  READERSHIP_RETENTION_DAYS: wholeNumber(0, 36500, "days").default(0),
  READERSHIP_SETTLE_SECONDS: wholeNumber(40, 3600, "seconds").default(61),
  READERSHIP_COUNTRY_HEADER: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9-]+$/, "must be a header name such as CF-IPCountry")
    .transform((name) => name.toLowerCase())
    .optional(),
  SMTP_URL: urlWith(["smtp:", "smtps:"], "must be an smtp:// or smtps:// URL").optional(),
  MAIL_FROM: z
    .string()
    .trim()
    .max(200, "must be at most 200 characters")
    .regex(/^[^\r\n]*@[^\r\n]*$/, 'must be an address such as "Centre" <no-reply@example.edu>')
    .optional(),
});

/** Variables that only make sense together: [the one that is set, the one it needs]. */
const PAIRS: [string, string][] = [
  ["GOOGLE_CLIENT_ID", "GOOGLE_CLIENT_SECRET"],
  ["GOOGLE_CLIENT_SECRET", "GOOGLE_CLIENT_ID"],
  ["OIDC_ISSUER", "OIDC_CLIENT_ID"],
  ["OIDC_CLIENT_ID", "OIDC_ISSUER"],
  ["OIDC_CLIENT_SECRET", "OIDC_CLIENT_ID"],
  ["S3_ENDPOINT", "S3_BUCKET"],
  ["S3_ACCESS_KEY_ID", "S3_SECRET_ACCESS_KEY"],
  ["S3_SECRET_ACCESS_KEY", "S3_ACCESS_KEY_ID"],
];

export type ExternalProvider = {
  id: string;
  name: string;
  clientId: string;
  clientSecret?: string;
  issuer?: string;
  /** Google only: where its ID-token signing keys are published, when not Google's own address. */
  jwksUrl?: string;
};

export type AppConfig = {
  port: number;
  host: string | undefined;
  dataDir: string;
  databaseUrl: string | undefined;
  publicUrl: string | undefined;
  demoContent: boolean;
  /** Unset: a secret generated on first start and kept in DATA_DIR. */
  authSecret: string | undefined;
  /** Take the client address from X-Forwarded-For (only behind a proxy that sets it). */
  trustProxy: boolean;
  /** Admins must turn two-factor sign-in on before any admin screen or call works (decision 023). */
  requireAdminTwoFactor: boolean;
  google: ExternalProvider | undefined;
  oidc: ExternalProvider | undefined;
  /** Keep signed-out visitors' public pages in memory until their content changes. */
  pageCache: boolean;
  /** The most memory the page cache's pages (and their compressed copies) may take. */
  pageCacheBytes: number;
  /** The embedded database's buffer cache. */
  pgliteSharedBuffersMb: number;
  /** Other sites' origins allowed to call /api with the visitor's cookies. Empty: none. */
  corsOrigins: string[];
  /** Upload limits in bytes. */
  maxImageBytes: number;
  maxPdfBytes: number;
  /** Set: uploaded files go to this S3-compatible bucket instead of DATA_DIR/uploads. */
  s3: S3Config | undefined;
  /** Activity log entries older than this many days are deleted. */
  activityRetentionDays: number;
  /** A site search engines should leave alone (a staging copy): robots.txt disallows everything. */
  robotsNoindex: boolean;
  /** Readership statistics (issue 35, decision 043). */
  readership: ReadershipConfig;
  /** Set: mails go out through this SMTP server; unset: to DATA_DIR/outbox (the development outbox). */
  smtpUrl: string | undefined;
  /** The From header of the site's mails; unset: the site's name at no-reply@ the public host. */
  mailFrom: string | undefined;
};

export type ReadershipConfig = {
  /** Count reads at all (READERSHIP). */
  enabled: boolean;
  /** Days the secret of a day that sessions are hashed with is kept. */
  secretDays: number;
  /** Days the daily figures are kept; 0: for good. */
  retentionDays: number;
  /** Seconds a read waits before it is summed (the double-click window and a margin). */
  settleSeconds: number;
  /** A trusted proxy's header naming the reader's country (lower case), if any. */
  countryHeader: string | undefined;
};

export type S3Config = {
  bucket: string;
  endpoint?: string;
  region: string;
  accessKeyId?: string;
  secretAccessKey?: string;
  forcePathStyle: boolean;
};

/**
 * The address the server listens on, as a browser on this machine names it: HOST (in brackets when
 * it is an IPv6 address), or `localhost` when it listens on every interface.
 */
export function listeningOrigin(cfg: Pick<AppConfig, "host" | "port">): string {
  const host = cfg.host?.replace(/^\[(.*)\]$/, "$1");
  const shown = !host || host === "0.0.0.0" || host === "::" ? "localhost" : host.includes(":") ? `[${host}]` : host;
  return `http://${shown}:${cfg.port}`;
}

/**
 * Where the links in the site's mails point (reset, confirmation, "someone tried"): PUBLIC_URL,
 * else the address the server listens on. Never a request's Host header, which whoever sends the
 * request chooses (issue 31): a reset link must not carry its token to another site.
 */
export function mailLinkOrigin(cfg: Pick<AppConfig, "publicUrl" | "host" | "port">): string {
  return cfg.publicUrl ? new URL(cfg.publicUrl).origin : listeningOrigin(cfg);
}

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
    // Secrets are never echoed back.
    const shown = /SECRET|SMTP_URL/.test(name) ? "" : ` (got ${JSON.stringify(env[name])})`;
    throw new ConfigError(`Invalid configuration: ${name} ${issue.message}${shown}`);
  }
  const c = result.data;
  for (const [name, needs] of PAIRS) {
    if (present[name] !== undefined && present[needs] === undefined) {
      throw new ConfigError(`Invalid configuration: ${name} is set, so ${needs} must be set too`);
    }
  }
  return {
    port: c.PORT,
    host: c.HOST,
    dataDir: path.resolve(c.DATA_DIR),
    databaseUrl: c.DATABASE_URL,
    publicUrl: c.PUBLIC_URL,
    demoContent: c.DEMO_CONTENT,
    authSecret: c.AUTH_SECRET,
    trustProxy: c.TRUST_PROXY,
    requireAdminTwoFactor: c.REQUIRE_ADMIN_2FA,
    google:
      c.GOOGLE_CLIENT_ID && c.GOOGLE_CLIENT_SECRET
        ? {
            id: "google",
            name: "Google",
            clientId: c.GOOGLE_CLIENT_ID,
            clientSecret: c.GOOGLE_CLIENT_SECRET,
            jwksUrl: c.GOOGLE_JWKS_URL,
          }
        : undefined,
    oidc:
      c.OIDC_ISSUER && c.OIDC_CLIENT_ID
        ? {
            id: "oidc",
            name: c.OIDC_NAME ?? "Single sign-on",
            clientId: c.OIDC_CLIENT_ID,
            clientSecret: c.OIDC_CLIENT_SECRET,
            issuer: c.OIDC_ISSUER,
          }
        : undefined,
    pageCache: c.PAGE_CACHE,
    pageCacheBytes: c.PAGE_CACHE_MB * 1024 * 1024,
    pgliteSharedBuffersMb: c.PGLITE_SHARED_BUFFERS_MB,
    corsOrigins: (c.CORS_ORIGINS ?? []).map((o) => o.replace(/\/$/, "")),
    maxImageBytes: Math.round(c.MAX_IMAGE_MB * 1024 * 1024),
    maxPdfBytes: Math.round(c.MAX_PDF_MB * 1024 * 1024),
    s3: c.S3_BUCKET
      ? {
          bucket: c.S3_BUCKET,
          endpoint: c.S3_ENDPOINT,
          region: c.S3_REGION,
          accessKeyId: c.S3_ACCESS_KEY_ID,
          secretAccessKey: c.S3_SECRET_ACCESS_KEY,
          // Custom endpoints (MinIO, Garage, Ceph...) usually want bucket-in-path addressing.
          forcePathStyle: c.S3_FORCE_PATH_STYLE ?? Boolean(c.S3_ENDPOINT),
        }
      : undefined,
    activityRetentionDays: c.ACTIVITY_RETENTION_DAYS,
    robotsNoindex: c.ROBOTS_NOINDEX,
    readership: {
      enabled: c.READERSHIP,
      secretDays: c.READERSHIP_SECRET_DAYS,
      retentionDays: c.READERSHIP_RETENTION_DAYS,
      settleSeconds: c.READERSHIP_SETTLE_SECONDS,
      countryHeader: c.READERSHIP_COUNTRY_HEADER,
    },
    smtpUrl: c.SMTP_URL,
    mailFrom: c.MAIL_FROM,
  };
}

let cached: AppConfig | undefined;
export function config(): AppConfig {
  cached ??= readConfig();
  return cached;
}
