import { and, eq } from "drizzle-orm";

import { accounts, twoFactors } from "~/db/schema";
import { effectTable } from "~/services/content-changes.server";
import { InvalidError, ServiceError } from "~/services/errors.server";

import { cookiesOf, type Endpoint } from "./better-auth/library.server";
import type { SecondFactorLock } from "./better-auth/two-factor-plugins.server";
import type { AccountResult, AccountsContext } from "./context.server";
import { ENTER_CODE } from "./two-factor";
import type { SessionUser } from "./users.server";

/**
 * Two-factor sign-in (TOTP, backup codes, trusted devices; decision 023): turning it on from the
 * profile (`start`, then `confirm` with the app's first code), new backup codes, turning it off,
 * and a sign-in's second step (/signin/two-factor, POST /api/auth/two-factor). The secrets, codes
 * and challenges are the library's twoFactor plugin's: every step goes through its endpoints, so
 * its password checks and attempt counts apply; this words the answers. Asking for the second
 * factor on Google and OIDC sign-ins too, and counting a code before it is compared, are the
 * library plugins of better-auth/two-factor-plugins.server.ts. The words the screens also show are
 * in two-factor.ts.
 */

// What a person is told (and two-factor.ts).
export const TWO_FACTOR_NEEDED = "Enter the code from your authenticator app to finish signing in.";
export const TWO_FACTOR_STARTED =
  "Scan the QR code with your authenticator app (or type in the key), then enter the code it shows.";
export const APP_CODE_NEEDED = "Enter the 6-digit code your app shows.";
export const SIGN_IN_FAILED = "Signing in failed. Please try again.";

// Its limits.
/**
 * A sign-in's second step allows 5 wrong codes (the library's own count); 10 wrong codes in a row,
 * across sign-ins, lock the account's second factor for 15 minutes (counted before each code is
 * compared, so that a wave of codes cannot outrun it: issue 31).
 */
export const SECOND_FACTOR_LOCK: SecondFactorLock = { maxFailures: 10, lockSeconds: 15 * 60 };
/**
 * The library's own limit on each of its two-factor endpoints, per client address: its 3 per 10
 * seconds would hold up a person who types a code twice quickly, at the same pace.
 */
export const TWO_FACTOR_ENDPOINT_LIMITS = { "/two-factor/*": { window: 60, max: 10 } };
/** How long the single-use link to freshly made backup codes works. */
export const BACKUP_CODES_LINK_SECONDS = 5 * 60;

/** A 6-digit code from an app, or one of the backup codes ("abcde-12345"). */
const APP_CODE = /^\d{6}$/;
const BACKUP_CODE = /^[A-Za-z0-9]{5}-?[A-Za-z0-9]{5}$/;

/** Where two-factor sign-in stands for an account, for its profile. */
export type TwoFactorStatus = {
  enabled: boolean;
  /** Turned on but the first code not given yet. */
  pending: boolean;
  /** Accounts made through Google or OIDC have no password to ask for. */
  hasPassword: boolean;
};

/** One of the library's two-factor steps; a refusal keeps the cookies it set only when asked to. */
async function step(
  ctx: AccountsContext,
  request: Request,
  endpoint: Endpoint,
  body: unknown,
  { keepCookiesOnRefusal = false } = {},
): Promise<Response> {
  const response = await ctx.library.post(request, endpoint, body);
  if (!response.ok) throw await ctx.library.refusal(response, { cookies: keepCookiesOnRefusal });
  return response;
}

export async function status(ctx: AccountsContext, user: SessionUser): Promise<TwoFactorStatus> {
  const [row] = await ctx.db
    .select({ verified: twoFactors.verified })
    .from(twoFactors)
    .where(eq(twoFactors.userId, user.id));
  const [credential] = await ctx.db
    .select({ password: accounts.password })
    .from(accounts)
    .where(and(eq(accounts.userId, user.id), eq(accounts.providerId, "credential")));
  return {
    enabled: Boolean(user.twoFactorEnabled),
    pending: !user.twoFactorEnabled && row?.verified === false,
    hasPassword: Boolean(credential?.password),
  };
}

/**
 * Starts turning two factors on: a new secret, shown as an otpauth:// address (for the QR code)
 * in the name of `issuer`. Nothing changes at sign-in until `confirm` gets a right code.
 */
