import { expect, it } from "vitest";

import { accepted, setUpDashboardWorld } from "../../../../../tests/support/dashboard-world";
import { deleteUser, setAdmin } from "./users.server";

const world = setUpDashboardWorld();

it("makes a user an admin and takes it back", async () => {
  const user = await world.account("user");
  const made = await world.asAdmin(setAdmin, { userId: user.id, admin: "true" });
  expect(made).toMatchObject(accepted("set-admin", `${user.username} is now an admin.`));
  expect((await world.storedUser(user.id))?.isAdmin).toBe(true);

  const revoked = await world.asAdmin(setAdmin, { userId: user.id, admin: "false" });
  expect(revoked.body?.message).toBe(`${user.username} is no longer an admin.`);
  expect((await world.storedUser(user.id))?.isAdmin).toBe(false);
});

it("deletes a user, and says so when there is no such user", async () => {
  const user = await world.account("user");
  const deleted = await world.asAdmin(deleteUser, { userId: user.id });
  expect(deleted.body).toMatchObject({ ok: true, message: `${user.username} deleted successfully!` });
  expect(await world.storedUser(user.id)).toBeUndefined();

  const again = await world.asAdmin(deleteUser, { userId: user.id });
  expect(again.status).toBe(404);
  expect(again.body?.ok).toBe(false);
});
