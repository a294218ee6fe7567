import { PDFDocument, type PDFFont, rgb, StandardFonts } from "pdf-lib";

import { CERTIFICATE_HEADING, CERTIFICATE_TEXT, CERTIFICATE_THANKS } from "./messages";

/**
 * A reviewer's certificate (issue 34): the journal, the reviewer and the year, on one A4 landscape
 * page in the standard Helvetica fonts (nothing to embed). It takes no title: the paper it was for
 * is not named, so the certificate can be shown to anyone.
 */

const A4_LANDSCAPE: [number, number] = [841.89, 595.28];
const MARGIN = 72;
const INK = rgb(0.13, 0.15, 0.2);
const ACCENT = rgb(0.16, 0.33, 0.55);

/** Letters with a stroke, which no Unicode decomposition turns into their base letter. */
const UNDECOMPOSED: Record<string, string> = { Ł: "L", ł: "l", Đ: "D", đ: "d", Ħ: "H", ħ: "h", ı: "i", Ŧ: "T", ŧ: "t" };

/**
 * The text as the standard fonts can draw it (they hold Latin-1 and a few more): accents a font
 * lacks are dropped (ő → o), anything else it cannot draw becomes "?", rather than failing.
 */
function drawable(font: PDFFont, text: string): string {
  const supported = new Set(font.getCharacterSet());
  return [...text.replace(/\s+/g, " ").trim()]
    .map((char) => {
      if (supported.has(char.codePointAt(0)!)) return char;
      const bare = (UNDECOMPOSED[char] ?? char).normalize("NFKD").replace(/\p{M}+/gu, "");
      return [...bare].every((c) => supported.has(c.codePointAt(0)!)) && bare ? bare : "?";
    })
    .join("");
}

/** The words of `text` in lines no wider than `width`. */
function lines(font: PDFFont, size: number, text: string, width: number): string[] {
  const out: string[] = [];
  let line = "";
  for (const word of text.split(" ")) {
    const next = line ? `${line} ${word}` : word;
    if (line && font.widthOfTextAtSize(next, size) > width) {
      out.push(line);
      line = word;
    } else line = next;
  }
  if (line) out.push(line);
  return out;
}

export async function reviewCertificate(input: {
  journal: string;
  reviewer: string;
  year: number;
}): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  const regular = await pdf.embedFont(StandardFonts.Helvetica);
  const bold = await pdf.embedFont(StandardFonts.HelveticaBold);
  const journal = drawable(regular, input.journal);
  const reviewer = drawable(regular, input.reviewer);
  pdf.setTitle(CERTIFICATE_HEADING);
  pdf.setAuthor(journal);
  pdf.setCreator(journal);
  pdf.setProducer(journal);
  pdf.setLanguage("en");

  const page = pdf.addPage(A4_LANDSCAPE);
  const [width, height] = A4_LANDSCAPE;
  const inner = width - 2 * MARGIN;
  page.drawRectangle({
    x: MARGIN / 2,
    y: MARGIN / 2,
    width: width - MARGIN,
    height: height - MARGIN,
    borderColor: ACCENT,
    borderWidth: 2,
  });
  let y = height - MARGIN - 60;
  const centred = (text: string, font: PDFFont, size: number, gap: number, color = INK) => {
    for (const line of lines(font, size, text, inner)) {
      page.drawText(line, { x: (width - font.widthOfTextAtSize(line, size)) / 2, y, size, font, color });
      y -= size * 1.35;
    }
    y -= gap;
  };
  centred(journal, bold, 20, 24, ACCENT);
  centred(CERTIFICATE_HEADING, bold, 34, 36);
  centred(drawable(regular, CERTIFICATE_TEXT(reviewer, journal, input.year)), regular, 18, 24);
  centred(drawable(regular, CERTIFICATE_THANKS), regular, 14, 0);
  return pdf.save();
}
