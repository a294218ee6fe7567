import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { Readable } from "node:stream";
import zlib from "node:zlib";

import { strFromU8, strToU8, unzipSync, zipSync } from "fflate";
import { PDFDocument, PDFName, PDFString, StandardFonts } from "pdf-lib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { pdfText } from "~/journal/pdf-text.server";
import { UploadError } from "~/services/media.server";
import { privateFileOptions } from "~/services/media-options.server";

import { reviewCertificate } from "./certificate.server";
import { manuscriptFiles } from "./manuscript-files.server";

/**
 * Manuscript files (decision 042): stored by content type in the private store, anonymised copies
 * with no author name in their bytes or metadata, the names check, and the reviewer's certificate.
 */

const AUTHOR = "Amina Diallo";
let dataDir: string;
let files: ReturnType<typeof manuscriptFiles>;

beforeAll(() => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "cpscr-manuscripts-"));
  files = manuscriptFiles({ ...privateFileOptions(dataDir), maxBytes: 200_000 });
});
afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

const XMP = (creator: string) => `<?xpacket begin="" id="W5M0MpCehiHzreSzNTczkc9d"?>
<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">
<rdf:Description rdf:about="" xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:pdf="http://ns.adobe.com/pdf/1.3/" pdf:Producer="Word for ${creator}">
<dc:creator><rdf:Seq><rdf:li>${creator}</rdf:li></rdf:Seq></dc:creator>
</rdf:Description></rdf:RDF></x:xmpmeta><?xpacket end="w"?>`;

/** A PDF whose metadata names the author (Info, compressed XMP, a leftover object) and whose text says `body`. */
async function pdfNaming(body: string, { inMetadata = true } = {}) {
  const pdf = await PDFDocument.create();
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  const page = pdf.addPage([595, 842]);
  page.drawText(body, { x: 72, y: 700, size: 12, font });
  if (inMetadata) {
    // A sticky note, written inside the page's list of annotations: its /T is who made it.
    const note = pdf.context.obj({ Type: "Annot", Subtype: "Text", Rect: [0, 0, 10, 10], T: PDFString.of(AUTHOR) });
    page.node.set(PDFName.of("Annots"), pdf.context.obj([note]));
    pdf.setAuthor(AUTHOR);
    pdf.setCreator(`${AUTHOR}'s laptop`);
    pdf.setProducer(`Word (${AUTHOR})`);
    pdf.setTitle("Draft by Diallo");
    pdf.setKeywords(["Diallo", "rain"]);
    const xmp = pdf.context.flateStream(XMP(AUTHOR), { Type: "Metadata", Subtype: "XML" });
    pdf.catalog.set(PDFName.of("Metadata"), pdf.context.register(xmp));
    // What an incremental save leaves: an earlier Info dictionary no longer referenced.
    pdf.context.register(pdf.context.obj({ Author: `${AUTHOR} (earlier)` }));
  }
  return pdf.save({ useObjectStreams: false });
}

/** Every stream of a PDF, unpacked when it is compressed. */
function streamsOf(bytes: Uint8Array): string[] {
  const text = Buffer.from(bytes).toString("latin1");
  return [...text.matchAll(/stream\r?\n([\s\S]*?)endstream/g)].map((match) => {
    const raw = Buffer.from(match[1], "latin1");
    try {
      return zlib.inflateSync(raw).toString("latin1");
    } catch {
      return match[1];
    }
  });
}

const DOCUMENT_XML = (runs: string) =>
  `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body>
<w:p><w:r><w:t>Rainfall and harvests.</w:t></w:r></w:p>
<w:p>${runs}<w:ins w:id="1" w:author="${AUTHOR}" w:date="2026-01-01T00:00:00Z"><w:r><w:t>An added line.</w:t></w:r></w:ins></w:p>
</w:body></w:document>`;

