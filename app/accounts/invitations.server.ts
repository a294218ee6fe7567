import { createHash, randomBytes } from "node:crypto";

import { and, desc, eq, isNull, sql } from "drizzle-orm";

import { accountPolicy, invitations, users } from "~/db/schema";
import { type Role, roleColumn, rolesFrom, rolesLabel } from "~/domain/roles";
import { effectTable } from "~/services/content-changes.server";
import { ConflictError, NotFoundError } from "~/services/errors.server";

import { invitationIsOpen, signUpIsOpen as signUpOpenIn } from "./account-policy.server";
import { setRoles } from "./administration.server";
import type { AccountResult, AccountsContext } from "./context.server";
import { signIn } from "./sign-in.server";
import { EMAIL_TAKEN, type SessionUser, userById } from "./users.server";

/**
 * Invitations (issue 33): an admin invites a colleague by e-mail with their roles; the mailed link
 * lets them choose a username and password, or accept with an account they already have (a
 * password, Google or OIDC), and lands them in their dashboard. Only a hash of each link's token is
 * kept. An invitation is open until it is accepted, revoked or expires; resending makes a new link
 * and the old one stops working. Also here: whether anyone may sign up as a reader (open sign-up).
 */

export const INVITATION_DAYS = 7;
const DAY = 86_400_000;

// What a person is told.
export const INVITATION_SENT = (email: string) => `An invitation has been sent to ${email}.`;
export const INVITATION_RESENT = (email: string) => `A new invitation link has been sent to ${email}.`;
export const INVITATION_REVOKED = (email: string) => `The invitation to ${email} has been withdrawn.`;
export const INVITATION_GONE =
  "This invitation link no longer works: it has been used, withdrawn or has expired. Ask the admin who invited you for a new one.";
export const INVITATION_NOT_OPEN = "That invitation is no longer open.";
export const INVITED_ADDRESS_HAS_ACCOUNT =
  "This address already has an account. Sign in with it to accept the invitation.";
export const SIGN_UP_POLICY_SAVED = (open: boolean) =>
  open ? "Anyone may now create a reader's account." : "New accounts are now made by invitation only.";

export type InvitationStatus = "open" | "accepted" | "revoked" | "expired";

/** An invitation as the Users tab lists it. */
export type InvitationItem = {
  id: string;
  email: string;
  roles: Role[];
  invitedByName: string;
  sentAt: Date;
  expiresAt: Date;
  status: InvitationStatus;
};

/** What the invitation's page shows its holder. */
export type OpenInvitation = { id: string; email: string; roles: Role[]; invitedByName: string; expiresAt: Date };

const hashOf = (token: string) => createHash("sha256").update(token).digest("base64url");

function statusOf(row: typeof invitations.$inferSelect, now = Date.now()): InvitationStatus {
  if (row.acceptedAt) return "accepted";
  if (row.revokedAt) return "revoked";
  return row.expiresAt.getTime() <= now ? "expired" : "open";
}

/** A new link for the invitation row `id`: its token's hash stored, the mail queued. */
async function mailNewLink(ctx: AccountsContext, row: { id: string; email: string; roles: string }, by: string) {
  const token = randomBytes(32).toString("base64url");
  const expiresAt = new Date(Date.now() + INVITATION_DAYS * DAY);
  await ctx.db
    .update(invitations)
    .set({ tokenHash: hashOf(token), sentAt: new Date(), expiresAt })
    .where(eq(invitations.id, row.id));
  await ctx.mail.send("invitation", row.email, {
    invitedBy: by,
    roles: rolesLabel(rolesFrom(row.roles)).replace(/, ([^,]*)$/, " and $1"),
    link: `${ctx.linkOrigin}/invitation/${token}`,
    days: INVITATION_DAYS,
  });
}

/** An admin invites `email` with `roles`; an open invitation to the same address is replaced. */
export async function invite(
  ctx: AccountsContext,
  admin: SessionUser,
  input: { email: string; roles: Role[] },
): Promise<{ message: string }> {
  const email = input.email.trim().toLowerCase();
  await ctx.db
    .update(invitations)
    .set({ revokedAt: new Date() })
    .where(and(eq(invitations.email, email), isNull(invitations.acceptedAt), isNull(invitations.revokedAt)));
  const [row] = await ctx.db
    .insert(invitations)
    .values({
      email,
      roles: roleColumn(input.roles),
      // Replaced by mailNewLink at once; a random value keeps the unique index content meanwhile.
      tokenHash: hashOf(randomBytes(32).toString("base64url")),
      invitedBy: admin.id,
      invitedByName: admin.username,
      expiresAt: new Date(Date.now() + INVITATION_DAYS * DAY),
    })
    .returning();
  await mailNewLink(ctx, row, admin.username);
  return { message: INVITATION_SENT(email) };
}

/** The most recent invitations, open ones first, for the Users tab. */
export async function listInvitations(ctx: AccountsContext): Promise<InvitationItem[]> {
  const rows = await ctx.db.select().from(invitations).orderBy(desc(invitations.sentAt)).limit(50);
  const now = Date.now();
  const items = rows.map((row) => ({
    id: row.id,
    email: row.email,
    roles: rolesFrom(row.roles),
    invitedByName: row.invitedByName,
    sentAt: row.sentAt,
    expiresAt: row.expiresAt,
    status: statusOf(row, now),
  }));
  return [...items.filter((i) => i.status === "open"), ...items.filter((i) => i.status !== "open")];
}

async function invitationRow(ctx: AccountsContext, id: string) {
  const [row] = /^[0-9a-f-]{36}$/i.test(id)
    ? await ctx.db.select().from(invitations).where(eq(invitations.id, id))
    : [];
  if (!row) throw new NotFoundError(INVITATION_NOT_OPEN);
  return row;
}

