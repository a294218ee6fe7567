import { and, eq, inArray, ne, sql } from "drizzle-orm";

import { pgErrorCode } from "~/db/errors.server";
import { media, users } from "~/db/schema";
import { USERNAME_PATTERN } from "~/domain/vocabulary";
import { CLIENT_IP_HEADER } from "~/lib/client-ip.server";
import { type AttemptRule, perMinute, takeAttempt } from "~/services/attempt-limits.server";
import { effectTable } from "~/services/content-changes.server";
import { ConflictError, InvalidError } from "~/services/errors.server";

import { adminCount, withAdminLock } from "./administration.server";
import { cookiesOf } from "./better-auth/library.server";
import type { AccountResult, AccountsContext } from "./context.server";
import { EMAIL_CHANGE_SENT, requestEmailChange } from "./email.server";
import { CURRENT_PASSWORD_WRONG, NO_CHANGES, PROFILE_UPDATED, USERNAME_RULE } from "./forms";
import { EMAIL_TAKEN, passwordHashOf, type SessionUser, toSessionUser, USERNAME_TAKEN } from "./users.server";

/**
 * The profile (the dashboard's Profile tab, PUT /api/users/update/{id}, DELETE /api/users/delete/{id}):
 * a new username, address, password or photo, and deleting one's own account. An admin changing
 * someone else's account (the JSON API) is trusted with it: no current password is asked, a new
 * password ends that person's sessions, and a new address is set at once. One's own new address
 * waits for the link mailed to it (email.server.ts).
 */

// What a person is told (the words the browser shows too are in forms.ts).
export const CURRENT_PASSWORD_NEEDED = "Enter your current password to change your email or password.";
export const PHOTO_NOT_OURS = "Choose a photo again: that one was not uploaded here.";
export const NAME_OR_EMAIL_TAKEN = "That username or email is already taken.";
export const LAST_ADMIN_OWN_ACCOUNT =
  "You are the last admin. Make another user an admin before deleting your account.";

/** The library's refusals of a password change, in the site's words. */
export const PROFILE_REFUSALS: Record<string, string> = { INVALID_PASSWORD: CURRENT_PASSWORD_WRONG };

// Its limits.
/**
 * Whether a username is taken is told only this often, per account and per client address, so
 * that the profile cannot be used to list who has an account. Admins, who see every username
 * anyway, are not counted.
 */
export const USERNAME_PROBES: AttemptRule = perMinute(10);
/**
 * The current password is checked (a new password, a new address) within the library's own limit
 * on its change-password endpoint, per client address.
 */
export const PASSWORD_CHECK_ENDPOINT_LIMITS = { "/change-password": { window: 60, max: 10 } };

type ProfileInput = { username?: string; email?: string; password?: string; currentPassword?: string; image?: string };
/** What the form changes: only the fields that differ from the account's. */
type Changes = { username?: string; email?: string; password?: string; image?: string };

/**
 * Updates an account's username, address, password and photo. A new address or password of one's
 * own needs the current password. Returns the account as it is now.
 */
export async function updateProfile(
  ctx: AccountsContext,
  request: Request,
  user: SessionUser,
  input: ProfileInput,
  options: { byAdmin?: SessionUser } = {},
): Promise<AccountResult & { user?: SessionUser }> {
  const byAdmin = options.byAdmin && options.byAdmin.id !== user.id ? options.byAdmin : undefined;
  const changes = changesOf(user, input);
  if (!byAdmin && (changes.email || changes.password)) await checkCurrentPassword(ctx, request, user, input, changes);
  if (changes.username) await checkUsernameFree(ctx, request, user, changes.username, byAdmin);
  if (changes.email) await checkEmailFree(ctx, user, changes.email);
  if (changes.image) await claimPhoto(ctx, user, changes.image, byAdmin);
  const headers = changes.password ? await setPassword(ctx, request, user, changes.password, input, byAdmin) : null;
  await saveFields(ctx, user, changes, byAdmin);
  if (changes.email && !byAdmin) await requestEmailChange(ctx, user, changes.email);
  const [row] = await ctx.db.select().from(users).where(eq(users.id, user.id));
  const message = changes.email && !byAdmin ? EMAIL_CHANGE_SENT(changes.email) : PROFILE_UPDATED;
  return { headers: headers ?? new Headers(), message, user: toSessionUser(row) };
}

function changesOf(user: SessionUser, input: ProfileInput): Changes {
  const username = input.username?.trim();
  const email = input.email?.trim().toLowerCase();
  const changes = {
    username: username && username !== user.username ? username : undefined,
    email: email && email !== user.email.toLowerCase() ? email : undefined,
    password: input.password || undefined,
    image: input.image && input.image !== user.image ? input.image : undefined,
  };
  if (!changes.username && !changes.email && !changes.password && !changes.image) throw new InvalidError(NO_CHANGES);
  if (changes.username && !USERNAME_PATTERN.test(changes.username)) throw new InvalidError(USERNAME_RULE, "username");
  return changes;
}

