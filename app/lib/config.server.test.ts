import path from "node:path";
import { describe, expect, it } from "vitest";
import { ConfigError, readConfig } from "./config.server";

describe("readConfig", () => {
  it("has the documented defaults", () => {
    expect(readConfig({})).toEqual({
      port: 3000,
      host: undefined,
      dataDir: path.resolve("./data"),
      databaseUrl: undefined,
      publicUrl: undefined,
      demoContent: true,
    });
  });

  it("reads every variable", () => {
    const config = readConfig({
      PORT: "8080",
      HOST: "127.0.0.1",
      DATA_DIR: "/srv/site",
      DATABASE_URL: "postgres://u@db:5432/site",
      PUBLIC_URL: "https://cpscr.example.edu/",
      DEMO_CONTENT: "false",
    });
    expect(config).toMatchObject({
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
