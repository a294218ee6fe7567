import type { Database } from "~/db/client.server";
import { type Effects, effectTable } from "~/services/content-changes.server";
import type { MailService } from "~/services/mail/mail.server";

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
 * This module only binds the flows to one context as the `accounts` and `twoFactor` services, and
 * hands the library what the flows declared for it.
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

/** A flow with its context given: what a service's method is. */
function binder(ctx: AccountsContext) {
  return <A extends unknown[], R>(flow: (ctx: AccountsContext, ...args: A) => R) =>
    (...args: A): R =>
      flow(ctx, ...args);
}

function accountsService(ctx: AccountsContext) {
  const bind = binder(ctx);
  return {
    /** External sign-in providers that are configured, for the sign-in buttons. */
    providers: ctx.providers,
    /** The library's own endpoints reached from outside: the providers' OAuth callbacks (routes/api.auth.ts). */
    handleAuthRequest: (request: Request) => ctx.library.handler(request),
    currentUser: bind(signIn.currentUser),
    signIn: bind(signIn.signIn),
    signInWithGoogleIdToken: bind(signIn.signInWithGoogleIdToken),
    startExternal: bind(signIn.startExternal),
    signOut: bind(signIn.signOut),
    signUp: bind(signUp.signUp),
    requestPasswordReset: bind(reset.requestPasswordReset),
    resetTokenIsValid: bind(reset.resetTokenIsValid),
    resetPassword: bind(reset.resetPassword),
    emailStatus: bind(email.emailStatus),
    resendConfirmation: bind(email.resendConfirmation),
    cancelEmailChange: bind(email.cancelEmailChange),
    followMailLink: bind(email.followMailLink),
    updateProfile: bind(profile.updateProfile),
    deleteOwnAccount: bind(profile.deleteOwnAccount),
    listUsers: bind(administration.listUsers),
    countUsers: bind(administration.countUsers),
    findByUsername: (username: string) => findByUsername(ctx.db, username),
    findByEmail: (address: string) => findByEmail(ctx.db, address),
    userById: (id: string) => userById(ctx.db, id),
    deleteUser: bind(administration.deleteUser),
    setAdmin: bind(administration.setAdmin),
    setRoles: bind(administration.setRoles),
    sendResetLink: bind(administration.sendResetLink),
    invite: bind(invitations.invite),
    listInvitations: bind(invitations.listInvitations),
    resendInvitation: bind(invitations.resendInvitation),
    revokeInvitation: bind(invitations.revokeInvitation),
    openInvitation: bind(invitations.openInvitation),
    acceptWithNewAccount: bind(invitations.acceptWithNewAccount),
    acceptInvitation: bind(invitations.acceptAsUser),
    signUpIsOpen: bind(invitations.signUpIsOpen),
    setSignUpOpen: bind(invitations.setSignUpOpen),
    hasAdmin: bind(administration.hasAdmin),
    createFirstAdmin: bind(administration.createFirstAdmin),
    createAdmin: bind(administration.createAdmin),
  };
}

export type AccountsService = ReturnType<typeof accountsService>;

/**
 * What each method does to the accounts. Not announced: public pages show no account (a deleted
 * author's posts stay, without an author).
 */
export const accountsEffects = effectTable({
  read: [
    "currentUser",
    "listUsers",
    "countUsers",
    "findByUsername",
    "findByEmail",
    "userById",
    "hasAdmin",
    "resetTokenIsValid",
    "emailStatus",
    "listInvitations",
    "openInvitation",
    "signUpIsOpen",
  ],
  write: [
    "handleAuthRequest",
    "signUp",
    "signIn",
    "signInWithGoogleIdToken",
    "signOut",
    "startExternal",
    "updateProfile",
    "deleteOwnAccount",
    "deleteUser",
    "setAdmin",
    "setRoles",
    "invite",
    "resendInvitation",
    "revokeInvitation",
    "acceptWithNewAccount",
    "acceptInvitation",
    "setSignUpOpen",
    "createFirstAdmin",
    "createAdmin",
    "requestPasswordReset",
    "resetPassword",
    "sendResetLink",
    "resendConfirmation",
    "cancelEmailChange",
    "followMailLink",
  ],
}) satisfies Effects<AccountsService>;

function twoFactorService(ctx: AccountsContext) {
  const bind = binder(ctx);
  return {
    status: bind(twoFactor.status),
    start: bind(twoFactor.start),
    confirm: bind(twoFactor.confirm),
    newBackupCodes: bind(twoFactor.newBackupCodes),
    rememberBackupCodes: bind(twoFactor.rememberBackupCodes),
    backupCodesOnce: bind(twoFactor.backupCodesOnce),
    disable: bind(twoFactor.disable),
    verifySignIn: bind(twoFactor.verifySignIn),
    sessions: bind(devices.listSessions),
    endSession: bind(devices.endSession),
    endOtherSessions: bind(devices.endOtherSessions),
  };
}

export type TwoFactorService = ReturnType<typeof twoFactorService>;

export const twoFactorEffects = effectTable({
  read: ["status", "sessions"],
  write: [
    "start",
    "confirm",
    "newBackupCodes",
    "rememberBackupCodes",
    "backupCodesOnce",
    "disable",
    "verifySignIn",
    "endSession",
    "endOtherSessions",
  ],
}) satisfies Effects<TwoFactorService>;
