import { createHash } from "node:crypto";

import bcrypt from "bcryptjs";
import { betterAuth } from "better-auth";
import { drizzleAdapter } from "better-auth/adapters/drizzle";
import { APIError, createAuthMiddleware } from "better-auth/api";
import { hashPassword, verifyPassword } from "better-auth/crypto";
import { admin, genericOAuth, twoFactor, username } from "better-auth/plugins";
import { and, eq, sql } from "drizzle-orm";
import { createRemoteJWKSet, jwtVerify } from "jose";

import { type Database, rowsOf } from "~/db/client.server";
import { accounts, rateLimits, sessions, twoFactors, users, verifications } from "~/db/schema";
import { CLIENT_IP_HEADER } from "~/lib/client-ip.server";
import type { ExternalProvider } from "~/lib/config.server";
import { USERNAME_PATTERN } from "~/lib/forms/accounts";

import { type AuthMail, releaseUnverifiedAddress, RESET_LINK_SECONDS } from "./account-mail.server";
import { activityLogPlugin, PASSWORD_SIGN_IN_PATHS } from "./activity-sign-in.server";
import { type AttemptLimiter, attemptLimiter, type AttemptRule } from "./attempt-limits.server";
import { secondFactorAttempts, TRUSTED_DEVICE_SECONDS, twoFactorOnEverySignIn } from "./two-factor-guard.server";

export type AuthOptions = {
  secret: string;
  publicUrl?: string;
  /**
   * The origin of the links in the site's mails (config.server.ts's mailLinkOrigin): PUBLIC_URL's,
   * else the address the server listens on. Unset: PUBLIC_URL's, else http://localhost:3000.
   */
  mailOrigin?: string;
  google?: ExternalProvider;
  oidc?: ExternalProvider;
  /** REQUIRE_ADMIN_2FA: an admin without two factors may sign in, but reaches no admin screen or call. */
  requireAdminTwoFactor?: boolean;
};

/** Sign-in and sign-up attempts allowed per client per minute. */
export const AUTH_ATTEMPTS_PER_MINUTE = 10;
/**
 * Password sign-ins: per account and per client address, whichever path they take (username or
 * e-mail, the form or the JSON API), counted in the database so that every server counts together.
 */
export const SIGN_IN_RULE: AttemptRule = { max: AUTH_ATTEMPTS_PER_MINUTE, windowSeconds: 60 };

/**
 * The counters a password sign-in counts against: the account (by its id, so its username and its
 * e-mail address share one count; an unknown name counts by itself) and the client's address.
 */
