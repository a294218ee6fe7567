/** What a person is told about two-factor sign-in and their signed-in devices (decision 023). */

/** The auth library's two-factor error codes, in the site's words. */
export const TWO_FACTOR_MESSAGES: Record<string, string> = {
  INVALID_CODE: "That code is not right. Check your authenticator app and try again.",
  INVALID_BACKUP_CODE: "That backup code is not right, or it has already been used.",
  INVALID_TWO_FACTOR_COOKIE: "This sign-in step has expired. Please sign in again.",
  TOO_MANY_ATTEMPTS_REQUEST_NEW_CODE: "Too many wrong codes. Please sign in again.",
  ACCOUNT_TEMPORARILY_LOCKED:
    "Too many wrong codes for this account. Two-factor sign-in is locked for 15 minutes; please try again later.",
  TOTP_ALREADY_ENABLED: "Two-factor sign-in is already on.",
  TOTP_NOT_ENABLED: "Two-factor sign-in is not set up. Start again from your profile.",
  TWO_FACTOR_NOT_ENABLED: "Two-factor sign-in is not on.",
  BACKUP_CODES_NOT_ENABLED: "Two-factor sign-in is not on.",
};

export const SECOND_STEP_EXPIRED = TWO_FACTOR_MESSAGES.INVALID_TWO_FACTOR_COOKIE;
export const ENTER_CODE = "Enter the 6-digit code from your authenticator app, or a backup code.";
export const TWO_FACTOR_NEEDED = "Enter the code from your authenticator app to finish signing in.";
export const PASSWORD_NEEDED = "Enter your password.";
export const TWO_FACTOR_STARTED =
  "Scan the QR code with your authenticator app (or type in the key), then enter the code it shows.";
export const TWO_FACTOR_ON = "Two-factor sign-in is on. Keep your backup codes somewhere safe.";
export const TWO_FACTOR_OFF = "Two-factor sign-in is off.";
export const BACKUP_CODES_MADE = "New backup codes made; the old ones no longer work. Keep these somewhere safe.";
export const SESSION_ENDED = "That device has been signed out.";
export const SESSION_GONE = "That device is already signed out.";
export const OTHER_SESSIONS_ENDED = "Every other device has been signed out.";
export const THIS_SESSION = "To sign out this device, use Sign out.";

/** REQUIRE_ADMIN_2FA: what an admin without two factors is told on admin screens and calls. */
export const ADMIN_NEEDS_TWO_FACTOR =
  "This site requires admins to use two-factor sign-in. Turn it on in your profile to use the admin screens.";
