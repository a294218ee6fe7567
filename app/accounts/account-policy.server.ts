import { and, eq, gt, isNull, sql } from "drizzle-orm";

import type { Database } from "~/db/client.server";
import { accountPolicy, invitations } from "~/db/schema";

/**
 * Who may make an account (issue 33), read where accounts are made: the sign-up flow, and the auth
 * library's adapter when Google or OIDC brings someone new. Low in the accounts, beside users.server.ts.
 */

/** Whether anyone may create a reader's account (on unless an admin closed it). */
export async function signUpIsOpen(db: Database): Promise<boolean> {
  const [row] = await db.select().from(accountPolicy).where(eq(accountPolicy.id, 1));
  return row?.openSignUp ?? true;
}

/** An invitation not yet used, withdrawn or expired: the one condition every reader of invitations uses. */
export const invitationIsOpen = and(
  isNull(invitations.acceptedAt),
  isNull(invitations.revokedAt),
  gt(invitations.expiresAt, sql`now()`),
)!;

/** Whether `email` has an open invitation. */
export async function isInvited(db: Database, email: string): Promise<boolean> {
  const [row] = await db
    .select({ id: invitations.id })
    .from(invitations)
    .where(and(eq(invitations.email, email.trim().toLowerCase()), invitationIsOpen))
    .limit(1);
  return Boolean(row);
}
