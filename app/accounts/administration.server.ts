import { desc, eq, sql } from "drizzle-orm";

import type { Database } from "~/db/client.server";
import { users } from "~/db/schema";
import { type Role, roleColumn, rolesFrom } from "~/domain/roles";
import { effectTable } from "~/services/content-changes.server";
import { ConflictError, NotFoundError, ServiceError } from "~/services/errors.server";
import { normalisePage, type PageRequest, toPage, USERS_PAGE_SIZE } from "~/services/pagination";

import type { AccountsContext } from "./context.server";
import { sendVerification } from "./email.server";
import { resetLink } from "./password-reset.server";
import {
  findByUsername,
  holdsRole,
  isAdminRole,
  isPlaceholderAddress,
  type SessionUser,
  toSessionUser,
  userById,
  USERNAME_TAKEN,
} from "./users.server";

/**
 * The users as the admin manages them (the Users tab, the JSON API): the list, deleting an
 * account, making or revoking an admin, mailing someone a link to choose a new password; and the
 * first admin (/setup, `npm run create-admin`). The last admin can never be removed or demoted,
 * even by two admins at once: changes to who is an admin run under one advisory lock.
 */

// What a person is told.
export const USER_GONE = "That user no longer exists.";
export const ACCOUNT_GONE = "That account no longer exists.";
export const LAST_ADMIN_NOT_DELETED = "The last admin cannot be deleted.";
export const LAST_ADMIN_NOT_DEMOTED = "The last admin cannot be demoted.";
export const SITE_HAS_ADMIN = "The site already has an admin.";
export const ACCOUNT_NOT_CREATED = "Could not create the account.";
export const RESET_LINK_SENT = (username: string) => `A link to choose a new password has been sent to ${username}.`;
export const NO_ADDRESS_TO_MAIL = (username: string) =>
  `${username} has no confirmed email address to send a link to. Ask them to set one in their profile.`;

export async function adminCount(db: Database): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(users)
    .where(holdsRole("admin"));
  return row.n;
}

