import { randomBytes } from "node:crypto";

import bcrypt from "bcryptjs";
import { betterAuth } from "better-auth";
import { drizzleAdapter } from "better-auth/adapters/drizzle";
import { hashPassword, verifyPassword } from "better-auth/crypto";
import { admin, genericOAuth, twoFactor, username } from "better-auth/plugins";
import { and, eq, sql } from "drizzle-orm";
import { createRemoteJWKSet, jwtVerify } from "jose";

import { type Database, rowsOf } from "~/db/client.server";
import { accounts, rateLimits, sessions, twoFactors, users, verifications } from "~/db/schema";
import { SOMETHING_WENT_WRONG } from "~/domain/messages/forms";
import { USERNAME_PATTERN } from "~/domain/vocabulary";
import { CLIENT_IP_HEADER } from "~/lib/client-ip.server";
import type { ExternalProvider } from "~/lib/config.server";
import { ConflictError, ServiceError, TooManyAttemptsError } from "~/services/errors.server";

import { isInvited, signUpIsOpen } from "../account-policy.server";
import { passwordHashOf, releaseUnverifiedAddress, type UserFields } from "../users.server";
import { activityLogPlugin } from "./sign-in-log.server";
import { secondFactorAttempts, TRUSTED_DEVICE_SECONDS, twoFactorOnEverySignIn } from "./two-factor-plugins.server";

/**
 * The adapter around better-auth (decision 036): the one module the flows reach the library
 * through, and with its two plugin modules beside it the only code that imports it. The library
 * owns password hashing, sessions, OAuth state and its per-endpoint rate limits; the flows call the
 * methods of `createAuthLibrary` and never see the library's objects. The adapter holds no number
 * and no word of its own: each flow declares its limits and its words for the library's refusals,
 * and accounts.server.ts hands them in as the `LibraryPolicy`.
 */

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
  /**
   * How passwords are hashed and checked: the library's own scrypt unless given. No setting of the
   * site's configuration reaches it; the tests give the same hash at a lower cost (tests/support/passwords.ts),
   * as the library's 100 ms per password was a quarter of their CPU time.
   */
  passwordHashing?: PasswordHashing;
};

/** A password hash in the library's form ("salt:key" in hex), and its check. */
export type PasswordHashing = {
  hash(password: string): Promise<string>;
  verify(input: { hash: string; password: string }): Promise<boolean>;
};

/** better-auth's own scrypt (N = 16384, r = 16): what the site uses. */
const LIBRARY_HASHING: PasswordHashing = { hash: hashPassword, verify: verifyPassword };

/** What the flows tell the library: limits per endpoint, words for its refusals, the second factor's lock. */
export type LibraryPolicy = {
  /** The library's own limits per client address, by endpoint (its `rateLimit.customRules`). */
  endpointLimits: Record<string, { window: number; max: number }>;
  /** The library's error codes, in the site's words. */
  refusals: Record<string, string>;
  /** Wrong second-factor codes in a row that lock an account's second factor, and for how long. */
  secondFactorLock: { maxFailures: number; lockSeconds: number };
};

/** The library's endpoints the flows post to, through its handler (decision 004). */
export type Endpoint =
  | "/sign-up/email"
  | "/sign-in/username"
  | "/sign-in/email"
  | "/sign-in/social"
  | "/sign-out"
  | "/change-password"
  | "/reset-password"
  | "/two-factor/enable"
  | "/two-factor/disable"
  | "/two-factor/verify-totp"
  | "/two-factor/verify-backup-code"
  | "/two-factor/generate-backup-codes";

/** Issuers Google signs ID tokens as, and where it publishes the keys it signs them with. */
export const GOOGLE_ISSUERS = ["https://accounts.google.com", "accounts.google.com"];
export const GOOGLE_KEYS_URL = "https://www.googleapis.com/oauth2/v3/certs";

/** The library's codes for a username or address that another account holds: 409 on every path of ours. */
const CONFLICT_CODES = new Set([
  "USERNAME_IS_ALREADY_TAKEN",
  "USERNAME_IS_ALREADY_TAKEN_PLEASE_TRY_ANOTHER",
  "USER_ALREADY_EXISTS",
  "USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL",
]);

