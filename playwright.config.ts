import { execFileSync } from "node:child_process";

import { defineConfig, devices } from "@playwright/test";

import { CHROMIUM_FLAGS, CHROMIUM_PATH } from "./tests/support/chromium.mjs";
import { E2E_DATA_DIR } from "./tests/support/e2e-accounts";
import { MAIL_SINK_DIR } from "./tests/support/mailbox";

const PORT = Number(process.env.E2E_PORT ?? 3210);
const OIDC_PORT = Number(process.env.E2E_OIDC_PORT ?? 3290);
export const APP_ORIGIN = `http://127.0.0.1:${PORT}`;
// The tests' SMTP server listens on a port free when the run starts, chosen once (the workers load
// this file again and inherit the variable).
process.env.E2E_SMTP_PORT ??= execFileSync(process.execPath, [
  "-e",
  "const s = require('net').createServer().listen(0, '127.0.0.1', () => { console.log(s.address().port); s.close(); })",
])
  .toString()
  .trim();
const SMTP_PORT = Number(process.env.E2E_SMTP_PORT);
// Another site's origin that CORS_ORIGINS lists: tests/e2e/cors-partner.spec.ts serves a page from it
// (a port free when the run starts, chosen once like the SMTP server's).
process.env.E2E_PARTNER_PORT ??= execFileSync(process.execPath, [
  "-e",
  "const s = require('net').createServer().listen(0, '127.0.0.1', () => { console.log(s.address().port); s.close(); })",
])
  .toString()
  .trim();
export const PARTNER_ORIGIN = `http://127.0.0.1:${process.env.E2E_PARTNER_PORT}`;

// Debian's Chromium, never a downloaded browser.
const chromium = { executablePath: CHROMIUM_PATH, args: [...CHROMIUM_FLAGS, "--disable-quic"] };

export default defineConfig({
  testDir: "tests/e2e",
  fullyParallel: true,
  workers: 2,
  // One retry in CI (.ci/run sets CI): a two-core machine shared with the browser and the server now
  // and then misses a timing that holds on any other run; the summary names each test that needed it
  // (scripts/test-summary.mjs), and a test failing twice fails the run (docs/decisions/048).
  retries: process.env.CI ? 1 : 0,
  reporter: [["list"], ["json", { outputFile: ".tmp/results/playwright.json" }]],
  // No lock on the site's shared content is left from an earlier run (tests/support/shared-content.ts).
  globalSetup: "./tests/support/shared-content.ts",
  // Prints the totals the parallel suites counted (tests/support/tally.ts), once each.
  globalTeardown: "./tests/support/tally.ts",
  // A whole flow's time; each step still fails after expect's 10 s. The longest flows (a category's
  // life, a squatted address) take 20-30 s on a quiet two-core machine and ran past 30 s on a busy one.
  timeout: 60_000,
  expect: { timeout: 10_000 },
  use: {
    baseURL: `http://127.0.0.1:${PORT}`,
    launchOptions: chromium,
    trace: "off",
  },
  // Every spec signs in with its own admin (the `admin` fixture, tests/e2e/fixtures.ts) and makes the
  // records it checks, so none needs another's account or data, and none counts what others add. The
  // records there is one of (settings, staff, the announcement, focus pages, the journal's settings
  // and current issue) are read under a lock that the few tests rewriting them hold alone, and put
  // back as they were (`sharedContent`, tests/support/shared-content.ts). So the specs run side by
  // side in any order, and any spec runs alone after `setup` (docs/testing.md).
  projects: [
    // First: the person who installed the site creates the first admin on /setup, which is only there
    // while the site has no admin (the fixtures' admins would make it disappear).
    { name: "setup", testMatch: /.*\.setup\.ts/, use: { ...devices["Desktop Chrome"], launchOptions: chromium } },
    {
      name: "chromium",
      dependencies: ["setup"],
      use: { ...devices["Desktop Chrome"], launchOptions: chromium },
    },
  ],
  webServer: [
    {
      // A real SMTP server: the site's mails arrive there, and the tests read them (tests/support/mailbox.ts).
      command: "node tests/support/smtp-sink.mjs",
      port: SMTP_PORT,
      env: { SMTP_SINK_PORT: String(SMTP_PORT), SMTP_SINK_DIR: MAIL_SINK_DIR },
      reuseExistingServer: false,
      timeout: 30_000,
      stdout: "ignore",
      stderr: "pipe",
    },
    {
      // A real OpenID Connect provider for the external sign-in tests.
      command: "node tests/support/oidc-provider.mjs",
      url: `http://127.0.0.1:${OIDC_PORT}/.well-known/openid-configuration`,
      env: { OIDC_PORT: String(OIDC_PORT), APP_ORIGIN, NODE_ENV: "test" },
      reuseExistingServer: false,
      timeout: 30_000,
      stdout: "ignore",
      stderr: "pipe",
    },
    {
      // A fresh embedded database with the demo content, on the production build. Tests send
      // X-Forwarded-For (TRUST_PROXY) so each one counts as its own client for rate limits.
      command: "node scripts/e2e-server.mjs",
      url: `${APP_ORIGIN}/healthz`,
      env: {
        PORT: String(PORT),
        HOST: "127.0.0.1",
        DATA_DIR: E2E_DATA_DIR,
        DEMO_CONTENT: "true",
        TRUST_PROXY: "true",
        OIDC_ISSUER: `http://127.0.0.1:${OIDC_PORT}`,
        OIDC_CLIENT_ID: "cpscr-e2e",
        OIDC_CLIENT_SECRET: "cpscr-e2e-secret",
        OIDC_NAME: "Lakeland ID",
        CORS_ORIGINS: `http://partner.example.test,${PARTNER_ORIGIN}`,
        SMTP_URL: `smtp://127.0.0.1:${SMTP_PORT}`,
        // Reads reach the readership figures 40 s after they are answered (the least allowed) and a pass.
        READERSHIP_SETTLE_SECONDS: "40",
      },
      reuseExistingServer: false,
      timeout: 180_000,
      stdout: "ignore",
      stderr: "pipe",
    },
  ],
});
