import { describe, expect, it } from "vitest";

import { withAbsoluteUploads, withRelativeUploads } from "./absolute-uploads";

describe("stored files' addresses for a client on another origin", () => {
  it("makes file fields and addresses inside HTML absolute, and leaves every other value alone", () => {
    const answer = {
      post: {
        image: "/uploads/2026-11/a-1600w.webp",
        content:
          "<p>See <img src=\"/uploads/2026-11/b-640w.webp\"> and <a href='/uploads/2026-11/c.pdf'>the PDF</a></p>",
        title: "Not a /uploads/ address",
        slug: "/uploads-like",
        views: 3,
        tags: ["/uploads/2026-11/d.webp", null],
      },
      success: true,
    };
    expect(withAbsoluteUploads(answer, "https://centre.example.edu/")).toEqual({
      post: {
        image: "https://centre.example.edu/uploads/2026-11/a-1600w.webp",
        content:
          "<p>See <img src=\"https://centre.example.edu/uploads/2026-11/b-640w.webp\"> and <a href='https://centre.example.edu/uploads/2026-11/c.pdf'>the PDF</a></p>",
        title: "Not a /uploads/ address",
        slug: "/uploads-like",
        views: 3,
        tags: ["https://centre.example.edu/uploads/2026-11/d.webp", null],
      },
      success: true,
    });
  });

  it("takes them back as the upload gave them when the client sends them with its edits", () => {
    const site = "https://centre.example.edu";
    const read = withAbsoluteUploads(
      { image: "/uploads/2026-11/a-1600w.webp", content: '<img src="/uploads/x.webp">' },
      site,
    );
    expect(withRelativeUploads(read, `${site}/`)).toEqual({
      image: "/uploads/2026-11/a-1600w.webp",
      content: '<img src="/uploads/x.webp">',
    });
    // Another site's files stay where they are.
    expect(withRelativeUploads({ image: "https://elsewhere.example.net/uploads/a.webp" }, site)).toEqual({
      image: "https://elsewhere.example.net/uploads/a.webp",
    });
  });
});
