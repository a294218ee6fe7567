import { redirect } from "react-router";

import { byIntent, runAction, type TabLoadArgs } from "~/dashboard/actions.server";
import { loadedMismatch, oneOf } from "~/dashboard/loaded-record.server";
import { SECTION_LABELS } from "~/domain/record-names";
import { SETTINGS_SECTIONS, type SettingsSection } from "~/domain/vocabulary";
import { settingsSchema } from "~/lib/forms/site-content";
import { fieldsOf } from "~/lib/read-form.server";
import { SETTINGS_FIELDS } from "~/lib/site-content";
import { services } from "~/runtime.server";

const SETTINGS_FAILURES = { failed: "Failed to save" }; // SPEC.md

export async function load({ url }: TabLoadArgs) {
  const section = oneOf(url.searchParams.get("section"), SETTINGS_SECTIONS, "about");
  return { section, fields: await (await services()).siteContent.settings(section).catch(() => null) };
}

// Load without scripts: the pick list is in the form with the fields (see RecordPicker).
export const loadSettings = runAction(
  "load-settings",
  SETTINGS_FAILURES,
  async ({ form }) => {
    const section = oneOf(String(form.get("section") ?? ""), SETTINGS_SECTIONS, "about");
    return redirect(`/dashboard?tab=about&section=${section}`);
  },
  { reads: true },
);

export const saveSettings = runAction("save-settings", SETTINGS_FAILURES, async ({ form, reply, user }) => {
  const section = String(form.get("section") ?? "");
  if (!(SETTINGS_SECTIONS as readonly string[]).includes(section))
    return reply(false, "Choose a section from the list.");
  const chosen = section as SettingsSection;
  const labels = SECTION_LABELS as Record<string, string>;
  const mismatch = loadedMismatch(String(form.get("loaded") ?? ""), chosen, labels, "section");
  if (mismatch) return reply(false, mismatch.message, { status: mismatch.status });
  const fields = settingsSchema(chosen).parse(fieldsOf(form, SETTINGS_FIELDS[chosen]));
  await (await services()).siteContent.saveSettings(chosen, fields as Record<string, string>, user.id);
  return reply(true, "Section updated successfully!"); // SPEC.md
});

export const actions = byIntent(loadSettings, saveSettings);
