import { expect, it } from "vitest";

import { accepted, setUpDashboardWorld } from "../../../../../tests/support/dashboard-world";
import { saveFocus } from "./focus.server";

const world = setUpDashboardWorld();

it("saves a page's focus text", async () => {
  const shown = { title: "Journal Articles", subtitle: "Read our research" };
  const saved = await world.asAdmin(saveFocus, { key: "focusPage", ...shown, content: "<p>New issue</p>" });
  expect(saved).toMatchObject(accepted("save-focus", "Form submitted successfully"));
  expect(await world.services.siteContent.focus("focusPage")).toMatchObject(shown);
});

it("answers SPEC.md's words for a refused form", async () => {
  const refused = await world.asAdmin(saveFocus, { key: "nowhere", title: "", subtitle: "", content: "" });
  expect(refused).toMatchObject({ status: 400, body: { ok: false, message: "Error submitting form" } });
});
