import { createHash, randomBytes } from "node:crypto";

import { and, eq, ne, sql } from "drizzle-orm";

import { type Database, rowsOf } from "~/db/client.server";
import { pgErrorCode } from "~/db/errors.server";
import { users, verifications } from "~/db/schema";
import { type AttemptRule, perMinute } from "~/services/attempt-limits.server";
import { effectTable } from "~/services/content-changes.server";
import { ConflictError, InvalidError, TooManyAttemptsError } from "~/services/errors.server";

import type { AccountsContext } from "./context.server";
import { resetLink } from "./password-reset.server";
import {
  greetingName,
  isPlaceholderAddress,
  releaseUnverifiedAddress,
  type SessionUser,
  USERNAME_TAKEN,
} from "./users.server";

/**
 * An account's e-mail address: confirming a new account's address, changing it (the new one waits
 * in `users.pending_email` until the link mailed to it is clicked), sending a link again,
 * cancelling a change, and what each mailed link does once clicked (/verify-email), including the
 * last step of a sign-up for an address an unconfirmed account held (sign-up.server.ts).
 *
 * The links are our own, single-use (the password reset's are the library's): a random token in
 * the mail, only its SHA-256 in the `verifications` table, so a copy of the database cannot be used
 * to click them. Consumed by deleting the row: one click wins.
 */

// What a person is told.
export const EMAIL_CHANGE_SENT = (email: string) =>
  `We have sent a link to ${email}. Your new address takes effect once you click it.`;
export const EMAIL_CHANGE_CANCELLED = "The change of email address has been cancelled.";
export const NO_EMAIL_CHANGE = "There is no change of email address waiting.";
export const VERIFICATION_SENT = (email: string) => `We have sent a new link to ${email}.`;
export const ALREADY_VERIFIED = "Your email address is already confirmed.";
export const EMAIL_VERIFIED = "Thank you: your email address is confirmed.";
export const EMAIL_CHANGED = (email: string) => `Your email address is now ${email}.`;
export const SIGN_UP_CONFIRMED = "Your account has been created and your email address confirmed. Sign in to continue.";
export const MAIL_LINK_INVALID =
  "This link has expired or has already been used. Sign in to ask for a new one from your profile.";
export const ADDRESS_TAKEN_MEANWHILE = "That email address has been confirmed by another account meanwhile.";

// Its limits.
/** Links sent again from the profile, per account. */
export const CONFIRM_MAILS_PER_ACCOUNT: AttemptRule = perMinute(3);
/** How long a link works. */
export const MAIL_LINK_HOURS = 24;

export type MailLink =
  /** A new account's address. */
  | { kind: "verify"; userId: string; email: string }
  /** A new address for an existing account (users.pending_email until then). */
  | { kind: "change"; userId: string; email: string }
  /** A sign-up for an address an unverified account holds: the account to make once it is proved. */
  | { kind: "claim"; email: string; username: string; passwordHash: string };

/** Where a mail's link goes in a mail composed before its token exists (replaced once it does). */
const LINK_SLOT = "https://link.invalid/pending";

