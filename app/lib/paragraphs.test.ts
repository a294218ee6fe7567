import { describe, expect, it } from "vitest";

import { htmlToParagraphs, paragraphsToHtml } from "./paragraphs";

describe("department descriptions as text", () => {
  it("writes paragraphs from blank lines, keeps single line breaks, and escapes what looks like markup", () => {
    expect(paragraphsToHtml("Mediation & theory.\r\n\r\nLine one\nline two <b>not bold</b>\n\n\n")).toBe(
      "<p>Mediation &amp; theory.</p><p>Line one<br>line two &lt;b&gt;not bold&lt;/b&gt;</p>",
    );
    expect(paragraphsToHtml("  \n ")).toBe("");
  });

  it("shows stored paragraphs as the words, and round-trips them", () => {
    const stored =
      "<p>The department&#39;s flagship <strong>programmes</strong>.</p><p>Field research &amp; mediation.</p>";
    const text = htmlToParagraphs(stored);
    expect(text).toBe("The department's flagship programmes.\n\nField research & mediation.");
    expect(paragraphsToHtml(text)).toBe(
      "<p>The department's flagship programmes.</p><p>Field research &amp; mediation.</p>",
    );
    expect(htmlToParagraphs("<ul><li>One</li><li>Two</li></ul><p>A<br>B</p>")).toBe("• One\n• Two\n\nA\nB");
  });

  it("keeps text stored by the earlier site as it is, and shows it as paragraphs", () => {
    expect(htmlToParagraphs("Plain words & more.\n\nSecond.")).toBe("Plain words & more.\n\nSecond.");
    expect(paragraphsToHtml("Plain words & more.\n\nSecond.")).toBe("<p>Plain words &amp; more.</p><p>Second.</p>");
  });
});