/** A Word document built as Word lays one out, naming the author where `where` says. */
function docxNaming({ runs = "<w:r><w:t>No names here.</w:t></w:r>", metadata = true } = {}) {
  const parts: Record<string, Uint8Array> = {
    "[Content_Types].xml": strToU8(
      `<?xml version="1.0"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="xml" ContentType="application/xml"/></Types>`,
    ),
    "_rels/.rels": strToU8(`<?xml version="1.0"?><Relationships/>`),
    "word/document.xml": strToU8(DOCUMENT_XML(runs)),
  };
  if (metadata) {
    parts["word/comments.xml"] = strToU8(
      `<?xml version="1.0"?><w:comments xmlns:w="w"><w:comment w:id="0" w:author="${AUTHOR}" w:initials="AD"><w:p><w:r><w:t>Check this.</w:t></w:r></w:p></w:comment></w:comments>`,
    );
    parts["word/people.xml"] = strToU8(
      `<?xml version="1.0"?><w15:people xmlns:w15="w15"><w15:person w15:author="${AUTHOR}"><w15:presenceInfo w15:providerId="AD" w15:userId="S::amina.diallo@example.org"/></w15:person></w15:people>`,
    );
    parts["docProps/core.xml"] = strToU8(
      `<?xml version="1.0"?><cp:coreProperties xmlns:cp="cp" xmlns:dc="dc"><dc:title>Rain</dc:title><dc:creator>${AUTHOR}</dc:creator><cp:lastModifiedBy>Amína Diallo</cp:lastModifiedBy></cp:coreProperties>`,
    );
    parts["docProps/app.xml"] = strToU8(
      `<?xml version="1.0"?><Properties><Application>Microsoft Office Word</Application><Company>Diallo Consulting</Company><Manager>M. Diallo</Manager></Properties>`,
    );
  }
  return zipSync(parts);
}

const storedFiles = () =>
  fs.existsSync(path.join(dataDir, "private"))
    ? fs.readdirSync(path.join(dataDir, "private"), { recursive: true })
    : [];
const scratchFiles = () => (fs.existsSync(path.join(dataDir, "tmp")) ? fs.readdirSync(path.join(dataDir, "tmp")) : []);

