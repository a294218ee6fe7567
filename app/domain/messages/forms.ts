/** What a person is told about their own unsaved work in a form. */

export const LEAVE_UNSAVED = "You have unsaved changes. Leave this page and lose them?";

/** The offer of a local copy of an editor's text, kept in this browser (`when`: a local date and time). */
export const restoreOffer = (when: string) => `Restore unsaved changes from ${when}?`;
export const RESTORE = "Restore";
export const DISCARD = "Discard";
