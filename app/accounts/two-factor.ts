/**
 * Two-factor sign-in's addresses, shapes and words, shared by the screens (which the browser loads)
 * and the server (decision 023); the steps themselves, and their limits, are two-factor.server.ts.
 */

/** The sign-in step that asks for the code, then goes on to `next`. */
export function secondStepPath(next: string) {
  return `/signin/two-factor?redirectTo=${encodeURIComponent(next)}`;
}

/** What the profile's two-factor actions hand back to the screen, shown once. */
export type TwoFactorReply = {
  /** Setting up: the otpauth:// address, its QR code (SVG markup made on the server) and the key. */
  setup?: { totpURI: string; qrSvg: string | null; key: string };
};

/** The base32 key of an otpauth:// address, in groups of four for typing into an app. */
export function keyOf(totpURI: string): string {
  try {
    const secret = new URL(totpURI).searchParams.get("secret") ?? "";
    return secret.replace(/(.{4})/g, "$1 ").trim();
  } catch {
    return "";
  }
}

// What a person is told.

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
export const TWO_FACTOR_ON = "Two-factor sign-in is on. Keep your backup codes somewhere safe.";
export const TWO_FACTOR_OFF = "Two-factor sign-in is off.";
export const BACKUP_CODES_MADE = "New backup codes made; the old ones no longer work. Keep these somewhere safe.";

/** REQUIRE_ADMIN_2FA: what an admin without two factors is told on admin screens and calls. */
export const ADMIN_NEEDS_TWO_FACTOR =
  "This site requires admins to use two-factor sign-in. Turn it on in your profile to use the admin screens.";
