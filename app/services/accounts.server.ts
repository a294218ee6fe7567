import { randomBytes } from "node:crypto";

import { and, desc, eq, inArray, ne, type SQL, sql } from "drizzle-orm";

import type { Database } from "~/db/client.server";
import { pgErrorCode } from "~/db/errors.server";
import { accounts, media, users } from "~/db/schema";
import {
  ADDRESS_TAKEN_MEANWHILE,
  ALREADY_VERIFIED,
  CURRENT_PASSWORD_NEEDED,
  CURRENT_PASSWORD_WRONG,
  EMAIL_CHANGE_CANCELLED,
  EMAIL_CHANGE_SENT,
  EMAIL_CHANGED,
  EMAIL_VERIFIED,
  GOOGLE_NOT_SET_UP,
  GOOGLE_NOT_VERIFIED,
  LAST_ADMIN_NOT_DELETED,
  LAST_ADMIN_NOT_DEMOTED,
  LAST_ADMIN_OWN_ACCOUNT,
  MAIL_LINK_INVALID,
  NAME_OR_EMAIL_TAKEN,
  NO_ADDRESS_TO_MAIL,
  NO_CHANGES,
  NO_EMAIL_CHANGE,
  PASSWORD_RESET_DONE,
  PHOTO_NOT_OURS,
  RESET_LINK_INVALID,
  RESET_LINK_SENT,
  RESET_REQUESTED,
  SIGN_UP_CONFIRMED,
  SOMETHING_WENT_WRONG,
  USER_GONE,
  VERIFICATION_SENT,
} from "~/domain/messages/accounts";
import { TWO_FACTOR_MESSAGES } from "~/domain/messages/two-factor";
import { CLIENT_IP_HEADER } from "~/lib/client-ip.server";
import { USERNAME_PATTERN } from "~/lib/forms/accounts";

import {
  type AuthMail,
  consumeMailLink,
  createMailLink,
  dropMailLinks,
  greetingName,
  isPlaceholderAddress,
  linkOrigin,
  type MailLink,
  releaseUnverifiedAddress,
  RESET_LINK_SECONDS,
  RESET_MAILS_PER_MINUTE,
} from "./account-mail.server";
import { attemptLimiter } from "./attempt-limits.server";
import type { Auth } from "./auth.server";
import { AUTH_ATTEMPTS_PER_MINUTE, RESET_REQUESTS_PER_MINUTE, SIGN_IN_RULE } from "./auth.server";
import { type Effects, effectTable } from "./content-changes.server";
import { ConflictError, InvalidError, NotFoundError, ServiceError, TooManyAttemptsError } from "./errors.server";
import type { MailService } from "./mail/mail.server";
import { normalisePage, type PageRequest, toPage, USERS_PAGE_SIZE } from "./pagination";
import { noteSession } from "./request-record.server";

/** The signed-in user as pages see it. */
export type SessionUser = {
  id: string;
  username: string;
  email: string;
  image: string;
  isAdmin: boolean;
  createdAt: Date;
  updatedAt: Date;
  /** Two-factor sign-in is on for this account. */
  twoFactorEnabled?: boolean;
  /**
   * REQUIRE_ADMIN_2FA is set and this admin has not turned two factors on: `isAdmin` is false
   * until they do, and admin screens and calls say why (decision 023).
   */
  adminNeedsTwoFactor?: boolean;
};

export type UserRow = SessionUser;

/**
 * What an account action that went through hands back: headers (the cookies the auth library set)
 * to pass on, and a message for the person. A refused one throws a ServiceError instead.
 */
export type AccountResult = { headers: Headers; message?: string };

export function isAdminRole(role: string | null | undefined): boolean {
  return (role ?? "")
    .split(",")
    .map((r) => r.trim())
    .includes("admin");
}

function toSessionUser(user: {
  id: string;
  username?: string | null;
  displayUsername?: string | null;
  email: string;
  image?: string | null;
  role?: string | null;
  createdAt: Date;
  updatedAt?: Date | null;
  twoFactorEnabled?: boolean | null;
}): SessionUser {
  return {
    id: user.id,
    username: user.displayUsername || user.username || "",
    email: user.email,
    image: user.image ?? "",
    isAdmin: isAdminRole(user.role),
    createdAt: new Date(user.createdAt),
    updatedAt: new Date(user.updatedAt ?? user.createdAt),
    twoFactorEnabled: Boolean(user.twoFactorEnabled),
  };
}

/** The library's codes for a username or address that another account holds. */
const CONFLICT_CODES = new Set([
  "USERNAME_IS_ALREADY_TAKEN",
  "USERNAME_IS_ALREADY_TAKEN_PLEASE_TRY_ANOTHER",
  "USER_ALREADY_EXISTS",
  "USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL",
]);

