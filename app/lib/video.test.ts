import { describe, expect, it } from "vitest";

import { videoEmbedUrl } from "./video";

describe("videoEmbedUrl", () => {
  it("turns YouTube and Vimeo links into their players", () => {
    expect(videoEmbedUrl("https://www.youtube.com/watch?v=dQw4w9WgXcQ")).toBe(
      "https://www.youtube.com/embed/dQw4w9WgXcQ",
    );
    expect(videoEmbedUrl("https://youtu.be/dQw4w9WgXcQ")).toBe("https://www.youtube.com/embed/dQw4w9WgXcQ");
    expect(videoEmbedUrl("https://www.youtube.com/embed/dQw4w9WgXcQ")).toBe(
      "https://www.youtube.com/embed/dQw4w9WgXcQ",
    );
    expect(videoEmbedUrl("https://vimeo.com/76979871")).toBe("https://player.vimeo.com/video/76979871");
    expect(videoEmbedUrl("https://player.vimeo.com/video/76979871")).toBe("https://player.vimeo.com/video/76979871");
  });

  it("refuses every other address", () => {
    for (const url of [
      "https://evil.example/embed/x",
      "javascript:alert(1)",
      "https://youtube.com.evil.example/watch?v=abcdefg",
      "not a url",
      "https://www.youtube.com/watch?v=<script>",
    ]) {
      expect(videoEmbedUrl(url), url).toBeNull();
    }
  });
});
