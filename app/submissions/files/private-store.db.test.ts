import fs from "node:fs";
import path from "node:path";

import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { renderPdf } from "~/demo/pdf.server";
import { createServices, privateDirectory, uploadsDirectory } from "~/registry.server";

import { openTestDatabase, type TestDatabase } from "../../../tests/support/database";
import { startS3Server } from "../../../tests/support/s3-server";

/**
 * The private store beside the uploads (decision 042): on local disk and in an S3 bucket, the
 * uploads' sweep of unused and left-behind files never removes a manuscript, and the uploads'
 * reader (/uploads/*) never opens one.
 */

let s3: Awaited<ReturnType<typeof startS3Server>>;
const opened: TestDatabase[] = [];

beforeAll(async () => {
  s3 = await startS3Server("private-store");
});
afterAll(async () => {
  await s3?.stop();
  for (const database of opened) await database.dispose();
});

const secret = "test-secret-test-secret-test-secret-0123";
const manuscript = () => renderPdf([{ text: "A manuscript", style: "title" }], { title: "M", author: "Amina Diallo" });
const photo = () =>
  sharp({ create: { width: 400, height: 300, channels: 3, background: { r: 20, g: 60, b: 90 } } })
    .png()
    .toBuffer();

for (const where of ["local", "s3"] as const) {
  describe(`the private store (${where})`, () => {
    it("keeps manuscripts through the uploads' sweep, and /uploads/ does not open them", async () => {
      const database = await openTestDatabase();
      opened.push(database);
      const services = createServices(database.db, {
        dataDir: database.dataDir,
        auth: { secret },
        uploads: {
          maxImageBytes: 10 << 20,
          maxPdfBytes: 10 << 20,
          ...(where === "s3"
            ? {
                s3: {
                  bucket: "private-store",
                  endpoint: s3.endpoint,
                  region: "us-east-1",
                  accessKeyId: s3.accessKeyId,
                  secretAccessKey: s3.secretAccessKey,
                  forcePathStyle: true,
                },
              }
            : {}),
        },
      });
      const { media, manuscriptFiles } = services;
      // An upload no content uses, beside the manuscript: the sweep has work to do.
      const unused = await media.ingestBuffer(await photo(), { purpose: "image", fileName: "photo.png" });
      const saved = await manuscriptFiles.saveBuffer(manuscript(), { name: "paper.pdf", allow: ["pdf"] });
      const copy = await manuscriptFiles.anonymise(saved.key);
      if (where === "local") {
        const file = path.join(privateDirectory(database.dataDir), ...saved.key.split("/"));
        expect(fs.existsSync(file)).toBe(true);
        expect(path.relative(uploadsDirectory(database.dataDir), file).startsWith("..")).toBe(true);
        // Long ago, as far as the sweep can tell.
        const old = new Date(Date.now() - 3 * 24 * 60 * 60_000);
        fs.utimesSync(file, old, old);
      }

      const later = new Date(Date.now() + 60_000);
      const removed = await media.removeUnreferenced(later, { unusedBefore: later });
      expect(removed).toBeGreaterThan(0);
      expect(await media.open(unused.url.slice("/uploads/".length))).toBeNull();
      for (const key of [saved.key, copy.key]) {
        expect(await manuscriptFiles.head(key)).toMatchObject({ contentType: "application/pdf" });
        // The uploads' reader takes only its own keys: not a private key, nor one dressed as a path to it.
        for (const asked of [key, `private/${key}`, `../private/${key}`]) expect(await media.open(asked)).toBeNull();
      }
      for await (const file of media.store.list()) expect(file.key).not.toContain("manuscripts/");
    });
  });
}
