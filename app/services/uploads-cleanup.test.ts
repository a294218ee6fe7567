import { randomUUID } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { Readable } from "node:stream";

import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { renderPdf } from "~/demo/pdf.server";

import { openTestDatabase, type TestDatabase } from "../../tests/support/database";
import { startS3Server } from "../../tests/support/s3-server";
import { type MediaOptions, mediaService, storedKeysOf } from "./media.server";
import { mediaOptions } from "./media-options.server";

/**
 * What an interrupted upload leaves behind (files stored but never recorded, half-written files,
 * scratch copies) is removed; every file a media record names, with an image's smaller copies,
 * stays; and nothing written after the cutoff is touched, since its upload may still be running.
 */

let database: TestDatabase;
let s3: Awaited<ReturnType<typeof startS3Server>>;

beforeAll(async () => {
  database = await openTestDatabase();
  s3 = await startS3Server("cpscr-cleanup");
});
afterAll(async () => {
  await s3?.stop();
  await database?.dispose();
});

const png = () =>
  sharp({ create: { width: 700, height: 400, channels: 3, background: { r: 20, g: 90, b: 60 } } })
    .png()
    .toBuffer();
const pdf = () => renderPdf([{ text: "An article", style: "title" }], { title: "An article", author: "Tests" });
const inAMinute = () => new Date(Date.now() + 60_000);

async function listed(options: MediaOptions) {
  const keys: string[] = [];
  for await (const file of options.store.list()) keys.push(file.key);
  return keys.sort();
}

describe("removing unreferenced uploads", () => {
  for (const kind of ["local disk", "an S3-compatible store"] as const) {
    it(`on ${kind}: removes files no record names, keeps every recorded file and anything newer than the cutoff`, async () => {
      const options =
        kind === "local disk"
          ? mediaOptions(path.join(database.dataDir, "local"))
          : mediaOptions(path.join(database.dataDir, "s3"), {
              maxImageBytes: 10 << 20,
              maxPdfBytes: 10 << 20,
              s3: {
                bucket: "cpscr-cleanup",
                endpoint: s3.endpoint,
                region: "us-east-1",
                accessKeyId: s3.accessKeyId,
                secretAccessKey: s3.secretAccessKey,
                forcePathStyle: true,
              },
            });
      const media = mediaService(database.db, options);
      const image = await media.ingest(Readable.from([await png()]), { purpose: "image", fileName: "a.png" });
      const article = await media.ingest(Readable.from([pdf()]), { purpose: "pdf", fileName: "a.pdf" });
      const kept = [...storedKeysOf(image.url.slice("/uploads/".length)), article.url.slice("/uploads/".length)].sort();
      expect(kept.length, "the image, its two smaller copies, its link-preview copy and the PDF").toBe(5);

      // Left behind: an image and a PDF stored but never recorded, as after a crash.
      const strayImage = `2026-01/${randomUUID()}-1600w.webp`;
      const strayPdf = `2026-01/${randomUUID()}.pdf`;
      await options.store.putBuffer(strayImage, Buffer.from("x"), "image/webp");
      await options.store.putBuffer(strayPdf, Buffer.from("%PDF-"), "application/pdf");
      if (kind === "local disk") {
        const uploads = path.join(database.dataDir, "local", "uploads");
        fs.writeFileSync(path.join(uploads, "2026-01", `${randomUUID()}.pdf.${randomUUID()}.partial`), "%PDF-half");
        fs.writeFileSync(path.join(uploads, "README.txt"), "an operator's note: not ours to remove");
        fs.mkdirSync(options.tmpDir, { recursive: true });
        fs.writeFileSync(path.join(options.tmpDir, `${randomUUID()}.upload`), "scratch");
      }
      const before = await listed(options);

      // An upload may still be on its way to its record: nothing newer than the cutoff goes.
      expect(await media.removeUnreferenced(new Date(Date.now() - 60_000))).toBe(0);
      expect(await listed(options)).toEqual(before);

      const removed = await media.removeUnreferenced(inAMinute());
      expect(removed).toBe(kind === "local disk" ? 4 : 2);
      expect(await listed(options)).toEqual(kind === "local disk" ? [...kept, "README.txt"].sort() : kept);
      if (kind === "local disk") expect(fs.readdirSync(options.tmpDir)).toEqual([]);
      for (const key of kept) expect(await media.head(key), key).not.toBeNull();
    });
  }

  it("removes nothing when the database names none of the stored uploads (the wrong database, or another site's store)", async () => {
    const options = mediaOptions(path.join(database.dataDir, "local"));
    const before = await listed(options);
    expect(before.length).toBeGreaterThan(0);
    const empty = await openTestDatabase();
    try {
      await expect(mediaService(empty.db, options).removeUnreferenced(inAMinute())).rejects.toThrow(
        /none was removed: check that DATABASE_URL/,
      );
      expect(await listed(options)).toEqual(before);
    } finally {
      await empty.dispose();
    }
  });
});
