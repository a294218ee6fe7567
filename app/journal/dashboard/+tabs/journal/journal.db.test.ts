import { expect, it } from "vitest";

import { boardField } from "~/journal/forms";
import { BOARD_NAME_REQUIRED, ISSN_INVALID, JOURNAL_SETTINGS_SAVED } from "~/journal/messages";

import { accepted, setUpDashboardWorld } from "../../../../../tests/support/dashboard-world";
import { load, saveJournalSettings } from "./journal.server";

const world = setUpDashboardWorld();

const SETTINGS = {
  title: "Journal of Peace and Security Studies",
  abbreviation: "J. Peace Secur. Stud.",
  issnPrint: "2049-3630",
  issnOnline: "0317-8471",
  publisher: "Centre for Peace and Security Studies",
  doiPrefix: "10.5555",
  licence: "CC-BY-NC-4.0",
  focusScope: "<p>Peace, security and conflict resolution in Africa.</p>",
  callTitle: "Call for papers: borders",
  callText: "<p>Send us your work on borders.</p>",
  callDeadline: "2027-03-31",
  callIssueId: "",
  [boardField(0, "name")]: "Ngozi Okafor",
  [boardField(0, "role")]: "Editor-in-Chief",
  [boardField(0, "affiliation")]: "University of Lagos",
  // An empty row between two members is dropped; the order stays.
  [boardField(2, "name")]: "Samuel Mensah",
  [boardField(2, "role")]: "Associate Editor",
};

it("saves the journal's settings, with its ISSNs, licence, board and call for papers", async () => {
  const issue = await world.services.journal.createIssue({
    volume: 3,
    number: 1,
    year: 2027,
    title: "Borders",
    description: "",
    cover: "",
    publishedOn: null,
    status: "forthcoming",
  });
  const saved = await world.asAdmin(saveJournalSettings, {
    ...SETTINGS,
    callIssueId: issue.id,
    issnOnline: "03178471",
  });
  expect(saved).toMatchObject(accepted("save-journal-settings", JOURNAL_SETTINGS_SAVED));
  const profile = await world.services.journal.profile();
  expect(profile).toMatchObject({
    title: SETTINGS.title,
    issnPrint: "2049-3630",
    issnOnline: "0317-8471",
    doiPrefix: "10.5555",
    licence: "CC-BY-NC-4.0",
    callTitle: "Call for papers: borders",
    callDeadline: "2027-03-31",
    callIssueId: issue.id,
    board: [
      { name: "Ngozi Okafor", role: "Editor-in-Chief", affiliation: "University of Lagos" },
      { name: "Samuel Mensah", role: "Associate Editor", affiliation: "" },
    ],
  });
  expect(profile.focusScope).toContain("Peace, security and conflict resolution");
  // The tab shows what was saved, and the forthcoming issue among the calls' choices.
  const shown = await load({} as never);
  expect(shown.profile.board).toHaveLength(2);
  expect(shown.issues.map((i) => i.id)).toContain(issue.id);
});

it("refuses an ISSN whose check digit is wrong, at its field, and keeps what was typed", async () => {
  const refused = await world.asAdmin(saveJournalSettings, { ...SETTINGS, issnPrint: "2049-3631", title: "Changed" });
  expect(refused).toMatchObject({
    status: 400,
    body: { ok: false, message: ISSN_INVALID, errors: { issnPrint: ISSN_INVALID }, values: { issnPrint: "2049-3631" } },
  });
  expect((await world.services.journal.profile()).title).toBe(SETTINGS.title);
});

it("refuses a board member without a name, a bad DOI prefix and an empty title", async () => {
  const refused = await world.asAdmin(saveJournalSettings, {
    ...SETTINGS,
    title: " ",
    doiPrefix: "10.55",
    [boardField(1, "role")]: "Managing Editor",
  });
  expect(refused.status).toBe(400);
  expect(refused.body?.errors).toMatchObject({
    title: "Give the journal's title",
    doiPrefix: expect.stringContaining("Not a valid DOI prefix"),
    [boardField(1, "name")]: BOARD_NAME_REQUIRED,
  });
});
