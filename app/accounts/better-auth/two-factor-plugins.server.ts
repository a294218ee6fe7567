import { createHmac, timingSafeEqual } from "node:crypto";

import type { BetterAuthPlugin, HookEndpointContext } from "better-auth";
import { APIError, createAuthMiddleware, getSessionFromCtx, isAPIError } from "better-auth/api";
import { deleteSessionCookie } from "better-auth/cookies";
import { generateRandomString } from "better-auth/crypto";
import { TWO_FACTOR_ERROR_CODES } from "better-auth/plugins";
import { sql } from "drizzle-orm";

import { type Database, rowsOf } from "~/db/client.server";

import { secondStepPath } from "../two-factor";

/** How long "Trust this device" lasts. */
export const TRUSTED_DEVICE_SECONDS = 30 * 24 * 60 * 60;
/** How long the second step of a sign-in may take (the library's own default). */
export const SECOND_STEP_SECONDS = 10 * 60;

/** The library's cookie names (better-auth/plugins/two-factor), under this site's cookie prefix. */
const CHALLENGE_COOKIE = "two_factor";
const TRUST_COOKIE = "trust_device";

/**
 * Where a session is made for someone who had none, other than the password sign-ins the twoFactor
 * plugin already guards: the Google and OIDC redirect callbacks and the Google ID-token sign-in.
 * (A passkey, if one is ever added, is a second factor of its own and would not be listed here.)
 */
const EXTERNAL_SIGN_IN = /^\/(?:oauth2\/)?callback\/|^\/sign-in\/social$/;

type HookContext = Parameters<Parameters<typeof createAuthMiddleware>[0]>[0];

/** The signature the library gives a trusted device's cookie: HMAC-SHA256 of "userId!identifier". */
function trustSignature(secret: string, userId: string, identifier: string) {
  return createHmac("sha256", secret).update(`${userId}!${identifier}`).digest("base64url");
}

/** Whether this browser holds a trusted-device cookie for this very account, still on record. */
async function trustedDevice(ctx: HookContext, userId: string): Promise<boolean> {
  const cookie = ctx.context.createAuthCookie(TRUST_COOKIE, { maxAge: TRUSTED_DEVICE_SECONDS });
  const value = await ctx.getSignedCookie(cookie.name, ctx.context.secret);
  if (!value) return false;
  const [token, identifier] = value.split("!");
  if (!token || !identifier) return false;
  const expected = Buffer.from(trustSignature(ctx.context.secret, userId, identifier));
  const given = Buffer.from(token);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return false;
  const record = await ctx.context.internalAdapter.findVerificationValue(identifier);
  return Boolean(record && record.value === userId && record.expiresAt > new Date());
}

/**
 * Turns the session an external sign-in just made into a second-step challenge, exactly as the
 * twoFactor plugin does for a password: the session is deleted before it reaches the browser, and
 * a signed, short-lived challenge cookie names the account for /two-factor/verify-totp or
 * /two-factor/verify-backup-code (the library's own endpoints, with their attempt limits).
 */
async function challengeInstead(ctx: HookContext, userId: string, sessionToken: string) {
  deleteSessionCookie(ctx, true);
  await ctx.context.internalAdapter.deleteSession(sessionToken);
  ctx.context.setNewSession(null);
  const identifier = `2fa-${generateRandomString(20)}`;
  const expiresAt = new Date(Date.now() + SECOND_STEP_SECONDS * 1000);
  await ctx.context.internalAdapter.createVerificationValue({ value: userId, identifier, expiresAt });
  await ctx.context.internalAdapter.createVerificationValue({
    value: "0",
    identifier: `2fa-attempts-${identifier}`,
    expiresAt,
  });
  const cookie = ctx.context.createAuthCookie(CHALLENGE_COOKIE, { maxAge: SECOND_STEP_SECONDS });
  await ctx.setSignedCookie(cookie.name, identifier, ctx.context.secret, cookie.attributes);
}

/** The path (and query) of the address the callback was about to send the browser to. */
function intendedPath(returned: unknown): string {
  const headers = (returned as { headers?: Headers } | undefined)?.headers;
  const location = headers instanceof Headers ? headers.get("location") : null;
  if (!location) return "/";
  try {
    const url = new URL(location, "http://site.invalid");
    return url.pathname + url.search;
  } catch {
    return "/";
  }
}

/**
 * A plugin that asks for the second factor on every sign-in path, not just passwords (decision
 * 023): an account with two factors on that signs in through Google or OIDC gets no session until
 * the code is given, unless this browser is a device the account trusts. The redirect callbacks
 * go on to the second-step page; the ID-token sign-in answers as a password sign-in does
 * ({ twoFactorRedirect: true }).
 */
export function twoFactorOnEverySignIn(): BetterAuthPlugin {
  return {
    id: "two-factor-on-every-sign-in",
    hooks: {
      after: [
        {
          matcher: (context) => EXTERNAL_SIGN_IN.test(context.path ?? ""),
          handler: createAuthMiddleware(async (ctx) => {
            const made = ctx.context.newSession;
            if (!made || !(made.user as { twoFactorEnabled?: boolean }).twoFactorEnabled) return;
            if (await trustedDevice(ctx, made.user.id)) return;
            const returned = ctx.context.returned;
            await challengeInstead(ctx, made.user.id, made.session.token);
            if (ctx.path === "/sign-in/social") {
              return ctx.json({ twoFactorRedirect: true, twoFactorMethods: ["totp"] });
            }
            throw ctx.redirect(secondStepPath(intendedPath(returned)));
          }),
        },
      ],
    },
  };
}

