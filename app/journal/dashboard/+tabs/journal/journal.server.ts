import { byIntent, runAction, type TabLoadArgs } from "~/dashboard/actions.server";
import { boardField, journalProfileFromForm, journalProfileSchema, MAX_BOARD } from "~/journal/forms";
import { JOURNAL_SETTINGS_SAVED } from "~/journal/messages";
import { services } from "~/runtime.server";

const JOURNAL_FAILURES = { failed: "The journal settings could not be saved. Please try again." };

export const PROFILE_FIELDS = [
  "title",
  "abbreviation",
  "issnPrint",
  "issnOnline",
  "publisher",
  "doiPrefix",
  "licence",
  "focusScope",
  "callTitle",
  "callText",
  "callDeadline",
  "callIssueId",
  ...Array.from({ length: MAX_BOARD }, (_, i) => [
    boardField(i, "name"),
    boardField(i, "role"),
    boardField(i, "affiliation"),
  ]).flat(),
];

export async function load(_args: TabLoadArgs) {
  const { journal } = await services();
  const [profile, issues] = await Promise.all([journal.profile(), journal.issues({ includeForthcoming: true })]);
  return {
    profile,
    issues: issues.map(({ id, volume, number, year, title, status }) => ({ id, volume, number, year, title, status })),
  };
}

export const saveJournalSettings = runAction(
  "save-journal-settings",
  JOURNAL_FAILURES,
  async ({ values, reply, user }) => {
    await (await services()).journal.saveProfile(journalProfileFromForm(values), user.id);
    return reply(true, JOURNAL_SETTINGS_SAVED);
  },
  // The form comes back as typed, each problem at its field (a page drawn anew has no other copy).
  { fields: PROFILE_FIELDS, schema: journalProfileSchema },
);

export const actions = byIntent(saveJournalSettings);