const identifierOf = (token: string) => `mail-link:${createHash("sha256").update(token).digest("hex")}`;

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
async function consumeMailLink(db: Database, token: string): Promise<MailLink | null> {
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
async function dropMailLinks(db: Database, kind: MailLink["kind"], userId: string) {
  await db.execute(
    sql`delete from ${verifications} where identifier like 'mail-link:%' and value::jsonb ->> 'kind' = ${kind} and value::jsonb ->> 'userId' = ${userId}`,
  );
}

/** Mails a new account the link that confirms its address (none to a placeholder address). */
export async function sendVerification(ctx: AccountsContext, user: { id: string; email: string; username: string }) {
  if (user.email.endsWith(".invalid")) return;
  const token = await createMailLink(ctx.db, { kind: "verify", userId: user.id, email: user.email.toLowerCase() });
  await ctx.mail.send("verify-email", user.email, {
    username: greetingName(user),
    link: `${ctx.linkOrigin}/verify-email?token=${token}`,
  });
}

/** The profile asks for a new address: it waits for its link, mailed to it (the latest link replaces the others). */
export async function requestEmailChange(ctx: AccountsContext, user: SessionUser, email: string): Promise<void> {
  await ctx.db.update(users).set({ pendingEmail: email, updatedAt: new Date() }).where(eq(users.id, user.id));
  await mailEmailChange(ctx, user, email);
}

async function mailEmailChange(ctx: AccountsContext, user: SessionUser, email: string) {
  const composed = await ctx.mail.compose("confirm-email-change", email, {
    username: user.username,
    link: LINK_SLOT, // replaced below, once the token is made in the same transaction
  });
  await ctx.db.transaction(async (tx) => {
    const t = tx as unknown as Database;
    await dropMailLinks(t, "change", user.id);
    const token = await createMailLink(t, { kind: "change", userId: user.id, email });
    const link = `${ctx.linkOrigin}/verify-email?token=${token}`;
    const mail = {
      ...composed,
      text: composed.text.replaceAll(LINK_SLOT, link),
      html: composed.html.replaceAll(LINK_SLOT, link),
    };
    await ctx.mail.queue(mail, t);
  });
  ctx.mail.queued();
}

/** Whether the account's address is confirmed, and the new one waiting for its link. */
export async function emailStatus(
  ctx: AccountsContext,
  userId: string,
): Promise<{ emailVerified: boolean; pendingEmail: string | null }> {
  const [row] = await ctx.db
    .select({ emailVerified: users.emailVerified, pendingEmail: users.pendingEmail })
    .from(users)
    .where(eq(users.id, userId));
  return row ?? { emailVerified: false, pendingEmail: null };
}

/** Sends the confirmation link again: for the account's address, or the new one waiting. */
export async function resendConfirmation(ctx: AccountsContext, user: SessionUser): Promise<{ message: string }> {
  const status = await emailStatus(ctx, user.id);
  const outcome = await ctx.limiter.take([`confirm-mail:account:${user.id}`], CONFIRM_MAILS_PER_ACCOUNT);
  if (!outcome.allowed) throw new TooManyAttemptsError(outcome.retryAfter);
  if (status.pendingEmail) {
    await mailEmailChange(ctx, user, status.pendingEmail);
    return { message: EMAIL_CHANGE_SENT(status.pendingEmail) };
  }
  if (status.emailVerified) return { message: ALREADY_VERIFIED };
  if (isPlaceholderAddress(user.email)) throw new InvalidError(NO_EMAIL_CHANGE);
  await sendVerification(ctx, user);
  return { message: VERIFICATION_SENT(user.email) };
}

/** Drops the new address waiting for its link; the link no longer works. */
export async function cancelEmailChange(ctx: AccountsContext, user: SessionUser): Promise<{ message: string }> {
  const cancelled = await ctx.db.transaction(async (tx) => {
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
}

/** What a link said once it was clicked. */
export type LinkFollowed = { ok: true; message: string; signIn?: boolean };

/**
 * What a mail's link does when it is clicked (/verify-email): confirms a new account's address,
 * makes a new address take effect, or makes the account a sign-up asked for. Once.
 */
export async function followMailLink(ctx: AccountsContext, token: string): Promise<LinkFollowed> {
  const link = await consumeMailLink(ctx.db, token);
  if (!link) throw new InvalidError(MAIL_LINK_INVALID);
  if (link.kind === "verify") return confirmAddress(ctx, link.userId, link.email);
  if (link.kind === "change") return confirmEmailChange(ctx, link.userId, link.email);
  return claimAddress(ctx, link);
}

async function confirmAddress(ctx: AccountsContext, userId: string, email: string): Promise<LinkFollowed> {
  const done = await ctx.db
    .update(users)
    .set({ emailVerified: true, updatedAt: new Date() })
    .where(and(eq(users.id, userId), sql`lower(${users.email}) = ${email}`))
    .returning({ id: users.id });
  if (!done.length) throw new InvalidError(MAIL_LINK_INVALID);
  return { ok: true, message: EMAIL_VERIFIED };
}

/** The account that holds an address, other than `userId`'s. */
async function holderOf(db: Database, email: string, except?: string) {
  const [holder] = await db
    .select({ id: users.id, emailVerified: users.emailVerified })
    .from(users)
    .where(and(sql`lower(${users.email}) = ${email}`, except ? ne(users.id, except) : undefined));
  return holder;
}

/** A new address's link was clicked: it becomes the account's, confirmed; the old one is told, with a reset link. */
async function confirmEmailChange(ctx: AccountsContext, userId: string, email: string): Promise<LinkFollowed> {
  const [before] = await ctx.db
    .select({ email: users.email, username: users.username, displayUsername: users.displayUsername })
    .from(users)
    .where(eq(users.id, userId));
  const holder = await holderOf(ctx.db, email, userId);
  if (holder?.emailVerified) throw new ConflictError(ADDRESS_TAKEN_MEANWHILE);
  // An account that holds it unconfirmed loses it to the one that has just proved it.
  if (holder) await releaseUnverifiedAddress(ctx.db, email);
  try {
    const done = await ctx.db
      .update(users)
      .set({ email, emailVerified: true, pendingEmail: null, updatedAt: new Date() })
      .where(and(eq(users.id, userId), sql`lower(${users.pendingEmail}) = ${email}`))
      .returning({ id: users.id });
    if (!done.length) throw new InvalidError(MAIL_LINK_INVALID);
  } catch (error) {
    if (pgErrorCode(error).refusal === "unique") throw new ConflictError(ADDRESS_TAKEN_MEANWHILE);
    throw error;
  }
  if (before && !isPlaceholderAddress(before.email) && before.email.toLowerCase() !== email) {
    const data = { username: greetingName(before), newEmail: email, resetLink: await resetLink(ctx, userId) };
    await ctx.mail.send("email-changed", before.email, data);
  }
  return { ok: true, message: EMAIL_CHANGED(email) };
}

/** A sign-up for an address an unconfirmed account held, proved: that account loses it, this one is made. */
async function claimAddress(ctx: AccountsContext, link: Extract<MailLink, { kind: "claim" }>): Promise<LinkFollowed> {
  const holder = await holderOf(ctx.db, link.email);
  if (holder?.emailVerified) throw new ConflictError(ADDRESS_TAKEN_MEANWHILE);
  const [nameTaken] = await ctx.db
    .select({ id: users.id })
    .from(users)
    .where(sql`lower(${users.username}) = ${link.username.toLowerCase()}`);
  if (nameTaken) throw new ConflictError(USERNAME_TAKEN);
  if (holder) await releaseUnverifiedAddress(ctx.db, link.email);
  try {
    await ctx.library.createVerifiedAccount(link);
  } catch (error) {
    if (pgErrorCode(error).refusal === "unique") throw new ConflictError(ADDRESS_TAKEN_MEANWHILE);
    throw error;
  }
  return { ok: true, message: SIGN_UP_CONFIRMED, signIn: true };
}

/** Which of this flow's functions are the `accounts` service's methods, by what each does to stored content. */
export const SERVICE_METHODS = effectTable({
  read: ["emailStatus"],
  write: ["resendConfirmation", "cancelEmailChange", "followMailLink"],
});