describe("saving a manuscript", () => {
  it("stores a PDF or a DOCX by its content, in DATA_DIR/private, with its size and checksum", async () => {
    const pdf = await pdfNaming("A study of rain.");
    const saved = await files.save(Readable.from([Buffer.from(pdf)]), { name: "paper.pdf", allow: ["pdf", "docx"] });
    expect(saved).toMatchObject({ name: "paper.pdf", size: pdf.length, type: "pdf", contentType: "application/pdf" });
    expect(saved.key).toMatch(/^manuscripts\/\d{4}-\d{2}\/[0-9a-f-]{36}\.pdf$/);
    expect(saved.sha256).toMatch(/^[0-9a-f]{64}$/);
    expect(fs.existsSync(path.join(dataDir, "private", ...saved.key.split("/")))).toBe(true);

    const docx = await files.saveBuffer(docxNaming(), { name: "paper.pdf", allow: ["pdf", "docx"] });
    expect(docx.type).toBe("docx");
    expect(docx.key.endsWith(".docx")).toBe(true);
    const opened = await files.open(docx.key);
    expect(opened?.size).toBe(docx.size);
    opened?.body.destroy();
    expect(scratchFiles()).toEqual([]);
  });

  it("refuses a PNG named .pdf, a ZIP that is not a DOCX, a DOCX where only PDFs go, and a file over the limit, leaving nothing behind", async () => {
    const before = storedFiles();
    const png = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(100)]);
    const refusals = [
      [png, ["pdf", "docx"], 415, "This file is not a PDF or a Word document (.docx)."],
      [
        zipSync({ "notes.txt": strToU8("hello") }),
        ["pdf", "docx"],
        415,
        "This file is a ZIP archive, not a Word document.",
      ],
      [docxNaming(), ["pdf"], 415, "This file is not a PDF."],
      [Buffer.alloc(0), ["pdf"], 400, "The file is empty."],
      [Buffer.from("%PDF-1.7\nno end"), ["pdf"], 400, "The PDF is incomplete or damaged."],
    ] as const;
    for (const [bytes, allow, status, words] of refusals) {
      const refusal = await files
        .save(Readable.from([Buffer.from(bytes)]), { name: "paper.pdf", allow })
        .catch((e) => e);
      expect(refusal).toBeInstanceOf(UploadError);
      expect(refusal.status).toBe(status);
      expect(refusal.message).toContain(words);
    }
    // Too large, as it streams (no length said) and when the length is said first.
    const big = Buffer.concat([Buffer.from("%PDF-1.7\n"), Buffer.alloc(300_000)]);
    async function* chunks() {
      for (let i = 0; i < big.length; i += 16_384) yield big.subarray(i, i + 16_384);
    }
    for (const attempt of [
      () => files.save(chunks(), { name: "big.pdf", allow: ["pdf"] }),
      () => files.save(Readable.from([big]), { name: "big.pdf", allow: ["pdf"], declaredLength: big.length }),
    ]) {
      const refusal = await attempt().catch((e) => e);
      expect(refusal).toBeInstanceOf(UploadError);
      expect(refusal.status).toBe(413);
      expect(refusal.message).toBe("This file is too large: a manuscript can be at most 0.2 MB.");
    }
    expect(storedFiles()).toEqual(before);
    expect(scratchFiles()).toEqual([]);
  });

  it("refuses a file name that is a path, and keys that are not its own", async () => {
    await expect(files.saveBuffer(await pdfNaming("x"), { name: "../x.pdf", allow: ["pdf"] })).rejects.toThrow(
      "The file name is not valid.",
    );
    expect(await files.open("../uploads/2026-01/x.pdf")).toBeNull();
    expect(await files.open("manuscripts/2026-01/../../x.pdf")).toBeNull();
    await expect(files.anonymise("../../etc/passwd")).rejects.toThrow("That manuscript file no longer exists.");
    await expect(files.putBuffer("manuscripts/x.sh", Buffer.from("x"))).rejects.toThrow();
  });
});

