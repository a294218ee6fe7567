import { decodeEntities } from "./text";

/**
 * A department's description is plain text, paragraphs apart by a blank line (as the earlier system
 * stored it). The page shows it as HTML paragraphs; HTML an earlier version of this site stored, or a
 * client sends, is read as its text.
 */

const ESCAPES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;" };

/** HTML paragraphs of plain text: a blank line starts a new paragraph, a single line break stays one. */
export function paragraphsToHtml(text: string): string {
  return text
    .replace(/\r\n?/g, "\n")
    .split(/\n[ \t]*\n/)
    .map((paragraph) => paragraph.trim())
    .filter(Boolean)
    .map((paragraph) => `<p>${paragraph.replace(/[&<>"]/g, (c) => ESCAPES[c]).replace(/\n/g, "<br>")}</p>`)
    .join("");
}

/** Whether a stored description is HTML (rather than text from the earlier site, which stored text). */
export function isHtml(value: string): boolean {
  return /<\/?[a-z][^>]*>/i.test(value);
}

/** The plain text of stored paragraphs, one blank line between paragraphs; text that is not HTML as it is. */
export function htmlToParagraphs(html: string): string {
  if (!isHtml(html)) return html;
  const text = html
    .replace(/<(script|style|template)\b[^>]*>[\s\S]*?<\/\1\s*>/gi, "")
    .replace(/<br\s*\/?>/gi, "\n")
    .replace(/<li\b[^>]*>/gi, "• ")
    .replace(/<\/li\s*>/gi, "\n")
    .replace(/<\/(p|div|h[1-6]|blockquote|pre|ul|ol)\s*>/gi, "\n\n")
    .replace(/<[^>]*>/g, "");
  return decodeEntities(text)
    .replace(/[ \t]+\n/g, "\n")
    .replace(/\n{3,}/g, "\n\n")
    .trim();
}
