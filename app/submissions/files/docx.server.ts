import { strFromU8, strToU8, type Unzipped, unzipSync, zipSync } from "fflate";

/**
 * Word documents (.docx, Office Open XML: a ZIP of XML parts) read and rewritten with fflate, in
 * memory: a manuscript is at most MAX_PDF_MB. What a ZIP says its parts unpack to is capped before
 * anything is unpacked (fflate allocates each part's declared size), so a small "ZIP bomb" cannot
 * take the server's memory.
 */

/** The most the parts of one document may unpack to. */
export const DOCX_UNPACKED_LIMIT = 256 * 1024 * 1024;

export class DocxError extends Error {}

/** The names of a ZIP's entries, or null when the bytes are not a ZIP fflate can read. */
export function zipEntryNames(bytes: Uint8Array): string[] | null {
  const names: string[] = [];
  try {
    unzipSync(bytes, {
      filter(file) {
        names.push(file.name);
        return false;
      },
    });
  } catch {
    return null;
  }
  return names;
}

/** A .docx: a ZIP holding the parts every Word document has. */
export function isDocxEntries(names: readonly string[]) {
  return names.includes("[Content_Types].xml") && names.includes("word/document.xml");
}

/** The entries `wanted` says yes to, unpacked (every entry when not given). */
export function unpackDocx(bytes: Uint8Array, wanted: (name: string) => boolean = () => true): Unzipped {
  let total = 0;
  try {
    return unzipSync(bytes, {
      filter(file) {
        if (!wanted(file.name)) return false;
        total += file.originalSize;
        if (total > DOCX_UNPACKED_LIMIT) throw new DocxError("unpacks to more than the limit");
        return true;
      },
    });
  } catch (error) {
    throw error instanceof DocxError ? error : new DocxError((error as Error).message);
  }
}

/** XML's character references and the five named entities, as text. */
export function decodeXmlText(xml: string): string {
  return xml.replace(/&(#x[0-9a-f]+|#\d+|amp|lt|gt|quot|apos);/gi, (whole, entity: string) => {
    const lower = entity.toLowerCase();
    if (lower.startsWith("#x")) return safeCodePoint(parseInt(lower.slice(2), 16), whole);
    if (lower.startsWith("#")) return safeCodePoint(parseInt(lower.slice(1), 10), whole);
    return { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'" }[lower] ?? whole;
  });
}

function safeCodePoint(code: number, fallback: string) {
  return Number.isInteger(code) && code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : fallback;
}

/** The words of a WordprocessingML part: paragraphs, tabs and breaks as spaces, runs joined as Word shows them. */
export function wordText(xml: string): string {
  return decodeXmlText(
    xml
      // Deleted text (tracked changes) is still in the file, and still names whoever wrote it.
      .replace(/<w:(p|tab|br|cr)\b[^>]*\/?>/g, " ")
      .replace(/<\/w:p>/g, " ")
      .replace(/<w:instrText\b[^>]*>[\s\S]*?<\/w:instrText>/g, " ")
      .replace(/<[^>]*>/g, ""),
  );
}

/** The text of an XML part's elements and attribute values: what a properties part says, for the names check. */
function xmlValues(xml: string): string {
  const attributes = [...xml.matchAll(/\s[\w:.-]+="([^"]*)"/g)].map((match) => match[1]);
  return decodeXmlText(`${xml.replace(/<[^>]*>/g, " ")} ${attributes.join(" ")}`);
}

/** The parts that hold a document's text: the body, headers and footers, notes and comments. */
const TEXT_PART = /^word\/(document|header\d*|footer\d*|footnotes|endnotes|comments)\.xml$/;
/** The parts that describe it: its properties, and who wrote comments and changes. */
const PROPERTY_PART = /^docProps\/(core|app|custom)\.xml$/;
const PEOPLE_PART = /^word\/[^/]+\.xml$/;
/** Attributes naming the person who made a comment or a tracked change (and their account, in people.xml). */
const PERSON_ATTRIBUTE = /\s(w:author|w15:author|w:initials|w15:userId|w15:providerId)="([^"]*)"/g;

/** A Word document's text and its metadata (properties, and the authors of comments and tracked changes). */
export function docxWords(bytes: Uint8Array): { text: string; metadata: string } {
  const parts = unpackDocx(bytes, (name) => TEXT_PART.test(name) || PROPERTY_PART.test(name) || PEOPLE_PART.test(name));
  const text: string[] = [];
  const metadata: string[] = [];
  for (const [name, data] of Object.entries(parts)) {
    const xml = strFromU8(data);
    if (TEXT_PART.test(name)) text.push(wordText(xml));
    if (PROPERTY_PART.test(name)) metadata.push(xmlValues(xml));
    if (PEOPLE_PART.test(name))
      for (const match of xml.matchAll(PERSON_ATTRIBUTE)) metadata.push(decodeXmlText(match[2]));
  }
  return { text: text.join("\n"), metadata: metadata.join("\n") };
}

/** The neutral name that replaces a comment's or a change's author (issue 34's "Author"). */
export const NEUTRAL_AUTHOR = "Author";

/** Elements removed from the properties parts: who wrote and last saved the file, their company and manager. */
const CORE_PERSON = /<(dc:creator|cp:lastModifiedBy)\b[^>]*\/>|<(dc:creator|cp:lastModifiedBy)\b[^>]*>[\s\S]*?<\/\2>/g;
const APP_PERSON = /<(Company|Manager)\b[^>]*\/>|<(Company|Manager)\b[^>]*>[\s\S]*?<\/\2>/g;

/**
 * The document with its author details removed: core.xml's creator and last editor, app.xml's
 * company and manager, custom properties' values, and each comment's and tracked change's author
 * (made "Author", initials "A", the account of people.xml emptied). The text is not changed.
 */
export function anonymiseDocx(bytes: Uint8Array): Uint8Array {
  const parts = unpackDocx(bytes);
  const out: Unzipped = {};
  for (const [name, data] of Object.entries(parts)) {
    if (name === "docProps/core.xml") out[name] = strToU8(strFromU8(data).replace(CORE_PERSON, ""));
    else if (name === "docProps/app.xml") out[name] = strToU8(strFromU8(data).replace(APP_PERSON, ""));
    else if (name === "docProps/custom.xml")
      // Custom properties are whatever a template or a person added ("Author email"...): their values go.
      out[name] = strToU8(strFromU8(data).replace(/(<vt:\w+>)[^<]*(<\/vt:\w+>)/g, "$1$2"));
    else if (PEOPLE_PART.test(name))
      out[name] = strToU8(
        strFromU8(data).replace(PERSON_ATTRIBUTE, (_whole, attribute: string) => {
          const value = attribute.endsWith("initials") ? "A" : attribute.endsWith("author") ? NEUTRAL_AUTHOR : "None";
          return ` ${attribute}="${value}"`;
        }),
      );
    else out[name] = data;
  }
  // [Content_Types].xml first, as Word writes it; fflate keeps the order given. No dates: the
  // parts' times are not anyone's business either.
  const ordered: Unzipped = {};
  if (out["[Content_Types].xml"]) ordered["[Content_Types].xml"] = out["[Content_Types].xml"];
  for (const [name, data] of Object.entries(out)) if (name !== "[Content_Types].xml") ordered[name] = data;
  return zipSync(ordered, { level: 6, mtime: new Date(1980, 0, 1) });
}
