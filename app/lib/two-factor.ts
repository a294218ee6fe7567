/** Two-factor sign-in's addresses and shapes, shared by the screens and the server (decision 023). */

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
