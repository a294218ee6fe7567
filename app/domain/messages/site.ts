/** What a person is told about the site's sections, staff, announcement and focus pages. */

// SPEC.md §8 (Error catalogue): announcement save success.
export const ANNOUNCEMENT_UPDATED = "Announcement updated successfully!";
export const DATABASE_UNAVAILABLE = "The site is briefly unavailable. Please try again in a moment.";
export const NO_SUCH_SECTION = "There is no such settings section.";
export const NO_SUCH_ROLE = "There is no such staff role.";
export const NO_SUCH_FOCUS = "There is no such focus page.";

/**
 * Where each editable text appears on the public site, named as an editor would say it, with the
 * address that shows it. The dashboard shows these beside SPEC.md's own labels (the section and
 * focus keys, which SPEC.md fixes), and public pages link back to the tab that edits them.
 */
export type Place = { place: string; href: string };

export const SETTINGS_PLACES = {
  about: { place: "About page: who we are, mission, vision and philosophy", href: "/about" },
  homepage: { place: "Home page: hero", href: "/" },
  howtoapplyone: { place: "Home page: How to submit, step 1", href: "/#how-to-apply" },
  howtoapplytwo: { place: "Home page: How to submit, step 2", href: "/#how-to-apply" },
  howtoapplythree: { place: "Home page: How to submit, step 3", href: "/#how-to-apply" },
  programmes: { place: "Programmes page heading", href: "/programmes" },
  blog: { place: "News page heading", href: "/posts" },
  calltoaction: { place: "Call to action at the foot of the home and About pages", href: "/about" },
} as const satisfies Record<string, Place>;

export const FOCUS_PLACES = {
  homePage: { place: "Journals page heading", href: "/journals" },
  submitPage: { place: "Call for Papers page: submission guidelines", href: "/admision#guidelines" },
  aboutPage: { place: "About page: main text", href: "/about" },
  focusPage: { place: "Home page: Area of Focus", href: "/#focus" },
} as const satisfies Record<string, Place>;

// The Announcement tab edits the journal's call for papers (decision 040): the same record as Journal settings.
export const ANNOUNCEMENT_PLACE: Place = {
  place: "Call for Papers page and its banner: the call for papers (also in Journal settings)",
  href: "/admision#announcement",
};
export const JOURNAL_SETTINGS_PLACE: Place = {
  place: "Journal pages, the Call for Papers banner, citations and indexers' records",
  href: "/journals/issues",
};
export const STAFF_PLACE: Place = {
  place: "About page: leaders' messages; Call for Papers page: principal officers",
  href: "/admision#officers",
};

/** "Shown on" before a place in the dashboard. */
export const SHOWN_ON = "Shown on:";
