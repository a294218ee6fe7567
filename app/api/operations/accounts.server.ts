import { z } from "zod";

import type { SessionUser } from "~/accounts/accounts.server";
import { ACCOUNT_GONE, USER_GONE } from "~/accounts/administration.server";
import { TWO_FACTOR_NEEDED } from "~/accounts/two-factor.server";

import { type Operation, operationsTagged } from "../operation.server";
import { userJson } from "../records.server";
import * as s from "../schemas";
import { done, message, ok, one, pageQuery } from "./shared.server";

/** Sign-up, sign-in and the accounts (SPEC.md section 7). */

/**
 * The password (or Google token) was right, but the account has two factors on: no session yet.
 * The challenge cookie the library set goes with the answer, for POST /api/auth/two-factor.
 */
const secondFactorNeeded = (headers: Headers) =>
  ok({ success: false, statusCode: 401, message: TWO_FACTOR_NEEDED, twoFactorRequired: true }, 401, headers);

const TWO_FACTOR_NOTE =
  "For an account with two-factor sign-in on, a right password gives no session: the answer is 401 with `twoFactorRequired: true` and a short-lived challenge cookie; send the code to POST /api/auth/two-factor (with that cookie) to finish.";

/**
 * Signed in: the account, and the session cookie the sign-in set. Its fields stand at the top level
 * too, where the earlier system's client reads them (issue 23).
 */
const signedIn = (user: SessionUser | null | undefined, headers: Headers) => {
  const account = userJson(one(user, ACCOUNT_GONE));
  return ok({ ...account, success: true, message: "Signed in", user: account }, 200, headers);
};

const operation = operationsTagged("Accounts");

export const accountOperations: Operation[] = [
  operation("signUp", "POST /api/auth/signup", "public", {
    summary: "Create an account",
    body: s.signUpBody,
    responses: { 201: { description: "Account created; sign in next", schema: s.messageResponse } },
    errors: [409, 422, 429],
    async handle({ request, services, body }) {
      await services.accounts.signUp(request, body);
      return done("Signup successful", 201);
    },
  }),
  operation("signIn", "POST /api/auth/signin", "public", {
    summary: "Sign in with username (or e-mail) and password",
    description: `Sets the session cookie. Later calls send it back (\`credentials: "include"\`).\n\n${TWO_FACTOR_NOTE}`,
    body: s.signInBody,
    setsSession: true,
    responses: { 200: { description: "Signed in", schema: s.signInResponse } },
    errors: [401, 429],
    async handle({ request, services, body }) {
      const { accounts } = services;
      const result = await accounts.signIn(request, body);
      if (result.twoFactorRequired) return secondFactorNeeded(result.headers);
      const user = body.username.includes("@")
        ? await accounts.findByEmail(body.username)
        : await accounts.findByUsername(body.username);
      return signedIn(user, result.headers);
    },
  }),
  operation("signInWithGoogle", "POST /api/auth/google", "public", {
    summary: "Sign in with a Google ID token",
    description:
      "Send the ID token Google issued to this site's client. Its signature is checked against Google's published keys, with its audience (this site's client id) and expiry; the account is found or created from the verified token. A name and e-mail without a token are refused.\n\n" +
      TWO_FACTOR_NOTE.replace("a right password", "a valid token"),
    body: s.googleSignInBody,
    setsSession: true,
    responses: { 200: { description: "Signed in", schema: s.signInResponse } },
    errors: [401, 404, 429],
    async handle({ request, services, body }) {
      const result = await services.accounts.signInWithGoogleIdToken(request, body.idToken);
      if (result.twoFactorRequired) return secondFactorNeeded(result.headers);
      return signedIn(result.user, result.headers);
    },
  }),
  operation("completeTwoFactorSignIn", "POST /api/auth/two-factor", "public", {
    summary: "Finish a sign-in with the code from an authenticator app, or a backup code",
    description:
      "The second step after POST /api/auth/signin (or /api/auth/google) answered `twoFactorRequired: true`: send its challenge cookie back with the 6-digit code (or an unused backup code). Sets the session cookie. `trustDevice: true` also sets a cookie that skips this step on this client for 30 days. The challenge lasts 10 minutes and allows 5 wrong codes; 10 wrong codes in a row lock the account's second factor for 15 minutes.",
    body: s.twoFactorBody,
    setsSession: true,
    responses: { 200: { description: "Signed in", schema: s.signInResponse } },
    errors: [401, 429],
    async handle({ request, services, body }) {
      const result = await services.twoFactor.verifySignIn(request, body);
      return signedIn(await services.accounts.userById(result.userId), result.headers);
    },
  }),
  operation("signOut", "POST /api/users/signout", "public", {
    summary: "Sign out",
    setsSession: true,
    responses: { 200: message },
    async handle({ request, services }) {
      const result = await services.accounts.signOut(request);
      return done("Signed out", 200, result.headers);
    },
  }),
  operation("updateUser", "PUT /api/users/update/{userId}", "self-or-admin", {
    summary: "Change an account (only the fields that change)",
    description:
      "Your own account, or any account for an admin. Changing your own e-mail or password needs currentPassword. A new e-mail of your own takes effect once the link mailed to it is clicked (the answer still shows the present one); an admin's change to another account is made at once.",
    body: s.updateUserBody,
    setsSession: true,
    responses: { 200: { description: "The updated user", schema: s.userRecord } },
    errors: [404, 409, 429],
    async handle({ request, services, user, params, body }) {
      const target = one(await services.accounts.userById(params.userId), USER_GONE);
      const result = await services.accounts.updateProfile(
        request,
        target,
        {
          username: body.username,
          email: body.email,
          password: body.password,
          currentPassword: body.currentPassword,
          image: body.profilePhoto,
        },
        { byAdmin: user!.isAdmin ? user! : undefined },
      );
      return ok(userJson(result.user!), 200, result.headers);
    },
  }),
  operation("deleteUser", "DELETE /api/users/delete/{userId}", "self-or-admin", {
    summary: "Delete an account",
    description: "Your own account (you are signed out), or any account for an admin, except the last admin.",
    setsSession: true,
    responses: { 200: message },
    errors: [404, 409],
    async handle({ request, services, user, params }) {
      if (params.userId === user!.id) {
        const result = await services.accounts.deleteOwnAccount(request, user!);
        return done("Your account has been deleted", 200, result.headers);
      }
      const removed = await services.accounts.deleteUser(params.userId);
      return done(`${removed.username} deleted successfully!`);
    },
  }),
  operation("listUsers", "GET /api/users/getusers", "people", {
    summary: "List users, newest first (5 a page)",
    query: z.object(pageQuery),
    responses: { 200: { description: "A page of users", schema: s.usersList } },
    async handle({ services, query }) {
      const [page, total] = await Promise.all([services.accounts.listUsers(query), services.accounts.countUsers()]);
      return ok({ users: page.items.map(userJson), total, hasMore: page.hasMore });
    },
  }),
];
