import fc from "fast-check";
import { describe, expect, it } from "vitest";

import { safeRedirectPath } from "./redirect";

const SITE = "https://centre.example.edu";

/** Where a browser goes when it follows `Location: target` from a page of this site. */
const followed = (target: string) => new URL(target, `${SITE}/signin`);

describe("safeRedirectPath", () => {
  it("keeps paths on this site", () => {
    expect(safeRedirectPath("/dashboard?tab=users")).toBe("/dashboard?tab=users");
    expect(safeRedirectPath("/post/a-b#top")).toBe("/post/a-b#top");
  });

  it.each([
    "//evil.com",
    "/.//evil.example",
    "/././/evil.example",
    "/a/..//evil.example",
    "/%2e//evil.example",
    "/\\evil.com",
    "/\t/evil.com",
    "/%09/evil.com\r\nX: y",
    "https://evil.com",
    "javascript:alert(1)",
    "",
    null,
  ])("refuses %j", (value) => {
    expect(safeRedirectPath(value as string, "/fallback")).toBe("/fallback");
  });

  it("never sends a browser to another origin, whatever it is given (property)", () => {
    // Strings built from the characters that make URLs ambiguous, and arbitrary ones.
    const piece = fc.constantFrom(
      "/",
      "//",
      ".",
      "..",
      "./",
      "../",
      "%2e",
      "%2f",
      "%2F",
      "%5c",
      "\\",
      "@",
      ":",
      "?",
      "#",
      "evil.example",
      "http:",
      "https:",
      "\t",
      " ",
      "%09",
      "a",
      "~",
    );
    const tricky = fc.array(piece, { maxLength: 12 }).map((parts) => parts.join(""));
    fc.assert(
      fc.property(fc.oneof(tricky, fc.string(), fc.webUrl(), fc.webPath()), (value) => {
        const target = safeRedirectPath(value, "/fallback");
        expect(target.startsWith("/")).toBe(true);
        expect(followed(target).origin).toBe(SITE);
        // What it returns is itself safe and unchanged: the target is a fixed point.
        expect(safeRedirectPath(target, "/fallback")).toBe(target);
      }),
      { numRuns: 5000 },
    );
  });
});
