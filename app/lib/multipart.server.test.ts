import { randomBytes } from "node:crypto";

import { describe, expect, it } from "vitest";

import {
  FORM_DAMAGED,
  NO_FILE_CHOSEN,
  NOT_A_FILE_FORM,
  readFormWithFile,
  readUploadForm,
  TOO_MANY_PARTS,
  UploadFormError,
} from "./multipart.server";

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
/**
 * A client posting `body` in chunks of `size` as the server pulls them (`sent.at`: how much it has
 * pulled); with `cutAt`, one that goes away once more than that is sent.
 */
function client(
  body: Buffer,
  size: number,
  { type = `multipart/form-data; boundary=${BOUNDARY}`, cutAt = Infinity } = {},
) {
  const sent = { at: 0 };
  const stream = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (sent.at > cutAt) return controller.error(new Error("aborted"));
      if (sent.at >= body.length) return controller.close();
      controller.enqueue(new Uint8Array(body.subarray(sent.at, sent.at + size)));
      sent.at += size;
    },
  });
  const request = new Request("http://site.test/submit/x/files?upload=manuscript", {
    method: "POST",
    body: stream,
    headers: { "content-type": type },
    duplex: "half",
  } as RequestInit);
  return { request, sent };
}

function request(body: Buffer, size: number, type?: string) {
  return client(body, size, { type }).request;
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

describe("readUploadForm refuses a malformed body in words (400), never a 500", () => {
  const file = randomBytes(20_000);
  const body = multipart([
    { name: "kind", value: "manuscript" },
    { name: "file", value: file, filename: "paper.pdf" },
  ]);
  const refusal = async (promise: Promise<unknown>) => {
    const error = await promise.then(
      () => null,
      (thrown: unknown) => thrown,
    );
    expect(error).toBeInstanceOf(UploadFormError);
    return error as UploadFormError;
  };

  it("refuses a multipart type without its boundary, or with one the body does not use", async () => {
    const missing = await refusal(readUploadForm(request(body, 512, "multipart/form-data"), "file", async () => 1));
    expect([missing.status, missing.message]).toEqual([400, NOT_A_FILE_FORM]);
    const other = await refusal(
      readUploadForm(request(body, 512, "multipart/form-data; boundary=not-the-one"), "file", async () => 1),
    );
    expect([other.status, other.message]).toEqual([400, FORM_DAMAGED]);
  });

  it("refuses a body cut short in a field, in the file, or before its closing boundary; the file's reader sees it fail", async () => {
    for (const end of [40, body.length / 2, body.length - 8]) {
      let readerFailed = false;
      const cut = await refusal(
        readUploadForm(request(body.subarray(0, end), 1000), "file", (upload) =>
          collect(upload.source).catch((error: unknown) => {
            readerFailed = true;
            throw error;
          }),
        ),
      );
      expect([cut.status, cut.message]).toEqual([400, FORM_DAMAGED]);
      if (end > 200) expect(readerFailed).toBe(true);
    }
  });

  it("refuses a client that goes away part-way through the file", async () => {
    const aborted = client(body, 1000, { cutAt: body.length / 2 }).request;
    const error = await refusal(readUploadForm(aborted, "file", (upload) => collect(upload.source)));
    expect(error.message).toBe(FORM_DAMAGED);
  });

  it("refuses a part whose headers are malformed, or oversized", async () => {
    const malformed = Buffer.concat([
      Buffer.from(`--${BOUNDARY}\r\nContent-Disposition form-data name=kind\r\n\r\nmanuscript\r\n`),
      body,
    ]);
    expect((await refusal(readUploadForm(request(malformed, 64), "file", async () => 1))).message).toBe(FORM_DAMAGED);
    const huge = Buffer.concat([
      Buffer.from(
        `--${BOUNDARY}\r\nContent-Disposition: form-data; name="kind"\r\nX-Padding: ${"x".repeat(20_000)}\r\n\r\n`,
      ),
      Buffer.from("manuscript\r\n"),
      body,
    ]);
    const error = await refusal(readUploadForm(request(huge, 1000), "file", async () => 1));
    expect([error.status, error.message]).toEqual([400, FORM_DAMAGED]);
  });

  it("refuses an oversized field, and a field over the limit the caller set", async () => {
    const long = multipart([
      { name: "comments", value: "é".repeat(3000) },
      { name: "file", value: file, filename: "a.pdf" },
    ]);
    expect((await refusal(readUploadForm(request(long, 700), "file", async () => 1))).message).toBe(FORM_DAMAGED);
    const fits = await readUploadForm(
      request(long, 700),
      "file",
      async (upload) => {
        await collect(upload.source);
        return upload.fields.comments.length;
      },
      { fieldBytes: 6000 },
    );
    expect(fits).toBe(3000);
  });

  it("refuses a form with too many parts before the file", async () => {
    const crowded = multipart([
      ...Array.from({ length: 30 }, (_, i) => ({ name: `field${i}`, value: "x" })),
      { name: "file", value: file, filename: "a.pdf" },
    ]);
    let called = false;
    const error = await refusal(
      readUploadForm(request(crowded, 256), "file", async () => {
        called = true;
      }),
    );
    expect([error.status, error.message]).toEqual([400, TOO_MANY_PARTS]);
    expect(called).toBe(false);
    const files = multipart([
      { name: "other", value: "a", filename: "a.pdf" },
      { name: "other", value: "b", filename: "b.pdf" },
      { name: "other", value: "c", filename: "c.pdf" },
      { name: "file", value: file, filename: "a.pdf" },
    ]);
    expect((await refusal(readUploadForm(request(files, 256), "file", async () => 1))).message).toBe(TOO_MANY_PARTS);
  });

  it("answers with the file reader's own refusal (a file too large) without reading the rest", async () => {
    class TooLarge extends Error {
      readonly status = 413;
    }
    const big = multipart([{ name: "file", value: randomBytes(400_000), filename: "big.pdf" }]);
    const { request: slow, sent } = client(big, 1000);
    const error = await readUploadForm(slow, "file", async (upload) => {
      let size = 0;
      for await (const chunk of upload.source) {
        size += chunk.byteLength;
        if (size > 50_000) throw new TooLarge("This file is too large.");
      }
    }).catch((thrown: unknown) => thrown);
    expect(error).toBeInstanceOf(TooLarge);
    expect(sent.at).toBeLessThan(big.length / 2);
  });
});

describe("readFormWithFile", () => {
  it("hands over the fields with no file when none was chosen, and with the file when one was", async () => {
    const none = multipart([
      { name: "recommendation", value: "minor" },
      { name: "annotated", value: "", filename: "" },
    ]);
    const empty = await readFormWithFile(request(none, 9), "annotated", async (form) => form);
    expect(empty).toEqual({ fields: { recommendation: "minor" }, file: null });
    const withFile = multipart([
      { name: "recommendation", value: "major" },
      { name: "annotated", value: "annotated bytes", filename: "notes.pdf" },
    ]);
    const got = await readFormWithFile(request(withFile, 9), "annotated", async (form) => ({
      fields: form.fields,
      name: form.file?.name,
      bytes: form.file ? (await collect(form.file.source)).toString() : null,
    }));
    expect(got).toEqual({ fields: { recommendation: "major" }, name: "notes.pdf", bytes: "annotated bytes" });
  });
});