describe("anonymised copies", () => {
  it("a PDF's copy names the author nowhere: not in its bytes, its streams or its metadata", async () => {
    const original = await files.saveBuffer(await pdfNaming("Rainfall and harvests in the Sahel."), {
      name: "paper.pdf",
      allow: ["pdf"],
    });
    expect(await files.namesIn(original.key, [AUTHOR])).toEqual([{ name: AUTHOR, where: "metadata" }]);

    const copy = await files.anonymise(original.key);
    expect(copy.key).not.toBe(original.key);
    const stored = await files.open(copy.key);
    const chunks: Buffer[] = [];
    for await (const chunk of stored!.body) chunks.push(chunk as Buffer);
    const bytes = Buffer.concat(chunks);
    expect(bytes.length).toBe(copy.size);
    expect(bytes.toString("latin1")).not.toMatch(/Diallo/i);
    for (const stream of streamsOf(bytes)) expect(stream).not.toMatch(/Diallo|dc:creator/i);

    const read = await PDFDocument.load(bytes, { updateMetadata: false });
    expect(read.getAuthor()).toBeUndefined();
    expect(read.getCreator()).toBeUndefined();
    expect(read.getProducer()).toBeUndefined();
    expect(read.getTitle()).toBeUndefined();
    expect(read.catalog.get(PDFName.of("Metadata"))).toBeUndefined();
    expect(await files.namesIn(copy.key, [AUTHOR])).toEqual([]);
    // The text is the original's.
    expect(await pdfText({ bytes, size: bytes.length })).toContain("Rainfall and harvests in the Sahel.");
  });

  it("a DOCX's copy has no creator, last editor, company or manager, and its comments and changes are the Author's", async () => {
    const original = await files.saveBuffer(docxNaming(), { name: "paper.docx", allow: ["docx"] });
    expect(await files.namesIn(original.key, [AUTHOR])).toEqual([{ name: AUTHOR, where: "metadata" }]);

    const copy = await files.anonymise(original.key);
    const stored = await files.open(copy.key);
    const chunks: Buffer[] = [];
    for await (const chunk of stored!.body) chunks.push(chunk as Buffer);
    const parts = unzipSync(Buffer.concat(chunks));
    for (const [name, data] of Object.entries(parts)) expect(strFromU8(data), name).not.toMatch(/Diallo|AD"/i);
    const core = strFromU8(parts["docProps/core.xml"]);
    expect(core).not.toContain("dc:creator");
    expect(core).not.toContain("cp:lastModifiedBy");
    expect(core).toContain("<dc:title>Rain</dc:title>");
    const app = strFromU8(parts["docProps/app.xml"]);
    expect(app).not.toMatch(/Company|Manager/);
    expect(strFromU8(parts["word/comments.xml"])).toContain('w:author="Author" w:initials="A"');
    const body = strFromU8(parts["word/document.xml"]);
    expect(body).toContain('w:author="Author"');
    expect(body).toContain("Rainfall and harvests.");
    expect(Object.keys(parts)[0]).toBe("[Content_Types].xml");
    expect(await files.namesIn(copy.key, [AUTHOR])).toEqual([]);
  });
});

describe("names in a manuscript", () => {
  it("finds the name in a PDF's text apart from its metadata", async () => {
    const inText = await files.saveBuffer(
      await pdfNaming("Amina Diallo, University of Bamako", { inMetadata: false }),
      {
        allow: ["pdf"],
      },
    );
    expect(await files.namesIn(inText.key, [AUTHOR, "Kofi Mensah"])).toEqual([{ name: AUTHOR, where: "text" }]);
    const both = await files.saveBuffer(await pdfNaming("As Diallo (2019) argued"), { allow: ["pdf"] });
    expect(await files.namesIn(both.key, [AUTHOR])).toEqual([
      { name: AUTHOR, where: "text" },
      { name: AUTHOR, where: "metadata" },
    ]);
  });

  it("finds the name in a DOCX's text across runs and accents, and does not take 'Dia' for a name", async () => {
    const split = await files.saveBuffer(
      docxNaming({
        runs: '<w:r><w:t>AMÍNA Dia</w:t></w:r><w:r><w:t xml:space="preserve">llo wrote this.</w:t></w:r>',
        metadata: false,
      }),
      { allow: ["docx"] },
    );
    expect(await files.namesIn(split.key, [AUTHOR])).toEqual([
      { name: AUTHOR, where: "text" },
      // The tracked change's author is in every document built here.
      { name: AUTHOR, where: "metadata" },
    ]);
    const short = await files.saveBuffer(
      docxNaming({ runs: "<w:r><w:t>Dia de los muertos, by Ana.</w:t></w:r>", metadata: false }),
      { allow: ["docx"] },
    );
    expect(await files.namesIn(short.key, ["Ana Dia", "Diallo Ka"])).toEqual([]);
  });
});

describe("the reviewer's certificate", () => {
  it("names the reviewer, the journal and the year on one landscape A4 page, in words the standard fonts can draw", async () => {
    const bytes = await reviewCertificate({ journal: "Journal of Peace Studies", reviewer: "Łukasz Żółć", year: 2026 });
    const pdf = await PDFDocument.load(bytes);
    expect(pdf.getPageCount()).toBe(1);
    const { width, height } = pdf.getPage(0).getSize();
    expect(Math.round(width)).toBe(842);
    expect(Math.round(height)).toBe(595);
    expect(pdf.getTitle()).toBe("Certificate of reviewing");
    const text = (await pdfText({ bytes, size: bytes.length })).replace(/\s+/g, " ");
    expect(text).toContain("Certificate of reviewing");
    expect(text).toContain(
      "This certifies that Lukasz Zólc reviewed a manuscript for Journal of Peace Studies in 2026.",
    );
    expect(text).toMatch(/thanks/);
  });
});
