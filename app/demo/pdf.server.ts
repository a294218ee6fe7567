/**
 * A small PDF writer for the demo articles: A4 pages of wrapped text in the standard
 * Helvetica fonts, so the demo ships real, valid PDFs without downloading anything.
 */

export type PdfBlock = { text: string; style?: "title" | "heading" | "body" | "meta" };

const PAGE_WIDTH = 595;
const PAGE_HEIGHT = 842;
const MARGIN = 64;
const STYLES = {
  title: { font: "F2", size: 18, leading: 24, gapAfter: 10 },
  heading: { font: "F2", size: 12, leading: 16, gapAfter: 4 },
  body: { font: "F1", size: 10.5, leading: 15, gapAfter: 8 },
  meta: { font: "F3", size: 9.5, leading: 13, gapAfter: 10 },
} as const;

function toAscii(text: string): string {
  return text
    .replace(/[‘’]/g, "'")
    .replace(/[“”]/g, '"')
    .replace(/[–—]/g, "-")
    .replace(/…/g, "...")
    .normalize("NFKD")
    .replace(/[^\x20-\x7e]/g, "");
}

function escapePdfString(text: string): string {
  return text.replace(/\\/g, "\\\\").replace(/\(/g, "\\(").replace(/\)/g, "\\)");
}

/** Greedy word wrap using an average glyph width for Helvetica. */
function wrap(text: string, size: number, bold: boolean): string[] {
  const maxChars = Math.floor((PAGE_WIDTH - 2 * MARGIN) / (size * (bold ? 0.56 : 0.5)));
  const lines: string[] = [];
  let line = "";
  for (const word of text.split(/\s+/).filter(Boolean)) {
    if (line && line.length + 1 + word.length > maxChars) {
      lines.push(line);
      line = word;
    } else {
      line = line ? `${line} ${word}` : word;
    }
  }
  if (line) lines.push(line);
  return lines;
}

export function renderPdf(blocks: PdfBlock[], info: { title: string; author: string }): Buffer {
  const pages: string[][] = [[]];
  let y = PAGE_HEIGHT - MARGIN;
  for (const block of blocks) {
    const style = STYLES[block.style ?? "body"];
    for (const line of wrap(toAscii(block.text), style.size, style.font === "F2")) {
      if (y - style.leading < MARGIN) {
        pages.push([]);
        y = PAGE_HEIGHT - MARGIN;
      }
      y -= style.leading;
      pages
        .at(-1)!
        .push(`BT /${style.font} ${style.size} Tf ${MARGIN} ${y.toFixed(1)} Td (${escapePdfString(line)}) Tj ET`);
    }
    y -= style.gapAfter;
  }
  pages.forEach((ops, i) =>
    ops.push(
      `BT /F3 8.5 Tf ${MARGIN} 36 Td (${escapePdfString(`${toAscii(info.title)} - page ${i + 1} of ${pages.length}`)}) Tj ET`,
    ),
  );

  // Object numbers: 1 catalog, 2 pages, 3-5 fonts, 6 info, then a page and its content stream per page.
  const objects: string[] = [];
  const pageIds = pages.map((_, i) => 7 + i * 2);
  objects[1] = "<< /Type /Catalog /Pages 2 0 R >>";
  objects[2] = `<< /Type /Pages /Kids [${pageIds.map((id) => `${id} 0 R`).join(" ")}] /Count ${pages.length} >>`;
  objects[3] = "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>";
  objects[4] = "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica-Bold /Encoding /WinAnsiEncoding >>";
  objects[5] = "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica-Oblique /Encoding /WinAnsiEncoding >>";
  objects[6] = `<< /Title (${escapePdfString(toAscii(info.title))}) /Author (${escapePdfString(toAscii(info.author))}) /Producer (CPSCR demo) >>`;
  pages.forEach((ops, i) => {
    const stream = ops.join("\n");
    objects[pageIds[i]] =
      `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 ${PAGE_WIDTH} ${PAGE_HEIGHT}] ` +
      `/Resources << /Font << /F1 3 0 R /F2 4 0 R /F3 5 0 R >> >> /Contents ${pageIds[i] + 1} 0 R >>`;
    objects[pageIds[i] + 1] = `<< /Length ${Buffer.byteLength(stream, "latin1")} >>\nstream\n${stream}\nendstream`;
  });

  let body = "%PDF-1.4\n%\xE2\xE3\xCF\xD3\n";
  const offsets: number[] = [];
  for (let id = 1; id < objects.length; id++) {
    offsets[id] = Buffer.byteLength(body, "latin1");
    body += `${id} 0 obj\n${objects[id]}\nendobj\n`;
  }
  const xrefOffset = Buffer.byteLength(body, "latin1");
  body += `xref\n0 ${objects.length}\n0000000000 65535 f \n`;
  for (let id = 1; id < objects.length; id++) body += `${String(offsets[id]).padStart(10, "0")} 00000 n \n`;
  body += `trailer\n<< /Size ${objects.length} /Root 1 0 R /Info 6 0 R >>\nstartxref\n${xrefOffset}\n%%EOF\n`;
  return Buffer.from(body, "latin1");
}
