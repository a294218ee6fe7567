/**
 * Where authors' names appear in a manuscript (issue 34: the author is warned at upload). Pure: the
 * text and metadata are read by the caller. Compared without case or accents, as whole words; a
 * family name alone counts only from MIN_FAMILY_NAME_LETTERS letters ("Li" or "Dia" would match too
 * much), the full name always.
 */

export type NameFound = { name: string; where: "text" | "metadata" };

export const MIN_FAMILY_NAME_LETTERS = 4;

/** Lower case, no accents, every run of non-letters and non-digits one space, with a space at each end. */
export function comparable(text: string): string {
  const words = text
    .normalize("NFKD")
    .replace(/\p{M}+/gu, "")
    .toLowerCase()
    // Letters an accent removal leaves as they are.
    .replace(/ß/g, "ss")
    .replace(/[øœæłđı]/g, (c) => ({ ø: "o", œ: "oe", æ: "ae", ł: "l", đ: "d", ı: "i" })[c] ?? c)
    .replace(/[^\p{L}\p{N}]+/gu, " ")
    .trim();
  return ` ${words} `;
}

/** The phrases that count as the name: the full name, and the family name (its last word) when long enough. */
export function namePhrases(name: string): string[] {
  const full = comparable(name).trim();
  if (!full) return [];
  const words = full.split(" ");
  const family = words.at(-1)!;
  const phrases = [full];
  if (words.length > 1 && [...family].length >= MIN_FAMILY_NAME_LETTERS) phrases.push(family);
  return phrases;
}

/** True when `text` (already `comparable`) holds the name as whole words. */
export function mentions(comparableText: string, name: string): boolean {
  return namePhrases(name).some((phrase) => comparableText.includes(` ${phrase} `));
}

/** Each given name found in the text or the metadata, once per place, in the order the names were given. */
export function findNames(names: readonly string[], sources: { text: string; metadata: string }): NameFound[] {
  const text = comparable(sources.text);
  const metadata = comparable(sources.metadata);
  const found: NameFound[] = [];
  for (const name of new Set(names.map((n) => n.trim()).filter(Boolean))) {
    if (mentions(text, name)) found.push({ name, where: "text" });
    if (mentions(metadata, name)) found.push({ name, where: "metadata" });
  }
  return found;
}
