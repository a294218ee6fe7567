import { describe, expect, it } from "vitest";

import { bodyLimitFor, shapeScannerFor, tooLargeMessage } from "./request-body.server";

/** Each address's body limit: a file upload has its own, read by no parser. */
const limits = { maxImageBytes: 10 << 20, maxPdfBytes: 50 << 20 };

describe("the body limit per address", () => {
  it("a submission's file through the JSON API may be a manuscript's size (MAX_PDF_MB), and is no JSON", () => {
    const address = "/api/submissions/0b6e8b9e-9a37-4a53-9d6b-2f7c0a1d2e3f/files?kind=manuscript";
    expect(bodyLimitFor(address, limits)).toBe(limits.maxPdfBytes);
    expect(shapeScannerFor(address, "application/pdf")).toBeUndefined();
    expect(tooLargeMessage(address, limits.maxPdfBytes)).toBe("This file is too large: it can be at most 50 MB.");
  });

  it("the other submission calls are JSON, with JSON's limit and shape checks", () => {
    for (const address of ["/api/submissions", "/api/submissions/x/files/y", "/api/submissions/x/notes"]) {
      expect(bodyLimitFor(address, limits)).toBeLessThan(limits.maxPdfBytes);
      expect(shapeScannerFor(address, "application/json")).toBeDefined();
    }
  });
});