/** A new link for an open or expired invitation; the old link stops working. */
export async function resendInvitation(
  ctx: AccountsContext,
  admin: SessionUser,
  id: string,
): Promise<{ message: string }> {
  const row = await invitationRow(ctx, id);
  if (row.acceptedAt || row.revokedAt) throw new ConflictError(INVITATION_NOT_OPEN);
  await mailNewLink(ctx, row, admin.username);
  return { message: INVITATION_RESENT(row.email) };
}

/** Withdraws an open invitation: its link stops working at once. */
export async function revokeInvitation(ctx: AccountsContext, id: string): Promise<{ message: string }> {
  const row = await invitationRow(ctx, id);
  const [revoked] = await ctx.db
    .update(invitations)
    .set({ revokedAt: new Date() })
    .where(and(eq(invitations.id, row.id), isNull(invitations.acceptedAt), isNull(invitations.revokedAt)))
    .returning({ id: invitations.id });
  if (!revoked) throw new ConflictError(INVITATION_NOT_OPEN);
  return { message: INVITATION_REVOKED(row.email) };
}

/** The open invitation a link's token names, or null (used, withdrawn, expired or never made). */
export async function openInvitation(ctx: AccountsContext, token: string): Promise<OpenInvitation | null> {
  if (!/^[\w-]{20,100}$/.test(token)) return null;
  const [row] = await ctx.db
    .select()
    .from(invitations)
    .where(and(eq(invitations.tokenHash, hashOf(token)), invitationIsOpen));
  return row
    ? {
        id: row.id,
        email: row.email,
        roles: rolesFrom(row.roles),
        invitedByName: row.invitedByName,
        expiresAt: row.expiresAt,
      }
    : null;
}

/** Marks the invitation used by `userId`; false when another use got there first. */
async function markAccepted(ctx: AccountsContext, id: string, userId: string): Promise<boolean> {
  const used = await ctx.db
    .update(invitations)
    .set({ acceptedAt: new Date(), acceptedBy: userId })
    .where(and(eq(invitations.id, id), isNull(invitations.acceptedAt), isNull(invitations.revokedAt)))
    .returning({ id: invitations.id });
  return used.length === 1;
}

/** The invitation's roles added to `userId`'s, once the invitation is theirs. */
async function grant(ctx: AccountsContext, invitation: OpenInvitation, userId: string): Promise<SessionUser> {
  if (!(await markAccepted(ctx, invitation.id, userId))) throw new ConflictError(INVITATION_GONE);
  return setRoles(ctx, userId, (held) => [...held, ...invitation.roles]);
}

/**
 * The invited colleague chooses a username and password: an account at the invited address (proved
 * by the mailed link, so confirmed), holding the invitation's roles, and signed in.
 */
export async function acceptWithNewAccount(
  ctx: AccountsContext,
  request: Request,
  token: string,
  input: { username: string; password: string },
): Promise<AccountResult> {
  const invitation = await openInvitation(ctx, token);
  if (!invitation) throw new NotFoundError(INVITATION_GONE);
  const [holder] = await ctx.db
    .select({ id: users.id })
    .from(users)
    .where(sql`lower(${users.email}) = ${invitation.email}`);
  if (holder) throw new ConflictError(INVITED_ADDRESS_HAS_ACCOUNT);
  const response = await ctx.library.post(request, "/sign-up/email", {
    username: input.username,
    email: invitation.email,
    password: input.password,
    name: input.username,
    displayUsername: input.username,
  });
  if (!response.ok) {
    const refusal = await ctx.library.refusal(response);
    throw refusal.message === EMAIL_TAKEN ? new ConflictError(INVITED_ADDRESS_HAS_ACCOUNT) : refusal;
  }
  const made = ((await response.clone().json()) as { user?: { id?: string } }).user?.id;
  const user = made ? await userById(ctx.db, made) : null;
  if (!user) throw new ConflictError(INVITED_ADDRESS_HAS_ACCOUNT);
  await ctx.db.update(users).set({ emailVerified: true }).where(eq(users.id, user.id));
  await grant(ctx, invitation, user.id);
  // Signed in at once, as the page promises: the link proved the address, the form the password.
  return signIn(ctx, request, { username: input.username, password: input.password });
}

/** A signed-in person (by password, Google or OIDC) accepts: the invitation's roles join theirs. */
export async function acceptInvitation(ctx: AccountsContext, token: string, user: SessionUser): Promise<SessionUser> {
  const invitation = await openInvitation(ctx, token);
  if (!invitation) throw new NotFoundError(INVITATION_GONE);
  return grant(ctx, invitation, user.id);
}

/** Whether anyone may create a reader's account at /signup (on unless an admin closed it). */
export function signUpIsOpen(ctx: AccountsContext): Promise<boolean> {
  return signUpOpenIn(ctx.db);
}

export async function setSignUpOpen(ctx: AccountsContext, open: boolean): Promise<{ message: string }> {
  await ctx.db
    .insert(accountPolicy)
    .values({ id: 1, openSignUp: open })
    .onConflictDoUpdate({ target: accountPolicy.id, set: { openSignUp: open, updatedAt: new Date() } });
  return { message: SIGN_UP_POLICY_SAVED(open) };
}

/** Which of this flow's functions are the `accounts` service's methods, by what each does to stored content. */
export const SERVICE_METHODS = effectTable({
  read: ["listInvitations", "openInvitation", "signUpIsOpen"],
  write: [
    "invite",
    "resendInvitation",
    "revokeInvitation",
    "acceptWithNewAccount",
    "acceptInvitation",
    "setSignUpOpen",
  ],
});
