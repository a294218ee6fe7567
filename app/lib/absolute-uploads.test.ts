import { describe, expect, it } from "vitest";

import { withAbsoluteUploads } from "./absolute-uploads";

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
});
