/** What a person is told about the site's sections, staff, announcement and focus pages. */

// SPEC.md §8 (Error catalogue): announcement save success.
export const ANNOUNCEMENT_UPDATED = "Announcement updated successfully!";
export const DATABASE_UNAVAILABLE = "The site is briefly unavailable. Please try again in a moment.";
export const NO_SUCH_SECTION = "There is no such settings section.";
export const NO_SUCH_ROLE = "There is no such staff role.";
export const NO_SUCH_FOCUS = "There is no such focus page.";
