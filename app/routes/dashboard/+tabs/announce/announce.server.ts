import { byIntent, runAction, type TabLoadArgs } from "~/dashboard/actions.server";
import { announcementSchema } from "~/lib/forms/site-content";
import { fieldsOf } from "~/lib/read-form.server";
import { services } from "~/runtime.server";

const ANNOUNCEMENT_FAILURES = { failed: "Submission failed" }; // SPEC.md

/** The journal's call for papers (decision 040): its title and text, which Journal settings edits too. */
export async function load(_args: TabLoadArgs) {
  return (await services()).journal.call();
}

export const saveAnnouncement = runAction("save-announcement", ANNOUNCEMENT_FAILURES, async ({ form, reply, user }) => {
  const announcement = announcementSchema.parse(fieldsOf(form, ["title", "content"]));
  await (await services()).journal.saveCall(announcement, user.id);
  return reply(true, "Announcement updated successfully!"); // SPEC.md
});

export const actions = byIntent(saveAnnouncement);
