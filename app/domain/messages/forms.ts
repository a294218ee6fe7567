/** What a person is told about their own unsaved work in a form. */

export const LEAVE_UNSAVED = "You have unsaved changes. Leave this page and lose them?";

/** The offer of a local copy of an editor's text, kept in this browser (`when`: a local date and time). */
export const restoreOffer = (when: string) => `Restore unsaved changes from ${when}?`;
export const RESTORE = "Restore";
export const DISCARD = "Discard";

/**
 * A pick list's choice made before the page's scripts ran, while the fields on screen (another
 * record's) were typed into: neither dropped nor saved for the record chosen.
 */
export const choiceNotLoaded = (chosen: string, onScreen: string) =>
  `The fields below are still those of ${onScreen}. Press Load to edit ${chosen} (what you typed here is not kept), or choose ${onScreen} again to keep editing these fields.`;