/** The lock on an account's second factor: wrong codes in a row, and how long it lasts (two-factor.server.ts). */
export type SecondFactorLock = { maxFailures: number; lockSeconds: number };

/** The library's endpoints that compare a code a sign-in's second step was given. */
const CODE_CHECKS = new Set(["/two-factor/verify-totp", "/two-factor/verify-backup-code", "/two-factor/verify-otp"]);
/** Their answers to a code that was compared and was wrong. */
const WRONG_CODE = new Set(["INVALID_CODE", "INVALID_BACKUP_CODE"]);

/** The account a sign-in's second step (its signed challenge cookie) is for, if the request has one. */
async function challengedAccount(ctx: HookContext): Promise<string | null> {
  const cookies = ctx.headers?.get("cookie") ?? "";
  const challenge = ctx.context.createAuthCookie(CHALLENGE_COOKIE).name;
  if (!cookies.split(/;\s*/).some((c) => c.startsWith(`${challenge}=`))) return null;
  // With a session, the library checks the code for that session's account (turning two factors
  // on), not for a sign-in: no attempt is counted.
  if (/session_token=/.test(cookies) && (await getSessionFromCtx(ctx).catch(() => null))) return null;
  const identifier = await ctx.getSignedCookie(challenge, ctx.context.secret);
  if (!identifier) return null;
  const pending = await ctx.context.internalAdapter.findVerificationValue(identifier);
  return pending?.value ?? null;
}

/**
 * Takes one attempt from the account's count before a code is compared, in one statement that
 * counts and checks the limit together: "taken", "locked" (a live lock, or the count spent), or
 * "none" (the account has no second factor: the library answers that itself).
 */
async function takeCodeAttempt(db: Database, userId: string, lock: SecondFactorLock) {
  // An expired lock starts the count again; a live one, or a spent count, takes nothing.
  const took = rowsOf<{ id: string }>(
    await db.execute(sql`
      update two_factors set
        failed_verification_count = case when locked_until <= now() then 1 else failed_verification_count + 1 end,
        locked_until = case when locked_until <= now() then null else locked_until end
      where user_id = ${userId}
        and (locked_until <= now() or (locked_until is null and failed_verification_count < ${lock.maxFailures}))
      returning id`),
  );
  if (took.length) return "taken";
  const [exists] = rowsOf<{ id: string }>(await db.execute(sql`select id from two_factors where user_id = ${userId}`));
  return exists ? "locked" : "none";
}

/** After the comparison: the attempt taken is a failure, the count's end, or given back. */
async function settleCodeAttempt(db: Database, userId: string, answer: unknown, lock: SecondFactorLock) {
  const code = isAPIError(answer) ? (answer.body as { code?: string } | undefined)?.code : undefined;
  if (code && WRONG_CODE.has(code)) {
    // The attempt taken is this failure: at the limit, the lock closes.
    await db.execute(sql`
      update two_factors set locked_until = now() + make_interval(secs => ${lock.lockSeconds})
      where user_id = ${userId} and locked_until is null and failed_verification_count >= ${lock.maxFailures}`);
  } else if (!isAPIError(answer)) {
    // A right code: the count is of failures in a row.
    await db.execute(
      sql`update two_factors set failed_verification_count = 0, locked_until = null where user_id = ${userId}`,
    );
  } else {
    // No code was compared (an expired step, a step's own five tries spent): given back.
    await db.execute(sql`
      update two_factors set failed_verification_count = greatest(failed_verification_count - 1, 0)
      where user_id = ${userId}`);
  }
}

/**
 * The lock on an account's second factor (decision 023: 10 wrong codes in a row lock it for 15
 * minutes), counted so that a wave of codes sent at once cannot outrun it (issue 31). The
 * library's own lock reads the count, compares the code, then counts the failure: thirty codes on
 * thirty sign-ins at once were all compared before the first failure was counted. Here each
 * comparison first takes an attempt (`update ... where count < limit`), so that at most ten codes
 * are ever compared; the attempt is the failure when the code was wrong, is given back when no code
 * was compared, and a right code clears the count. The library's lock is turned off
 * (library.server.ts): the count is this one's.
 */
export function secondFactorAttempts(db: Database, lock: SecondFactorLock): BetterAuthPlugin {
  /** The account whose attempt a request took, by the request's headers (one object from before to after). */
  const taken = new WeakMap<Headers, string>();
  const matcher = (context: HookEndpointContext) => CODE_CHECKS.has(context.path ?? "");
  const before = createAuthMiddleware(async (ctx) => {
    if (!ctx.headers) return;
    const userId = await challengedAccount(ctx);
    if (!userId) return;
    const outcome = await takeCodeAttempt(db, userId, lock);
    if (outcome === "taken") taken.set(ctx.headers, userId);
    if (outcome === "locked") {
      throw APIError.from("TOO_MANY_REQUESTS", TWO_FACTOR_ERROR_CODES.ACCOUNT_TEMPORARILY_LOCKED);
    }
  });
  const after = createAuthMiddleware(async (ctx) => {
    const userId = ctx.headers ? taken.get(ctx.headers) : undefined;
    if (!userId) return;
    taken.delete(ctx.headers!);
    await settleCodeAttempt(db, userId, ctx.context.returned, lock);
  });
  return {
    id: "second-factor-attempts",
    hooks: { before: [{ matcher, handler: before }], after: [{ matcher, handler: after }] },
  };
}
