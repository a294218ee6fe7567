import path from "node:path";

import { describe, expect, it } from "vitest";

import { ConfigError, listeningOrigin, mailLinkOrigin, readConfig } from "./config.server";

describe("readConfig", () => {
  it("has the documented defaults", () => {
    expect(readConfig({})).toEqual({
      port: 3000,
      host: undefined,
      dataDir: path.resolve("./data"),
      databaseUrl: undefined,
      publicUrl: undefined,
      demoContent: true,
      authSecret: undefined,
      trustProxy: false,
      requireAdminTwoFactor: false,
      google: undefined,
      oidc: undefined,
      pageCache: true,
      pageCacheBytes: 32 * 1024 * 1024,
      pgliteSharedBuffersMb: 16,
      corsOrigins: [],
      maxImageBytes: 10 * 1024 * 1024,
      maxPdfBytes: 50 * 1024 * 1024,
      s3: undefined,
      activityRetentionDays: 365,
      robotsNoindex: false,
      readership: { enabled: true, secretDays: 2, retentionDays: 0, settleSeconds: 61, countryHeader: undefined },
    });
  });

  it("reads readership's settings: on or off, how long secrets and figures are kept, the country header", () => {
    const config = readConfig({
      READERSHIP: "false",
      READERSHIP_SECRET_DAYS: "7",
      READERSHIP_RETENTION_DAYS: "730",
      READERSHIP_SETTLE_SECONDS: "40",
      READERSHIP_COUNTRY_HEADER: "CF-IPCountry",
    });
    expect(config.readership).toEqual({
      enabled: false,
      secretDays: 7,
      retentionDays: 730,
      settleSeconds: 40,
      countryHeader: "cf-ipcountry",
    });
    expect(() => readConfig({ READERSHIP_SECRET_DAYS: "0" })).toThrow(
      /READERSHIP_SECRET_DAYS must be a whole number of days from 1 to 365/,
    );
    expect(() => readConfig({ READERSHIP_SETTLE_SECONDS: "10" })).toThrow(/READERSHIP_SETTLE_SECONDS/);
    expect(() => readConfig({ READERSHIP_COUNTRY_HEADER: "X Country: evil" })).toThrow(/READERSHIP_COUNTRY_HEADER/);
  });

  it("reads whether search engines are kept out (a staging copy)", () => {
    expect(readConfig({ ROBOTS_NOINDEX: "true" }).robotsNoindex).toBe(true);
    expect(() => readConfig({ ROBOTS_NOINDEX: "maybe" })).toThrow(/ROBOTS_NOINDEX must be true or false/);
  });

  it("reads how long the activity log is kept, in whole days", () => {
    expect(readConfig({ ACTIVITY_RETENTION_DAYS: "90" }).activityRetentionDays).toBe(90);
    for (const bad of ["0", "1.5", "a year", "40000"]) {
      expect(() => readConfig({ ACTIVITY_RETENTION_DAYS: bad })).toThrow(
        /ACTIVITY_RETENTION_DAYS must be a whole number of days from 1 to 36500/,
      );
    }
  });

  it("refuses readership's retention outside its bounds (issue 35)", () => {
    for (const bad of ["0", "366", "two"]) {
      expect(() => readConfig({ READERSHIP_SECRET_DAYS: bad })).toThrow(
        /READERSHIP_SECRET_DAYS must be a whole number/,
      );
    }
    for (const bad of ["-1", "forever", "40000"]) {
      expect(() => readConfig({ READERSHIP_RETENTION_DAYS: bad })).toThrow(/READERSHIP_RETENTION_DAYS must be a whole/);
    }
  });

  it("reads the origins allowed to call the API, and refuses anything but origins", () => {
    expect(readConfig({ CORS_ORIGINS: "https://app.example.edu, http://localhost:5173/" }).corsOrigins).toEqual([
      "https://app.example.edu",
      "http://localhost:5173",
    ]);
    expect(() => readConfig({ CORS_ORIGINS: "https://app.example.edu/path" })).toThrow(
      /CORS_ORIGINS must be a comma-separated list of origins/,
    );
    expect(() => readConfig({ CORS_ORIGINS: "*" })).toThrow(/CORS_ORIGINS/);
  });

  it("reads upload limits and the S3 store", () => {
    const config = readConfig({
      MAX_IMAGE_MB: "2",
      MAX_PDF_MB: "0.5",
      S3_BUCKET: "media",
      S3_ENDPOINT: "http://127.0.0.1:9000",
      S3_ACCESS_KEY_ID: "k",
      S3_SECRET_ACCESS_KEY: "s",
    });
    expect(config.maxImageBytes).toBe(2 * 1024 * 1024);
    expect(config.maxPdfBytes).toBe(512 * 1024);
    expect(config.s3).toEqual({
      bucket: "media",
      endpoint: "http://127.0.0.1:9000",
      region: "us-east-1",
      accessKeyId: "k",
      secretAccessKey: "s",
      forcePathStyle: true,
    });
    expect(() => readConfig({ S3_ENDPOINT: "http://127.0.0.1:9000" })).toThrow(
      "S3_ENDPOINT is set, so S3_BUCKET must be set too",
    );
    expect(() => readConfig({ MAX_IMAGE_MB: "lots" })).toThrow(/MAX_IMAGE_MB must be a number of megabytes/);
  });

  it("configures Google and an OpenID Connect provider only when both halves are given", () => {
    const config = readConfig({
      GOOGLE_CLIENT_ID: "g-id",
      GOOGLE_CLIENT_SECRET: "g-secret",
      OIDC_ISSUER: "https://id.example.edu",
      OIDC_CLIENT_ID: "o-id",
      OIDC_CLIENT_SECRET: "o-secret",
      OIDC_NAME: "University Login",
    });
    expect(config.google).toMatchObject({ id: "google", name: "Google", clientId: "g-id" });
    expect(config.oidc).toMatchObject({ id: "oidc", name: "University Login", issuer: "https://id.example.edu" });
    expect(() => readConfig({ GOOGLE_CLIENT_ID: "g-id" })).toThrow(
      "GOOGLE_CLIENT_ID is set, so GOOGLE_CLIENT_SECRET must be set too",
    );
  });

  it("never prints a secret in its message", () => {
    expect(() => readConfig({ AUTH_SECRET: "short-secret" })).toThrow(
      /^Invalid configuration: AUTH_SECRET must be at least 32 characters$/,
    );
  });

  it("reads every variable", () => {
    const config = readConfig({
      PORT: "8080",
      HOST: "127.0.0.1",
      DATA_DIR: "/srv/site",
      DATABASE_URL: "postgres://u@db:5432/site",
      PUBLIC_URL: "https://cpscr.example.edu/",
      DEMO_CONTENT: "false",
      PAGE_CACHE_MB: "16",
      PGLITE_SHARED_BUFFERS_MB: "64",
      HEAP_SEMI_SPACE_MB: "16",
    });
    expect(config).toMatchObject({
      pageCacheBytes: 16 * 1024 * 1024,
      pgliteSharedBuffersMb: 64,
      port: 8080,
      host: "127.0.0.1",
      dataDir: "/srv/site",
      databaseUrl: "postgres://u@db:5432/site",
      publicUrl: "https://cpscr.example.edu",
      demoContent: false,
    });
  });

  it.each([
    [{ PORT: "abc" }, "PORT"],
    [{ PORT: "70000" }, "PORT"],
    [{ DATABASE_URL: "mysql://x" }, "DATABASE_URL"],
    [{ PUBLIC_URL: "not a url" }, "PUBLIC_URL"],
    [{ DEMO_CONTENT: "maybe" }, "DEMO_CONTENT"],
    [{ PGLITE_SHARED_BUFFERS_MB: "0" }, "PGLITE_SHARED_BUFFERS_MB"],
    [{ PAGE_CACHE_MB: "1.5" }, "PAGE_CACHE_MB"],
    [{ HEAP_SEMI_SPACE_MB: "300" }, "HEAP_SEMI_SPACE_MB"],
    [{ PGLITE_OPTIMIZING_COMPILER: "fast" }, "PGLITE_OPTIMIZING_COMPILER"],
    [{ HEAP_OLD_SPACE_MB: "32" }, "HEAP_OLD_SPACE_MB"],
  ])("refuses %o with one line naming %s", (env, name) => {
    let error: unknown;
    try {
      readConfig(env);
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const message = (error as Error).message;
    expect(message).toContain(name);
    expect(message).not.toContain("\n");
  });

  it("treats an empty variable as unset", () => {
    expect(readConfig({ PORT: "", DEMO_CONTENT: "" })).toMatchObject({ port: 3000, demoContent: true });
  });
});

describe("mailLinkOrigin", () => {
  it("is PUBLIC_URL's origin, else the address the server listens on, never anything a request says", () => {
    expect(mailLinkOrigin(readConfig({ PUBLIC_URL: "https://cpscr.example.edu/", PORT: "8080" }))).toBe(
      "https://cpscr.example.edu",
    );
    expect(mailLinkOrigin(readConfig({}))).toBe("http://localhost:3000");
    expect(mailLinkOrigin(readConfig({ HOST: "0.0.0.0", PORT: "8080" }))).toBe("http://localhost:8080");
    expect(mailLinkOrigin(readConfig({ HOST: "::" }))).toBe("http://localhost:3000");
    expect(mailLinkOrigin(readConfig({ HOST: "127.0.0.1", PORT: "4000" }))).toBe("http://127.0.0.1:4000");
    expect(mailLinkOrigin(readConfig({ HOST: "::1" }))).toBe("http://[::1]:3000");
    expect(mailLinkOrigin(readConfig({ HOST: "[::1]" }))).toBe("http://[::1]:3000");
    expect(listeningOrigin(readConfig({ HOST: "cpscr.internal", PORT: "3100" }))).toBe("http://cpscr.internal:3100");
  });
});