/** The cookies a library answer set, to pass on to the browser. */
export function cookiesOf(response: Response) {
  const headers = new Headers();
  for (const cookie of response.headers.getSetCookie()) headers.append("Set-Cookie", cookie);
  return headers;
}

/**
 * The library, configured, and what the flows may ask of it. A reset token is the library's
 * (its /reset-password endpoint takes it), made here rather than by its own "forgot password"
 * endpoint, so that the reset flow sends its mail itself, with no callback from the library.
 */
export function createAuthLibrary(db: Database, options: AuthOptions, policy: LibraryPolicy) {
  const auth = makeAuth(db, options, policy);
  return {
    /** The library's own HTTP handler: the providers' OAuth callbacks (routes/api.auth.ts). */
    handler: (request: Request) => auth.handler(request),
    post: poster(auth.handler, options.publicUrl),
    refusal: (response: Response, { cookies = true } = {}) => refusalOf(policy.refusals, response, cookies),
    errorCode,
    /** The session the request's cookie names, with its user. */
    session: async (headers: Headers) =>
      (await auth.api.getSession({ headers })) as { session: { id: string }; user: UserFields } | null,
    createAccount: (input: NewAccount) => createAccount(auth.api, policy, input),
    ...passwordsAndAccounts(db, auth),
    ...shortLivedValues(auth),
  };
}

/** Passwords, made accounts and backup codes, through the library's own hashing and tables. */
function passwordsAndAccounts(db: Database, auth: Auth) {
  const context = () => auth.$context;
  return {
    hashPassword: async (password: string) => (await context()).password.hash(password),
    /** Whether `password` is the account's (false for an account without one). */
    async passwordMatches(userId: string, password: string): Promise<boolean> {
      const hash = await passwordHashOf(db, userId);
      return hash ? (await context()).password.verify({ hash, password }) : false;
    },
    /** An admin sets someone's password (made one if they had none); every session of theirs ends. */
    async setPassword(userId: string, password: string): Promise<void> {
      const { internalAdapter, password: hashing } = await context();
      const hash = await hashing.hash(password);
      if (await passwordHashOf(db, userId)) await internalAdapter.updatePassword(userId, hash);
      else await internalAdapter.linkAccount({ userId, providerId: "credential", accountId: userId, password: hash });
      await internalAdapter.deleteUserSessions(userId);
    },
    /** An account whose address was proved from a mail, with the password hash its sign-up gave. */
    async createVerifiedAccount(input: { email: string; username: string; passwordHash: string }): Promise<void> {
      const { internalAdapter } = await context();
      const created = await internalAdapter.createUser(
        {
          email: input.email,
          name: input.username,
          username: input.username.toLowerCase(),
          displayUsername: input.username,
          emailVerified: true,
        },
        { method: "email-password" },
      );
      await internalAdapter.linkAccount({
        userId: created.id,
        providerId: "credential",
        accountId: created.id,
        password: input.passwordHash,
      });
    },
    /** The account's unused backup codes. */
    async backupCodes(userId: string): Promise<string[]> {
      const { backupCodes } = (await auth.api.viewBackupCodes({ body: { userId } })) as { backupCodes: string[] };
      return backupCodes;
    },
  };
}

/** Reset tokens and other short-lived values, in the library's store of them (its `verifications` table). */
function shortLivedValues(auth: Auth) {
  const context = () => auth.$context;
  const remember = async (identifier: string, value: string, seconds: number) => {
    const expiresAt = new Date(Date.now() + seconds * 1000);
    await (await context()).internalAdapter.createVerificationValue({ identifier, value, expiresAt });
  };
  return {
    /** Keeps a value for `seconds` under a name of ours. */
    remember,
    /** The value kept under that name, once (it is gone after), while still good. */
    async recall(identifier: string): Promise<string | null> {
      const { internalAdapter } = await context();
      const record = await internalAdapter.consumeVerificationValue(identifier).catch(() => null);
      return record && record.expiresAt > new Date() ? record.value : null;
    },
    /** A new token for /reset-password that sets this account's password, for `seconds`. */
    async newResetToken(userId: string, seconds: number): Promise<string> {
      const token = randomBytes(24).toString("base64url");
      await remember(`reset-password:${token}`, userId, seconds);
      return token;
    },
    /** The account a reset token is for, while it is still good. */
    async resetTokenOwner(token: string): Promise<string | null> {
      const found = await (await context()).internalAdapter.findVerificationValue(`reset-password:${token}`);
      return found && new Date(found.expiresAt) > new Date() ? found.value : null;
    },
  };
}

