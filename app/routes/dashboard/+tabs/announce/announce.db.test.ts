import { expect, it } from "vitest";

import { accepted, setUpDashboardWorld } from "../../../../../tests/support/dashboard-world";
import { saveAnnouncement } from "./announce.server";

const world = setUpDashboardWorld();

it("saves the announcement", async () => {
  const fields = { title: "Call for papers", content: "<p>Open until June.</p>" };
  const saved = await world.asAdmin(saveAnnouncement, fields);
  expect(saved).toMatchObject(accepted("save-announcement", "Announcement updated successfully!"));
  expect(await world.services.siteContent.announcement()).toMatchObject({ title: "Call for papers" });
  expect((await world.services.siteContent.announcement()).content).toContain("Open until June.");
});

it("refuses an announcement without a title", async () => {
  const refused = await world.asAdmin(saveAnnouncement, { title: " ", content: "" });
  expect(refused).toMatchObject({ status: 400, body: { ok: false, message: "The announcement title is required" } });
  expect((await world.services.siteContent.announcement()).title).toBe("Call for papers");
});
