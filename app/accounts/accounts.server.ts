import type { Database } from "~/db/client.server";
import { type Effects, effectTable } from "~/services/content-changes.server";
import type { MailService } from "~/services/mail/mail.server";
import { serviceFlows } from "~/services/service-flows.server";

import * as administration from "./administration.server";
import { type AuthOptions, createAuthLibrary, type LibraryPolicy } from "./better-auth/library.server";
import { type AccountsContext, accountsContext } from "./context.server";
import * as devices from "./devices.server";
import * as email from "./email.server";
import * as invitations from "./invitations.server";
import * as reset from "./password-reset.server";
import * as profile from "./profile.server";
import * as signIn from "./sign-in.server";
import * as signUp from "./sign-up.server";
import { TWO_FACTOR_MESSAGES } from "./two-factor";
import * as twoFactor from "./two-factor.server";
import { findByEmail, findByUsername, userById } from "./users.server";

/**
 * The accounts, by flow (decision 036): each file of this folder is one flow that reads top to
 * bottom, with its words and its limits at its top:
 *
 *   sign-up.server.ts          /signup: a new account, or a mail to a taken address's owner
 *   sign-in.server.ts          /signin, Google and OIDC, sign-out, the session of a request
 *   two-factor.server.ts       the second factor: turning it on and off, a sign-in's second step
 *   password-reset.server.ts   /forgot-password to the mail, /reset-password
 *   email.server.ts            confirming and changing an address, /verify-email's links
 *   profile.server.ts          the profile's changes, deleting one's own account
 *   devices.server.ts          the signed-in devices
 *   administration.server.ts   the users as the admin manages them, the first admin
 *
 * Under them: users.server.ts (the look-ups every flow shares), the attempt counter in the database
 * (services/attempt-limits.server.ts, shared with the reviewers' links) and better-auth/ (the
 * adapter: the only code that imports the library).
 * This module only binds the flows to one context as the `accounts` and `twoFactor` services (each
 * flow names its functions that are methods, by their effect, in its `SERVICE_METHODS`), and hands
 * the library what the flows declared for it.
 */

export type { AuthOptions };
export type { AccountResult } from "./context.server";
export type { DeviceSession } from "./devices.server";
export type { SignInResult } from "./sign-in.server";
export type { TwoFactorStatus } from "./two-factor.server";
export type { SessionUser } from "./users.server";

/** Each flow's limits on the library's own endpoints and its words for the library's refusals. */
const LIBRARY_POLICY: LibraryPolicy = {
  endpointLimits: {
    ...signIn.SIGN_IN_ENDPOINT_LIMITS,
    ...signUp.SIGN_UP_ENDPOINT_LIMITS,
    ...profile.PASSWORD_CHECK_ENDPOINT_LIMITS,
    ...twoFactor.TWO_FACTOR_ENDPOINT_LIMITS,
    ...reset.RESET_ENDPOINT_LIMITS,
  },
  refusals: {
    ...signUp.SIGN_UP_REFUSALS,
    ...signIn.SIGN_IN_REFUSALS,
    ...profile.PROFILE_REFUSALS,
    ...TWO_FACTOR_MESSAGES,
  },
  secondFactorLock: twoFactor.SECOND_FACTOR_LOCK,
};

/** The accounts' two services, over one auth library (they share its sessions and cookies). */
export function createAccounts(db: Database, options: AuthOptions, mail: MailService) {
  const ctx = accountsContext(db, createAuthLibrary(db, options, LIBRARY_POLICY), options, mail);
  return { accounts: accountsService(ctx), twoFactor: twoFactorService(ctx) };
}

/** The flows that make the `accounts` service: each names in its `SERVICE_METHODS` the functions that are methods. */
const ACCOUNTS_FLOWS = serviceFlows(signIn, signUp, reset, email, profile, administration, invitations);

/** The flows that make the `twoFactor` service. */
const TWO_FACTOR_FLOWS = serviceFlows(twoFactor, devices);

function accountsService(ctx: AccountsContext) {
  return {
    /** External sign-in providers that are configured, for the sign-in buttons. */
    providers: ctx.providers,
    /** The library's own endpoints reached from outside: the providers' OAuth callbacks (routes/api.auth.ts). */
    handleAuthRequest: (request: Request) => ctx.library.handler(request),
    findByUsername: (username: string) => findByUsername(ctx.db, username),
    findByEmail: (address: string) => findByEmail(ctx.db, address),
    userById: (id: string) => userById(ctx.db, id),
    ...ACCOUNTS_FLOWS.methods(ctx),
  };
}

export type AccountsService = ReturnType<typeof accountsService>;

/**
 * What each method does to the accounts. Not announced: public pages show no account (a deleted
 * author's posts stay, without an author).
 */
export const accountsEffects = {
  ...effectTable({ read: ["findByUsername", "findByEmail", "userById"], write: ["handleAuthRequest"] }),
  ...ACCOUNTS_FLOWS.effects,
} satisfies Effects<AccountsService>;

const twoFactorService = (ctx: AccountsContext) => TWO_FACTOR_FLOWS.methods(ctx);

export type TwoFactorService = ReturnType<typeof twoFactorService>;

export const twoFactorEffects = TWO_FACTOR_FLOWS.effects satisfies Effects<TwoFactorService>;
