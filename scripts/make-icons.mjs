#!/usr/bin/env node
/**
 * Makes the site's icons and default link-preview card from public/favicon.svg (issue 22), into
 * public/: favicon.ico (16, 32 and 48 px PNGs in an ICO), apple-touch-icon.png (180 px),
 * icon-192.png and icon-512.png (the web app manifest's, also the logo in JSON-LD), and
 * social-card.png (1200×630, the site's name, for pages without an image of their own).
 * The outputs are committed; run `node scripts/make-icons.mjs` again after changing the logo.
 */
import fs from "node:fs";
import path from "node:path";

import sharp from "sharp";

const publicDir = path.resolve(import.meta.dirname, "..", "public");
const logo = fs.readFileSync(path.join(publicDir, "favicon.svg"));
const NAVY = "#0b2545";
const GOLD = "#c9a227";

/** The shield on its own, `size` px square, transparent around it. */
const shield = (size) =>
  sharp(logo, { density: Math.ceil((72 * size) / 40) })
    .resize(size, size)
    .png()
    .toBuffer();

/** The shield on a navy square with a margin (icons a system crops to a circle keep the shield whole). */
async function tile(size, margin = 0.14) {
  const inner = Math.round(size * (1 - 2 * margin));
  return sharp({ create: { width: size, height: size, channels: 4, background: NAVY } })
    .composite([{ input: await shield(inner), gravity: "centre" }])
    .png({ compressionLevel: 9 })
    .toBuffer();
}

/** An ICO file holding PNG images (every browser since 2007 reads them). */
function ico(pngs) {
  const header = Buffer.alloc(6 + 16 * pngs.length);
  header.writeUInt16LE(0, 0);
  header.writeUInt16LE(1, 2); // an icon
  header.writeUInt16LE(pngs.length, 4);
  let offset = header.length;
  pngs.forEach(({ size, data }, i) => {
    const entry = 6 + 16 * i;
    header.writeUInt8(size >= 256 ? 0 : size, entry);
    header.writeUInt8(size >= 256 ? 0 : size, entry + 1);
    header.writeUInt8(0, entry + 2); // no palette
    header.writeUInt8(0, entry + 3);
    header.writeUInt16LE(1, entry + 4); // colour planes
    header.writeUInt16LE(32, entry + 6); // bits per pixel
    header.writeUInt32LE(data.length, entry + 8);
    header.writeUInt32LE(offset, entry + 12);
    offset += data.length;
  });
  return Buffer.concat([header, ...pngs.map((p) => p.data)]);
}

const escapeXml = (text) =>
  text.replace(/[<>&"]/g, (c) => ({ "<": "&lt;", ">": "&gt;", "&": "&amp;", '"': "&quot;" })[c]);

/** Words in lines of at most `max` characters. */
function wrap(text, max) {
  const lines = [];
  for (const word of text.split(" ")) {
    const last = lines.at(-1);
    if (last !== undefined && `${last} ${word}`.length <= max) lines[lines.length - 1] = `${last} ${word}`;
    else lines.push(word);
  }
  return lines;
}

/** The default card: the shield, the site's name (up to three lines) and its motto, navy and gold. */
async function socialCard(name, motto) {
  const lines = wrap(name, 22).slice(0, 3);
  const top = 315 - (lines.length * 66) / 2 + 48;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="630">
  <rect width="1200" height="630" fill="${NAVY}"/>
  <rect x="0" y="606" width="1200" height="24" fill="${GOLD}"/>
  <g font-family="DejaVu Serif, Georgia, serif" font-weight="bold" fill="#ffffff" font-size="54">
    ${lines.map((line, i) => `<text x="400" y="${top + i * 66 - 30}">${escapeXml(line)}</text>`).join("\n    ")}
  </g>
  <text x="400" y="${top + lines.length * 66}" font-family="DejaVu Sans, Arial, sans-serif" font-size="30" fill="#e9cf7a">${escapeXml(motto)}</text>
</svg>`;
  return sharp(Buffer.from(svg))
    .composite([{ input: await shield(280), left: 70, top: 175 }])
    .png({ compressionLevel: 9 })
    .toBuffer();
}

const write = (name, data) => {
  fs.writeFileSync(path.join(publicDir, name), data);
  console.log(`public/${name}: ${data.length} bytes`);
};

write("favicon.ico", ico(await Promise.all([16, 32, 48].map(async (size) => ({ size, data: await shield(size) })))));
write("apple-touch-icon.png", await tile(180, 0.1));
write("icon-192.png", await tile(192));
write("icon-512.png", await tile(512));
write(
  "social-card.png",
  await socialCard("Centre for Peace, Security and Conflict Resolution", "Knowledge for a safer, fairer world"),
);
