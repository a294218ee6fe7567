import { describe, expect, it } from "vitest";

import { renderPdf } from "./pdf.server";

describe("renderPdf", () => {
  const pdf = renderPdf(
    [
      { text: "A title", style: "title" },
      ...Array.from({ length: 120 }, (_, i) => ({ text: `Paragraph ${i} (with brackets) and \\ slashes.` })),
    ],
    { title: "Test (article)", author: "Author" },
  );
  const text = pdf.toString("latin1");

  it("writes a PDF whose cross-reference table points at each object", () => {
    expect(text.startsWith("%PDF-1.4")).toBe(true);
    expect(text.trimEnd().endsWith("%%EOF")).toBe(true);
    const startxref = Number(/startxref\n(\d+)/.exec(text)![1]);
    expect(text.slice(startxref, startxref + 4)).toBe("xref");
    const offsets = [...text.slice(startxref).matchAll(/^(\d{10}) 00000 n $/gm)].map((m) => Number(m[1]));
    expect(offsets.length).toBeGreaterThan(6);
    offsets.forEach((offset, i) => expect(text.slice(offset, offset + `${i + 1} 0 obj`.length)).toBe(`${i + 1} 0 obj`));
  });

  it("flows long text onto several pages and escapes brackets", () => {
    const pageCount = Number(/\/Count (\d+)/.exec(text)![1]);
    expect(pageCount).toBeGreaterThan(1);
    expect(text).toContain("\\(with brackets\\)");
  });
});
