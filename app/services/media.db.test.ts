import fs from "node:fs";
import path from "node:path";
import { Readable } from "node:stream";

import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { media } from "~/db/schema";
import { renderPdf } from "~/demo/pdf.server";
import { srcSetFor } from "~/lib/images";

import { openTestDatabase, type TestDatabase, testDatabaseKind } from "../../tests/support/database";
import { startS3Server } from "../../tests/support/s3-server";
import { mediaService, UploadError, type UploadPurpose } from "./media.server";
import { mediaOptions } from "./media-options.server";

let database: TestDatabase;
let service: ReturnType<typeof mediaService>;
const KB = 1024;

/** A stored file's bytes, read whole. */
async function bytesOf(file: { body: AsyncIterable<unknown> } | null) {
  const chunks: Buffer[] = [];
  for await (const chunk of file!.body) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** Upload options whose store is `bucket` on the test S3 server. */
const onS3 = (s3: Awaited<ReturnType<typeof startS3Server>>, bucket: string) =>
  mediaOptions(database.dataDir, {
    maxImageBytes: 10 * 1024 * KB,
    maxPdfBytes: 10 * 1024 * KB,
    s3: {
      bucket,
      endpoint: s3.endpoint,
      region: "us-east-1",
      accessKeyId: s3.accessKeyId,
      secretAccessKey: s3.secretAccessKey,
      forcePathStyle: true,
    },
  });

beforeAll(async () => {
  database = await openTestDatabase();
  service = mediaService(database.db, {
    ...mediaOptions(database.dataDir),
    maxImageBytes: 200 * KB,
    maxPdfBytes: 300 * KB,
  });
});
afterAll(async () => {
  await database?.dispose();
});

const photo = (format: "png" | "jpeg" | "webp", width = 1800, height = 1200) =>
  sharp({ create: { width, height, channels: 3, background: { r: 30, g: 70, b: 130 } } })
    .toFormat(format)
    .toBuffer();

const pdf = () =>
  renderPdf([{ text: "A journal article", style: "title" }, { text: "Its abstract." }], {
    title: "Test",
    author: "Tester",
  });

function upload(bytes: Buffer, purpose: UploadPurpose, fileName = "file", declare = true) {
  return service.ingest(Readable.from([bytes]), {
    purpose,
    fileName,
    declaredLength: declare ? bytes.length : undefined,
    uploadedBy: null,
  });
}

async function refusal(promise: Promise<unknown>) {
  try {
    await promise;
  } catch (error) {
    if (error instanceof UploadError) return { status: error.status, message: error.message };
    throw error;
  }
  throw new Error("the upload was accepted");
}

/** Every file in the data folder's uploads and scratch space. */
function filesOnDisk() {
  const found: string[] = [];
  for (const folder of ["uploads", "tmp"]) {
    const root = path.join(database.dataDir, folder);
    if (fs.existsSync(root))
      for (const entry of fs.readdirSync(root, { recursive: true })) {
        if (fs.statSync(path.join(root, String(entry))).isFile()) found.push(`${folder}/${entry}`);
      }
  }
  return found;
}

describe(`uploads (${testDatabaseKind})`, () => {
  it.each(["png", "jpeg", "webp"] as const)(
    "accepts a %s image: stripped, upright, in WebP, with resized copies",
    async (format) => {
      const stored = await upload(await photo(format), "image", `photo.${format}`);
      expect(stored).toMatchObject({ kind: "image", contentType: "image/webp", width: 1800, height: 1200 });
      expect(stored.url).toMatch(/^\/uploads\/\d{4}-\d{2}\/[0-9a-f-]{36}-1800w\.webp$/);
      // Every width in the srcset is really there.
      for (const candidate of srcSetFor(stored.url)!.split(", ")) {
        const [url, width] = candidate.split(" ");
        const file = await service.open(url.slice("/uploads/".length));
        expect(file, url).not.toBeNull();
        const content = await bytesOf(file);
        expect((await sharp(content).metadata()).width).toBe(Number(width.slice(0, -1)));
      }
    },
  );

  it("accepts a PDF as it is, byte for byte", async () => {
    const bytes = pdf();
    const stored = await upload(bytes, "pdf", "article.pdf");
    expect(stored).toMatchObject({ kind: "pdf", contentType: "application/pdf", size: bytes.length });
    const file = (await service.open(stored.url.slice("/uploads/".length)))!;
    const content = await bytesOf(file);
    expect(content.equals(bytes)).toBe(true);
  });

  it("removes location and camera data from photos", async () => {
    const withGps = await sharp(await photo("jpeg", 800, 600))
      .withExif({ IFD0: { Make: "Camera Co", Model: "X1" }, IFD3: { GPSLatitudeRef: "N", GPSLatitude: "9/1 4/1 0/1" } })
      .jpeg()
      .toBuffer();
    expect((await sharp(withGps).metadata()).exif).toBeDefined();
    const stored = await upload(withGps, "avatar", "me.jpg");
    const file = (await service.open(stored.url.slice("/uploads/".length)))!;
    const content = await bytesOf(file);
    const meta = await sharp(content).metadata();
    expect(meta.exif).toBeUndefined();
    expect(meta.format).toBe("webp");
  });

  it("handles a very large image (8000 x 8000) by resizing it", async () => {
    const big = await sharp({ create: { width: 8000, height: 8000, channels: 3, background: "#123456" } })
      .png({ compressionLevel: 9 })
      .toBuffer();
    const stored = await upload(big, "image", "huge.png");
    expect(stored).toMatchObject({ width: 2400, height: 2400 });
  });

  it("refuses what is not what it claims, or too big, or damaged, and leaves nothing behind", async () => {
    const before = filesOnDisk().length;
    const [{ n: rowsBefore }] = await database.db.$count(media).then((n) => [{ n }]);
    const jpeg = await photo("jpeg", 1200, 900);
    const cases: [Buffer, UploadPurpose, string, number, RegExp][] = [
      [
        Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'),
        "image",
        "logo.svg",
        415,
        /not a PNG, JPEG or WebP image/,
      ],
      [
        Buffer.from("<!doctype html><script>alert(1)</script>"),
        "image",
        "photo.png",
        415,
        /not a PNG, JPEG or WebP image/,
      ],
      [pdf(), "image", "photo.jpg", 415, /is a PDF, not an image/],
      [jpeg, "pdf", "article.pdf", 415, /not a PDF/],
      [jpeg.subarray(0, Math.floor(jpeg.length / 2)), "image", "cut.jpg", 400, /damaged or incomplete/],
      [pdf().subarray(0, 200), "pdf", "cut.pdf", 400, /incomplete or damaged/],
      [Buffer.alloc(250 * KB, 1), "image", "big.jpg", 413, /too large: images can be at most 0\.2 MB/],
      [Buffer.alloc(0), "image", "empty.png", 400, /empty/],
      [jpeg, "image", "../../x", 400, /file name is not valid/],
    ];
    for (const [bytes, purpose, name, status, message] of cases) {
      const refused = await refusal(upload(bytes, purpose, name));
      expect(refused.status, name).toBe(status);
      expect(refused.message, name).toMatch(message);
    }
    // Too big without saying so in advance: refused while streaming.
    const streamed = await refusal(upload(Buffer.alloc(400 * KB, 1), "pdf", "big.pdf", false));
    expect(streamed).toEqual({ status: 413, message: "This PDF is too large: PDFs can be at most 0.3 MB." });

    expect(filesOnDisk().length).toBe(before);
    expect(await database.db.$count(media)).toBe(rowsBefore);
  });
});

describe("storage drivers", () => {
  it("round-trip the same upload byte for byte on local disk and on an S3-compatible server", async () => {
    const s3 = await startS3Server("cpscr-media");
    try {
      const local = mediaOptions(database.dataDir);
      const bucket = onS3(s3, "cpscr-media");
      expect(local.store.kind).toBe("local");
      expect(bucket.store.kind).toBe("s3");
      const bytes = pdf();
      for (const options of [local, bucket]) {
        const drive = mediaService(database.db, options);
        const stored = await drive.ingest(Readable.from([bytes]), {
          purpose: "pdf",
          declaredLength: bytes.length,
          fileName: "a.pdf",
        });
        const key = stored.url.slice("/uploads/".length);
        expect(await drive.head(key)).toEqual({ size: bytes.length, contentType: "application/pdf" });
        const whole = await drive.open(key);
        const content = await bytesOf(whole);
        expect(content.equals(bytes), options.store.kind).toBe(true);
        const part = await drive.open(key, { start: 0, end: 4 });
        const firstBytes = await bytesOf(part);
        expect(firstBytes.toString()).toBe("%PDF-");
        await options.store.delete(key);
        expect(await drive.head(key)).toBeNull();
      }
      // Images too: the resized copies land in the bucket.
      const image = await mediaService(database.db, bucket).ingest(Readable.from([await photo("png", 700, 500)]), {
        purpose: "image",
        fileName: "p.png",
      });
      expect(await bucket.store.head(image.url.slice("/uploads/".length).replace("-700w", "-320w"))).toMatchObject({
        contentType: "image/webp",
      });
    } finally {
      await s3.stop();
    }
  });
});

describe("link-preview copies (issue 22)", () => {
  const read = async (drive: ReturnType<typeof mediaService>, key: string) => {
    const file = await drive.open(key);
    const content = await bytesOf(file);
    return sharp(content).metadata();
  };

  it("are a 1200×630 JPEG made at upload, and made again from the main copy when missing, on disk and on S3", async () => {
    const s3 = await startS3Server("cpscr-cards");
    try {
      const local = mediaOptions(database.dataDir);
      const bucket = onS3(s3, "cpscr-cards");
      for (const options of [local, bucket]) {
        const drive = mediaService(database.db, options);
        // A portrait photo: the card is cropped, never stretched.
        const stored = await drive.ingest(Readable.from([await photo("jpeg", 900, 1400)]), {
          purpose: "image",
          fileName: "portrait.jpg",
        });
        const cardKey = stored.url.slice("/uploads/".length).replace(/-\d+w\.webp$/, "-og.jpg");
        expect(await drive.head(cardKey), options.store.kind).toMatchObject({ contentType: "image/jpeg" });
        expect(await read(drive, cardKey)).toMatchObject({ format: "jpeg", width: 1200, height: 630 });

        // An image stored before cards existed: the first request makes it.
        await options.store.delete(cardKey);
        expect(await drive.head(cardKey)).toBeNull();
        const twice = await Promise.all([drive.ensureSocialCard(cardKey), drive.ensureSocialCard(cardKey)]);
        expect(twice).toEqual([true, true]);
        expect(await read(drive, cardKey)).toMatchObject({ format: "jpeg", width: 1200, height: 630 });

        // Only for images this site stored.
        expect(await drive.ensureSocialCard("2026-01/00000000-0000-4000-8000-000000000000-og.jpg")).toBe(false);
        expect(await drive.ensureSocialCard("../../etc/passwd-og.jpg")).toBe(false);

        // Deleting the image deletes its card.
        await drive.removeByUrl(stored.url);
        expect(await drive.head(cardKey)).toBeNull();
      }
    } finally {
      await s3.stop();
    }
  });
});
