import { createHmac, timingSafeEqual } from "node:crypto";

import type { BetterAuthPlugin } from "better-auth";
import { createAuthMiddleware } from "better-auth/api";
import { deleteSessionCookie } from "better-auth/cookies";
import { generateRandomString } from "better-auth/crypto";

/** How long "Trust this device" lasts. */
export const TRUSTED_DEVICE_SECONDS = 30 * 24 * 60 * 60;
/** How long the second step of a sign-in may take (the library's own default). */
export const SECOND_STEP_SECONDS = 10 * 60;
/** The page that asks for the second factor. */
export const SECOND_STEP_PATH = "/signin/two-factor";

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
            const next = `${SECOND_STEP_PATH}?redirectTo=${encodeURIComponent(intendedPath(returned))}`;
            throw ctx.redirect(next);
          }),
        },
      ],
    },
  };
}
