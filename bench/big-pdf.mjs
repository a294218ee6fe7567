// A large PDF for the memory bench: `pages` pages of a few lines of text each and one scanned-looking
// image per page (grey noise, stored uncompressed as scans often are), so that the file reaches
// `bytes`. The last page carries a word no other page has, so site search shows that every page was read.
import { randomBytes } from "node:crypto";

export const LAST_PAGE_WORD = "quillwort";

const escape = (text) => text.replace(/\\/g, "\\\\").replace(/\(/g, "\\(").replace(/\)/g, "\\)");

function pageText(number, pages) {
  const lines = [
    `Appendix page ${number} of ${pages}: field observations`,
    "Observers recorded the negotiations between the councils and the river communities.",
    "Each entry notes the date, the place, the parties present and what was agreed.",
    number === pages ? `The last entry closes with the ${LAST_PAGE_WORD} survey.` : "The entry continues overleaf.",
  ];
  return lines.map((line, i) => `BT /F1 11 Tf 64 ${770 - i * 16} Td (${escape(line)}) Tj ET`).join("\n");
}

/** A valid PDF of `pages` pages and about `bytes` bytes (never more). */
export function bigPdf({ pages = 300, bytes = 50 * 1024 * 1024 } = {}) {
  const parts = [];
  const offsets = [];
  let length = 0;
  const push = (chunk) => {
    const buffer = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk, "latin1");
    parts.push(buffer);
    length += buffer.length;
  };
  const object = (id, body, stream) => {
    offsets[id] = length;
    if (stream) {
      push(`${id} 0 obj\n<< ${body} /Length ${stream.length} >>\nstream\n`);
      push(stream);
      push("\nendstream\nendobj\n");
    } else push(`${id} 0 obj\n${body}\nendobj\n`);
  };
  // Objects: 1 catalog, 2 page tree, 3 font, then per page: the page, its text, its image.
  const pageId = (i) => 4 + i * 3;
  // What is left for the images once the text and structure (about 1.2 KB a page) are counted.
  const side = Math.floor(Math.sqrt(Math.max(0, bytes - 4096 - pages * 1300) / pages));
  push("%PDF-1.4\n%\xe2\xe3\xcf\xd3\n");
  object(1, "<< /Type /Catalog /Pages 2 0 R >>");
  object(
    2,
    `<< /Type /Pages /Kids [${Array.from({ length: pages }, (_, i) => `${pageId(i)} 0 R`).join(" ")}] /Count ${pages} >>`,
  );
  object(3, "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>");
  for (let i = 0; i < pages; i++) {
    const id = pageId(i);
    object(
      id,
      `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Resources << /Font << /F1 3 0 R >> /XObject << /Im1 ${id + 2} 0 R >> >> /Contents ${id + 1} 0 R >>`,
    );
    const content = `${pageText(i + 1, pages)}\nq 400 0 0 400 97 250 cm /Im1 Do Q`;
    object(id + 1, "", Buffer.from(content, "latin1"));
    object(
      id + 2,
      `/Type /XObject /Subtype /Image /Width ${side} /Height ${side} /ColorSpace /DeviceGray /BitsPerComponent 8`,
      randomBytes(side * side),
    );
  }
  const count = pageId(pages);
  const xref = length;
  push(`xref\n0 ${count}\n0000000000 65535 f \n`);
  for (let id = 1; id < count; id++) push(`${String(offsets[id]).padStart(10, "0")} 00000 n \n`);
  push(`trailer\n<< /Size ${count} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`);
  return Buffer.concat(parts);
}
