import { describe, expect, it } from "vitest";

import { MAX_FORM_BYTES } from "~/lib/read-form.server";

import { bodyLimitFor, shapeScannerFor, tooLargeMessage, UPLOAD_FORM_ROOM } from "./request-body.server";

const limits = { maxImageBytes: 10 * 1024 * 1024, maxPdfBytes: 50 * 1024 * 1024 };
const id = "0b6f2a52-3c1e-4d7a-9d55-1f0e6b2c9a10";

describe("bodyLimitFor: the manuscript's addresses (issue 34)", () => {
  it("gives a manuscript's upload form the manuscript's limit, on the page and as React Router's data request", () => {
    for (const url of [
      `/submit/${id}/files?upload=manuscript`,
      `/submit/${id}/files.data?upload=supplementary`,
      `/my-submissions/${id}?upload=manuscript`,
      `/my-submissions/${id}.data?upload=response`,
    ])
      expect(bodyLimitFor(url, limits), url).toBe(limits.maxPdfBytes + UPLOAD_FORM_ROOM);
    expect(tooLargeMessage(`/submit/${id}/files?upload=manuscript`, limits.maxPdfBytes + UPLOAD_FORM_ROOM)).toBe(
      "This file is too large: it can be at most 50 MB.",
    );
  });

  it("keeps every other form on those pages, and any other address, at a form's limit", () => {
    const form = bodyLimitFor("/signin", limits);
    for (const url of [
      `/submit/${id}/files`,
      `/submit/${id}/details?upload=manuscript`,
      `/my-submissions/${id}`,
      `/my-submissions/${id}/files/${id}?upload=x`,
      `/submit/not-an-id/files?upload=manuscript`,
      `/my-submissions?upload=manuscript`,
    ])
      expect(bodyLimitFor(url, limits), url).toBe(form);
    expect(form).toBeLessThan(limits.maxPdfBytes);
  });
});

describe("the body limit per address", () => {
  it("a reviewer's review may carry an annotated file, on the page and through the JSON API; its form is counted", () => {
    const token = "A".repeat(43);
    for (const url of [`/review/${token}`, `/review/${token}.data`, `/api/review/${token}/review-with-file`])
      expect(bodyLimitFor(url, limits), url).toBe(limits.maxPdfBytes + MAX_FORM_BYTES);
    expect(shapeScannerFor(`/api/review/${token}/review-with-file`, "multipart/form-data; boundary=b")).toBeDefined();
    for (const url of [`/api/review/${token}/review`, `/api/review/${token}/answer`])
      expect(bodyLimitFor(url, limits), url).toBeLessThan(limits.maxPdfBytes);
  });

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
