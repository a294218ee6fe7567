import { expect, it } from "vitest";

import { accepted, setUpDashboardWorld } from "../../../../../tests/support/dashboard-world";
import { loadSettings, saveSettings } from "./about.server";

const world = setUpDashboardWorld();

it("saves the loaded section", async () => {
  const shown = { title: "News", subtitle: "From the centre" };
  const saved = await world.asAdmin(saveSettings, { section: "blog", loaded: "blog", ...shown });
  expect(saved).toMatchObject(accepted("save-settings", "Section updated successfully!"));
  expect(await world.services.siteContent.settings("blog")).toMatchObject(shown);
});

it("refuses a missing field, and another section's fields, saving nothing", async () => {
  const empty = await world.asAdmin(saveSettings, { section: "blog", loaded: "blog", title: "", subtitle: "x" });
  expect(empty).toMatchObject({
    status: 400,
    body: { ok: false, message: "Please fill all fields", errors: { title: "Please fill all fields" } },
  });

  const crossed = { section: "calltoaction", loaded: "blog", title: "Wrong", subtitle: "Wrong" };
  const mismatch = await world.asAdmin(saveSettings, crossed);
  expect(mismatch.status).toBe(409);
  expect(mismatch.body?.message).toMatch(/^Nothing was saved/);
  expect(await world.services.siteContent.settings("blog")).toMatchObject({ title: "News" });
  expect((await world.services.siteContent.settings("calltoaction")).title).not.toBe("Wrong");
});

it("loads the chosen section without scripts", async () => {
  const loaded = await world.asAdmin(loadSettings, { section: "programmes" });
  expect(loaded).toMatchObject({ status: 302, location: "/dashboard?tab=about&section=programmes" });
});
