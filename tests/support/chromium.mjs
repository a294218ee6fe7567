/**
 * Debian's Chromium, never a downloaded browser: where it is, and the flags every run of it here
 * starts with (the Playwright specs, playwright.config.ts; Lighthouse, bench/lighthouse.mjs).
 */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

export const CHROMIUM_FLAGS = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--no-first-run",
];