export async function start(
  ctx: AccountsContext,
  request: Request,
  input: { password?: string; issuer: string },
): Promise<{ totpURI: string }> {
  const response = await step(ctx, request, "/two-factor/enable", {
    password: input.password || undefined,
    issuer: input.issuer,
  });
  const body = (await response.json()) as { totpURI: string };
  return { totpURI: body.totpURI };
}

/** The first code from the app turns two factors on; the backup codes are shown this once. */
export async function confirm(
  ctx: AccountsContext,
  request: Request,
  user: SessionUser,
  code: string,
): Promise<AccountResult & { backupCodes: string[] }> {
  const given = code.replace(/\s+/g, "");
  if (!APP_CODE.test(given)) throw new InvalidError(APP_CODE_NEEDED, "code");
  const response = await step(ctx, request, "/two-factor/verify-totp", { code: given });
  return { headers: cookiesOf(response), backupCodes: await ctx.library.backupCodes(user.id) };
}

/** New backup codes (the old ones stop working), shown this once. */
export async function newBackupCodes(
  ctx: AccountsContext,
  request: Request,
  password?: string,
): Promise<{ backupCodes: string[] }> {
  const response = await step(ctx, request, "/two-factor/generate-backup-codes", { password: password || undefined });
  const body = (await response.json()) as { backupCodes: string[] };
  return { backupCodes: body.backupCodes };
}

/**
 * A single-use key to the account's backup codes, for the page a redirect goes to: the codes are
 * shown once, never carried in the address itself.
 */
export async function rememberBackupCodes(ctx: AccountsContext, user: SessionUser): Promise<string> {
  const nonce = crypto.randomUUID();
  await ctx.library.remember(`show-backup-codes-${nonce}`, user.id, BACKUP_CODES_LINK_SECONDS);
  return nonce;
}

/** The backup codes a single-use key shows, once, to the account they belong to. */
export async function backupCodesOnce(
  ctx: AccountsContext,
  user: SessionUser,
  nonce: string | null,
): Promise<string[] | null> {
  if (!nonce || !/^[0-9a-f-]{36}$/.test(nonce)) return null;
  const owner = await ctx.library.recall(`show-backup-codes-${nonce}`);
  return owner === user.id ? ctx.library.backupCodes(user.id) : null;
}

/** Turns two factors off; this browser's trusted-device mark goes with it. */
export async function disable(ctx: AccountsContext, request: Request, password?: string): Promise<AccountResult> {
  const response = await step(ctx, request, "/two-factor/disable", { password: password || undefined });
  return { headers: cookiesOf(response) };
}

/**
 * The second step of a sign-in: a code from the app, or a backup code (used up). Needs the
 * challenge cookie the first step set; on success the headers carry the session cookie (and,
 * with `trustDevice`, a cookie that skips this step on this browser for 30 days).
 */
export async function verifySignIn(
  ctx: AccountsContext,
  request: Request,
  input: { code: string; trustDevice?: boolean },
): Promise<AccountResult & { userId: string }> {
  const compact = input.code.trim().replace(/\s+/g, "");
  const endpoint = APP_CODE.test(compact)
    ? "/two-factor/verify-totp"
    : BACKUP_CODE.test(compact)
      ? "/two-factor/verify-backup-code"
      : null;
  if (!endpoint) throw new InvalidError(ENTER_CODE, "code");
  // Backup codes are stored as made ("abcde-12345"); the dash may be left out when typed.
  const sent = endpoint === "/two-factor/verify-totp" ? compact : compact.replace(/^(.{5})-?(.{5})$/, "$1-$2");
  // A refusal keeps the cookies the library set: an expired or used-up challenge is cleared.
  const response = await step(
    ctx,
    request,
    endpoint,
    { code: sent, trustDevice: input.trustDevice === true },
    { keepCookiesOnRefusal: true },
  );
  const body = (await response.json()) as { user?: { id?: string } };
  if (!body.user?.id) throw new ServiceError(SIGN_IN_FAILED, 500);
  return { headers: cookiesOf(response), userId: body.user.id };
}

/** Which of this flow's functions are the `twoFactor` service's methods, by what each does to stored content. */
export const SERVICE_METHODS = effectTable({
  read: ["status"],
  write: ["start", "confirm", "newBackupCodes", "rememberBackupCodes", "backupCodesOnce", "disable", "verifySignIn"],
});
