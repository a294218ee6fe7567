import { describe, expect, it } from "vitest";

import { oneLine, xmlSafe, xmlSafeTexts } from "./control-characters";

describe("text for line-based and XML files", () => {
  it("xmlSafe leaves out what XML 1.0 forbids and keeps tab, newlines, emoji and the rest", () => {
    expect(xmlSafe("a\u0000b\u0007c\u001fd\uFFFEe\uFFFFf\uD800g\uDC00h")).toBe("abcdefgh");
    expect(xmlSafe("tab\tline\nreturn\r😀 Ødegaard")).toBe("tab\tline\nreturn\r😀 Ødegaard");
  });

  it("xmlSafeTexts cleans the texts of objects and arrays and leaves dates and numbers alone", () => {
    const date = new Date("2026-01-01T00:00:00Z");
    expect(xmlSafeTexts({ title: "a\u0001b", at: date, n: 3, list: ["c\u0002"] })).toEqual({
      title: "ab",
      at: date,
      n: 3,
      list: ["c"],
    });
  });

  it("oneLine turns breaks, tabs and controls into single spaces", () => {
    expect(oneLine(" Borders\r\nand\tpeace\u2028in\u0085the\u0000region\n ")).toBe("Borders and peace in the region");
    expect(oneLine("lone\uD800surrogate")).toBe("lone surrogate");
  });
});