export type AuthLibrary = ReturnType<typeof createAuthLibrary>;

type NewAccount = { username: string; email: string; password: string };

/** The library with its plugins, listed here so that its types know each one (a sign-up's username…). */
const makeAuth = (db: Database, options: AuthOptions, policy: LibraryPolicy) =>
  betterAuth({
    ...authConfig(db, options, policy),
    plugins: [
      username({
        minUsernameLength: 3,
        maxUsernameLength: 30,
        usernameValidator: (name) => USERNAME_PATTERN.test(name),
      }),
      admin({ defaultRole: "user", adminRoles: ["admin"] }),
      ...(options.oidc ? [oidcProvider(db, options.oidc)] : []),
      // TOTP with backup codes and trusted devices (decision 023). Accounts without a password
      // (Google, OIDC) turn it on with their session alone; accounts with one must give it.
      twoFactor({
        allowPasswordless: true,
        trustDeviceMaxAge: TRUSTED_DEVICE_SECONDS,
        backupCodeOptions: { amount: 10, length: 10 },
        // Its lock counts after comparing a code, which a wave of codes outruns: secondFactorAttempts counts first.
        accountLockout: { enabled: false },
      }),
      secondFactorAttempts(db, policy.secondFactorLock),
      // The library asks for the second factor on password sign-ins only: this asks on the others.
      twoFactorOnEverySignIn(),
      // Last, so that its hook sees the answers the other plugins' hooks settled on (twoFactor's).
      activityLogPlugin(db),
    ],
  });
type Auth = ReturnType<typeof makeAuth>;

/** An account made outside any request (/setup, `npm run create-admin`): its id, or the refusal in the site's words. */
async function createAccount(api: Auth["api"], policy: LibraryPolicy, input: NewAccount) {
  try {
    const created = await api.signUpEmail({
      body: { ...input, name: input.username, displayUsername: input.username },
    });
    return created.user.id;
  } catch (error) {
    const thrown = error as { body?: { code?: string; message?: string }; message?: string };
    const code = thrown.body?.code;
    throw new ServiceError((code && policy.refusals[code]) || thrown.body?.message || thrown.message || "");
  }
}

/**
 * Sends a request to the library's own handler, so its origin checks and rate limits apply: as
 * from the visitor's browser (its cookies, user agent and address), to the site's own origin.
 */
function poster(handler: (request: Request) => Promise<Response>, publicUrl: string | undefined) {
  return (request: Request, endpoint: Endpoint, body?: unknown): Promise<Response> => {
    const origin = publicUrl ? new URL(publicUrl).origin : new URL(request.url).origin;
    const headers = new Headers({ "content-type": "application/json", accept: "application/json", origin });
    for (const name of ["cookie", "user-agent", CLIENT_IP_HEADER]) {
      const value = request.headers.get(name);
      if (value) headers.set(name, value);
    }
    return handler(
      new Request(`${origin}/api/auth${endpoint}`, { method: "POST", headers, body: JSON.stringify(body ?? {}) }),
    );
  };
}

/** The library's error code in a refusal, read from a copy (the answer can still be read after). */
async function errorCode(response: Response): Promise<string | undefined> {
  const body = (await response
    .clone()
    .json()
    .catch(() => ({}))) as { code?: string };
  return body.code;
}

/** The library's refusal, in the site's words; with the cookies it set, unless told not to. */
async function refusalOf(words: Record<string, string>, response: Response, cookies: boolean): Promise<ServiceError> {
  // The rate limiter says when to try again; the second factor's lock-out (also 429) says why instead.
  if (response.status === 429 && response.headers.has("X-Retry-After")) {
    return new TooManyAttemptsError(Number(response.headers.get("X-Retry-After")) || 60);
  }
  const body = (await response.json().catch(() => ({}))) as { code?: string; message?: string };
  const message = (body.code && words[body.code]) || body.message || SOMETHING_WENT_WRONG;
  // The library says 400 or 422 for a name or address another account holds; every path of ours says 409.
  if (body.code && CONFLICT_CODES.has(body.code)) return new ConflictError(message);
  const status = response.status >= 500 ? 500 : response.status;
  return new ServiceError(message, status, undefined, cookies ? cookiesOf(response) : undefined);
}

