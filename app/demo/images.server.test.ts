import { describe, expect, it } from "vitest";

import { HOME_HERO_SUN, landscapeSvg } from "./images.server";

const PICTURE = { width: 1920, height: 1080 };

/** The strip of a picture that `object-fit: cover` shows across a box, in the picture's pixels. */
function shownAcross(box: { width: number; height: number }) {
  const scale = Math.max(box.width / PICTURE.width, box.height / PICTURE.height);
  const shown = box.width / scale;
  return [(PICTURE.width - shown) / 2, (PICTURE.width + shown) / 2];
}

describe("the demo's home hero picture", () => {
  const svg = landscapeSvg(1, PICTURE.width, PICTURE.height, HOME_HERO_SUN);
  const [x, , r] = /<circle cx="([\d.]+)" cy="([\d.]+)" r="([\d.]+)"[^>]*opacity="0.9"\/>/
    .exec(svg)!
    .slice(1)
    .map(Number);

  it("keeps its sun out of sight on a phone and a tablet, where the title covers the picture", () => {
    // 390 px wide, the hero about 740 px tall (its text wraps); a tablet, 768 × 700.
    for (const box of [
      { width: 390, height: 740 },
      { width: 768, height: 700 },
    ])
      expect(x - r, `${box.width} px`).toBeGreaterThan(shownAcross(box)[1]);
  });

  it("puts the sun right of the title on a desktop (the title fills at most the left two-thirds)", () => {
    const [left, right] = shownAcross({ width: 1366, height: 704 });
    expect((x - r - left) / (right - left)).toBeGreaterThan(0.75);
  });
});
