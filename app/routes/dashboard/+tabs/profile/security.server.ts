import QRCode from "qrcode";
import { redirect } from "react-router";

import type { SessionUser } from "~/accounts/accounts.server";
import { NO_OTHER_SESSION, OTHER_SESSIONS_ENDED, SESSION_ENDED } from "~/accounts/devices.server";
import { ENTER_CODE, keyOf, type TwoFactorReply } from "~/accounts/two-factor";
import { TWO_FACTOR_STARTED } from "~/accounts/two-factor.server";
import { runAction, type TabLoadArgs } from "~/dashboard/actions.server";
import { services } from "~/runtime.server";
import { InvalidError } from "~/services/errors.server";

/**
 * The profile's "Two-factor sign-in" and "Signed-in devices" sections (decision 023): their data,
 * and their actions. Every form works without scripts: a step that changes this browser's session
 * cookie (turning two factors on or off) answers with a redirect, and the backup codes it made are
 * shown once through a single-use link (`?backup-codes=`), never carried in the address itself.
 */

const FAILURES = { failed: "That did not work. Please try again." };
const PROFILE = "/dashboard?tab=profile";

async function issuer(): Promise<string> {
  return (await services()).siteContent.siteLinks().then((site) => site.shortName || site.name);
}

/** The setup step's QR code, drawn on the server as SVG markup (no script needed to show it). */
async function setupOf(totpURI: string): Promise<NonNullable<TwoFactorReply["setup"]>> {
  const qrSvg = await QRCode.toString(totpURI, { type: "svg", errorCorrectionLevel: "M", margin: 2 }).catch(() => null);
  return { totpURI, qrSvg, key: keyOf(totpURI) };
}

/** A single-use link to the account's backup codes, for the page the redirect goes to. */
async function backupCodesLink(user: SessionUser, notice: "on" | "codes"): Promise<string> {
  const nonce = await (await services()).twoFactor.rememberBackupCodes(user);
  return `${PROFILE}&twofactor=${notice}&backup-codes=${nonce}#two-factor`;
}

/** `?twofactor=`: REQUIRE_ADMIN_2FA sent an admin here, or a step that reloaded the page says how it went. */
const NOTICES = ["required", "on", "off", "codes"] as const;

/** What the two sections show. */
export async function loadSecurity({ request, url, user }: TabLoadArgs) {
  const { twoFactor } = await services();
  const [status, devices, backupCodes] = await Promise.all([
    twoFactor.status(user),
    twoFactor.listSessions(request, user),
    twoFactor.backupCodesOnce(user, url.searchParams.get("backup-codes")),
  ]);
  const asked = url.searchParams.get("twofactor");
  // An admin whom REQUIRE_ADMIN_2FA holds back is told why on every visit, not only when sent here.
  const notice = user.adminNeedsTwoFactor ? "required" : (NOTICES.find((n) => n === asked) ?? null);
  return {
    twoFactor: {
      ...status,
      backupCodes,
      notice,
    },
    devices,
  };
}

const text = (form: FormData, name: string) => String(form.get(name) ?? "");

export const startTwoFactor = runAction("two-factor-start", FAILURES, async ({ request, form, reply }) => {
  const { twoFactor } = await services();
  const { totpURI } = await twoFactor.start(request, { password: text(form, "password"), issuer: await issuer() });
  return reply(true, TWO_FACTOR_STARTED, { extra: { twoFactor: { setup: await setupOf(totpURI) } } });
});

/**
 * A wrong code shows the same QR code again: its address came back with the form (it is only
 * drawn from; the secret that counts stays on the server).
 */
async function setupShownAgain(form: FormData) {
  const shown = text(form, "totpURI");
  return shown.startsWith("otpauth://totp/") ? { twoFactor: { setup: await setupOf(shown) } } : {};
}

export const confirmTwoFactor = runAction(
  "two-factor-confirm",
  FAILURES,
  async ({ request, form, user }) => {
    const code = text(form, "code").trim();
    if (!code) throw new InvalidError(ENTER_CODE, "code");
    const result = await (await services()).twoFactor.confirm(request, user, code);
    // This browser's session was renewed: the page is loaded anew with the new cookie.
    return redirect(await backupCodesLink(user, "on"), { headers: result.headers });
  },
  { refusedExtra: setupShownAgain },
);

export const newBackupCodes = runAction("two-factor-backup-codes", FAILURES, async ({ request, form, user }) => {
  await (await services()).twoFactor.newBackupCodes(request, text(form, "password"));
  return redirect(await backupCodesLink(user, "codes"));
});

export const disableTwoFactor = runAction("two-factor-disable", FAILURES, async ({ request, form }) => {
  const result = await (await services()).twoFactor.disable(request, text(form, "password"));
  return redirect(`${PROFILE}&twofactor=off#two-factor`, { headers: result.headers });
});

export const endSession = runAction("end-session", FAILURES, async ({ request, form, user, reply }) => {
  await (await services()).twoFactor.endSession(request, user, text(form, "sessionId"));
  return reply(true, SESSION_ENDED);
});

export const endOtherSessions = runAction("end-other-sessions", FAILURES, async ({ request, user, reply }) => {
  const ended = await (await services()).twoFactor.endOtherSessions(request, user);
  return reply(true, ended === 0 ? NO_OTHER_SESSION : OTHER_SESSIONS_ENDED);
});

export const securityActions = [
  startTwoFactor,
  confirmTwoFactor,
  newBackupCodes,
  disableTwoFactor,
  endSession,
  endOtherSessions,
];
