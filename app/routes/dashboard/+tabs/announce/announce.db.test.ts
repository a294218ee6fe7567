import { expect, it } from "vitest";

import { accepted, answerOf, formPost, setUpDashboardWorld } from "../../../../../tests/support/dashboard-world";
import { load, saveAnnouncement } from "./announce.server";

const world = setUpDashboardWorld();

it("saves the announcement: the journal's call for papers, whose deadline and issue stay as they were", async () => {
  const { journal } = world.services;
  await journal.saveProfile({ ...(await journal.profile()), callDeadline: "2027-06-30" });
  const fields = { title: "Call for papers", content: "<p>Open until June.</p>" };
  const saved = await world.asAdmin(saveAnnouncement, fields);
  expect(saved).toMatchObject(accepted("save-announcement", "Announcement updated successfully!"));
  // One record (decision 040): Journal settings shows what the Announcement tab saved.
  const profile = await journal.profile();
  expect(profile).toMatchObject({ callTitle: "Call for papers", callDeadline: "2027-06-30" });
  expect(profile.callText).toContain("Open until June.");
  expect(await load({} as never)).toEqual({ title: "Call for papers", content: profile.callText });
});

it("a journal manager saves it too", async () => {
  const manager = await world.account("journal-manager");
  const saved = answerOf(await saveAnnouncement(formPost(manager, { title: "Call for reviews", content: "" })));
  expect(saved).toMatchObject(accepted("save-announcement", "Announcement updated successfully!"));
  expect((await world.services.journal.call()).title).toBe("Call for reviews");
});

it("refuses an announcement without a title", async () => {
  const refused = await world.asAdmin(saveAnnouncement, { title: " ", content: "" });
  expect(refused).toMatchObject({ status: 400, body: { ok: false, message: "The announcement title is required" } });
  expect((await world.services.journal.call()).title).toBe("Call for reviews");
});
