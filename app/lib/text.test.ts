import { describe, expect, it } from "vitest";

import { clipText, decodeEntities, excerpt, formatBytes, htmlToText, isPlainFileName, isUuid, slugify } from "./text";

describe("htmlToText", () => {
  it("strips tags and decodes entities, as post excerpts need", () => {
    expect(htmlToText("<p>Peace &amp; security</p><p>in the&nbsp;region &#8212; now&hellip;</p>")).toBe(
      "Peace & security in the region — now…",
    );
  });

  it("drops script and style content entirely", () => {
    expect(htmlToText("<p>Hello</p><script>alert(1)</script><style>p{}</style>world")).toBe("Hello world");
  });

  it("leaves unknown entities as written", () => {
    expect(decodeEntities("a &unknown; b &#x41;")).toBe("a &unknown; b A");
  });
});

describe("excerpt", () => {
  it("cuts long text on a word boundary with an ellipsis", () => {
    const text = excerpt(`<p>${"word ".repeat(100)}</p>`, 50);
    expect(text.length).toBeLessThanOrEqual(51);
    expect(text.endsWith("word…")).toBe(true);
  });

  it("never ends in half a character when there is no word boundary to cut at (issue 31)", () => {
    const cut = excerpt(`<p>${"x".repeat(219)}😀${"y".repeat(20)}</p>`);
    expect(cut).toBe(`${"x".repeat(219)}…`);
  });

  it("keeps short text whole", () => {
    expect(excerpt("<b>Short</b> text")).toBe("Short text");
  });
});

describe("clipText", () => {
  it("keeps whole characters: a pair cut in half loses both halves (issue 31)", () => {
    expect(clipText("ab😀c", 3)).toBe("ab");
    expect(clipText("ab😀c", 4)).toBe("ab😀");
    expect(clipText("abc", 2)).toBe("ab");
    expect(clipText("abc", 5)).toBe("abc");
    expect(clipText(`${"x".repeat(9)}😀`, 10).isWellFormed()).toBe(true);
  });
});

describe("slugify", () => {
  it.each([
    ["makes readable ASCII slugs", "Peace & Security: Café Talks 2025!", "peace-and-security-cafe-talks-2025"],
    ["never returns an empty slug", "!!!", "item"],
  ])("%s", (_behaviour, title, slug) => {
    expect(slugify(title)).toBe(slug);
  });
});

describe("isUuid", () => {
  it("accepts UUIDs only", () => {
    expect(isUuid("0b6c6f5e-4a4b-4c7e-9a57-7f9f3d0b2a11")).toBe(true);
    expect(isUuid("42")).toBe(false);
    expect(isUuid("'; drop table courses; --")).toBe(false);
  });
});

describe("formatBytes", () => {
  it("says sizes as people read them", () => {
    expect(formatBytes(900)).toBe("900 B");
    expect(formatBytes(640 * 1024)).toBe("640 KB");
    expect(formatBytes(2.44 * 1024 * 1024)).toBe("2.4 MB");
  });
});

describe("isPlainFileName", () => {
  it("takes a file's own name and refuses one that is a path, a dot name or holds control characters", () => {
    expect(isPlainFileName("ceasefire report (final).pdf")).toBe(true);
    expect(isPlainFileName("مقالة.docx")).toBe(true);
    expect(isPlainFileName("\u200fمقالة 2.pdf")).toBe(true);
    for (const name of [
      "../etc/passwd",
      "a/b.pdf",
      "a\\b.pdf",
      ".",
      "..",
      "tab\there.pdf",
      "del\u007f.pdf",
      "c1\u0085.pdf",
      "report\u202efdp.exe",
      "isolate\u2067.pdf",
      "x".repeat(256),
    ])
      expect(isPlainFileName(name), name).toBe(false);
  });
});
