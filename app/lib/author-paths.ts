import { slugify } from "./text";

/**
 * Where a person's author page is (issue 33): an account that writes news at its username; a
 * journal author at their ORCID iD where the article gives one, else at their name made a slug.
 * Small and client-safe: bylines on the journal's and the news pages make these links.
 */
export const AUTHORS_PATH = "/authors";

/** An ORCID iD as the journal stores it ("0000-0002-1825-0097"). */
export const isOrcidKey = (key: string) => /^\d{4}-\d{4}-\d{4}-\d{3}[\dX]$/.test(key);

/** A name as an author page's address carries it: "Ngozi Okafor" and "ngozi.okafor" are both "ngozi-okafor". */
export function nameKey(name: string): string {
  const key = slugify(name);
  // slugify names an empty title "item": a name with no letters has no page of its own.
  return key === "item" && !/item/i.test(name) ? "" : key;
}

export const accountAuthorPath = (username: string) => `${AUTHORS_PATH}/${encodeURIComponent(username.toLowerCase())}`;

/** A journal article's author's page, or "" for an author with neither an ORCID iD nor a name. */
export function articleAuthorPath(author: { given: string; family: string; orcid?: string }): string {
  const key = author.orcid || nameKey(`${author.given} ${author.family}`);
  return key ? `${AUTHORS_PATH}/${key}` : "";
}
