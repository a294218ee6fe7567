import { randomBytes } from "node:crypto";

import { describe, expect, it } from "vitest";

import { FORM_DAMAGED, NO_FILE_CHOSEN, NOT_A_FILE_FORM, readUploadForm } from "./multipart.server";

const BOUNDARY = "----formdata-test-7f3a";

type Part = { name: string; value: string | Buffer; filename?: string };

function multipart(parts: Part[], boundary = BOUNDARY): Buffer {
  const pieces: Buffer[] = [];
  for (const part of parts) {
    const disposition =
      part.filename === undefined
        ? `form-data; name="${part.name}"`
        : `form-data; name="${part.name}"; filename="${part.filename}"`;
    const type = part.filename === undefined ? "" : "Content-Type: application/pdf\r\n";
    pieces.push(Buffer.from(`--${boundary}\r\nContent-Disposition: ${disposition}\r\n${type}\r\n`));
    pieces.push(Buffer.from(part.value));
    pieces.push(Buffer.from("\r\n"));
  }
  pieces.push(Buffer.from(`--${boundary}--\r\n`));
  return Buffer.concat(pieces);
}

/** The body sent in chunks of `size` bytes (1: every byte its own chunk), as a slow client sends it. */
function request(body: Buffer, size: number, type = `multipart/form-data; boundary=${BOUNDARY}`) {
  let at = 0;
  const stream = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (at >= body.length) return controller.close();
      controller.enqueue(new Uint8Array(body.subarray(at, at + size)));
      at += size;
    },
  });
  return new Request("http://site.test/submit/x/files?upload=manuscript", {
    method: "POST",
    body: stream,
    headers: { "content-type": type },
    duplex: "half",
  } as RequestInit);
}

async function collect(source: AsyncIterable<Uint8Array>) {
  const chunks: Buffer[] = [];
  for await (const chunk of source) chunks.push(Buffer.from(chunk));
  return Buffer.concat(chunks);
}

describe("readUploadForm", () => {
  // A file whose bytes hold the boundary's beginnings, line breaks and dashes: only the whole delimiter ends it.
  const file = Buffer.concat([
    randomBytes(5000),
    Buffer.from(`\r\n--${BOUNDARY.slice(0, 10)}\r\n--\r\n`),
    randomBytes(3000),
    Buffer.from("\r\n-"),
  ]);
  const body = multipart([
    { name: "kind", value: "manuscript" },
    { name: "file", value: file, filename: "my paper.pdf" },
    { name: "intent", value: "upload" },
  ]);

  for (const size of [1, 7, 64, 4096, body.length]) {
    it(`hands over the fields before the file and the file's exact bytes (chunks of ${size})`, async () => {
      const got = await readUploadForm(request(body, size), "file", async (upload) => ({
        fields: upload.fields,
        name: upload.name,
        bytes: await collect(upload.source),
      }));
      expect(got.fields).toEqual({ kind: "manuscript" });
      expect(got.name).toBe("my paper.pdf");
      expect(got.bytes.equals(file)).toBe(true);
    });
  }

  it("refuses a form with no file chosen, one that is not multipart, and one cut short", async () => {
    const empty = multipart([
      { name: "kind", value: "manuscript" },
      { name: "file", value: "", filename: "" },
    ]);
    await expect(readUploadForm(request(empty, 50), "file", async () => 1)).rejects.toThrow(NO_FILE_CHOSEN);
    const none = multipart([{ name: "kind", value: "manuscript" }]);
    await expect(readUploadForm(request(none, 50), "file", async () => 1)).rejects.toThrow(NO_FILE_CHOSEN);
    await expect(
      readUploadForm(
        request(Buffer.from("kind=manuscript"), 50, "application/x-www-form-urlencoded"),
        "file",
        async () => 1,
      ),
    ).rejects.toThrow(NOT_A_FILE_FORM);
    const cut = body.subarray(0, body.length - 2000);
    await expect(readUploadForm(request(cut, 100), "file", (upload) => collect(upload.source))).rejects.toThrow(
      FORM_DAMAGED,
    );
  });

  it("refuses a text field over its limit before the file", async () => {
    const long = multipart([
      { name: "kind", value: "x".repeat(5000) },
      { name: "file", value: file, filename: "a.pdf" },
    ]);
    await expect(readUploadForm(request(long, 512), "file", async () => 1)).rejects.toThrow(FORM_DAMAGED);
  });

  it("reads a file name as the browser writes it: UTF-8, with quotes escaped", async () => {
    const named = multipart([{ name: "file", value: "x", filename: "Étude %22final%22.pdf" }]);
    const name = await readUploadForm(request(named, 3), "file", async (upload) => {
      await collect(upload.source);
      return upload.name;
    });
    expect(name).toBe('Étude "final".pdf');
  });
});
