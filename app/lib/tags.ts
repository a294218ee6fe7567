import { slugify } from "./text";

/** The most tags a post carries, and the longest a tag's name may be. */
export const MAX_TAGS = 20;
export const MAX_TAG_LENGTH = 50;

export type Tag = { slug: string; name: string };

/**
 * Tags as an editor types them, comma-separated: each trimmed, its inner spaces made one, and the
 * same tag typed twice in another case kept once (the first spelling). A tag's slug is its address.
 */
export function parseTags(text: string | readonly string[]): Tag[] {
  const names = (typeof text === "string" ? text.split(",") : text).map((name) => name.replace(/\s+/g, " ").trim());
  const seen = new Map<string, Tag>();
  for (const name of names) {
    if (!name) continue;
    const slug = slugify(name);
    if (!seen.has(slug)) seen.set(slug, { slug, name });
  }
  return [...seen.values()];
}

/** Tags as the editor's field shows them. */
export const tagsText = (tags: readonly Pick<Tag, "name">[]) => tags.map((tag) => tag.name).join(", ");
