import {
  type ArticleAuthor,
  type IssueStatus,
  LICENCE_IDS,
  type LicenceId,
  type SupplementaryFile,
} from "~/domain/vocabulary";

// The names a public page shows (sections, issue labels, bylines, addresses) are in a module of
// their own, so the pages' scripts carry them without the lists only editors need.
export * from "./names";

// What an article stores is the schema's (domain/vocabulary.ts); the journal's code takes it from here.
export { type ArticleAuthor, LICENCE_IDS, type LicenceId, type SupplementaryFile };

/**
 * The journal's scholarly vocabulary (issue 20): licences, sections, issue states, and the
 * identifiers a librarian checks (ISSN, ORCID iD, DOI). Pure: the forms, the services, the
 * exports and the screens all import it.
 */

/** Each licence's name and the address indexers expect. */
const LICENCE_DETAILS: Record<LicenceId, { label: string; url: string }> = {
  "CC-BY-4.0": { label: "CC BY 4.0", url: "https://creativecommons.org/licenses/by/4.0/" },
  "CC-BY-SA-4.0": { label: "CC BY-SA 4.0", url: "https://creativecommons.org/licenses/by-sa/4.0/" },
  "CC-BY-NC-4.0": { label: "CC BY-NC 4.0", url: "https://creativecommons.org/licenses/by-nc/4.0/" },
  "CC-BY-NC-SA-4.0": { label: "CC BY-NC-SA 4.0", url: "https://creativecommons.org/licenses/by-nc-sa/4.0/" },
  "CC-BY-ND-4.0": { label: "CC BY-ND 4.0", url: "https://creativecommons.org/licenses/by-nd/4.0/" },
  "CC-BY-NC-ND-4.0": { label: "CC BY-NC-ND 4.0", url: "https://creativecommons.org/licenses/by-nc-nd/4.0/" },
  "CC0-1.0": { label: "CC0 1.0 (public domain)", url: "https://creativecommons.org/publicdomain/zero/1.0/" },
};

/** Creative Commons licences offered for articles, in the order the editor offers them. */
export const LICENCES: readonly { id: LicenceId; label: string; url: string }[] = LICENCE_IDS.map((id) => ({
  id,
  ...LICENCE_DETAILS[id],
}));
export const DEFAULT_LICENCE: LicenceId = "CC-BY-4.0";

export function licence(id: string | null | undefined) {
  return LICENCES.find((l) => l.id === id);
}

/**
 * Languages offered for an article (ISO 639-1), the journal's own first, with the codes indexers
 * ask for: ISO 639-2/B (DOAJ) and ISO 639-3 (OpenAIRE).
 */
export const ARTICLE_LANGUAGES = [
  { code: "en", label: "English", iso6392b: "eng", iso6393: "eng" },
  { code: "fr", label: "French", iso6392b: "fre", iso6393: "fra" },
  { code: "ar", label: "Arabic", iso6392b: "ara", iso6393: "ara" },
  { code: "sw", label: "Swahili", iso6392b: "swa", iso6393: "swa" },
  { code: "ha", label: "Hausa", iso6392b: "hau", iso6393: "hau" },
  { code: "yo", label: "Yoruba", iso6392b: "yor", iso6393: "yor" },
  { code: "ig", label: "Igbo", iso6392b: "ibo", iso6393: "ibo" },
  { code: "pt", label: "Portuguese", iso6392b: "por", iso6393: "por" },
  { code: "es", label: "Spanish", iso6392b: "spa", iso6393: "spa" },
  { code: "de", label: "German", iso6392b: "ger", iso6393: "deu" },
] as const;
export const LANGUAGE_CODES = ARTICLE_LANGUAGES.map((l) => l.code) as unknown as readonly [string, ...string[]];

/** An article language's three-letter code in ISO 639-2/B or ISO 639-3 (English when unknown). */
export function languageCode3(code: string, standard: "iso6392b" | "iso6393"): string {
  return (ARTICLE_LANGUAGES.find((l) => l.code === code) ?? ARTICLE_LANGUAGES[0])[standard];
}

export function languageLabel(code: string): string {
  return ARTICLE_LANGUAGES.find((l) => l.code === code)?.label ?? code;
}

