import { describe, expect, it } from "vitest";
import { safeRedirectPath } from "./redirect";

describe("safeRedirectPath", () => {
  it("keeps paths on this site", () => {
    expect(safeRedirectPath("/dashboard?tab=users")).toBe("/dashboard?tab=users");
    expect(safeRedirectPath("/post/a-b#top")).toBe("/post/a-b#top");
  });

  it.each(["//evil.com", "/\\evil.com", "/\t/evil.com", "/%09/evil.com\r\nX: y", "https://evil.com", "javascript:alert(1)", "", null])(
    "refuses %j",
    (value) => {
      expect(safeRedirectPath(value as string, "/fallback")).toBe("/fallback");
    },
  );
});