/** Friendlier words for the library's error codes. */
const AUTH_MESSAGES: Record<string, string> = {
  USERNAME_IS_ALREADY_TAKEN: "That username is already taken. Please choose another.",
  USERNAME_IS_ALREADY_TAKEN_PLEASE_TRY_ANOTHER: "That username is already taken. Please choose another.",
  USER_ALREADY_EXISTS: "An account with that email already exists.",
  USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL: "An account with that email already exists.",
  INVALID_USERNAME_OR_PASSWORD: "Invalid username or password",
  INVALID_EMAIL_OR_PASSWORD: "Invalid username or password",
  INVALID_PASSWORD: "The current password is incorrect.",
  PASSWORD_TOO_SHORT: "Password must be at least 8 characters",
  INVALID_EMAIL: "Enter a valid email address",
  INVALID_USERNAME: "Username must be 3 to 30 letters, digits, dots, dashes or underscores",
  USERNAME_TOO_SHORT: "Username must be 3 to 30 letters, digits, dots, dashes or underscores",
  USERNAME_TOO_LONG: "Username must be 3 to 30 letters, digits, dots, dashes or underscores",
  ...TWO_FACTOR_MESSAGES,
};

export function cookiesOf(response: Response) {
  const headers = new Headers();
  for (const cookie of response.headers.getSetCookie()) headers.append("Set-Cookie", cookie);
  return headers;
}

/** The auth library's refusal, in the site's words; with the cookies it set, unless told not to. */
export async function refusalOf(response: Response, { cookies = true } = {}): Promise<ServiceError> {
  // The rate limiter says when to try again; the second factor's lock-out (also 429) says why instead.
  if (response.status === 429 && response.headers.has("X-Retry-After")) {
    return new TooManyAttemptsError(Number(response.headers.get("X-Retry-After")) || 60);
  }
  const body = (await response.json().catch(() => ({}))) as { code?: string; message?: string };
  const message = (body.code && AUTH_MESSAGES[body.code]) || body.message || SOMETHING_WENT_WRONG;
  // The library says 400 or 422 for a name or address another account holds; every path of ours says 409.
  if (body.code && CONFLICT_CODES.has(body.code)) return new ConflictError(message);
  const status = response.status >= 500 ? 500 : response.status;
  return new ServiceError(message, status, undefined, cookies ? cookiesOf(response) : undefined);
}

/** The auth library's answer: its cookies when it went through; thrown as a ServiceError when refused. */
async function accepted(response: Response): Promise<AccountResult> {
  if (!response.ok) throw await refusalOf(response);
  return { headers: cookiesOf(response) };
}

/** The refusals of account changes (kept by this name for the screens that catch them). */
export { ServiceError as AccountError };

export type ProviderButton = { id: string; name: string };

/**
 * Sends a request to the auth library's own handler, so its CSRF checks and rate limits apply: as
 * from the visitor's browser (its cookies, user agent and address), to the site's own origin.
 */
export function callAuthAs(auth: Auth, publicUrl: string | undefined) {
  return (request: Request, path: string, body?: unknown): Promise<Response> => {
    const origin = publicUrl ? new URL(publicUrl).origin : new URL(request.url).origin;
    const headers = new Headers({ "content-type": "application/json", accept: "application/json", origin });
    for (const name of ["cookie", "user-agent", CLIENT_IP_HEADER]) {
      const value = request.headers.get(name);
      if (value) headers.set(name, value);
    }
    return auth.handler(
      new Request(`${origin}/api/auth${path}`, { method: "POST", headers, body: JSON.stringify(body ?? {}) }),
    );
  };
}

/** A sign-in whose password (or Google token) was right, for an account that also needs its second factor. */
export type SignInResult = AccountResult & { twoFactorRequired?: boolean };

/** Whether the library answered a sign-in with a second-step challenge instead of a session. */
async function needsSecondStep(response: Response): Promise<boolean> {
  const body = (await response
    .clone()
    .json()
    .catch(() => ({}))) as { twoFactorRedirect?: unknown };
  return body.twoFactorRedirect === true;
}

let setupQueue: Promise<unknown> = Promise.resolve();

/** Where a mail's link goes in a mail composed before its token exists (replaced once it does). */
const LINK_SLOT = "https://link.invalid/pending";

