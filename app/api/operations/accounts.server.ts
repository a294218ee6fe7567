import { z } from "zod";

import { ACCOUNT_GONE, USER_GONE } from "~/domain/messages/accounts";
import type { SessionUser } from "~/services/accounts.server";

import { defineOperation, type Operation } from "../operation.server";
import { userJson } from "../records.server";
import * as s from "../schemas";
import { done, message, ok, one, pageQuery } from "./shared.server";

/** Sign-up, sign-in and the accounts (SPEC.md section 7). */

/** Signed in: the account, and the session cookie the sign-in set. */
const signedIn = (user: SessionUser | null | undefined, headers: Headers) =>
  ok({ success: true, message: "Signed in", user: userJson(one(user, ACCOUNT_GONE)) }, 200, headers);

export const accountOperations: Operation[] = [
  defineOperation({
    operationId: "signUp",
    method: "POST",
    path: "/api/auth/signup",
    tag: "Accounts",
    summary: "Create an account",
    access: "public",
    body: s.signUpBody,
    responses: { 201: { description: "Account created; sign in next", schema: s.messageResponse } },
    errors: [409, 422, 429],
    async handle({ request, services, body }) {
      await services.accounts.signUp(request, body);
      return done("Signup successful", 201);
    },
  }),
  defineOperation({
    operationId: "signIn",
    method: "POST",
    path: "/api/auth/signin",
    tag: "Accounts",
    summary: "Sign in with username (or e-mail) and password",
    description: 'Sets the session cookie. Later calls send it back (`credentials: "include"`).',
    access: "public",
    body: s.signInBody,
    setsSession: true,
    responses: { 200: { description: "Signed in", schema: s.signInResponse } },
    errors: [401, 429],
    async handle({ request, services, body }) {
      const { accounts } = services;
      const result = await accounts.signIn(request, body);
      const user = body.username.includes("@")
        ? await accounts.findByEmail(body.username)
        : await accounts.findByUsername(body.username);
      return signedIn(user, result.headers);
    },
  }),
  defineOperation({
    operationId: "signInWithGoogle",
    method: "POST",
    path: "/api/auth/google",
    tag: "Accounts",
    summary: "Sign in with a Google ID token",
    description:
      "Send the ID token Google issued to this site's client. Its signature is checked against Google's published keys, with its audience (this site's client id) and expiry; the account is found or created from the verified token. A name and e-mail without a token are refused.",
    access: "public",
    body: s.googleSignInBody,
    setsSession: true,
    responses: { 200: { description: "Signed in", schema: s.signInResponse } },
    errors: [401, 404, 429],
    async handle({ request, services, body }) {
      const result = await services.accounts.signInWithGoogleIdToken(request, body.idToken);
      return signedIn(result.user, result.headers);
    },
  }),
  defineOperation({
    operationId: "signOut",
    method: "POST",
    path: "/api/users/signout",
    tag: "Accounts",
    summary: "Sign out",
    access: "public",
    setsSession: true,
    responses: { 200: message },
    async handle({ request, services }) {
      const result = await services.accounts.signOut(request);
      return done("Signed out", 200, result.headers);
    },
  }),
  defineOperation({
    operationId: "updateUser",
    method: "PUT",
    path: "/api/users/update/{userId}",
    tag: "Accounts",
    summary: "Change an account (only the fields that change)",
    description:
      "Your own account, or any account for an admin. Changing your own e-mail or password needs currentPassword. A new e-mail of your own takes effect once the link mailed to it is clicked (the answer still shows the present one); an admin's change to another account is made at once.",
    access: "self-or-admin",
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
  defineOperation({
    operationId: "deleteUser",
    method: "DELETE",
    path: "/api/users/delete/{userId}",
    tag: "Accounts",
    summary: "Delete an account",
    description: "Your own account (you are signed out), or any account for an admin, except the last admin.",
    access: "self-or-admin",
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
  defineOperation({
    operationId: "listUsers",
    method: "GET",
    path: "/api/users/getusers",
    tag: "Accounts",
    summary: "List users, newest first (5 a page)",
    access: "admin",
    query: z.object(pageQuery),
    responses: { 200: { description: "A page of users", schema: s.usersList } },
    async handle({ services, query }) {
      const [page, total] = await Promise.all([services.accounts.listUsers(query), services.accounts.countUsers()]);
      return ok({ users: page.items.map(userJson), total, hasMore: page.hasMore });
    },
  }),
];
