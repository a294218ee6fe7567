import { and, desc, eq, inArray, ne, type SQL, sql } from "drizzle-orm";

import type { Database } from "~/db/client.server";
import { pgErrorCode } from "~/db/errors.server";
import { accounts, media, users } from "~/db/schema";
import { LAST_ADMIN_NOT_DELETED, LAST_ADMIN_NOT_DEMOTED, USER_GONE } from "~/domain/messages/accounts";
import { USERNAME_PATTERN } from "~/lib/forms/accounts";

import { attemptLimiter } from "./attempt-limits.server";
import type { Auth } from "./auth.server";
import { CLIENT_IP_HEADER, SIGN_IN_RULE } from "./auth.server";
import { type Effects, effectTable } from "./content-changes.server";
import { ConflictError, NotFoundError, ServiceError } from "./errors.server";
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
};

export type UserRow = SessionUser;

/** The outcome of an account action: a message for the person, and headers (cookies) to pass on. */
export type AccountResult =
  { ok: true; headers: Headers; message?: string } | { ok: false; status: number; message: string; headers?: Headers };

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
}): SessionUser {
  return {
    id: user.id,
    username: user.displayUsername || user.username || "",
    email: user.email,
    image: user.image ?? "",
    isAdmin: isAdminRole(user.role),
    createdAt: new Date(user.createdAt),
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
};

function waitMessage(seconds: number) {
  const minutes = Math.ceil(seconds / 60);
  const when =
    seconds < 60 ? `${seconds} second${seconds === 1 ? "" : "s"}` : `${minutes} minute${minutes === 1 ? "" : "s"}`;
  return `Too many attempts. Please try again in ${when}.`;
}

/** The answer to an attempt over its limit, the same for every limit. */
function tooMany(retryAfter: number): AccountResult {
  return {
    ok: false,
    status: 429,
    message: waitMessage(retryAfter),
    headers: new Headers({ "Retry-After": String(retryAfter) }),
  };
}

async function toResult(response: Response): Promise<AccountResult> {
  const headers = new Headers();
  for (const cookie of response.headers.getSetCookie()) headers.append("Set-Cookie", cookie);
  if (response.ok) return { ok: true, headers };
  if (response.status === 429) {
    return tooMany(Number(response.headers.get("X-Retry-After")) || 60);
  }
  const body = (await response.json().catch(() => ({}))) as { code?: string; message?: string };
  const message = (body.code && AUTH_MESSAGES[body.code]) || body.message || "Something went wrong. Please try again.";
  return { ok: false, status: response.status >= 500 ? 500 : response.status, message, headers };
}

/** The refusals of account changes (kept by this name for the screens that catch them). */
export { ServiceError as AccountError };

export type ProviderButton = { id: string; name: string };

let setupQueue: Promise<unknown> = Promise.resolve();

export function accountsService(
  db: Database,
  auth: Auth,
  options: { publicUrl?: string; providers: ProviderButton[] },
) {
  const { publicUrl } = options;
  const limiter = attemptLimiter(db);
  /** The one account the condition picks, if any. */
  async function userWhere(condition: SQL): Promise<SessionUser | null> {
    const [row] = await db.select().from(users).where(condition);
    return row ? toSessionUser(row) : null;
  }
  /** Sends a request to the auth library's own handler, so its CSRF checks and rate limits apply. */
  function callAuth(request: Request, path: string, body?: unknown): Promise<Response> {
    const origin = publicUrl ? new URL(publicUrl).origin : new URL(request.url).origin;
    const headers = new Headers({ "content-type": "application/json", accept: "application/json", origin });
    for (const name of ["cookie", "user-agent", CLIENT_IP_HEADER]) {
      const value = request.headers.get(name);
      if (value) headers.set(name, value);
    }
    return auth.handler(
      new Request(`${origin}/api/auth${path}`, { method: "POST", headers, body: JSON.stringify(body ?? {}) }),
    );
  }

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
      return session ? toSessionUser(session.user as Parameters<typeof toSessionUser>[0]) : null;
    },

    async signUp(request: Request, input: { username: string; email: string; password: string }) {
      return toResult(
        await callAuth(request, "/sign-up/email", { ...input, name: input.username, displayUsername: input.username }),
      );
    },

    /** The username field also takes an e-mail address. */
    async signIn(request: Request, input: { username: string; password: string }) {
      const byEmail = input.username.includes("@");
      const response = await callAuth(
        request,
        byEmail ? "/sign-in/email" : "/sign-in/username",
        byEmail ? { email: input.username, password: input.password } : input,
      );
      return toResult(response);
    },

    /**
     * Signs in with an ID token that Google issued to this site's client: the library checks its
     * signature against Google's published keys, its audience and its expiry, then finds or
     * creates the account. A name or e-mail alone is never enough.
     */
    async signInWithGoogleIdToken(request: Request, idToken: string): Promise<AccountResult & { user?: SessionUser }> {
      if (!options.providers.some((p) => p.id === "google")) {
        return { ok: false, status: 404, message: "Google sign-in is not set up on this site." };
      }
      const response = await callAuth(request, "/sign-in/social", { provider: "google", idToken: { token: idToken } });
      const result = await toResult(response.clone());
      if (!result.ok) {
        // The library says 401 for a token it could not verify; say so plainly.
        return result.status === 429
          ? result
          : {
              ...result,
              status: 401,
              message: "The Google sign-in could not be verified. Please sign in with Google again.",
            };
      }
      const body = (await response.json()) as { user?: { id?: string } };
      const user = body.user?.id ? await this.userById(body.user.id) : null;
      return { ...result, user: user ?? undefined };
    },

    async signOut(request: Request) {
      return toResult(await callAuth(request, "/sign-out"));
    },

    /** Starts Google or OIDC sign-in; the result carries the provider's address to redirect to. */
    async startExternal(request: Request, providerId: string, urls: { callbackURL: string; errorCallbackURL: string }) {
      // Google and generic OpenID Connect providers both start at the social sign-in endpoint.
      const response = await callAuth(request, "/sign-in/social", { provider: providerId, ...urls });
      const result = await toResult(response.clone());
      if (!result.ok) return { ...result, url: null };
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
        return { ok: false, status: 400, message: "No changes made" };
      }
      if (changes.username && !USERNAME_PATTERN.test(changes.username)) {
        return { ok: false, status: 400, message: AUTH_MESSAGES.INVALID_USERNAME };
      }
      if (!byAdmin && (changes.email || changes.password) && (await passwordHash(user.id))) {
        if (!input.currentPassword) {
          return { ok: false, status: 400, message: "Enter your current password to change your email or password." };
        }
        // A new password alone is checked by the auth library itself (below), within its limit on
        // attempts. A new e-mail counts against that same limit and is checked first, before the
        // address is compared with other accounts', so a stolen session can neither guess the
        // password at leisure nor learn which addresses have accounts.
        if (!changes.password || changes.email) {
          const attempt = await callAuth(request, "/change-password", {});
          if (attempt.status === 429) return toResult(attempt);
          if (!(await verifyPassword(user.id, input.currentPassword))) {
            return { ok: false, status: 400, message: "The current password is incorrect." };
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
          if (!outcome.allowed) return tooMany(outcome.retryAfter);
        }
        const [clash] = await db
          .select({ id: users.id })
          .from(users)
          .where(and(sql`lower(${users.username}) = ${changes.username.toLowerCase()}`, ne(users.id, user.id)));
        if (clash) return { ok: false, status: 409, message: AUTH_MESSAGES.USERNAME_IS_ALREADY_TAKEN };
      }
      if (changes.email) {
        const [clash] = await db
          .select({ id: users.id })
          .from(users)
          .where(and(sql`lower(${users.email}) = ${changes.email}`, ne(users.id, user.id)));
        if (clash) return { ok: false, status: 409, message: AUTH_MESSAGES.USER_ALREADY_EXISTS };
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
        if (!owned) return { ok: false, status: 400, message: "Choose a photo again: that one was not uploaded here." };
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
        const result = await toResult(
          await callAuth(request, "/change-password", {
            currentPassword: input.currentPassword ?? "",
            newPassword: changes.password,
            revokeOtherSessions: true,
          }),
        );
        if (!result.ok) return result;
        headers = result.headers;
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
            return { ok: false, status: 409, message: "That username or email is already taken." };
          }
          throw error;
        }
      }
      const [row] = await db.select().from(users).where(eq(users.id, user.id));
      return { ok: true, headers, message: "Profile Updated Successfully", user: toSessionUser(row) };
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
      if (outcome === "last-admin") {
        return {
          ok: false,
          status: 409,
          message: "You are the last admin. Make another user an admin before deleting your account.",
        };
      }
      const signedOut = await toResult(await callAuth(request, "/sign-out"));
      return { ok: true, headers: signedOut.headers ?? new Headers() };
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