export function accountsService(
  db: Database,
  auth: Auth,
  options: {
    publicUrl?: string;
    /** The origin of the links in the mails (account-mail.server.ts's linkOrigin). */
    mailOrigin?: string;
    providers: ProviderButton[];
    requireAdminTwoFactor?: boolean;
    mail: MailService;
    accountMail: AuthMail;
  },
) {
  const { publicUrl, mail, accountMail } = options;
  const limiter = attemptLimiter(db);
  /** Where mailed links point: never the Host a request named (issue 31). */
  const origin = linkOrigin(options);
  /** The one account the condition picks, if any. */
  async function userWhere(condition: SQL): Promise<SessionUser | null> {
    const [row] = await db.select().from(users).where(condition);
    return row ? toSessionUser(row) : null;
  }
  const callAuth = callAuthAs(auth, publicUrl);

  async function adminCount(tx: Database = db) {
    const [row] = await tx
      .select({ n: sql<number>`count(*)::int` })
      .from(users)
      .where(eq(users.role, "admin"));
    return row.n;
  }

  async function passwordHash(userId: string) {
    const [row] = await db
      .select({ password: accounts.password })
      .from(accounts)
      .where(and(eq(accounts.userId, userId), eq(accounts.providerId, "credential")));
    return row?.password ?? null;
  }

  async function verifyPassword(userId: string, password: string) {
    const hash = await passwordHash(userId);
    if (!hash) return false;
    const context = await auth.$context;
    return context.password.verify({ hash, password });
  }

  /** Serialises changes to who is an admin, so two admins cannot both step down at once. */
  async function withAdminLock<T>(work: (tx: Database) => Promise<T>): Promise<T> {
    return db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(7240114)`);
      return work(tx as unknown as Database);
    });
  }

  /** A password reset token the library accepts at /reset-password (an admin's link, a sign-up attempt's). */
  async function resetToken(userId: string): Promise<string> {
    const token = randomBytes(24).toString("base64url");
    const context = await auth.$context;
    await context.internalAdapter.createVerificationValue({
      value: userId,
      identifier: `reset-password:${token}`,
      expiresAt: new Date(Date.now() + RESET_LINK_SECONDS * 1000),
    });
    return token;
  }

  /** Mails the link that makes `email` the account's address (the latest link replaces the others). */
  async function mailEmailChange(user: SessionUser, email: string) {
    const composed = await mail.compose("confirm-email-change", email, {
      username: user.username,
      link: LINK_SLOT, // replaced below, once the token is made in the same transaction
    });
    await db.transaction(async (tx) => {
      const t = tx as unknown as Database;
      await dropMailLinks(t, "change", user.id);
      const token = await createMailLink(t, { kind: "change", userId: user.id, email });
      const link = `${origin}/verify-email?token=${token}`;
      await mail.queue(
        {
          ...composed,
          text: composed.text.replaceAll(LINK_SLOT, link),
          html: composed.html.replaceAll(LINK_SLOT, link),
        },
        t,
      );
    });
    mail.queued();
  }

  /** A new address's link was clicked: it becomes the account's, confirmed; the old one is told. */
  async function confirmEmailChange(userId: string, email: string) {
    const [before] = await db
      .select({ email: users.email, username: users.username, displayUsername: users.displayUsername })
      .from(users)
      .where(eq(users.id, userId));
    const [holder] = await db
      .select({ id: users.id, emailVerified: users.emailVerified })
      .from(users)
      .where(and(sql`lower(${users.email}) = ${email}`, ne(users.id, userId)));
    if (holder?.emailVerified) throw new ConflictError(ADDRESS_TAKEN_MEANWHILE);
    // An account that holds it unconfirmed loses it to the one that has just proved it.
    if (holder) await releaseUnverifiedAddress(db, email);
    try {
      const done = await db
        .update(users)
        .set({ email, emailVerified: true, pendingEmail: null, updatedAt: new Date() })
        .where(and(eq(users.id, userId), sql`lower(${users.pendingEmail}) = ${email}`))
        .returning({ id: users.id });
      if (!done.length) throw new InvalidError(MAIL_LINK_INVALID);
      if (before && !isPlaceholderAddress(before.email) && before.email.toLowerCase() !== email) {
        await mail.send("email-changed", before.email, {
          username: greetingName(before),
          newEmail: email,
          resetLink: `${origin}/reset-password?token=${await resetToken(userId)}`,
        });
      }
      return { ok: true as const, message: EMAIL_CHANGED(email) };
    } catch (error) {
      if (pgErrorCode(error).refusal === "unique") throw new ConflictError(ADDRESS_TAKEN_MEANWHILE);
      throw error;
    }
  }

  /** A sign-up for an address an unconfirmed account held, proved: that account loses it, this one is made. */
  async function claimAddress(link: Extract<MailLink, { kind: "claim" }>) {
    const [holder] = await db
      .select({ id: users.id, emailVerified: users.emailVerified })
      .from(users)
      .where(sql`lower(${users.email}) = ${link.email}`);
    if (holder?.emailVerified) throw new ConflictError(ADDRESS_TAKEN_MEANWHILE);
    const [nameTaken] = await db
      .select({ id: users.id })
      .from(users)
      .where(sql`lower(${users.username}) = ${link.username.toLowerCase()}`);
    if (nameTaken) throw new ConflictError(AUTH_MESSAGES.USERNAME_IS_ALREADY_TAKEN);
    if (holder) await releaseUnverifiedAddress(db, link.email);
    const context = await auth.$context;
    try {
      const created = await context.internalAdapter.createUser(
        {
          email: link.email,
          name: link.username,
          username: link.username.toLowerCase(),
          displayUsername: link.username,
          emailVerified: true,
        },
        { method: "email-password" },
      );
      await context.internalAdapter.linkAccount({
        userId: created.id,
        providerId: "credential",
        accountId: created.id,
        password: link.passwordHash,
      });
    } catch (error) {
      if (pgErrorCode(error).refusal === "unique") throw new ConflictError(ADDRESS_TAKEN_MEANWHILE);
      throw error;
    }
    return { ok: true as const, message: SIGN_UP_CONFIRMED, signIn: true };
  }

  return {
    auth,
    /** External sign-in providers that are configured, for the sign-in buttons. */
    providers: options.providers,

    async currentUser(request: Request): Promise<SessionUser | null> {
      // The library finds a session only through its cookie (`cpscr.session_token`, with a
      // `__Secure-` prefix over https): without one, most visitors, it is not asked. The test is
      // looser than any cookie parser, so a cookie the library would read is never missed.
      if (!/session_token/i.test(request.headers.get("cookie") ?? "")) {
        noteSession(false);
        return null;
      }
      const session = await auth.api.getSession({ headers: request.headers });
      noteSession(Boolean(session));
      if (!session) return null;
      const user = toSessionUser(session.user as Parameters<typeof toSessionUser>[0]);
      // REQUIRE_ADMIN_2FA: no admin rights until the second factor is on (decision 023).
      if (options.requireAdminTwoFactor && user.isAdmin && !user.twoFactorEnabled) {
        return { ...user, isAdmin: false, adminNeedsTwoFactor: true };
      }
      return user;
    },

    /**
     * Creates an account (its address to be confirmed from a mail). An address that already has
     * an account answers the same, and makes none (SPEC-NOTES.md): a confirmed one's owner is told
     * by mail, with a reset link; an unconfirmed one is mailed a link that, once clicked, makes the
     * new account and takes the address from the one that never proved it.
     */
    async signUp(request: Request, input: { username: string; email: string; password: string }) {
      // Counted for every sign-up, whichever path it takes below, so that the library's own limit
      // (which only the first path reaches) cannot tell them apart.
      const address = request.headers.get(CLIENT_IP_HEADER);
      if (address) {
        const outcome = await limiter.take([`sign-up:ip:${address}`], {
          max: AUTH_ATTEMPTS_PER_MINUTE,
          windowSeconds: 60,
        });
        if (!outcome.allowed) throw new TooManyAttemptsError(outcome.retryAfter);
      }
      const email = input.email.trim().toLowerCase();
      const [holder] = await db
        .select()
        .from(users)
        .where(sql`lower(${users.email}) = ${email}`);
      if (!holder) {
        return accepted(
          await callAuth(request, "/sign-up/email", {
            ...input,
            name: input.username,
            displayUsername: input.username,
          }),
        );
      }
      // A taken username is refused plainly, as for any sign-up.
      if (await this.findByUsername(input.username)) {
        // As the library's taken name is answered (refusalOf), so the two paths answer alike.
        throw new ConflictError(AUTH_MESSAGES.USERNAME_IS_ALREADY_TAKEN);
      }
      // Hashed either way, as a new account's password is: the answer takes as long.
      const context = await auth.$context;
      const passwordHash = await context.password.hash(input.password);
      // A few mails a minute to one address, however many sign-ups name it.
      const outcome = await limiter.take([`reset-mail:account:${holder.id}`], {
        max: RESET_MAILS_PER_MINUTE,
        windowSeconds: 60,
      });
      if (!outcome.allowed) return { headers: new Headers() };
      if (holder.emailVerified) {
        await mail.send("sign-up-attempt", holder.email, {
          username: greetingName(holder),
          resetLink: `${origin}/reset-password?token=${await resetToken(holder.id)}`,
        });
      } else {
        const token = await createMailLink(db, { kind: "claim", email, username: input.username, passwordHash });
        await mail.send("confirm-sign-up", email, {
          username: input.username,
          link: `${origin}/verify-email?token=${token}`,
        });
      }
      return { headers: new Headers() };
    },

    /**
     * Asks for a password reset by e-mail address or username: the same answer, in the same time,
     * whether or not there is such an account (issue 31). Only the count of asks per client
     * address is taken before answering; the account is looked up, and mailed a link through the
     * library's reset (its token), once the answer has gone.
     */
    async requestPasswordReset(request: Request, identifier: string): Promise<{ message: string }> {
      const address = request.headers.get(CLIENT_IP_HEADER);
      if (address) {
        const outcome = await limiter.take([`reset-request:ip:${address}`], {
          max: RESET_REQUESTS_PER_MINUTE,
          windowSeconds: 60,
        });
        if (!outcome.allowed) throw new TooManyAttemptsError(outcome.retryAfter);
      }
      const name = identifier.trim();
      mail.later(async () => {
        // Not an address: the username's, if there is such an account.
        const email = name.includes("@") ? name : ((await this.findByUsername(name))?.email ?? null);
        if (!email || isPlaceholderAddress(email.toLowerCase())) return;
        // The library mails only an account (accountMail.sendResetPassword, a few a minute each).
        await auth.api.requestPasswordReset({ body: { email } }).catch((error: unknown) => {
          // An address the library's own check refuses has no account to mail.
          if ((error as { statusCode?: number }).statusCode !== 400) throw error;
        });
      });
      return { message: RESET_REQUESTED };
    },

    /** Whether a reset link's token is still good (the reset page asks before showing its form). */
    async resetTokenIsValid(token: string): Promise<boolean> {
      if (!/^[\w-]{10,100}$/.test(token)) return false;
      const context = await auth.$context;
      const found = await context.internalAdapter.findVerificationValue(`reset-password:${token}`);
      return Boolean(found && new Date(found.expiresAt) > new Date());
    },

    /** Sets a new password from a reset link: once, within the hour; every session ends. */
    async resetPassword(request: Request, token: string, password: string): Promise<{ message: string }> {
      const response = await callAuth(request, "/reset-password", { token, newPassword: password });
      if (response.status === 429) throw await refusalOf(response);
      if (!response.ok) {
        const body = (await response.json().catch(() => ({}))) as { code?: string };
        if (body.code && body.code.startsWith("PASSWORD_TOO")) throw await refusalOf(response, { cookies: false });
        throw new InvalidError(RESET_LINK_INVALID, "token");
      }
      return { message: PASSWORD_RESET_DONE };
    },

    /** An admin mails a colleague a link to choose a new password. */
    async sendResetLink(admin: SessionUser, userId: string): Promise<{ message: string }> {
      const target = await this.userById(userId);
      if (!target) throw new NotFoundError(USER_GONE);
      if (isPlaceholderAddress(target.email)) throw new ConflictError(NO_ADDRESS_TO_MAIL(target.username));
      await mail.send("reset-password", target.email, {
        username: target.username,
        link: `${origin}/reset-password?token=${await resetToken(target.id)}`,
        byAdmin: admin.username,
      });
      return { message: RESET_LINK_SENT(target.username) };
    },

    /** Whether the account's address is confirmed, and the new one waiting for its link. */
    async emailStatus(userId: string): Promise<{ emailVerified: boolean; pendingEmail: string | null }> {
      const [row] = await db
        .select({ emailVerified: users.emailVerified, pendingEmail: users.pendingEmail })
        .from(users)
        .where(eq(users.id, userId));
      return row ?? { emailVerified: false, pendingEmail: null };
    },

    /** Sends the confirmation link again: for the account's address, or the new one waiting. */
    async resendConfirmation(request: Request, user: SessionUser): Promise<{ message: string }> {
      const status = await this.emailStatus(user.id);
      const outcome = await limiter.take([`confirm-mail:account:${user.id}`], {
        max: RESET_MAILS_PER_MINUTE,
        windowSeconds: 60,
      });
      if (!outcome.allowed) throw new TooManyAttemptsError(outcome.retryAfter);
      if (status.pendingEmail) {
        await mailEmailChange(user, status.pendingEmail);
        return { message: EMAIL_CHANGE_SENT(status.pendingEmail) };
      }
      if (status.emailVerified) return { message: ALREADY_VERIFIED };
      if (isPlaceholderAddress(user.email)) throw new InvalidError(NO_EMAIL_CHANGE);
      await accountMail.sendVerification({ ...user, username: user.username }, request);
      return { message: VERIFICATION_SENT(user.email) };
    },

    /** Drops the new address waiting for its link; the link no longer works. */
    async cancelEmailChange(user: SessionUser): Promise<{ message: string }> {
      const cancelled = await db.transaction(async (tx) => {
        const rows = await tx
          .update(users)
          .set({ pendingEmail: null, updatedAt: new Date() })
          .where(and(eq(users.id, user.id), sql`${users.pendingEmail} is not null`))
          .returning({ id: users.id });
        await dropMailLinks(tx as unknown as Database, "change", user.id);
        return rows.length > 0;
      });
      if (!cancelled) throw new InvalidError(NO_EMAIL_CHANGE);
      return { message: EMAIL_CHANGE_CANCELLED };
    },

    /**
     * What a mail's link does when it is clicked (/verify-email): confirms a new account's address,
     * makes a new address take effect, or makes the account a sign-up asked for. Once.
     */
    async followMailLink(token: string): Promise<{ ok: true; message: string; signIn?: boolean }> {
      const link = await consumeMailLink(db, token);
      if (!link) throw new InvalidError(MAIL_LINK_INVALID);
      if (link.kind === "verify") {
        const done = await db
          .update(users)
          .set({ emailVerified: true, updatedAt: new Date() })
          .where(and(eq(users.id, link.userId), sql`lower(${users.email}) = ${link.email}`))
          .returning({ id: users.id });
        if (!done.length) throw new InvalidError(MAIL_LINK_INVALID);
        return { ok: true as const, message: EMAIL_VERIFIED };
      }
      if (link.kind === "change") return confirmEmailChange(link.userId, link.email);
      return claimAddress(link);
    },

    /**
     * The username field also takes an e-mail address. For an account with two factors on, a right
     * password gives no session: `twoFactorRequired`, and the headers carry the second step's
     * challenge cookie (twoFactor.verifySignIn finishes it).
     */
    async signIn(request: Request, input: { username: string; password: string }): Promise<SignInResult> {
      const byEmail = input.username.includes("@");
      const response = await callAuth(
        request,
        byEmail ? "/sign-in/email" : "/sign-in/username",
        byEmail ? { email: input.username, password: input.password } : input,
      );
      const result = await accepted(response.clone());
      return (await needsSecondStep(response)) ? { ...result, twoFactorRequired: true } : result;
    },

    /**
     * Signs in with an ID token that Google issued to this site's client: the library checks its
     * signature against Google's published keys, its audience and its expiry, then finds or
     * creates the account. A name or e-mail alone is never enough.
     */
    async signInWithGoogleIdToken(request: Request, idToken: string): Promise<SignInResult & { user?: SessionUser }> {
      if (!options.providers.some((p) => p.id === "google")) throw new NotFoundError(GOOGLE_NOT_SET_UP);
      const response = await callAuth(request, "/sign-in/social", { provider: "google", idToken: { token: idToken } });
      if (!response.ok) {
        const refusal = await refusalOf(response);
        // The library says 401 for a token it could not verify; say so plainly.
        if (refusal instanceof TooManyAttemptsError) throw refusal;
        throw new ServiceError(GOOGLE_NOT_VERIFIED, 401, undefined, refusal.headers);
      }
      if (await needsSecondStep(response)) return { headers: cookiesOf(response), twoFactorRequired: true };
      const body = (await response.json()) as { user?: { id?: string } };
      const user = body.user?.id ? await this.userById(body.user.id) : null;
      return { headers: cookiesOf(response), user: user ?? undefined };
    },

    async signOut(request: Request) {
      // Signing out without a session is no failure: the cookies are cleared either way.
      return { headers: cookiesOf(await callAuth(request, "/sign-out")) } satisfies AccountResult;
    },

    /** Starts Google or OIDC sign-in; the result carries the provider's address to redirect to. */
    async startExternal(request: Request, providerId: string, urls: { callbackURL: string; errorCallbackURL: string }) {
      // Google and generic OpenID Connect providers both start at the social sign-in endpoint.
      const response = await callAuth(request, "/sign-in/social", { provider: providerId, ...urls });
      const result = await accepted(response.clone());
      const body = (await response.json()) as { url?: string };
      return { ...result, url: body.url ?? null };
    },

    /**
     * Updates the signed-in user's own username, email and password. A new email or password
     * needs the current password. Returns the updated user.
     */
    async updateProfile(
      request: Request,
      user: SessionUser,
      input: { username?: string; email?: string; password?: string; currentPassword?: string; image?: string },
      options: { byAdmin?: SessionUser } = {},
    ): Promise<AccountResult & { user?: SessionUser }> {
      // An admin changing someone else's account is trusted with it: no current password is asked,
      // and a new password ends that person's sessions.
      const byAdmin = options.byAdmin && options.byAdmin.id !== user.id ? options.byAdmin : undefined;
      const username = input.username?.trim();
      const email = input.email?.trim().toLowerCase();
      const changes = {
        username: username && username !== user.username ? username : undefined,
        email: email && email !== user.email.toLowerCase() ? email : undefined,
        password: input.password || undefined,
        image: input.image && input.image !== user.image ? input.image : undefined,
      };
      if (!changes.username && !changes.email && !changes.password && !changes.image) {
        throw new InvalidError(NO_CHANGES);
      }
      if (changes.username && !USERNAME_PATTERN.test(changes.username)) {
        throw new InvalidError(AUTH_MESSAGES.INVALID_USERNAME, "username");
      }
      if (!byAdmin && (changes.email || changes.password) && (await passwordHash(user.id))) {
        if (!input.currentPassword) {
          throw new InvalidError(CURRENT_PASSWORD_NEEDED, "currentPassword");
        }
        // A new password alone is checked by the auth library itself (below), within its limit on
        // attempts. A new e-mail counts against that same limit and is checked first, before the
        // address is compared with other accounts', so a stolen session can neither guess the
        // password at leisure nor learn which addresses have accounts.
        if (!changes.password || changes.email) {
          const attempt = await callAuth(request, "/change-password", {});
          if (attempt.status === 429) throw await refusalOf(attempt);
          if (!(await verifyPassword(user.id, input.currentPassword))) {
            throw new InvalidError(CURRENT_PASSWORD_WRONG, "currentPassword");
          }
        }
      }
      if (changes.username) {
        // Whether a name is taken is told only within the sign-in limit (per address and per
        // account), so the profile form cannot be used to list who has an account. Admins, who
        // see every username anyway, are not counted.
        if (!byAdmin && !user.isAdmin) {
          const address = request.headers.get(CLIENT_IP_HEADER);
          const outcome = await limiter.take(
            [`profile-username:user:${user.id}`, ...(address ? [`profile-username:ip:${address}`] : [])],
            SIGN_IN_RULE,
          );
          if (!outcome.allowed) throw new TooManyAttemptsError(outcome.retryAfter);
        }
        const [clash] = await db
          .select({ id: users.id })
          .from(users)
          .where(and(sql`lower(${users.username}) = ${changes.username.toLowerCase()}`, ne(users.id, user.id)));
        if (clash) throw new ConflictError(AUTH_MESSAGES.USERNAME_IS_ALREADY_TAKEN, "username");
      }
      if (changes.email) {
        const [clash] = await db
          .select({ id: users.id })
          .from(users)
          .where(and(sql`lower(${users.email}) = ${changes.email}`, ne(users.id, user.id)));
        if (clash) throw new ConflictError(AUTH_MESSAGES.USER_ALREADY_EXISTS, "email");
      }

      if (changes.image) {
        // Only an image this site stored, and this person uploaded; claimed as it is checked, so
        // the sweep of unused uploads leaves it alone while it is being attached (media.server.ts).
        const [owned] = await db
          .update(media)
          .set({ claimedAt: sql`now()` })
          .where(
            and(
              eq(media.storageKey, changes.image.slice("/uploads/".length)),
              eq(media.kind, "image"),
              inArray(media.uploadedBy, byAdmin ? [user.id, byAdmin.id] : [user.id]),
            ),
          )
          .returning({ id: media.id });
        if (!owned) throw new InvalidError(PHOTO_NOT_OURS, "profilePhoto");
      }

      let headers = new Headers();
      if (changes.password && byAdmin) {
        const context = await auth.$context;
        const hash = await context.password.hash(changes.password);
        if (await passwordHash(user.id)) await context.internalAdapter.updatePassword(user.id, hash);
        else
          await context.internalAdapter.linkAccount({
            userId: user.id,
            providerId: "credential",
            accountId: user.id,
            password: hash,
          });
        await context.internalAdapter.deleteUserSessions(user.id);
      } else if (changes.password) {
        const response = await callAuth(request, "/change-password", {
          currentPassword: input.currentPassword ?? "",
          newPassword: changes.password,
          revokeOtherSessions: true,
        });
        // A refused change keeps this browser's cookies as they are.
        if (!response.ok) throw await refusalOf(response, { cookies: false });
        headers = cookiesOf(response);
      }
      if (changes.username || (changes.email && byAdmin) || changes.image) {
        try {
          await db
            .update(users)
            .set({
              ...(changes.username
                ? { username: changes.username.toLowerCase(), displayUsername: changes.username }
                : {}),
              // An admin's change to someone else's address is made at once (unconfirmed); the
              // person's own waits in pending_email until the link mailed to it is clicked.
              ...(changes.email && byAdmin ? { email: changes.email, emailVerified: false, pendingEmail: null } : {}),
              ...(changes.image ? { image: changes.image } : {}),
              updatedAt: new Date(),
            })
            .where(eq(users.id, user.id));
        } catch (error) {
          // The unique indexes decide a race between two people taking the same name.
          if (pgErrorCode(error).refusal === "unique") {
            throw new ConflictError(NAME_OR_EMAIL_TAKEN);
          }
          throw error;
        }
      }
      if (changes.email && !byAdmin) {
        await db.update(users).set({ pendingEmail: changes.email, updatedAt: new Date() }).where(eq(users.id, user.id));
        await mailEmailChange(user, changes.email);
      }
      const [row] = await db.select().from(users).where(eq(users.id, user.id));
      const message = changes.email && !byAdmin ? EMAIL_CHANGE_SENT(changes.email) : "Profile Updated Successfully";
      return { headers, message, user: toSessionUser(row) };
    },

    /** Deletes the signed-in user's own account: every session ends; their posts stay. */
    async deleteOwnAccount(request: Request, user: SessionUser): Promise<AccountResult> {
      const outcome = await withAdminLock(async (tx) => {
        if (user.isAdmin && (await adminCount(tx)) <= 1) {
          return "last-admin" as const;
        }
        await tx.delete(users).where(eq(users.id, user.id));
        return "deleted" as const;
      });
      if (outcome === "last-admin") throw new ConflictError(LAST_ADMIN_OWN_ACCOUNT);
      // The account and its sessions are gone: whatever sign-out answers, its cookies clear this browser's.
      return { headers: cookiesOf(await callAuth(request, "/sign-out")) } satisfies AccountResult;
    },

    async listUsers(request: PageRequest = {}) {
      const { limit, startIndex } = normalisePage(request, USERS_PAGE_SIZE);
      const rows = await db
        .select()
        .from(users)
        .orderBy(desc(users.createdAt), desc(users.id))
        .limit(limit + 1)
        .offset(startIndex);
      const page = toPage(rows, limit);
      return { items: page.items.map(toSessionUser), hasMore: page.hasMore };
    },

    async countUsers(): Promise<number> {
      const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(users);
      return row.n;
    },

    async findByUsername(username: string): Promise<SessionUser | null> {
      return userWhere(sql`lower(${users.username}) = ${username.toLowerCase()}`);
    },

    async findByEmail(email: string): Promise<SessionUser | null> {
      return userWhere(sql`lower(${users.email}) = ${email.toLowerCase()}`);
    },

    async userById(id: string): Promise<SessionUser | null> {
      return userWhere(eq(users.id, id));
    },

    /** An admin removes a user. The last admin cannot be removed. */
    async deleteUser(userId: string) {
      return withAdminLock(async (tx) => {
        const [target] = await tx.select().from(users).where(eq(users.id, userId));
        if (!target) throw new NotFoundError(USER_GONE);
        if (isAdminRole(target.role) && (await adminCount(tx)) <= 1) {
          throw new ConflictError(LAST_ADMIN_NOT_DELETED);
        }
        await tx.delete(users).where(eq(users.id, userId));
        return toSessionUser(target);
      });
    },

    /** An admin makes a user an admin, or revokes it. The last admin cannot be demoted. */
    async setAdmin(userId: string, makeAdmin: boolean) {
      return withAdminLock(async (tx) => {
        const [target] = await tx.select().from(users).where(eq(users.id, userId));
        if (!target) throw new NotFoundError(USER_GONE);
        if (!makeAdmin && isAdminRole(target.role) && (await adminCount(tx)) <= 1) {
          throw new ConflictError(LAST_ADMIN_NOT_DEMOTED);
        }
        const [row] = await tx
          .update(users)
          .set({ role: makeAdmin ? "admin" : "user", updatedAt: new Date() })
          .where(eq(users.id, userId))
          .returning();
        return toSessionUser(row);
      });
    },

    async hasAdmin() {
      return (await adminCount()) > 0;
    },

    /** /setup: creates the first admin, only while there is none. */
    async createFirstAdmin(input: { username: string; email: string; password: string }) {
      // One at a time in this process; the check is repeated inside.
      const run = setupQueue.then(async () => {
        if ((await adminCount()) > 0) throw new ConflictError("The site already has an admin.");
        return this.createAdmin(input, { promoteExisting: false });
      });
      setupQueue = run.catch(() => undefined);
      return run;
    },

    /**
     * Creates an admin account, or (when `promoteExisting`) makes the user with that username an
     * admin. Used by /setup (create only) and `npm run create-admin`.
     */
    async createAdmin(
      input: { username: string; email: string; password: string },
      options: { promoteExisting: boolean },
    ): Promise<"created" | "promoted"> {
      const [existing] = await db
        .select()
        .from(users)
        .where(sql`lower(${users.username}) = ${input.username.toLowerCase()}`);
      if (existing) {
        if (!options.promoteExisting) throw new ConflictError(AUTH_MESSAGES.USERNAME_IS_ALREADY_TAKEN);
        await db.update(users).set({ role: "admin", updatedAt: new Date() }).where(eq(users.id, existing.id));
        return "promoted";
      }
      try {
        const created = await auth.api.signUpEmail({
          body: {
            name: input.username,
            email: input.email,
            password: input.password,
            username: input.username,
            displayUsername: input.username,
          },
        });
        await db.update(users).set({ role: "admin" }).where(eq(users.id, created.user.id));
      } catch (error) {
        const body = error as { body?: { code?: string; message?: string }; message?: string };
        const code = body.body?.code;
        throw new ConflictError(
          (code && AUTH_MESSAGES[code]) || body.body?.message || body.message || "Could not create the account.",
        );
      }
      return "created";
    },
  };
}

export type AccountsService = ReturnType<typeof accountsService>;

/**
 * What each method does to the accounts. Not announced: public pages show no account (a deleted
 * author's posts stay, without an author).
 */
export const accountsEffects = effectTable({
  read: [
    "currentUser",
    "listUsers",
    "countUsers",
    "findByUsername",
    "findByEmail",
    "userById",
    "hasAdmin",
    "resetTokenIsValid",
    "emailStatus",
  ],
  write: [
    "signUp",
    "signIn",
    "signInWithGoogleIdToken",
    "signOut",
    "startExternal",
    "updateProfile",
    "deleteOwnAccount",
    "deleteUser",
    "setAdmin",
    "createFirstAdmin",
    "createAdmin",
    "requestPasswordReset",
    "resetPassword",
    "sendResetLink",
    "resendConfirmation",
    "cancelEmailChange",
    "followMailLink",
  ],
}) satisfies Effects<AccountsService>;
