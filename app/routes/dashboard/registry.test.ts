import { expect, it } from "vitest";

import { DASHBOARD_TABS } from "~/dashboard/registry";

import { actionFor, TAB_SERVERS } from "./registry.server";
import { TAB_VIEWS } from "./views";

it("finds a server module and a screen for every tab in the registry, by folder", () => {
  for (const { id } of DASHBOARD_TABS) {
    expect(typeof TAB_SERVERS[id].load, id).toBe("function");
    expect(typeof TAB_VIEWS[id], id).toBe("function");
  }
  expect(TAB_VIEWS.about.name).toBe("SettingsTab");
  // A feature's tabs are found in its own folder (app/journal/dashboard/+tabs/).
  expect(TAB_VIEWS.journal.name).toBe("JournalSettingsTab");
  expect(typeof TAB_SERVERS.issues.actions["publish-issue"]).toBe("function");
  expect(TAB_SERVERS.course.deniedMessage).toBe("Access denied. Admin privileges required.");
});

it("gives each intent to one tab, so a form's intent alone chooses its action", () => {
  const intents = Object.values(TAB_SERVERS).flatMap((tab) => Object.keys(tab.actions));
  expect(new Set(intents).size).toBe(intents.length);
  expect(actionFor("delete-post")).toMatchObject({ areas: ["news"] });
  expect(actionFor("update-profile")).toMatchObject({ areas: [] });
  expect(actionFor("no-such-intent")).toBeNull();
});
