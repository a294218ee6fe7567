/** What a person is told about drafts, schedules, revisions, the trash and old addresses. */

export const SCHEDULE_NEEDS_TIME = "Choose the date and time to publish at";
export const SCHEDULE_TIME_INVALID = "That is not a date and time";
export const EDITED_ELSEWHERE =
  "Someone else saved this while you were editing. Your changes are not saved yet: review theirs, then save again to replace them, or copy your text aside.";
/** A new item's page names the id it is saved under: not one that could be. */
export const DRAFT_KEY_INVALID = "Not a draft";
export const SLUG_INVALID = "Use letters, numbers and hyphens for the address";
export const REVISION_GONE = "That revision no longer exists.";
export const REVISION_RESTORED = "Revision restored. The version before it is kept in the history.";
export const MOVED_TO_TRASH = "Moved to the trash. It can be restored from the Trash tab for 30 days.";
export const RESTORED_FROM_TRASH = "Restored from the trash.";
export const DELETED_FOREVER = "Deleted permanently.";
export const NOT_IN_TRASH = "That item is not in the trash.";
export const PREVIEW_EXPIRED = "This preview link has expired or does not exist.";
export const BULK_DONE = (count: number, verb: string) => `${count} item${count === 1 ? "" : "s"} ${verb}.`;

const whenShown = (date: Date) =>
  date.toLocaleString("en-GB", { dateStyle: "long", timeStyle: "short", timeZone: "UTC" }) + " UTC";

/** What an admin reads on the public page of an item that visitors cannot see yet. */
export function unpublishedNotice(status: string, publishAt: Date | null) {
  if (status === "scheduled" && publishAt)
    return `Scheduled for ${whenShown(publishAt)}: only admins can see this page until then.`;
  return "Draft: only admins can see this page.";
}

/** What a preview link says at its top. */
export function previewNotice(expiresAt: Date) {
  return `Preview: this is how the page will look. Anyone with this link can see it until ${whenShown(expiresAt)}.`;
}

export const AUTOSAVE_ONLY_DRAFTS = "Only drafts are saved automatically: press Update to publish your changes.";
export const autosavedAt = (time: string) => `Draft saved automatically at ${time}.`;
export const AUTOSAVE_FAILED = "Not saved automatically yet; your text is kept in this browser.";

/**
 * What an editor reads after a save (issue 33), by what the item now is: `noun` is "Article" or
 * "Post". A "View" link to the item's page follows it.
 */
export function savedNotice(noun: string, title: string, status: string, publishAt: Date | null) {
  if (status === "scheduled" && publishAt) return `${noun} "${title}" is scheduled for ${whenShown(publishAt)}.`;
  if (status === "published") return `${noun} "${title}" is published.`;
  return `${noun} "${title}" is saved as a draft.`;
}
export const VIEW_SAVED = "View";

/**
 * The editors' save button, by the status chosen (SPEC-NOTES.md): Save draft, Schedule, Publish,
 * or Update for an item already published that stays published.
 */
export function saveButtonLabel(chosen: string, alreadyPublished: boolean) {
  if (chosen === "draft") return "Save draft";
  if (chosen === "scheduled") return "Schedule";
  return alreadyPublished ? "Update" : "Publish";
}