/** Serialises changes to who is an admin, so two admins cannot both step down at once. */
export async function withAdminLock<T>(db: Database, work: (tx: Database) => Promise<T>): Promise<T> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(7240114)`);
    return work(tx as unknown as Database);
  });
}

export async function listUsers(ctx: AccountsContext, request: PageRequest = {}) {
  const { limit, startIndex } = normalisePage(request, USERS_PAGE_SIZE);
  const rows = await ctx.db
    .select()
    .from(users)
    .orderBy(desc(users.createdAt), desc(users.id))
    .limit(limit + 1)
    .offset(startIndex);
  const page = toPage(rows, limit);
  return { items: page.items.map(toSessionUser), hasMore: page.hasMore };
}

export async function countUsers(ctx: AccountsContext): Promise<number> {
  const [row] = await ctx.db.select({ n: sql<number>`count(*)::int` }).from(users);
  return row.n;
}

/** An admin removes a user. The last admin cannot be removed. */
export async function deleteUser(ctx: AccountsContext, userId: string): Promise<SessionUser> {
  return withAdminLock(ctx.db, async (tx) => {
    const [target] = await tx.select().from(users).where(eq(users.id, userId));
    if (!target) throw new NotFoundError(USER_GONE);
    if (isAdminRole(target.role) && (await adminCount(tx)) <= 1) throw new ConflictError(LAST_ADMIN_NOT_DELETED);
    await tx.delete(users).where(eq(users.id, userId));
    return toSessionUser(target);
  });
}

/**
 * An admin sets the roles a user holds (none: a reader). The last admin cannot lose the admin role.
 * `change` is the new list, or a function of the old one (making or revoking only an admin).
 */
export async function setRoles(
  ctx: AccountsContext,
  userId: string,
  change: readonly Role[] | ((held: Role[]) => Role[]),
): Promise<SessionUser> {
  return withAdminLock(ctx.db, async (tx) => {
    const [target] = await tx.select().from(users).where(eq(users.id, userId));
    if (!target) throw new NotFoundError(USER_GONE);
    const held = rolesFrom(target.role);
    const roles = typeof change === "function" ? change(held) : change;
    if (held.includes("admin") && !roles.includes("admin") && (await adminCount(tx)) <= 1) {
      throw new ConflictError(LAST_ADMIN_NOT_DEMOTED);
    }
    const [row] = await tx
      .update(users)
      .set({ role: roleColumn(roles), updatedAt: new Date() })
      .where(eq(users.id, userId))
      .returning();
    return toSessionUser(row);
  });
}

/** An admin makes a user an admin, or revokes it; their other roles stay. */
export function setAdmin(ctx: AccountsContext, userId: string, makeAdmin: boolean): Promise<SessionUser> {
  return setRoles(ctx, userId, (held) => (makeAdmin ? [...held, "admin"] : held.filter((role) => role !== "admin")));
}

/** An admin mails a colleague a link to choose a new password (they keep theirs until they use it). */
export async function sendResetLink(
  ctx: AccountsContext,
  admin: SessionUser,
  userId: string,
): Promise<{ message: string }> {
  const target = await userById(ctx.db, userId);
  if (!target) throw new NotFoundError(USER_GONE);
  if (isPlaceholderAddress(target.email)) throw new ConflictError(NO_ADDRESS_TO_MAIL(target.username));
  await ctx.mail.send("reset-password", target.email, {
    username: target.username,
    link: await resetLink(ctx, target.id),
    byAdmin: admin.username,
  });
  return { message: RESET_LINK_SENT(target.username) };
}

export async function hasAdmin(ctx: AccountsContext): Promise<boolean> {
  return (await adminCount(ctx.db)) > 0;
}

let setupQueue: Promise<unknown> = Promise.resolve();

/** /setup: creates the first admin, only while there is none. */
export async function createFirstAdmin(
  ctx: AccountsContext,
  input: { username: string; email: string; password: string },
): Promise<"created" | "promoted"> {
  // One at a time in this process; the check is repeated inside.
  const run = setupQueue.then(async () => {
    if ((await adminCount(ctx.db)) > 0) throw new ConflictError(SITE_HAS_ADMIN);
    return createAdmin(ctx, input, { promoteExisting: false });
  });
  setupQueue = run.catch(() => undefined);
  return run;
}

/**
 * Creates an admin account, or (when `promoteExisting`) makes the user with that username an
 * admin. Used by /setup (create only) and `npm run create-admin`.
 */
export async function createAdmin(
  ctx: AccountsContext,
  input: { username: string; email: string; password: string },
  options: { promoteExisting: boolean },
): Promise<"created" | "promoted"> {
  const existing = await findByUsername(ctx.db, input.username);
  if (existing) {
    if (!options.promoteExisting) throw new ConflictError(USERNAME_TAKEN);
    await setAdmin(ctx, existing.id, true);
    return "promoted";
  }
  let id: string;
  try {
    id = await ctx.library.createAccount(input);
  } catch (error) {
    if (error instanceof ServiceError) throw new ConflictError(error.message || ACCOUNT_NOT_CREATED);
    throw error;
  }
  await ctx.db.update(users).set({ role: "admin" }).where(eq(users.id, id));
  // Made without a request: mailed its confirmation only once PUBLIC_URL says where people reach
  // the site; its owner can ask for the link again from the profile.
  const made = ctx.publicUrl ? await userById(ctx.db, id) : null;
  if (made) await sendVerification(ctx, made);
  return "created";
}

/** Which of this flow's functions are the `accounts` service's methods, by what each does to stored content. */
export const SERVICE_METHODS = effectTable({
  read: ["listUsers", "countUsers", "hasAdmin"],
  write: ["deleteUser", "setAdmin", "setRoles", "sendResetLink", "createFirstAdmin", "createAdmin"],
});