/** One's own new address or password needs the current password (an account without one is not asked). */
async function checkCurrentPassword(
  ctx: AccountsContext,
  request: Request,
  user: SessionUser,
  input: ProfileInput,
  changes: Changes,
): Promise<void> {
  if (!(await passwordHashOf(ctx.db, user.id))) return;
  if (!input.currentPassword) throw new InvalidError(CURRENT_PASSWORD_NEEDED, "currentPassword");
  // A new password alone is checked by the library itself (setPassword), within its limit on
  // attempts. A new address counts against that same limit and is checked first, before the
  // address is compared with other accounts', so a stolen session can neither guess the password
  // at leisure nor learn which addresses have accounts.
  if (changes.password && !changes.email) return;
  const attempt = await ctx.library.post(request, "/change-password", {});
  if (attempt.status === 429) throw await ctx.library.refusal(attempt);
  if (!(await ctx.library.passwordMatches(user.id, input.currentPassword))) {
    throw new InvalidError(CURRENT_PASSWORD_WRONG, "currentPassword");
  }
}

async function checkUsernameFree(
  ctx: AccountsContext,
  request: Request,
  user: SessionUser,
  username: string,
  byAdmin: SessionUser | undefined,
): Promise<void> {
  if (!byAdmin && !user.isAdmin) {
    const address = request.headers.get(CLIENT_IP_HEADER);
    const keys = [`profile-username:user:${user.id}`, ...(address ? [`profile-username:ip:${address}`] : [])];
    await takeAttempt(ctx.limiter, keys, USERNAME_PROBES);
  }
  const [clash] = await ctx.db
    .select({ id: users.id })
    .from(users)
    .where(and(sql`lower(${users.username}) = ${username.toLowerCase()}`, ne(users.id, user.id)));
  if (clash) throw new ConflictError(USERNAME_TAKEN, "username");
}

async function checkEmailFree(ctx: AccountsContext, user: SessionUser, email: string): Promise<void> {
  const [clash] = await ctx.db
    .select({ id: users.id })
    .from(users)
    .where(and(sql`lower(${users.email}) = ${email}`, ne(users.id, user.id)));
  if (clash) throw new ConflictError(EMAIL_TAKEN, "email");
}

/**
 * Only an image this site stored, and this person (or the admin changing it) uploaded; claimed as
 * it is checked, so the sweep of unused uploads leaves it alone while it is attached (media.server.ts).
 */
async function claimPhoto(ctx: AccountsContext, user: SessionUser, image: string, byAdmin: SessionUser | undefined) {
  const [owned] = await ctx.db
    .update(media)
    .set({ claimedAt: sql`now()` })
    .where(
      and(
        eq(media.storageKey, image.slice("/uploads/".length)),
        eq(media.kind, "image"),
        inArray(media.uploadedBy, byAdmin ? [user.id, byAdmin.id] : [user.id]),
      ),
    )
    .returning({ id: media.id });
  if (!owned) throw new InvalidError(PHOTO_NOT_OURS, "profilePhoto");
}

/** The new password: set by the admin, or changed through the library (which checks the current one). */
async function setPassword(
  ctx: AccountsContext,
  request: Request,
  user: SessionUser,
  password: string,
  input: ProfileInput,
  byAdmin: SessionUser | undefined,
): Promise<Headers> {
  if (byAdmin) {
    await ctx.library.setPassword(user.id, password);
    return new Headers();
  }
  const response = await ctx.library.post(request, "/change-password", {
    currentPassword: input.currentPassword ?? "",
    newPassword: password,
    revokeOtherSessions: true,
  });
  // A refused change keeps this browser's cookies as they are.
  if (!response.ok) throw await ctx.library.refusal(response, { cookies: false });
  return cookiesOf(response);
}

/** The username, the photo, and an admin's change of someone's address (made at once, unconfirmed). */
async function saveFields(ctx: AccountsContext, user: SessionUser, changes: Changes, byAdmin: SessionUser | undefined) {
  const email = byAdmin ? changes.email : undefined;
  if (!changes.username && !email && !changes.image) return;
  try {
    await ctx.db
      .update(users)
      .set({
        ...(changes.username ? { username: changes.username.toLowerCase(), displayUsername: changes.username } : {}),
        ...(email ? { email, emailVerified: false, pendingEmail: null } : {}),
        ...(changes.image ? { image: changes.image } : {}),
        updatedAt: new Date(),
      })
      .where(eq(users.id, user.id));
  } catch (error) {
    // The unique indexes decide a race between two people taking the same name.
    if (pgErrorCode(error).refusal === "unique") throw new ConflictError(NAME_OR_EMAIL_TAKEN);
    throw error;
  }
}

/** Deletes the signed-in user's own account: every session ends; their posts stay. */
export async function deleteOwnAccount(
  ctx: AccountsContext,
  request: Request,
  user: SessionUser,
): Promise<AccountResult> {
  const outcome = await withAdminLock(ctx.db, async (tx) => {
    if (user.isAdmin && (await adminCount(tx)) <= 1) return "last-admin" as const;
    await tx.delete(users).where(eq(users.id, user.id));
    return "deleted" as const;
  });
  if (outcome === "last-admin") throw new ConflictError(LAST_ADMIN_OWN_ACCOUNT);
  // The account and its sessions are gone: whatever sign-out answers, its cookies clear this browser's.
  return { headers: cookiesOf(await ctx.library.post(request, "/sign-out")) };
}

/** Which of this flow's functions are the `accounts` service's methods, by what each does to stored content. */
export const SERVICE_METHODS = effectTable({ read: [], write: ["updateProfile", "deleteOwnAccount"] });
