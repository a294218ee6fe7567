import { expect, it } from "vitest";

import { accepted, setUpDashboardWorld } from "../../../../../tests/support/dashboard-world";
import { loadStaff, saveStaff } from "./staff.server";

const world = setUpDashboardWorld();

it("saves the loaded role's record", async () => {
  const photo = await world.uploadedImage();
  const record = {
    name: "Ada Scholar",
    post: "Director",
    email: "ada@example.edu",
    description: "Leads the centre.",
    photo,
  };
  const saved = await world.asAdmin(saveStaff, { role: "director", loaded: "director", ...record });
  expect(saved).toMatchObject(accepted("save-staff", "Staff updated successfully!"));
  const stored = (await world.services.siteContent.staff()).find((r) => r.role === "director");
  expect(stored).toMatchObject(record);

  const crossed = await world.asAdmin(saveStaff, { role: "vc", loaded: "director", ...record });
  expect(crossed.status).toBe(409);
  expect((await world.services.siteContent.staff()).find((r) => r.role === "vc")?.name).not.toBe("Ada Scholar");
});

it("refuses an invalid email with a field error", async () => {
  const fields = { role: "director", loaded: "director", name: "A", post: "B", description: "C", photo: "" };
  const refused = await world.asAdmin(saveStaff, { ...fields, email: "not-an-email" });
  expect(refused.status).toBe(400);
  expect(refused.body?.errors).toMatchObject({ email: "Enter a valid email address" });
});

it("loads the chosen role without scripts", async () => {
  expect(await world.asAdmin(loadStaff, { role: "nobody" })).toMatchObject({
    status: 302,
    location: "/dashboard?tab=staff&role=vc",
  });
});
