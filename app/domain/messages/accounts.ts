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

// Mails: password resets and confirmed addresses (issue 21).
export const RESET_REQUESTED =
  "If an account uses that email address or username, we have sent it a link to choose a new password. Check your email.";
export const RESET_LINK_INVALID = "This link has expired or has already been used. Please ask for a new one.";
export const PASSWORD_RESET_DONE = "Your password has been changed. Sign in with your new password.";
export const PASSWORDS_DIFFER = "The two passwords do not match.";
export const RESET_LINK_SENT = (username: string) => `A link to choose a new password has been sent to ${username}.`;
export const NO_ADDRESS_TO_MAIL = (username: string) =>
  `${username} has no confirmed email address to send a link to. Ask them to set one in their profile.`;
export const EMAIL_CHANGE_SENT = (email: string) =>
  `We have sent a link to ${email}. Your new address takes effect once you click it.`;
export const EMAIL_CHANGE_CANCELLED = "The change of email address has been cancelled.";
export const NO_EMAIL_CHANGE = "There is no change of email address waiting.";
export const VERIFICATION_SENT = (email: string) => `We have sent a new link to ${email}.`;
export const ALREADY_VERIFIED = "Your email address is already confirmed.";
export const EMAIL_VERIFIED = "Thank you: your email address is confirmed.";
export const EMAIL_CHANGED = (email: string) => `Your email address is now ${email}.`;
export const SIGN_UP_CONFIRMED = "Your account has been created and your email address confirmed. Sign in to continue.";
export const MAIL_LINK_INVALID =
  "This link has expired or has already been used. Sign in to ask for a new one from your profile.";
export const ADDRESS_TAKEN_MEANWHILE = "That email address has been confirmed by another account meanwhile.";
