import { execFile } from "node:child_process";
import path from "node:path";
import { promisify } from "node:util";

import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

// `npm run create-admin` against a PostgreSQL database (DATABASE_URL). Runs in the postgres project.
const root = path.resolve(import.meta.dirname, "..");
const name = `t_cli_${Date.now()}`;
let url: string;

/** What the command said last (a build on first use prints above it). */
const lastLine = (text: string) => text.trim().split("\n").at(-1) ?? "";

async function cli(args: string[]) {
  try {
    const { stdout, stderr } = await promisify(execFile)(process.execPath, ["scripts/create-admin.mjs", ...args], {
      cwd: root,
      env: { ...process.env, DATABASE_URL: url },
    });
    return { code: 0, out: lastLine(`${stdout}${stderr}`) };
  } catch (error) {
    const failed = error as { code?: number; stdout?: string; stderr?: string };
    return { code: failed.code ?? 1, out: lastLine(`${failed.stdout ?? ""}${failed.stderr ?? ""}`) };
  }
}

beforeAll(async () => {
  const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const target = new URL(process.env.TEST_DATABASE_URL!);
  target.pathname = `/${name}`;
  url = target.toString();
});

afterAll(async () => {
  const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
  await admin.connect();
  await admin.query(`drop database if exists ${name} with (force)`);
  await admin.end();
});

describe("npm run create-admin on DATABASE_URL", () => {
  it("creates an admin, says so when run again, and refuses bad input with one line", async () => {
    const created = await cli([
      "--username",
      "ops.admin",
      "--email",
      "ops@example.edu",
      "--password",
      "operator password",
    ]);
    expect(created).toEqual({ code: 0, out: "Admin ops.admin created." });
    expect(await cli(["--username", "OPS.ADMIN"])).toEqual({ code: 0, out: "ops.admin is already an admin." });
    const bad = await cli(["--username", "new.one", "--email", "not-an-email", "--password", "operator password"]);
    expect(bad.code).not.toBe(0);
    expect(bad.out).toBe("Enter a valid email address");
    const unknown = await cli(["--name", "x"]);
    expect(unknown.code).not.toBe(0);
    expect(unknown.out).toBe("Unknown option --name. Use --username NAME --email ADDRESS --password SECRET.");

    const client = new pg.Client({ connectionString: url });
    await client.connect();
    const { rows } = await client.query("select username, role from users");
    await client.end();
    expect(rows).toEqual([{ username: "ops.admin", role: "admin" }]);
  });
});
