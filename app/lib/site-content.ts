import type { FocusKey, SettingsSection, StaffRole } from "~/domain/vocabulary";

/** The about page's texts that are paragraphs rather than lines. */
export const ABOUT_PARAGRAPHS = ["intro", "mission", "vision", "philosophy", "vcMessage", "directorMessage"] as const;

/** The text and image fields of each settings section (SPEC.md section 3). */
export const SETTINGS_FIELDS = {
  about: ["title", "subtitle", ...ABOUT_PARAGRAPHS, "vcimage", "directorimage"],
  homepage: ["title", "subtitle", "intro", "homeimage"],
  howtoapplyone: ["title", "subtitle"],
  howtoapplytwo: ["title", "subtitle"],
  howtoapplythree: ["title", "subtitle"],
  programmes: ["title", "subtitle", "introTitle", "introSubtitle"],
  blog: ["title", "subtitle"],
  calltoaction: ["title", "subtitle"],
} as const satisfies Record<SettingsSection, readonly string[]>;

export type SettingsFields<S extends SettingsSection> = Record<(typeof SETTINGS_FIELDS)[S][number], string>;

export function emptySettings<S extends SettingsSection>(section: S): SettingsFields<S> {
  return Object.fromEntries(SETTINGS_FIELDS[section].map((f) => [f, ""])) as SettingsFields<S>;
}

export type SiteLink = { label: string; href: string };

/** Site-wide identity and links: the brand, footer columns, social links, the admissions portal. */
export type SiteLinks = {
  name: string;
  shortName: string;
  motto: string;
  university: string;
  address: string;
  applyUrl: string;
  submissionEmails: string[];
  footerColumns: { title: string; links: SiteLink[] }[];
  socialLinks: SiteLink[];
};

export const DEFAULT_SITE_LINKS: SiteLinks = {
  name: "Centre for Peace, Security and Conflict Resolution",
  shortName: "CPSCR",
  motto: "Knowledge for a safer, fairer world",
  university: "",
  address: "",
  applyUrl: "",
  submissionEmails: [],
  footerColumns: [],
  socialLinks: [],
};

export type StaffRecord = {
  role: StaffRole;
  name: string;
  post: string;
  email: string;
  description: string;
  photo: string;
};

export type FocusRecord = { key: FocusKey; title: string; subtitle: string; content: string };

/** What /journals shows when the home-page focus record has no title or subtitle. */
export const JOURNALS_HEADING_DEFAULTS = { title: "Journal Articles", subtitle: "Read from our Multiple articles" };
