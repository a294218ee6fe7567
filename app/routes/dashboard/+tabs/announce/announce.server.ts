import { announcementSchema } from "~/lib/forms/site-content";
import { fieldsOf } from "~/lib/read-form.server";
import { services } from "~/runtime.server";

import { byIntent, runAction, type TabLoadArgs } from "../../actions.server";

const ANNOUNCEMENT_FAILURES = { failed: "Submission failed" }; // SPEC.md

export async function load(_args: TabLoadArgs) {
  return (await services()).siteContent.announcement();
}

export const saveAnnouncement = runAction("save-announcement", ANNOUNCEMENT_FAILURES, async ({ form, reply, user }) => {
  const announcement = announcementSchema.parse(fieldsOf(form, ["title", "content"]));
  await (await services()).siteContent.saveAnnouncement(announcement, user.id);
  return reply(true, "Announcement updated successfully!"); // SPEC.md
});

export const actions = byIntent(saveAnnouncement);
