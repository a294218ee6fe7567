import { htmlToText } from "~/lib/text";

/** How long a description may be: what search engines show before they cut it themselves. */
export const DESCRIPTION_LENGTH = 160;

/**
 * A page's description: the editors' own words when they wrote some (an excerpt), else the start
 * of its text (HTML or plain), at most 160 characters, cut after a whole word and ended with "…".
 */
export function describe(own: string | null | undefined, text?: string | null, max = DESCRIPTION_LENGTH): string {
  const chosen = htmlToText(own ?? "") || htmlToText(text ?? "");
  return truncateAtWord(chosen, max);
}

/** At most `max` characters (the "…" counted), cut at the last word boundary that fits. */
export function truncateAtWord(text: string, max = DESCRIPTION_LENGTH): string {
  const clean = text.replace(/\s+/g, " ").trim();
  if (clean.length <= max) return clean;
  const cut = clean.slice(0, max); // one more than fits with the "…": a space there means a whole word
  const lastSpace = cut.lastIndexOf(" ");
  // One very long word: cut inside it rather than say nothing.
  const words = lastSpace > max / 2 ? cut.slice(0, lastSpace) : cut.slice(0, max - 1);
  return `${words.replace(/[\s,.;:!?–—-]+$/u, "")}…`;
}
