import { createHash } from "node:crypto";

import { sql } from "drizzle-orm";

import { type Database, rowsOf } from "~/db/client.server";
import { users } from "~/db/schema";
import { CLIENT_IP_HEADER } from "~/lib/client-ip.server";
import { type AttemptRule, perMinute, takeAttempt } from "~/services/attempt-limits.server";
import { effectTable } from "~/services/content-changes.server";
import { NotFoundError, ServiceError, TooManyAttemptsError } from "~/services/errors.server";
import { noteSession } from "~/services/request-record.server";

import { cookiesOf } from "./better-auth/library.server";
import type { AccountResult, AccountsContext } from "./context.server";
import { type SessionUser, toSessionUser, userById } from "./users.server";

/**
 * Signing in and out: with a password (/signin, POST /api/auth/signin), with a Google ID token
 * (POST /api/auth/google), through Google or an OIDC provider's pages (/auth/external, then the
 * library's callback), and the session every request is read with (`currentUser`). An account with
 * two factors on gets a challenge instead of a session from any of them: two-factor.server.ts
 * finishes it. Failed sign-ins are logged by the library plugin better-auth/sign-in-log.server.ts,
 * since the providers' callbacks reach the library without passing here.
 */

// What a person is told.
export const INVALID_CREDENTIALS = "Invalid username or password";
export const GOOGLE_NOT_SET_UP = "Google sign-in is not set up on this site.";
export const GOOGLE_NOT_VERIFIED = "The Google sign-in could not be verified. Please sign in with Google again.";

/** The library's refusals of a sign-in, in the site's words. */
export const SIGN_IN_REFUSALS: Record<string, string> = {
  INVALID_USERNAME_OR_PASSWORD: INVALID_CREDENTIALS,
  INVALID_EMAIL_OR_PASSWORD: INVALID_CREDENTIALS,
};

// Its limits.
/**
 * Password sign-ins per account AND per client address, whichever way they come (the form or the
 * JSON API, by username or by address), counted in the database so that every server counts
 * together (docs/security.md). A right password gives the account's attempt back.
 */
export const SIGN_IN_RULE: AttemptRule = perMinute(10);
/** The library's own limit on each of its sign-in endpoints (password, Google, OIDC), per client address. */
export const SIGN_IN_ENDPOINT_LIMITS = { "/sign-in/*": { window: 60, max: 10 } };

/** A sign-in whose password (or Google token) was right, for an account that also needs its second factor. */
export type SignInResult = AccountResult & { twoFactorRequired?: boolean };

/** The signed-in user of a request, if any. */
export async function currentUser(ctx: AccountsContext, request: Request): Promise<SessionUser | null> {
  // The library finds a session only through its cookie (`cpscr.session_token`, with a
  // `__Secure-` prefix over https): without one, most visitors, it is not asked. The test is
  // looser than any cookie parser, so a cookie the library would read is never missed.
  if (!/session_token/i.test(request.headers.get("cookie") ?? "")) {
    noteSession(false);
    return null;
  }
  const session = await ctx.library.session(request.headers);
  noteSession(Boolean(session));
  if (!session) return null;
  const user = toSessionUser(session.user);
  // REQUIRE_ADMIN_2FA: no admin rights until the second factor is on (decision 023).
  if (ctx.requireAdminTwoFactor && user.isAdmin && !user.twoFactorEnabled) {
    return { ...user, roles: user.roles.filter((role) => role !== "admin"), isAdmin: false, adminNeedsTwoFactor: true };
  }
  return user;
}

/**
 * The username field also takes an e-mail address. For an account with two factors on, a right
 * password gives no session: `twoFactorRequired`, and the headers carry the second step's
 * challenge cookie (twoFactor.verifySignIn finishes it).
 */
