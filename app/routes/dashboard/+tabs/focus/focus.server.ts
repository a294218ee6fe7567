import { byIntent, runAction, type TabLoadArgs } from "~/dashboard/actions.server";
import { oneOf } from "~/dashboard/loaded-record.server";
import { FOCUS_KEYS } from "~/domain/vocabulary";
import { focusSchema } from "~/lib/forms/site-content";
import { fieldsOf } from "~/lib/read-form.server";
import { services } from "~/runtime.server";

// SPEC.md: the focus form says the same words for a refused form and a failed save.
const FOCUS_FAILURES = { failed: "Error submitting form", invalid: "Error submitting form" };

export async function load({ url }: TabLoadArgs) {
  return (await services()).siteContent.focus(oneOf(url.searchParams.get("page"), FOCUS_KEYS, "homePage"));
}

export const saveFocus = runAction("save-focus", FOCUS_FAILURES, async ({ form, reply, user }) => {
  const focus = focusSchema.parse(fieldsOf(form, ["key", "title", "subtitle", "content"]));
  await (await services()).siteContent.saveFocus(focus, user.id);
  return reply(true, "Form submitted successfully"); // SPEC.md
});

export const actions = byIntent(saveFocus);