/** A person on the editorial board. */
export type BoardMember = { name: string; role: string; affiliation: string };

/** The journal's own settings (one record), edited on the dashboard's Journal tab. */
export type JournalProfile = {
  title: string;
  abbreviation: string;
  issnPrint: string;
  issnOnline: string;
  publisher: string;
  doiPrefix: string;
  licence: LicenceId;
  board: BoardMember[];
  /** Rich text. */
  focusScope: string;
  callTitle: string;
  /** Rich text. */
  callText: string;
  /** "YYYY-MM-DD" or "". */
  callDeadline: string;
  /** The issue the call is for, or null. */
  callIssueId: string | null;
};

export const DEFAULT_JOURNAL_PROFILE: JournalProfile = {
  title: "Journal of Peace and Security Studies",
  abbreviation: "J. Peace Secur. Stud.",
  issnPrint: "",
  issnOnline: "",
  publisher: "",
  doiPrefix: "",
  licence: DEFAULT_LICENCE,
  board: [],
  focusScope: "",
  callTitle: "",
  callText: "",
  callDeadline: "",
  callIssueId: null,
};

/* ---- identifiers ---- */

/** "1234-567X" with a valid check digit (ISO 3297). Accepts lower-case x and a missing hyphen. */
export function normaliseIssn(value: string): string | null {
  const compact = value.trim().toUpperCase().replace(/-/g, "");
  if (!/^\d{7}[\dX]$/.test(compact)) return null;
  const sum = [...compact.slice(0, 7)].reduce((total, digit, i) => total + Number(digit) * (8 - i), 0);
  const check = (11 - (sum % 11)) % 11;
  const expected = check === 10 ? "X" : String(check);
  return compact[7] === expected ? `${compact.slice(0, 4)}-${compact.slice(4)}` : null;
}

/**
 * "0000-0002-1825-0097" with a valid ISO 7064 11,2 check digit. Accepts the https://orcid.org/
 * address form and a missing hyphen.
 */
export function normaliseOrcid(value: string): string | null {
  const compact = value
    .trim()
    .replace(/^https?:\/\/(www\.)?orcid\.org\//i, "")
    .toUpperCase()
    .replace(/-/g, "");
  if (!/^\d{15}[\dX]$/.test(compact)) return null;
  let total = 0;
  for (const digit of compact.slice(0, 15)) total = (total + Number(digit)) * 2;
  const result = (12 - (total % 11)) % 11;
  const expected = result === 10 ? "X" : String(result);
  if (compact[15] !== expected) return null;
  return compact.match(/.{4}/g)!.join("-");
}

/**
 * A DOI as Crossref issues them: "10.{registrant}/{suffix}". Accepts the https://doi.org/ and
 * "doi:" forms; answers the bare DOI, or null.
 */
export function normaliseDoi(value: string): string | null {
  const bare = value
    .trim()
    .replace(/^https?:\/\/(dx\.)?doi\.org\//i, "")
    .replace(/^doi:\s*/i, "");
  return /^10\.\d{4,9}\/[-._;()/:A-Za-z0-9<>[\]]+$/.test(bare) ? bare : null;
}

/** A DOI prefix: "10.{registrant}". */
export function normaliseDoiPrefix(value: string): string | null {
  const bare = value.trim().replace(/\/$/, "");
  return /^10\.\d{4,9}$/.test(bare) ? bare : null;
}

/* ---- what the article page, the citations, the indexers' tags and the exports are made from ---- */

export type IssueView = {
  id: string;
  volume: number;
  number: number;
  year: number;
  title: string;
  /** Rich text. */
  description: string;
  /** An uploaded image's address, or "". */
  cover: string;
  /** "YYYY-MM-DD" or null. */
  publishedOn: string | null;
  status: IssueStatus;
  /** Absolute address of the issue's table of contents. */
  url: string;
};

// An article's view (ArticleView) is made from its declared fields: journal/article-fields.ts.

/** The journal as the exports see it: its settings and this site's absolute address. */
export type JournalView = JournalProfile & {
  /** "https://example.org" without a trailing slash. */
  siteUrl: string;
  /** Absolute address of the journal's home (/journals). */
  url: string;
};
