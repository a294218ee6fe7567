import { expect, it } from "vitest";

import {
  accepted,
  answerOf,
  formPost,
  PASSWORD,
  setUpDashboardWorld,
} from "../../../../../tests/support/dashboard-world";
import { deleteAccount, updateProfile } from "./profile.server";

const world = setUpDashboardWorld();

it("changes the username", async () => {
  const user = await world.account("user");
  const username = `renamed.${user.username.slice(-6)}`;
  const saved = answerOf(await updateProfile(formPost(user, { username })));
  expect(saved).toMatchObject(accepted("update-profile", "Profile Updated Successfully"));
  expect((await world.storedUser(user.id))?.username).toBe(username);
});

it("refuses a change without changes, and a bad username", async () => {
  const user = await world.account("user");
  expect(answerOf(await updateProfile(formPost(user, { username: user.username })))).toMatchObject({
    status: 400,
    body: { ok: false, message: "No changes made" },
  });
  const refused = answerOf(await updateProfile(formPost(user, { username: "a b" })));
  expect(refused.status).toBe(400);
  expect(refused.body?.errors).toHaveProperty("username");
  expect((await world.storedUser(user.id))?.username).toBe(user.username);
});

it("a new password signs this browser in again and reloads the page", async () => {
  const user = await world.account("user");
  const fields = { password: "another long password", currentPassword: PASSWORD };
  const answer = await updateProfile(formPost(user, fields));
  expect(answerOf(answer)).toMatchObject({ status: 302, location: "/dashboard?tab=profile&updated=1" });
  expect((answer as Response).headers.getSetCookie().length).toBeGreaterThan(0);
});

it("deletes the account and goes home", async () => {
  const user = await world.account("user");
  expect(answerOf(await deleteAccount(formPost(user, {})))).toMatchObject({ status: 302, location: "/" });
  expect(await world.storedUser(user.id)).toBeUndefined();
});
