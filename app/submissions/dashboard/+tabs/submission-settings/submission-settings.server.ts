import { byIntent, runAction, type TabLoadArgs } from "~/dashboard/actions.server";
import { services } from "~/runtime.server";
import { settingsFromForm, settingsSchema, settingsToForm } from "~/submissions/settings";
import { SETTINGS_SAVED } from "~/submissions/words";

/** The workflow's settings (issue 34): where authors submit, the review model, reminders, every mail's text. */
export async function load(_args: TabLoadArgs) {
  const { submissions } = await services();
  const [settings, editors] = await Promise.all([submissions.settings(), submissions.deskEditors()]);
  return { form: settingsToForm(settings), editors };
}

const FIELDS = Object.keys(settingsSchema.shape);

export const saveSubmissionSettings = runAction(
  "save-submission-settings",
  { failed: "The settings could not be saved. Please try again." },
  async ({ values, reply, user }) => {
    await (await services()).submissions.saveSettings(user, settingsFromForm(values as Record<string, string>));
    return reply(true, SETTINGS_SAVED);
  },
  { fields: FIELDS, schema: settingsSchema },
);

export const actions = byIntent(saveSubmissionSettings);
