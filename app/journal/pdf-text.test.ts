import fs from "node:fs";
import os from "node:os";
import path from "node:path";

import { afterAll, describe, expect, it } from "vitest";

import { renderPdf } from "~/demo/pdf.server";

import { bigPdf, LAST_PAGE_WORD } from "../../bench/big-pdf.mjs";
import { openPdfReader, pdfText, UnreadablePdfError } from "./pdf-text.server";

const folder = fs.mkdtempSync(path.join(os.tmpdir(), "cpscr-pdf-text-"));
afterAll(() => fs.rmSync(folder, { recursive: true, force: true }));

describe("reading a PDF's text in a child process", () => {
  const pdf = renderPdf(
    [
      { text: "Water and peace", style: "title" },
      { text: "Negotiations over the river were recorded by both councils." },
    ],
    { title: "Water and peace", author: "Tests" },
  );

  it("reads a stored file from its path, and the same words from bytes a remote store streams", async () => {
    const file = path.join(folder, "article.pdf");
    fs.writeFileSync(file, pdf);
    const fromFile = await pdfText({ path: file, size: pdf.length });
    expect(fromFile).toContain("Negotiations over the river were recorded by both councils.");
    async function* chunks() {
      for (let at = 0; at < pdf.length; at += 100) yield pdf.subarray(at, at + 100);
    }
    expect(await pdfText({ bytes: chunks() })).toBe(fromFile);
    // A size that is wrong (a file replaced meanwhile) does not lose words.
    expect(await pdfText({ bytes: pdf, size: 10 })).toBe(fromFile);
  });

  it("reads a long stored file in parts (opened again every 50 pages) to the same words as the whole file", async () => {
    const long = bigPdf({ pages: 120, bytes: 3 * 1024 * 1024 });
    const file = path.join(folder, "long.pdf");
    fs.writeFileSync(file, long);
    const inParts = await pdfText({ path: file, size: long.length });
    expect(inParts).toContain("Appendix page 51 of 120");
    expect(inParts).toContain(`The last entry closes with the ${LAST_PAGE_WORD} survey.`);
    expect(inParts).toBe(await pdfText({ bytes: long, size: long.length }));
  });

  it("reads stored files one after another in one reader; one it cannot read does not stop the next", async () => {
    const good = path.join(folder, "good.pdf");
    const bad = path.join(folder, "bad.pdf");
    fs.writeFileSync(good, pdf);
    fs.writeFileSync(bad, "not a pdf at all");
    const reader = openPdfReader();
    try {
      expect(await reader.read(good)).toContain("Negotiations over the river");
      await expect(reader.read(bad)).rejects.toBeInstanceOf(UnreadablePdfError);
      await expect(reader.read(path.join(folder, "gone.pdf"))).rejects.toBeInstanceOf(UnreadablePdfError);
      expect(await reader.read(good)).toContain("Negotiations over the river");
    } finally {
      reader.close();
    }
  });

  it("says a file that is no PDF cannot be read, and a store that fails is not the file's fault", async () => {
    await expect(pdfText({ bytes: Buffer.from("not a pdf at all") })).rejects.toBeInstanceOf(UnreadablePdfError);
    async function* failing() {
      yield pdf.subarray(0, 100);
      throw new Error("the store went away");
    }
    const failure = await pdfText({ bytes: failing() }).catch((error: unknown) => error);
    expect(failure).not.toBeInstanceOf(UnreadablePdfError);
    expect((failure as Error).message).toBe("the store went away");
  });
});
