/** What a person is told about a form: its own unsaved work, and the answers any form may get. */

// SPEC.md §5 and §8: a required field left empty.
export const FILL_ALL_FIELDS = "please fill all fields";
// SPEC.md §5 (Create Department), capitalised; the site content forms say it the same way.
export const PLEASE_FILL_ALL_FIELDS = "Please fill all fields";

/** An unexpected failure, when a screen has no words of its own for it. */
export const SOMETHING_WENT_WRONG = "Something went wrong. Please try again.";

/** An attempt over its limit, the same words for every limit. */
export function tryAgainIn(seconds: number) {
  const minutes = Math.ceil(seconds / 60);
  const when =
    seconds < 60 ? `${seconds} second${seconds === 1 ? "" : "s"}` : `${minutes} minute${minutes === 1 ? "" : "s"}`;
  return `Too many attempts. Please try again in ${when}.`;
}

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
