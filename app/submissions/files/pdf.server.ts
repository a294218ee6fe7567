import {
  decodePDFRawStream,
  PDFArray,
  type PDFContext,
  PDFDict,
  PDFDocument,
  PDFHexString,
  PDFName,
  type PDFObject,
  PDFRawStream,
  PDFRef,
  PDFStream,
  PDFString,
} from "pdf-lib";

/**
 * A PDF's metadata read and removed with pdf-lib (decision 042): the Info dictionary and XMP
 * streams. The pages' content (the body text) is left as it is.
 */

/** Opened as it is: pdf-lib would otherwise write its own Producer and dates into the Info dictionary. */
export function openPdf(bytes: Uint8Array) {
  return PDFDocument.load(bytes, { updateMetadata: false, throwOnInvalidObject: false });
}

const METADATA = PDFName.of("Metadata");
const PIECE_INFO = PDFName.of("PieceInfo");
const TYPE = PDFName.of("Type");
const SUBTYPE = PDFName.of("Subtype");
const TITLE = PDFName.of("T");
/** Annotations whose /T is the name of the person who made them (a form field's /T is its name, and stays). */
const MARKUP_ANNOTATIONS = new Set(
  [
    "Text",
    "FreeText",
    "Line",
    "Square",
    "Circle",
    "Polygon",
    "PolyLine",
    "Highlight",
    "Underline",
    "Squiggly",
    "StrikeOut",
    "Stamp",
    "Caret",
    "Ink",
    "Popup",
    "FileAttachment",
    "Sound",
    "Redact",
  ].map((name) => PDFName.of(name)),
);

const textOf = (value: PDFObject | undefined) =>
  value instanceof PDFString || value instanceof PDFHexString ? value.decodeText() : "";

/** The bytes of a stream, unpacked; empty when its filter is one pdf-lib cannot undo. */
function streamText(stream: PDFObject | undefined): string {
  try {
    if (stream instanceof PDFRawStream) return Buffer.from(decodePDFRawStream(stream).decode()).toString("utf8");
    if (stream instanceof PDFStream) return Buffer.from(stream.getContents()).toString("utf8");
  } catch {
    // A filter pdf-lib does not know (an image's): no metadata there.
  }
  return "";
}

/** XMP's words: element text and attribute values (rdf:about, pdf:Producer="..." in short form). */
function xmpWords(xml: string) {
  const attributes = [...xml.matchAll(/\s[\w:.-]+="([^"]*)"/g)].map((match) => match[1]);
  return `${xml.replace(/<[^>]*>/g, " ")} ${attributes.join(" ")}`;
}

/** Every dictionary of the file: its objects', their streams', and those written inside them (a page's annotations). */
function* dictionaries(context: PDFContext): Generator<PDFDict> {
  const pending: PDFObject[] = context.enumerateIndirectObjects().map(([, object]) => object);
  while (pending.length) {
    const object = pending.pop();
    if (object instanceof PDFStream) pending.push(object.dict);
    else if (object instanceof PDFDict) {
      yield object;
      for (const [, value] of object.entries())
        if (value instanceof PDFDict || value instanceof PDFArray) pending.push(value);
    } else if (object instanceof PDFArray) {
      for (let i = 0; i < object.size(); i++) {
        const value = object.get(i);
        if (value instanceof PDFDict || value instanceof PDFArray) pending.push(value);
      }
    }
  }
}

const isMetadataStream = (object: PDFObject | undefined) =>
  object instanceof PDFStream && object.dict.get(TYPE) === METADATA;

/** What a PDF says about itself: every value of its Info dictionary and the words of its XMP streams. */
export function pdfMetadataWords(pdf: PDFDocument): string {
  const { context } = pdf;
  const words: string[] = [];
  const info = context.lookup(context.trailerInfo.Info);
  if (info instanceof PDFDict) for (const [, value] of info.entries()) words.push(textOf(context.lookup(value)));
  const metadata = new Set<PDFObject>();
  for (const [, object] of context.enumerateIndirectObjects()) if (isMetadataStream(object)) metadata.add(object);
  for (const dict of dictionaries(context)) {
    // XMP is whatever a /Metadata entry points at, with or without its /Type.
    const xmp = context.lookup(dict.get(METADATA));
    if (xmp) metadata.add(xmp);
    if (MARKUP_ANNOTATIONS.has(dict.get(SUBTYPE) as PDFName)) words.push(textOf(context.lookup(dict.get(TITLE))));
  }
  for (const stream of metadata) words.push(xmpWords(streamText(stream)));
  return words.filter(Boolean).join("\n");
}

/** The objects the file's trailer still reaches (its catalog and Info dictionary, and all they name). */
function reachable(context: PDFContext): Set<string> {
  const seen = new Set<string>();
  const pending: (PDFObject | undefined)[] = [context.trailerInfo.Root, context.trailerInfo.Info];
  while (pending.length) {
    const object = pending.pop();
    if (object instanceof PDFRef) {
      if (seen.has(object.tag)) continue;
      seen.add(object.tag);
      pending.push(context.lookup(object));
    } else if (object instanceof PDFDict) {
      for (const [, value] of object.entries()) pending.push(value);
    } else if (object instanceof PDFArray) {
      for (let i = 0; i < object.size(); i++) pending.push(object.get(i));
    } else if (object instanceof PDFStream) {
      pending.push(object.dict);
    }
  }
  return seen;
}

/**
 * The PDF without what names its authors outside its text: an empty Info dictionary (no Author,
 * Creator, Producer, Title, Subject, Keywords or dates), no XMP metadata anywhere (the catalog's,
 * a page's or an image's), no application data (/PieceInfo), markup annotations signed "Author",
 * and no object the file no longer uses (an earlier Info or XMP left behind by an incremental
 * save). Written without object streams, so what it holds can be checked byte by byte.
 */
export async function anonymisePdf(bytes: Uint8Array): Promise<Uint8Array> {
  const pdf = await openPdf(bytes);
  const { context } = pdf;
  context.trailerInfo.Info = context.register(context.obj({}));
  for (const dict of dictionaries(context)) {
    dict.delete(METADATA);
    dict.delete(PIECE_INFO);
    if (MARKUP_ANNOTATIONS.has(dict.get(SUBTYPE) as PDFName) && dict.has(TITLE))
      dict.set(TITLE, PDFString.of("Author"));
  }
  const kept = reachable(context);
  for (const [ref] of context.enumerateIndirectObjects()) if (!kept.has(ref.tag)) context.delete(ref);
  return pdf.save({ useObjectStreams: false, updateFieldAppearances: false });
}
