import { eq } from "drizzle-orm";

import { users } from "~/db/schema";
import { addressKeys, type AttemptRule, perMinute, takeAttempt } from "~/services/attempt-limits.server";
import { effectTable } from "~/services/content-changes.server";
import { InvalidError, type ServiceError } from "~/services/errors.server";

import type { AccountsContext } from "./context.server";
import { findByEmail, findByUsername, greetingName, isPlaceholderAddress } from "./users.server";

/**
 * The password reset, from the form to the mail and back (docs/security.md):
 *
 * 1. /forgot-password: `requestPasswordReset` counts the ask against the client's address and
 *    answers at once, the same words whether or not there is such an account (issue 31);
 * 2. after the answer, `mailResetLink` looks the account up and mails it a link, a few a minute;
 * 3. /reset-password: `resetTokenIsValid` decides whether the page shows its form, and
 *    `resetPassword` sets the new password through the library (which ends every session) and
 *    marks the address proved.
 *
 * Its limits and its words are below; every other mail with a reset link (an admin's, a sign-up
 * with a taken address, an address change) gets the link from `resetLink`.
 */

// What a person is told.
export const RESET_REQUESTED =
  "If an account uses that email address or username, we have sent it a link to choose a new password. Check your email.";
export const RESET_LINK_INVALID = "This link has expired or has already been used. Please ask for a new one.";
export const PASSWORD_RESET_DONE = "Your password has been changed. Sign in with your new password.";

// Its limits, all of them.
/** Asks per client address: past it, 429 with when to try again. */
export const RESET_ASKS_PER_ADDRESS: AttemptRule = perMinute(5);
/** Mails with a reset link per account, however many asks name it: more answer the same and send nothing. */
export const RESET_MAILS_PER_ACCOUNT: AttemptRule = perMinute(3);
/** New passwords set from links, per client address: the library's own limit on its /reset-password. */
export const RESET_ENDPOINT_LIMITS = { "/reset-password": { window: 60, max: 10 } };
/** How long a link works; once used, it never works again. */
export const RESET_LINK_SECONDS = 60 * 60;

/** /forgot-password, by e-mail address or username. */
export async function requestPasswordReset(
  ctx: AccountsContext,
  request: Request,
  identifier: string,
): Promise<{ message: string }> {
  await takeAttempt(ctx.limiter, addressKeys(request, "reset-request"), RESET_ASKS_PER_ADDRESS);
  // Nothing about the account is looked up before the answer has gone, so that it takes as long
  // whether or not there is one (`later` runs once the response has closed).
  const name = identifier.trim();
  ctx.mail.later(() => mailResetLink(ctx, name));
  return { message: RESET_REQUESTED };
}

/** The account the name is (an address, else a username), if any, is mailed a link. */
async function mailResetLink(ctx: AccountsContext, name: string): Promise<void> {
  const account = name.includes("@") ? await findByEmail(ctx.db, name) : await findByUsername(ctx.db, name);
  if (!account || isPlaceholderAddress(account.email.toLowerCase())) return;
  if (!(await mayMailResetLink(ctx, account.id))) return;
  await ctx.mail.send("reset-password", account.email, {
    username: greetingName(account),
    link: await resetLink(ctx, account.id),
  });
}

/** Whether one more mail with a reset link may go to this account now (RESET_MAILS_PER_ACCOUNT). */
export async function mayMailResetLink(ctx: AccountsContext, userId: string): Promise<boolean> {
  const outcome = await ctx.limiter.take([`reset-mail:account:${userId}`], RESET_MAILS_PER_ACCOUNT);
  return outcome.allowed;
}

/** A new single-use link that sets the account's password, to the site's own origin. */
export async function resetLink(ctx: AccountsContext, userId: string): Promise<string> {
  const token = await ctx.library.newResetToken(userId, RESET_LINK_SECONDS);
  return `${ctx.linkOrigin}/reset-password?token=${token}`;
}

/** Whether a link's token is still good: /reset-password asks before showing its form. */
export async function resetTokenIsValid(ctx: AccountsContext, token: string): Promise<boolean> {
  if (!/^[\w-]{10,100}$/.test(token)) return false;
  return (await ctx.library.resetTokenOwner(token)) !== null;
}

/** /reset-password: a new password from a link, once, within its hour; every session of the account ends. */
export async function resetPassword(
  ctx: AccountsContext,
  request: Request,
  token: string,
  password: string,
): Promise<{ message: string }> {
  // Whose link it is, read before the library uses it up.
  const owner = await ctx.library.resetTokenOwner(token);
  const response = await ctx.library.post(request, "/reset-password", { token, newPassword: password });
  if (!response.ok) throw await resetRefusal(ctx, response);
  // The link came to the account's mailbox: its address is proved.
  if (owner) await ctx.db.update(users).set({ emailVerified: true, updatedAt: new Date() }).where(eq(users.id, owner));
  return { message: PASSWORD_RESET_DONE };
}

/** Too many attempts or a password the library refuses say so; anything else is a link that no longer works. */
async function resetRefusal(ctx: AccountsContext, response: Response): Promise<ServiceError> {
  if (response.status === 429) return ctx.library.refusal(response);
  const code = await ctx.library.errorCode(response);
  // A refused password keeps this browser's cookies as they are.
  if (code?.startsWith("PASSWORD_TOO")) return ctx.library.refusal(response, { cookies: false });
  return new InvalidError(RESET_LINK_INVALID, "token");
}

/** Which of this flow's functions are the `accounts` service's methods, by what each does to stored content. */
export const SERVICE_METHODS = effectTable({
  read: ["resetTokenIsValid"],
  write: ["requestPasswordReset", "resetPassword"],
});
