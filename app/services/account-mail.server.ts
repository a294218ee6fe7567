import { createHash, randomBytes } from "node:crypto";

import { and, eq, sql } from "drizzle-orm";

import { type Database, rowsOf } from "~/db/client.server";
import { accounts, users, verifications } from "~/db/schema";

import { attemptLimiter } from "./attempt-limits.server";
import type { MailService } from "./mail/mail.server";

/**
 * The single-use links the account mails carry (other than the password reset's, which the auth
 * library keeps): a random token in the mail, only its SHA-256 in the `verifications` table, so a
 * copy of the database cannot be used to click them. Consumed by deleting the row: one click wins.
 */
export type MailLink =
  /** A new account's address. */
  | { kind: "verify"; userId: string; email: string }
  /** A new address for an existing account (users.pending_email until then). */
  | { kind: "change"; userId: string; email: string }
  /** A sign-up for an address an unverified account holds: the account to make once it is proved. */
  | { kind: "claim"; email: string; username: string; passwordHash: string };

/** How long a verification link works. */
export const MAIL_LINK_HOURS = 24;
/** How long a password reset link works (the auth library's resetPasswordTokenExpiresIn). */
export const RESET_LINK_SECONDS = 60 * 60;

const digest = (token: string) => createHash("sha256").update(token).digest("hex");
const identifierOf = (token: string) => `mail-link:${digest(token)}`;

/** A new token for `link`, stored (in `tx` when given) until it is used or expires. */
export async function createMailLink(db: Database, link: MailLink, hours = MAIL_LINK_HOURS): Promise<string> {
  const token = randomBytes(32).toString("base64url");
  await db.insert(verifications).values({
    id: crypto.randomUUID(),
    identifier: identifierOf(token),
    value: JSON.stringify(link),
    expiresAt: new Date(Date.now() + hours * 3_600_000),
  });
  return token;
}

/** The link's contents, once: the row is deleted as it is read. Null when unknown, used or expired. */
export async function consumeMailLink(db: Database, token: string): Promise<MailLink | null> {
  if (!/^[\w-]{20,100}$/.test(token)) return null;
  const [row] = rowsOf<{ value: string; live: boolean }>(
    await db.execute(
      sql`delete from ${verifications} where identifier = ${identifierOf(token)} returning value, expires_at > now() as live`,
    ),
  );
  if (!row?.live) return null;
  try {
    return JSON.parse(row.value) as MailLink;
  } catch {
    return null;
  }
}

/** Forgets the unused links of one kind for one account (a cancelled or replaced e-mail change). */
export async function dropMailLinks(db: Database, kind: MailLink["kind"], userId: string) {
  await db.execute(
    sql`delete from ${verifications} where identifier like 'mail-link:%' and value::jsonb ->> 'kind' = ${kind} and value::jsonb ->> 'userId' = ${userId}`,
  );
}

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

/** Where mailed links point when the site is given neither PUBLIC_URL nor its own address (tests). */
const DEFAULT_LINK_ORIGIN = "http://localhost:3000";

/**
 * The origin of every link in the site's mails: the one the server was given (PUBLIC_URL, else the
 * address it listens on: config.server.ts's mailLinkOrigin), never a request's Host header, which
 * the sender chooses and which would carry a reset token to their site (issue 31).
 */
export function linkOrigin(options: { publicUrl?: string; mailOrigin?: string }): string {
  if (options.mailOrigin) return new URL(options.mailOrigin).origin;
  return options.publicUrl ? new URL(options.publicUrl).origin : DEFAULT_LINK_ORIGIN;
}

/** The account fields a mail greets by. */
export type MailUser = {
  id: string;
  email: string;
  name?: string | null;
  username?: string | null;
  displayUsername?: string | null;
};

export const greetingName = (user: Omit<MailUser, "id">) =>
  user.displayUsername || user.username || user.name || user.email;

/** Per account: reset mails a minute (more asks answer the same and send nothing). */
export const RESET_MAILS_PER_MINUTE = 3;

/**
 * The mails the auth library asks for (a password reset, a new account's verification), and what
 * a completed reset proves. Wired into createAuth by registry.server.ts.
 */
export function authMail(db: Database, mail: MailService, options: { publicUrl?: string; mailOrigin?: string }) {
  const limiter = attemptLimiter(db);
  const origin = linkOrigin(options);
  return {
    async sendResetPassword(user: MailUser, token: string) {
      // A flood of asks for one account sends a few mails, and answers the same.
      const outcome = await limiter.take([`reset-mail:account:${user.id}`], {
        max: RESET_MAILS_PER_MINUTE,
        windowSeconds: 60,
      });
      if (!outcome.allowed) return;
      await mail.send("reset-password", user.email, {
        username: greetingName(user),
        link: `${origin}/reset-password?token=${encodeURIComponent(token)}`,
      });
    },

    async sendVerification(user: MailUser, request: Request | undefined) {
      // An account made from the command line (no request) is mailed only once PUBLIC_URL says
      // where people reach the site; its owner asks for the link again from the profile.
      if ((!request && !options.publicUrl) || user.email.endsWith(".invalid")) return;
      const token = await createMailLink(db, { kind: "verify", userId: user.id, email: user.email.toLowerCase() });
      await mail.send("verify-email", user.email, {
        username: greetingName(user),
        link: `${origin}/verify-email?token=${token}`,
      });
    },

    /** A reset link was clicked: its mailbox is the account's, so the address is proved. */
    async passwordWasReset(userId: string) {
      await db.update(users).set({ emailVerified: true, updatedAt: new Date() }).where(eq(users.id, userId));
    },
  };
}

export type AuthMail = ReturnType<typeof authMail>;