async function signInKeys(db: Database, identifier: string, address: string | null | undefined): Promise<string[]> {
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

/**
 * Hooks around the library's password sign-in endpoints: before, one attempt is counted against
 * the account and the address (429, with X-Retry-After as the library's own limiter answers, once
 * either is over); after a successful sign-in the account's attempt is given back, so a person who
 * signs in often is never locked out of their own account by it. The address's is not: otherwise
 * one's own account, signed into between guesses, would keep an address's count down.
 */
function signInLimitHooks(db: Database, limiter: AttemptLimiter) {
  return {
    before: createAuthMiddleware(async (ctx) => {
      if (!PASSWORD_SIGN_IN_PATHS.has(ctx.path)) return;
      const body = (ctx.body ?? {}) as { username?: unknown; email?: unknown };
      const identifier = String((ctx.path === "/sign-in/email" ? body.email : body.username) ?? "");
      const keys = await signInKeys(db, identifier, ctx.headers?.get(CLIENT_IP_HEADER));
      const outcome = await limiter.take(keys, SIGN_IN_RULE);
      if (!outcome.allowed) {
        throw new APIError(
          "TOO_MANY_REQUESTS",
          { message: "Too many requests. Please try again later." },
          { "X-Retry-After": String(outcome.retryAfter) },
        );
      }
    }),
    after: createAuthMiddleware(async (ctx) => {
      if (!PASSWORD_SIGN_IN_PATHS.has(ctx.path)) return;
      const session = ctx.context.newSession;
      if (!session) return;
      await limiter.giveBack([`sign-in:account:id:${session.user.id}`]);
    }),
  };
}

const BCRYPT_HASH = /^\$2[aby]\$\d\d\$/;

/**
 * Passwords: the library's own scrypt hash for everything new. Accounts imported from the earlier
 * system (decision 028) hold bcrypt hashes; one is accepted once its password matches, and is then
 * replaced by the library's hash of that password (the salt makes the old hash name one account).
 */
function passwordHashing(db: Database) {
  return {
    hash: (password: string) => hashPassword(password),
    verify: async ({ hash, password }: { hash: string; password: string }) => {
      if (!BCRYPT_HASH.test(hash)) return verifyPassword({ hash, password });
      // $2y$ is PHP's name for the same algorithm as $2b$.
      if (!(await bcrypt.compare(password, hash.replace(/^\$2y\$/, "$2b$")))) return false;
      await db
        .update(accounts)
        .set({ password: await hashPassword(password), updatedAt: new Date() })
        .where(and(eq(accounts.providerId, "credential"), eq(accounts.password, hash)));
      return true;
    },
  };
}

/** A username made from a display name or e-mail for users who arrive through Google or OIDC. */
async function freeUsername(db: Database, source: string): Promise<string> {
  const base =
    source
      .normalize("NFKD")
      .replace(/[\u0300-\u036f]/g, "")
      .toLowerCase()
      .replace(/@.*$/, "")
      .replace(/[^a-z0-9._-]+/g, ".")
      .replace(/^[._-]+|[._-]+$/g, "")
      .slice(0, 24) || "member";
  const padded = base.length < 3 ? `${base}.user` : base;
  const taken = new Set(
    rowsOf<{ username: string }>(
      await db.execute(
        sql`select lower(username) as username from ${users} where lower(username) like ${`${padded}%`}`,
      ),
    ).map((row) => row.username),
  );
  if (!taken.has(padded)) return padded;
  for (let n = 2; ; n++) if (!taken.has(`${padded}${n}`)) return `${padded}${n}`;
}

/** Issuers Google signs ID tokens as, and where it publishes the keys it signs them with. */
export const GOOGLE_ISSUERS = ["https://accounts.google.com", "accounts.google.com"];
export const GOOGLE_KEYS_URL = "https://www.googleapis.com/oauth2/v3/certs";

/**
 * Checks an ID token posted to POST /api/auth/google: signed (RS256) by a key Google publishes,
 * issued by Google to this site's client id, not expired, at most an hour old, for a verified
 * e-mail. jose does the cryptography; the same function runs in production and in the tests,
 * which publish their own keys through GOOGLE_JWKS_URL.
 */
function googleIdTokenVerifier(jwksUrl: string, clientId: string) {
  const keys = createRemoteJWKSet(new URL(jwksUrl));
  return async (token: string) => {
    try {
      const { payload } = await jwtVerify(token, keys, {
        issuer: GOOGLE_ISSUERS,
        audience: clientId,
        algorithms: ["RS256"],
        maxTokenAge: "1h",
        requiredClaims: ["iss", "sub", "aud", "exp", "iat"],
        clockTolerance: 30,
      });
      // An address Google has not verified could belong to anyone.
      return payload.email_verified === true;
    } catch {
      return false;
    }
  };
}

/**
 * Password reset requests allowed per client address per minute (each answers the same), counted
 * by accounts.requestPasswordReset before it answers: the library's endpoint is called after the
 * answer has gone, directly, so its own limiter does not see those calls.
 */
export const RESET_REQUESTS_PER_MINUTE = 5;

/**
 * A provider that vouches for an address (`email_verified`) proves it is the signer's: an account
 * that holds it without having proved it loses it first (account-mail.server.ts), so the library
 * makes the owner an account of their own instead of refusing, and never links the owner's
 * identity to the squatter's account (its `requireLocalEmailVerified` default refuses that too).
 */
function claimVerifiedAddress(db: Database, providerId: string) {
  return async (claims: object) => {
    const profile = claims as Record<string, unknown>;
    const verified = profile.email_verified === true || profile.email_verified === "true";
    const subject = profile.sub ?? profile.id;
    if (verified && typeof profile.email === "string" && subject !== undefined) {
      await releaseUnverifiedAddress(db, profile.email, { providerId, accountId: String(subject) });
    }
    return {};
  };
}

/**
 * The better-auth instance: password hashing, sessions, OAuth state and rate limits are the
 * library's; this only configures it for our tables and rules. `mail` sends its reset and
 * verification mails (none are sent without it).
 */
export function createAuth(db: Database, options: AuthOptions, mail?: AuthMail) {
  const { google, oidc, publicUrl } = options;
  const limiter = attemptLimiter(db);
  return betterAuth({
    appName: "CPSCR",
    secret: options.secret,
    baseURL: publicUrl,
    basePath: "/api/auth",
    trustedOrigins: publicUrl ? [new URL(publicUrl).origin] : undefined,
    database: drizzleAdapter(db, {
      provider: "pg",
      schema: {
        user: users,
        session: sessions,
        account: accounts,
        verification: verifications,
        rateLimit: rateLimits,
        twoFactor: twoFactors,
      },
    }),
    emailAndPassword: {
      enabled: true,
      minPasswordLength: 8,
      maxPasswordLength: 128,
      autoSignIn: false,
      password: passwordHashing(db),
      // Reset links (/forgot-password): single-use, an hour long; using one ends every session.
      resetPasswordTokenExpiresIn: RESET_LINK_SECONDS,
      revokeSessionsOnPasswordReset: true,
      ...(mail
        ? {
            sendResetPassword: ({ user, token }) => mail.sendResetPassword(user, token),
            onPasswordReset: ({ user }) => mail.passwordWasReset(user.id),
          }
        : {}),
    },
    // A new account's address is confirmed from a mail; unconfirmed, it can be taken by its owner.
    emailVerification: mail
      ? { sendOnSignUp: true, sendVerificationEmail: ({ user }, request) => mail.sendVerification(user, request) }
      : undefined,
    user: { deleteUser: { enabled: true } },
    session: { expiresIn: 60 * 60 * 24 * 30, updateAge: 60 * 60 * 24 },
    socialProviders: google
      ? {
          google: {
            clientId: google.clientId,
            clientSecret: google.clientSecret!,
            prompt: "select_account",
            verifyIdToken: googleIdTokenVerifier(google.jwksUrl ?? GOOGLE_KEYS_URL, google.clientId),
            mapProfileToUser: claimVerifiedAddress(db, "google"),
          },
        }
      : {},
    plugins: [
      username({
        minUsernameLength: 3,
        maxUsernameLength: 30,
        usernameValidator: (name) => USERNAME_PATTERN.test(name),
      }),
      admin({ defaultRole: "user", adminRoles: ["admin"] }),
      ...(oidc
        ? [
            genericOAuth({
              config: [
                {
                  providerId: oidc.id,
                  discoveryUrl: `${oidc.issuer!.replace(/\/$/, "")}/.well-known/openid-configuration`,
                  clientId: oidc.clientId,
                  clientSecret: oidc.clientSecret,
                  scopes: ["openid", "email", "profile"],
                  // No forced prompt here: providers may refuse prompt values they do not
                  // support (select_account is Google's account chooser, set above).
                  pkce: true,
                  mapProfileToUser: claimVerifiedAddress(db, oidc.id),
                },
              ],
            }),
          ]
        : []),
      // TOTP with backup codes and trusted devices (decision 023). Accounts without a password
      // (Google, OIDC) turn it on with their session alone; accounts with one must give it.
      twoFactor({
        allowPasswordless: true,
        trustDeviceMaxAge: TRUSTED_DEVICE_SECONDS,
        backupCodeOptions: { amount: 10, length: 10 },
        // Its lock counts after comparing a code, which a wave of codes outruns: secondFactorAttempts counts first.
        accountLockout: { enabled: false },
      }),
      secondFactorAttempts(db),
      // The library asks for the second factor on password sign-ins only: this asks on the others.
      twoFactorOnEverySignIn(),
      // Last, so that its hook sees the answers the other plugins' hooks settled on (twoFactor's).
      activityLogPlugin(db),
    ],
    rateLimit: {
      enabled: true,
      storage: "database",
      window: 60,
      max: 300,
      customRules: {
        "/sign-in/*": { window: 60, max: AUTH_ATTEMPTS_PER_MINUTE },
        "/sign-up/*": { window: 60, max: AUTH_ATTEMPTS_PER_MINUTE },
        "/change-password": { window: 60, max: AUTH_ATTEMPTS_PER_MINUTE },
        // The second factor's steps, per address and step, instead of the plugin's 3 per 10 seconds:
        // the same pace, but a person who types a code twice quickly is not held up. The real brakes
        // are the plugin's 5 wrong codes ending a sign-in's step, and 10 in a row locking the account's
        // second factor (secondFactorAttempts, two-factor-guard.server.ts).
        "/two-factor/*": { window: 60, max: AUTH_ATTEMPTS_PER_MINUTE },
        "/reset-password": { window: 60, max: AUTH_ATTEMPTS_PER_MINUTE },
      },
    },
    // One plain line per message. Without PUBLIC_URL the origin comes from each request, which is
    // what we intend (docs/configuration.md), so that warning is left out.
    logger: {
      level: "warn",
      log: (level, message) => {
        if (message.includes("Base URL is not set")) return;
        console.error(`auth ${level}: ${message}`);
      },
    },
    advanced: {
      cookiePrefix: "cpscr",
      // Secure cookies exactly when the site is served over https.
      useSecureCookies: publicUrl?.startsWith("https:") ?? false,
      ipAddress: { ipAddressHeaders: [CLIENT_IP_HEADER] },
      // A session and its user in one query (schema.ts declares the relations).
      database: { joins: true },
    },
    hooks: signInLimitHooks(db, limiter),
    databaseHooks: {
      user: {
        create: {
          before: async (user) => {
            if (user.username) return { data: user };
            const username = await freeUsername(db, String(user.name || user.email));
            return { data: { ...user, username, displayUsername: username } };
          },
        },
      },
    },
  });
}

export type Auth = ReturnType<typeof createAuth>;
