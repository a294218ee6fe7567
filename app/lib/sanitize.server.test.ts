import { describe, expect, it } from "vitest";

import { XSS_CORPUS } from "../../tests/support/xss-corpus";
import { sanitizeRichText } from "./sanitize.server";

const DANGEROUS =
  /<script|<svg|<math|<style|<object|<embed|<form|<input|<meta|<base|<link|<details|<body|\son\w+\s*=|javascript:|vbscript:|srcdoc|expression\(|data:text|evil\.example/i;

describe("sanitizeRichText", () => {
  it.each(XSS_CORPUS)("leaves nothing that runs from %s", (vector) => {
    expect(sanitizeRichText(vector)).not.toMatch(DANGEROUS);
  });

  it("keeps what the editor produces, unchanged", () => {
    const legitimate = [
      "<h1>Title</h1><h2>Sub</h2><h6>Small</h6>",
      "<p><strong>bold</strong> <em>italic</em> <u>under</u> <s>struck</s></p>",
      '<p><span style="color:rgb(230, 0, 0)">red</span> <span style="background-color:#ffff00">marked</span></p>',
      '<p class="ql-align-center">centred</p>',
      "<ol><li>one</li><li>two</li></ol><ul><li>dot</li></ul>",
      '<p><a href="mailto:editor@cpscr.example.edu">editor@cpscr.example.edu</a> <a href="tel:+2348000000">call</a> <a href="sms:+2348000000">text</a></p>',
      '<p><img src="/uploads/2026-11/0b6c6f5e-4a4b-4c7e-9a57-7f9f3d0b2a11-1600w.webp" alt="" /></p>',
      '<iframe class="ql-video" frameborder="0" allowfullscreen="true" src="https://www.youtube.com/embed/dQw4w9WgXcQ" title="YouTube video"></iframe>',
      '<iframe class="ql-video" frameborder="0" allowfullscreen="true" src="https://player.vimeo.com/video/76979871" title="Vimeo video"></iframe>',
      "<blockquote>quoted</blockquote><pre>code</pre>",
    ];
    for (const html of legitimate) expect(sanitizeRichText(html)).toBe(html);
  });

  it("gives every image a text alternative and every player a name, keeping those written", () => {
    expect(sanitizeRichText('<p><img src="/uploads/a.webp"></p>')).toBe('<p><img src="/uploads/a.webp" alt="" /></p>');
    expect(sanitizeRichText('<p><img src="/uploads/a.webp" alt="Delegates at the dialogue"></p>')).toBe(
      '<p><img src="/uploads/a.webp" alt="Delegates at the dialogue" /></p>',
    );
    expect(sanitizeRichText('<iframe src="https://www.youtube.com/embed/dQw4w9WgXcQ"></iframe>')).toBe(
      '<iframe src="https://www.youtube.com/embed/dQw4w9WgXcQ" title="YouTube video"></iframe>',
    );
    expect(sanitizeRichText('<iframe src="https://player.vimeo.com/video/76979871" title=" "></iframe>')).toBe(
      '<iframe src="https://player.vimeo.com/video/76979871" title="Vimeo video"></iframe>',
    );
    expect(
      sanitizeRichText('<iframe src="https://player.vimeo.com/video/76979871" title="Opening address"></iframe>'),
    ).toBe('<iframe src="https://player.vimeo.com/video/76979871" title="Opening address"></iframe>');
  });

  it("writes the editor's inline styles in one canonical form, meaning the same", () => {
    expect(sanitizeRichText('<span style="color: rgb(230, 0, 0);">red</span>')).toBe(
      '<span style="color:rgb(230, 0, 0)">red</span>',
    );
    expect(sanitizeRichText('<span style="color: red; position: fixed">x</span>')).toBe("<span>x</span>");
  });

  it("turns the editor's non-breaking spaces into spaces, so text wraps", () => {
    expect(sanitizeRichText("<p>Hello&nbsp;wide&nbsp;world</p>")).toBe("<p>Hello wide world</p>");
  });

  it("drops what hides behind leading spaces: an author's own target, a data: page, other pages on video hosts", () => {
    expect(sanitizeRichText('<a href="\thttps://evil.example" target="_blank">x</a>')).toBe(
      '<a href="https://evil.example" target="_blank" rel="noopener noreferrer">x</a>',
    );
    expect(sanitizeRichText('<a href="/about" target="_blank">x</a>')).toBe('<a href="/about">x</a>');
    expect(sanitizeRichText('<img src=" data:text/html,<script>alert(1)</script>">')).toBe("");
    expect(sanitizeRichText('<iframe src="https://www.youtube.com/redirect?q=https://evil.example"></iframe>')).toBe(
      "",
    );
  });

  it("opens links to other sites safely", () => {
    expect(sanitizeRichText('<a href="https://un.org">UN</a>')).toBe(
      '<a href="https://un.org" target="_blank" rel="noopener noreferrer">UN</a>',
    );
  });
});
