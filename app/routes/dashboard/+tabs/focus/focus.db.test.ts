import { expect, it } from "vitest";

import { answerOf, formPost, setUpDashboardWorld } from "../../test-world.server";
import { saveFocus } from "./focus.server";

const world = setUpDashboardWorld();

it("saves a page's focus text", async () => {
  const fields = {
    key: "focusPage",
    title: "Journal Articles",
    subtitle: "Read our research",
    content: "<p>New issue</p>",
  };
  const saved = answerOf(await saveFocus(formPost(world.admin, fields)));
  expect(saved).toMatchObject({
    status: 200,
    body: { intent: "save-focus", ok: true, message: "Form submitted successfully" },
  });
  expect(await world.services.siteContent.focus("focusPage")).toMatchObject({
    title: "Journal Articles",
    subtitle: "Read our research",
  });
});

it("answers SPEC.md's words for a refused form", async () => {
  const refused = answerOf(
    await saveFocus(formPost(world.admin, { key: "nowhere", title: "", subtitle: "", content: "" })),
  );
  expect(refused).toMatchObject({ status: 400, body: { ok: false, message: "Error submitting form" } });
});