export async function signIn(
  ctx: AccountsContext,
  request: Request,
  input: { username: string; password: string },
): Promise<SignInResult> {
  const keys = await signInKeys(ctx.db, input.username, request.headers.get(CLIENT_IP_HEADER));
  await takeAttempt(ctx.limiter, keys, SIGN_IN_RULE);
  const byEmail = input.username.includes("@");
  const response = byEmail
    ? await ctx.library.post(request, "/sign-in/email", { email: input.username, password: input.password })
    : await ctx.library.post(request, "/sign-in/username", input);
  if (!response.ok) throw await ctx.library.refusal(response);
  // The account's attempt is given back, so that a person who signs in often is never locked out
  // of their own account by it. The address's is not: otherwise one's own account, signed into
  // between guesses, would keep an address's count down.
  await ctx.limiter.giveBack(keys.filter((key) => key.startsWith("sign-in:account:id:")));
  const headers = cookiesOf(response);
  return (await needsSecondStep(response)) ? { headers, twoFactorRequired: true } : { headers };
}

/**
 * The counters a password sign-in counts against: the account (by its id, so its username and its
 * e-mail address share one count) and the client's address.
 */
async function signInKeys(db: Database, identifier: string, address: string | null): Promise<string[]> {
  const name = identifier.trim().toLowerCase();
  const [account] = rowsOf<{ id: string }>(
    await db.execute(sql`select id from ${users} where lower(username) = ${name} or lower(email) = ${name} limit 1`),
  );
  // A name that is no account's counts under its digest, not in clear: it may be a password typed
  // into the wrong field (issue 31).
  const keys = [
    account
      ? `sign-in:account:id:${account.id}`
      : `sign-in:account:name:${createHash("sha256").update(name).digest("base64url")}`,
  ];
  if (address) keys.push(`sign-in:ip:${address}`);
  return keys;
}

/** Whether the library answered a sign-in with a second-step challenge instead of a session. */
async function needsSecondStep(response: Response): Promise<boolean> {
  const body = (await response
    .clone()
    .json()
    .catch(() => ({}))) as { twoFactorRedirect?: unknown };
  return body.twoFactorRedirect === true;
}

/**
 * Signs in with an ID token that Google issued to this site's client: the library checks its
 * signature against Google's published keys, its audience and its expiry, then finds or
 * creates the account. A name or e-mail alone is never enough.
 */
export async function signInWithGoogleIdToken(
  ctx: AccountsContext,
  request: Request,
  idToken: string,
): Promise<SignInResult & { user?: SessionUser }> {
  if (!ctx.providers.some((p) => p.id === "google")) throw new NotFoundError(GOOGLE_NOT_SET_UP);
  const response = await ctx.library.post(request, "/sign-in/social", {
    provider: "google",
    idToken: { token: idToken },
  });
  if (!response.ok) {
    const refusal = await ctx.library.refusal(response);
    // The library says 401 for a token it could not verify; say so plainly.
    if (refusal instanceof TooManyAttemptsError) throw refusal;
    throw new ServiceError(GOOGLE_NOT_VERIFIED, 401, undefined, refusal.headers);
  }
  if (await needsSecondStep(response)) return { headers: cookiesOf(response), twoFactorRequired: true };
  const body = (await response.json()) as { user?: { id?: string } };
  const user = body.user?.id ? await userById(ctx.db, body.user.id) : null;
  return { headers: cookiesOf(response), user: user ?? undefined };
}

/** Starts Google or OIDC sign-in; the result carries the provider's address to redirect to. */
export async function startExternal(
  ctx: AccountsContext,
  request: Request,
  providerId: string,
  urls: { callbackURL: string; errorCallbackURL: string },
): Promise<AccountResult & { url: string | null }> {
  // Google and generic OpenID Connect providers both start at the social sign-in endpoint.
  const response = await ctx.library.post(request, "/sign-in/social", { provider: providerId, ...urls });
  if (!response.ok) throw await ctx.library.refusal(response);
  const body = (await response.json()) as { url?: string };
  return { headers: cookiesOf(response), url: body.url ?? null };
}

export async function signOut(ctx: AccountsContext, request: Request): Promise<AccountResult> {
  // Signing out without a session is no failure: the cookies are cleared either way.
  return { headers: cookiesOf(await ctx.library.post(request, "/sign-out")) };
}

/** Which of this flow's functions are the `accounts` service's methods, by what each does to stored content. */
export const SERVICE_METHODS = effectTable({
  read: ["currentUser"],
  write: ["signIn", "signInWithGoogleIdToken", "startExternal", "signOut"],
});