/**
 * The library's configuration (its plugins aside): our tables, our password hashes, the providers
 * and the limits the flows declared. Mails are the flows' own: the library is asked for none.
 */
function authConfig(db: Database, options: AuthOptions, policy: LibraryPolicy) {
  const { publicUrl } = options;
  return {
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
      password: passwordHashing(db, options.passwordHashing ?? LIBRARY_HASHING),
      // A reset link, once used, ends every session of the account.
      revokeSessionsOnPasswordReset: true,
    },
    user: { deleteUser: { enabled: true } },
    session: { expiresIn: 60 * 60 * 24 * 30, updateAge: 60 * 60 * 24 },
    socialProviders: options.google ? { google: googleProvider(db, options.google) } : {},
    rateLimit: {
      enabled: true,
      storage: "database" as const,
      window: 60,
      max: 300,
      customRules: policy.endpointLimits,
    },
    logger: oneLineLogger(),
    advanced: {
      cookiePrefix: "cpscr",
      // Secure cookies exactly when the site is served over https.
      useSecureCookies: publicUrl?.startsWith("https:") ?? false,
      ipAddress: { ipAddressHeaders: [CLIENT_IP_HEADER] },
      // A session and its user in one query (schema.ts declares the relations).
      database: { joins: true },
    },
    databaseHooks: { user: { create: { before: withUsername(db) } } },
  };
}

function googleProvider(db: Database, google: ExternalProvider) {
  return {
    clientId: google.clientId,
    clientSecret: google.clientSecret!,
    prompt: "select_account" as const,
    verifyIdToken: googleIdTokenVerifier(google.jwksUrl ?? GOOGLE_KEYS_URL, google.clientId),
    mapProfileToUser: claimVerifiedAddress(db, "google"),
  };
}

function oidcProvider(db: Database, oidc: ExternalProvider) {
  return genericOAuth({
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
  });
}

/** One plain line per message. Without PUBLIC_URL the origin comes from each request, which is what we intend. */
function oneLineLogger() {
  return {
    level: "warn" as const,
    log: (level: string, message: string) => {
      // docs/configuration.md: that warning is left out.
      if (message.includes("Base URL is not set")) return;
      console.error(`auth ${level}: ${message}`);
    },
  };
}

const BCRYPT_HASH = /^\$2[aby]\$\d\d\$/;

/**
 * Passwords: the library's own scrypt hash for everything new. Accounts imported from the earlier
 * system (decision 028) hold bcrypt hashes; one is accepted once its password matches, and is then
 * replaced by the library's hash of that password (the salt makes the old hash name one account).
 */
function passwordHashing(db: Database, hashing: PasswordHashing) {
  return {
    hash: (password: string) => hashing.hash(password),
    verify: async ({ hash, password }: { hash: string; password: string }) => {
      if (!BCRYPT_HASH.test(hash)) return hashing.verify({ hash, password });
      // $2y$ is PHP's name for the same algorithm as $2b$.
      if (!(await bcrypt.compare(password, hash.replace(/^\$2y\$/, "$2b$")))) return false;
      await db
        .update(accounts)
        .set({ password: await hashing.hash(password), updatedAt: new Date() })
        .where(and(eq(accounts.providerId, "credential"), eq(accounts.password, hash)));
      return true;
    },
  };
}

/**
 * A new account without a username (Google, OIDC) gets one made from its name or address. While
 * open sign-up is closed (issue 33), such an account is made only for an invited address; returning
 * false makes the library refuse, and the sign-in page says it failed.
 */
function withUsername(db: Database) {
  return async <U extends { username?: unknown; name?: unknown; email?: unknown }>(user: U) => {
    if (user.username) return { data: user };
    if (!(await signUpIsOpen(db)) && !(await isInvited(db, String(user.email ?? "")))) return false;
    const username = await freeUsername(db, String(user.name || user.email));
    return { data: { ...user, username, displayUsername: username } };
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
 * A provider that vouches for an address (`email_verified`) proves it is the signer's: an account
 * that holds it without having proved it loses it first (users.server.ts), so the library makes
 * the owner an account of their own instead of refusing, and never links the owner's identity to
 * the squatter's account (its `requireLocalEmailVerified` default refuses that too).
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
