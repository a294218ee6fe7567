import { loadSharp } from "~/lib/sharp.server";

/** Generated artwork for the demo: abstract landscapes and portrait silhouettes, no text. */

const PALETTES = [
  ["#0b2545", "#13315c", "#1d4e89", "#8da9c4", "#eef4ed"],
  ["#1b3a4b", "#144552", "#065a60", "#0b525b", "#d4a373"],
  ["#2b2d42", "#3d405b", "#81b29a", "#f2cc8f", "#f4f1de"],
  ["#14213d", "#1f3b70", "#386fa4", "#59a5d8", "#fca311"],
  ["#283618", "#606c38", "#8a9a5b", "#dda15e", "#fefae0"],
  ["#3c1642", "#086375", "#1dd3b0", "#affc41", "#f1f7ed"],
  ["#22223b", "#4a4e69", "#9a8c98", "#c9ada7", "#f2e9e4"],
  ["#0d1b2a", "#1b263b", "#415a77", "#778da9", "#e0e1dd"],
];

/** A small deterministic generator so every seed draws the same picture. */
function random(seed: number) {
  let state = (seed * 2654435761) % 2 ** 32;
  return () => {
    state = (state * 1664525 + 1013904223) % 2 ** 32;
    return state / 2 ** 32;
  };
}

/** A picture on a two-colour gradient (top to bottom, or corner to corner), with `content` drawn over it. */
function gradientSvg(
  width: number,
  height: number,
  gradient: { from: string; to: string; diagonal?: boolean },
  content: string,
) {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
    <defs><linearGradient id="bg" x1="0" y1="0" x2="${gradient.diagonal ? 1 : 0}" y2="1">
      <stop offset="0" stop-color="${gradient.from}"/><stop offset="1" stop-color="${gradient.to}"/>
    </linearGradient></defs>
    <rect width="100%" height="100%" fill="url(#bg)"/>
    ${content}
  </svg>`;
}

/** Where a landscape's sun sits, as fractions of its width and height. */
export type SunPlace = { x: number; y: number };

/**
 * The home page's hero: its title lies over the left and middle of the picture at every width, and
 * a phone shows only the middle third of it, so the sun stays in the top right corner.
 */
export const HOME_HERO_SUN: SunPlace = { x: 0.9, y: 0.22 };

export function landscapeSvg(seed: number, width: number, height: number, sunAt?: SunPlace) {
  const rand = random(seed + 1);
  const palette = PALETTES[seed % PALETTES.length];
  const hills = [0.55, 0.68, 0.8]
    .map((base, i) => {
      const points: string[] = [`0,${height}`];
      const steps = 8;
      for (let s = 0; s <= steps; s++) {
        const x = (width * s) / steps;
        const y = height * (base + (rand() - 0.5) * 0.12);
        points.push(`${x.toFixed(0)},${y.toFixed(0)}`);
      }
      points.push(`${width},${height}`);
      return `<polygon points="${points.join(" ")}" fill="${palette[i + 1]}" opacity="${0.85 + i * 0.05}"/>`;
    })
    .join("");
  // Drawn either way, so a picture's hills are the same wherever its sun is placed.
  const [x, y] = [0.2 + rand() * 0.6, 0.25 + rand() * 0.15];
  const sunX = width * (sunAt?.x ?? x);
  const sunY = height * (sunAt?.y ?? y);
  const rings = Array.from(
    { length: 5 },
    (_, i) =>
      `<circle cx="${sunX}" cy="${sunY}" r="${height * (0.12 + i * 0.07)}" fill="none" stroke="${palette[4]}" stroke-opacity="${0.18 - i * 0.03}" stroke-width="2"/>`,
  ).join("");
  const sun = `<circle cx="${sunX}" cy="${sunY}" r="${height * 0.09}" fill="${palette[4]}" opacity="0.9"/>`;
  return gradientSvg(width, height, { from: palette[0], to: palette[3] }, sun + rings + hills);
}

function portraitSvg(seed: number, size: number) {
  const palette = PALETTES[seed % PALETTES.length];
  const c = size / 2;
  const head = `<circle cx="${c}" cy="${size * 0.4}" r="${size * 0.17}" fill="${palette[4]}" opacity="0.92"/>`;
  const shoulders = `<path d="M ${size * 0.16} ${size} C ${size * 0.18} ${size * 0.68}, ${size * 0.36} ${size * 0.6}, ${c} ${size * 0.6}
             C ${size * 0.64} ${size * 0.6}, ${size * 0.82} ${size * 0.68}, ${size * 0.84} ${size} Z" fill="${palette[4]}" opacity="0.92"/>`;
  return gradientSvg(size, size, { from: palette[2], to: palette[0], diagonal: true }, head + shoulders);
}

export type GeneratedImage = { bytes: Buffer; width: number; height: number };

export async function landscapeImage(
  seed: number,
  width: number,
  height: number,
  sunAt?: SunPlace,
): Promise<GeneratedImage> {
  const sharp = await loadSharp();
  const bytes = await sharp(Buffer.from(landscapeSvg(seed, width, height, sunAt)))
    .webp({ quality: 78 })
    .toBuffer();
  return { bytes, width, height };
}

export async function portraitImage(seed: number, size = 480): Promise<GeneratedImage> {
  const sharp = await loadSharp();
  const bytes = await sharp(Buffer.from(portraitSvg(seed, size)))
    .webp({ quality: 80 })
    .toBuffer();
  return { bytes, width: size, height: size };
}
