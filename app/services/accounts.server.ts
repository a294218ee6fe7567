import { and, desc, eq, inArray, ne, type SQL, sql } from "drizzle-orm";

import type { Database } from "~/db/client.server";
import { pgErrorCode } from "~/db/errors.server";
import { accounts, media, users } from "~/db/schema";
import {
  CURRENT_PASSWORD_NEEDED,
  CURRENT_PASSWORD_WRONG,
  GOOGLE_NOT_SET_UP,
  GOOGLE_NOT_VERIFIED,
  LAST_ADMIN_NOT_DELETED,
  LAST_ADMIN_NOT_DEMOTED,
  LAST_ADMIN_OWN_ACCOUNT,
  NAME_OR_EMAIL_TAKEN,
  NO_CHANGES,
  PHOTO_NOT_OURS,
  SOMETHING_WENT_WRONG,
  USER_GONE,
} from "~/domain/messages/accounts";
import { TWO_FACTOR_MESSAGES } from "~/domain/messages/two-factor";
import { USERNAME_PATTERN } from "~/lib/forms/accounts";

import { attemptLimiter } from "./attempt-limits.server";
import type { Auth } from "./auth.server";
import { CLIENT_IP_HEADER, SIGN_IN_RULE } from "./auth.server";
import { type Effects, effectTable } from "./content-changes.server";
import { ConflictError, InvalidError, NotFoundError, ServiceError, TooManyAttemptsError } from "./errors.server";
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
  twoFactorEnabled?: boolean | null;
}): SessionUser {
  return {
    id: user.id,
    username: user.displayUsername || user.username || "",
    email: user.email,
    image: user.image ?? "",
    isAdmin: isAdminRole(user.role),
    createdAt: new Date(user.createdAt),
    twoFactorEnabled: Boolean(user.twoFactorEnabled),
  };
}

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

export function accountsService(
  db: Database,
  auth: Auth,
  options: { publicUrl?: string; providers: ProviderButton[]; requireAdminTwoFactor?: boolean },
) {
  const { publicUrl } = options;
  const limiter = attemptLimiter(db);
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

    async signUp(request: Request, input: { username: string; email: string; password: string }) {
      return accepted(
        await callAuth(request, "/sign-up/email", { ...input, name: input.username, displayUsername: input.username }),
      );
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
      if (changes.username || changes.email || changes.image) {
        try {
          await db
            .update(users)
            .set({
              ...(changes.username
                ? { username: changes.username.toLowerCase(), displayUsername: changes.username }
                : {}),
              ...(changes.email ? { email: changes.email, emailVerified: false } : {}),
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
      const [row] = await db.select().from(users).where(eq(users.id, user.id));
      return { headers, message: "Profile Updated Successfully", user: toSessionUser(row) };
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
  read: ["currentUser", "listUsers", "countUsers", "findByUsername", "findByEmail", "userById", "hasAdmin"],
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
  ],
}) satisfies Effects<AccountsService>;
