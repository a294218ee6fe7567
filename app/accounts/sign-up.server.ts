import { sql } from "drizzle-orm";

import { users } from "~/db/schema";
import { addressKeys, type AttemptRule, perMinute, takeAttempt } from "~/services/attempt-limits.server";
import { effectTable } from "~/services/content-changes.server";
import { ConflictError, ForbiddenError } from "~/services/errors.server";

import { cookiesOf } from "./better-auth/library.server";
import type { AccountResult, AccountsContext } from "./context.server";
import { createMailLink, sendVerification } from "./email.server";
import { EMAIL_RULE, PASSWORD_TOO_SHORT, USERNAME_RULE } from "./forms";
import { signUpIsOpen } from "./invitations.server";
import { mayMailResetLink, resetLink } from "./password-reset.server";
import { EMAIL_TAKEN, findByUsername, greetingName, userById, USERNAME_TAKEN } from "./users.server";

/**
 * Sign-up (/signup, POST /api/auth/signup): an account whose address is then confirmed from a mail.
 * An address that already has an account answers the same and makes none (SPEC-NOTES.md), so that
 * sign-up cannot tell who has an account: a confirmed address's owner is told by mail, with a reset
 * link; an unconfirmed one is mailed a link that, once clicked, makes the new account and takes the
 * address from the account that never proved it (email.server.ts). A taken username is refused
 * plainly, as SPEC.md says.
 */

/** The library's refusals of a sign-up, in the site's words. */
export const SIGN_UP_REFUSALS: Record<string, string> = {
  USERNAME_IS_ALREADY_TAKEN: USERNAME_TAKEN,
  USERNAME_IS_ALREADY_TAKEN_PLEASE_TRY_ANOTHER: USERNAME_TAKEN,
  USER_ALREADY_EXISTS: EMAIL_TAKEN,
  USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL: EMAIL_TAKEN,
  PASSWORD_TOO_SHORT,
  INVALID_EMAIL: EMAIL_RULE,
  INVALID_USERNAME: USERNAME_RULE,
  USERNAME_TOO_SHORT: USERNAME_RULE,
  USERNAME_TOO_LONG: USERNAME_RULE,
};

// Its limits. The mails to a taken address count with the reset mails (RESET_MAILS_PER_ACCOUNT).
/** Sign-ups per client address, whichever path below they take. */
export const SIGN_UPS_PER_ADDRESS: AttemptRule = perMinute(10);
/** The library's own limit on its sign-up endpoint, per client address. */
export const SIGN_UP_ENDPOINT_LIMITS = { "/sign-up/*": { window: 60, max: 10 } };

type SignUpInput = { username: string; email: string; password: string };

/** When an admin has closed open sign-up (issue 33). */
export const SIGN_UP_CLOSED =
  "New accounts on this site are made by invitation. Ask an admin of the site to invite you.";

export async function signUp(ctx: AccountsContext, request: Request, input: SignUpInput): Promise<AccountResult> {
  // Counted for every sign-up, whichever path it takes below, so that the library's own limit
  // (which only the first path reaches) cannot tell them apart.
  await takeAttempt(ctx.limiter, addressKeys(request, "sign-up"), SIGN_UPS_PER_ADDRESS);
  if (!(await signUpIsOpen(ctx))) throw new ForbiddenError(SIGN_UP_CLOSED);
  const email = input.email.trim().toLowerCase();
  const [holder] = await ctx.db
    .select()
    .from(users)
    .where(sql`lower(${users.email}) = ${email}`);
  if (!holder) return newAccount(ctx, request, input);
  await answerTakenAddress(ctx, holder, { ...input, email });
  return { headers: new Headers() };
}

/** A new account, made by the library (its password hash, its checks), then mailed its confirmation link. */
async function newAccount(ctx: AccountsContext, request: Request, input: SignUpInput): Promise<AccountResult> {
  const response = await ctx.library.post(request, "/sign-up/email", {
    ...input,
    name: input.username,
    displayUsername: input.username,
  });
  if (!response.ok) throw await ctx.library.refusal(response);
  const body = (await response.clone().json()) as { user?: { id?: string } };
  // The library answers a race with an address taken meanwhile as if it made the account: only a
  // real one is mailed.
  const made = body.user?.id ? await userById(ctx.db, body.user.id) : null;
  if (made) await sendVerification(ctx, made);
  return { headers: cookiesOf(response) };
}

/** The address has an account: nothing is made, its owner is mailed (a few times a minute at most). */
async function answerTakenAddress(
  ctx: AccountsContext,
  holder: {
    id: string;
    email: string;
    emailVerified: boolean;
    username: string | null;
    displayUsername: string | null;
  },
  input: SignUpInput,
): Promise<void> {
  // A taken username is refused plainly, in the words the library's own refusal gets.
  if (await findByUsername(ctx.db, input.username)) throw new ConflictError(USERNAME_TAKEN);
  // Hashed either way, as a new account's password is: the answer takes as long.
  const passwordHash = await ctx.library.hashPassword(input.password);
  if (!(await mayMailResetLink(ctx, holder.id))) return;
  if (holder.emailVerified) {
    await ctx.mail.send("sign-up-attempt", holder.email, {
      username: greetingName(holder),
      resetLink: await resetLink(ctx, holder.id),
    });
    return;
  }
  const link = { kind: "claim" as const, email: input.email, username: input.username, passwordHash };
  const token = await createMailLink(ctx.db, link);
  await ctx.mail.send("confirm-sign-up", input.email, {
    username: input.username,
    link: `${ctx.linkOrigin}/verify-email?token=${token}`,
  });
}

/** Which of this flow's functions are the `accounts` service's methods, by what each does to stored content. */
export const SERVICE_METHODS = effectTable({ read: [], write: ["signUp"] });
