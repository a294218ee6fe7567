import { and, eq, type SQL, sql } from "drizzle-orm";

import type { Database } from "~/db/client.server";
import { accounts, users } from "~/db/schema";
import { type Role, rolesFrom } from "~/domain/roles";

/**
 * The accounts as every flow reads them: the signed-in user as pages see it, the look-ups by name,
 * address and id, and the placeholder an account's address becomes when its owner proves it
 * elsewhere. The lowest module of the accounts: the auth library's adapter reads it too.
 */

/** A username or address another account holds (every flow that takes one says the same). */
export const USERNAME_TAKEN = "That username is already taken. Please choose another.";
export const EMAIL_TAKEN = "An account with that email already exists.";

/** The signed-in user as pages see it. */
export type SessionUser = {
  id: string;
  username: string;
  email: string;
  image: string;
  /** The staff roles the account holds (none: a reader). */
  roles: Role[];
  /** `roles` includes admin. */
  isAdmin: boolean;
  createdAt: Date;
  updatedAt: Date;
  /** Two-factor sign-in is on for this account. */
  twoFactorEnabled?: boolean;
  /**
   * REQUIRE_ADMIN_2FA is set and this admin has not turned two factors on: `isAdmin` is false and
   * `roles` lacks admin until they do, and admin screens and calls say why (decision 023).
   */
  adminNeedsTwoFactor?: boolean;
};

/** A row of `users`, or the auth library's user: what a SessionUser is made from. */
export type UserFields = {
  id: string;
  username?: string | null;
  displayUsername?: string | null;
  email: string;
  image?: string | null;
  role?: string | null;
  createdAt: Date;
  updatedAt?: Date | null;
  twoFactorEnabled?: boolean | null;
};

export function isAdminRole(role: string | null | undefined): boolean {
  return rolesFrom(role).includes("admin");
}

/** The accounts holding `role` (the column is a comma-separated list). */
export const holdsRole = (role: Role) => sql`${role} = any(string_to_array(${users.role}, ','))`;

export function toSessionUser(user: UserFields): SessionUser {
  return {
    id: user.id,
    username: user.displayUsername || user.username || "",
    email: user.email,
    image: user.image ?? "",
    roles: rolesFrom(user.role),
    isAdmin: isAdminRole(user.role),
    createdAt: new Date(user.createdAt),
    updatedAt: new Date(user.updatedAt ?? user.createdAt),
    twoFactorEnabled: Boolean(user.twoFactorEnabled),
  };
}

/** The one account the condition picks, if any. */
async function userWhere(db: Database, condition: SQL): Promise<SessionUser | null> {
  const [row] = await db.select().from(users).where(condition);
  return row ? toSessionUser(row) : null;
}

export function findByUsername(db: Database, username: string): Promise<SessionUser | null> {
  return userWhere(db, sql`lower(${users.username}) = ${username.toLowerCase()}`);
}

export function findByEmail(db: Database, email: string): Promise<SessionUser | null> {
  return userWhere(db, sql`lower(${users.email}) = ${email.toLowerCase()}`);
}

export function userById(db: Database, id: string): Promise<SessionUser | null> {
  return userWhere(db, eq(users.id, id));
}

/** The account's password hash, if it has a password (accounts made through Google or OIDC have none). */
export async function passwordHashOf(db: Database, userId: string): Promise<string | null> {
  const [row] = await db
    .select({ password: accounts.password })
    .from(accounts)
    .where(and(eq(accounts.userId, userId), eq(accounts.providerId, "credential")));
  return row?.password ?? null;
}

/** The name a mail greets an account by. */
export const greetingName = (user: {
  email: string;
  name?: string | null;
  username?: string | null;
  displayUsername?: string | null;
}) => user.displayUsername || user.username || user.name || user.email;

/**
 * The address an account is moved to when it loses an address it never proved: unique, visibly
 * not an address (the `.invalid` top-level domain never delivers), and free for the account to
 * replace with a real one from its profile.
 */
export function placeholderAddress(userId: string) {
  return `unconfirmed-${userId.toLowerCase().replace(/[^a-z0-9]/g, "")}@address.invalid`;
}

export function isPlaceholderAddress(email: string) {
  return /^unconfirmed-[a-z0-9]+@address\.invalid$/.test(email);
}

/**
 * Takes `email` from the account that holds it without having proved it (never from a verified
 * one), so that its owner, who has just proved it, can have it. `keep` is an account that may hold
 * it (the one signing in). Returns the id of the account that lost it, if one did.
 */
export async function releaseUnverifiedAddress(
  db: Database,
  email: string,
  keep?: { providerId: string; accountId: string },
): Promise<string | null> {
  const address = email.trim().toLowerCase();
  const [holder] = await db
    .select({ id: users.id, emailVerified: users.emailVerified })
    .from(users)
    .where(sql`lower(${users.email}) = ${address}`);
  if (!holder || holder.emailVerified) return null;
  if (keep) {
    const [own] = await db
      .select({ id: accounts.id })
      .from(accounts)
      .where(
        and(
          eq(accounts.userId, holder.id),
          eq(accounts.providerId, keep.providerId),
          eq(accounts.accountId, keep.accountId),
        ),
      );
    if (own) return null;
  }
  const moved = await db
    .update(users)
    .set({ email: placeholderAddress(holder.id), updatedAt: new Date() })
    .where(and(eq(users.id, holder.id), eq(users.emailVerified, false), sql`lower(${users.email}) = ${address}`))
    .returning({ id: users.id });
  if (moved.length) console.log(`Account ${holder.id} lost the address it had not confirmed to its proved owner.`);
  return moved[0]?.id ?? null;
}
