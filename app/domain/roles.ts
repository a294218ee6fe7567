/**
 * Who may do what (issue 33; SPEC-NOTES.md "Roles"). A person holds any of the staff roles, or
 * none (a signed-in reader: a profile and no dashboard tools). Each screen, action and API
 * operation names the area it works on; an area lists the roles that may work on it. Client-safe:
 * the sidebar, the menus and the Users tab read it too, and the server checks against the same list.
 */

export const ROLES = ["admin", "editor", "journal-manager"] as const;

export type Role = (typeof ROLES)[number];

export const ROLE_LABELS: Record<Role, string> = {
  admin: "Admin",
  editor: "Editor",
  "journal-manager": "Journal manager",
};

/** What each role is for, where an admin chooses roles. */
export const ROLE_DESCRIPTIONS: Record<Role, string> = {
  admin: "Everything: people, site settings, pages, courses, news and the journal.",
  editor: "News posts and the media library.",
  "journal-manager": "The journal: its settings, issues, articles, submissions and peer review.",
};

/** The roles besides admin, which the Users tab sets together (making an admin asks first). */
export const INVITABLE_ROLES = ROLES.filter((role) => role !== "admin");

/** The word for an account with no staff role. */
export const READER_LABEL = "Reader";

const AREA_ROLES = {
  /** News posts: the Posts tab, the post editor, post revisions and previews. */
  news: ["admin", "editor"],
  /** The media library. */
  media: ["admin", "editor"],
  /** The journal: its settings, issues, articles, their exports and previews. */
  journal: ["admin", "journal-manager"],
  /** Submissions and peer review (issue 34): the editor's desk, reviewers, decisions. */
  submissions: ["admin", "journal-manager"],
  /** The site's pages and settings: courses, about, staff, announcement, focus. */
  site: ["admin"],
  /** Readership (issue 35): the Analytics tab, read by everyone who writes what is read. */
  readership: ["admin", "editor", "journal-manager"],
  /** People and the record of what they did: users, invitations, activity, outbox. */
  people: ["admin"],
} as const satisfies Record<string, readonly Role[]>;

export type Area = keyof typeof AREA_ROLES;

export const AREAS = Object.keys(AREA_ROLES) as Area[];

/** Whether someone holding `roles` may work on `area`. */
export function mayWorkOn(roles: readonly Role[], area: Area): boolean {
  return (AREA_ROLES[area] as readonly Role[]).some((role) => roles.includes(role));
}

/** Whether someone holding `roles` may work on at least one of `areas` (none listed: anyone signed in). */
export function mayWorkOnAny(roles: readonly Role[], areas: readonly Area[]): boolean {
  return areas.length === 0 || areas.some((area) => mayWorkOn(roles, area));
}

/** The roles that may work on `area`. */
export const rolesFor = (area: Area): readonly Role[] => AREA_ROLES[area];

/** "admins", "admins and editors": who may work on `area`, for a refusal's words. */
export function whoMay(area: Area): string {
  const names = rolesFor(area).map((role) => `${ROLE_LABELS[role].toLowerCase()}s`);
  return names.length > 1 ? `${names.slice(0, -1).join(", ")} and ${names.at(-1)}` : names[0];
}

export const isArea = (value: unknown): value is Area => Object.hasOwn(AREA_ROLES, value as string);

/** Whether `roles` open any dashboard tool at all (a reader's do not). */
export const isStaff = (roles: readonly Role[]) => roles.length > 0;

/**
 * The roles the `users.role` column holds: a comma-separated list, as the auth library's admin
 * plugin keeps it ("user" when there is none). Unknown words are dropped; the order is ROLES'.
 */
export function rolesFrom(column: string | null | undefined): Role[] {
  const named = new Set((column ?? "").split(",").map((word) => word.trim()));
  return ROLES.filter((role) => named.has(role));
}

/** The column's value for `roles`. */
export function roleColumn(roles: readonly Role[]): string {
  const held = ROLES.filter((role) => roles.includes(role));
  return held.length ? held.join(",") : "user";
}

/** "Admin, Editor", or "Reader". */
export function rolesLabel(roles: readonly Role[]): string {
  return roles.length ? roles.map((role) => ROLE_LABELS[role]).join(", ") : READER_LABEL;
}

export const isRole = (value: unknown): value is Role => ROLES.includes(value as Role);
