/** What a person is told about accounts. */

// SPEC.md §5 and §8: sign-up or sign-in field empty.
export const FILL_ALL_FIELDS = "please fill all fields";

export const USER_GONE = "That user no longer exists.";
export const ACCOUNT_GONE = "That account no longer exists.";
export const LAST_ADMIN_NOT_DELETED = "The last admin cannot be deleted.";
export const LAST_ADMIN_NOT_DEMOTED = "The last admin cannot be demoted.";

/** An attempt over its limit, the same words for every limit. */
export function tryAgainIn(seconds: number) {
  const minutes = Math.ceil(seconds / 60);
  const when =
    seconds < 60 ? `${seconds} second${seconds === 1 ? "" : "s"}` : `${minutes} minute${minutes === 1 ? "" : "s"}`;
  return `Too many attempts. Please try again in ${when}.`;
}

export const NO_CHANGES = "No changes made";
export const CURRENT_PASSWORD_NEEDED = "Enter your current password to change your email or password.";
export const CURRENT_PASSWORD_WRONG = "The current password is incorrect.";
export const PHOTO_NOT_OURS = "Choose a photo again: that one was not uploaded here.";
export const NAME_OR_EMAIL_TAKEN = "That username or email is already taken.";
export const LAST_ADMIN_OWN_ACCOUNT =
  "You are the last admin. Make another user an admin before deleting your account.";
export const GOOGLE_NOT_SET_UP = "Google sign-in is not set up on this site.";
export const GOOGLE_NOT_VERIFIED = "The Google sign-in could not be verified. Please sign in with Google again.";
export const SOMETHING_WENT_WRONG = "Something went wrong. Please try again.";

/** The question before "Make admin" in the Users tab. */
export const makeAdminTitle = (username: string) => `Make ${username} an admin?`;
export const MAKE_ADMIN_DESCRIPTION =
  "An admin can change everything on the site: posts, journals, pages, settings and other people's accounts.";
export const MAKE_ADMIN_CONFIRM = "Yes, make admin";
