import type { SessionUser } from "~/accounts/accounts.server";
import { isStaff } from "~/domain/roles";
import { services } from "~/runtime.server";
import {
  type ActivityEntryInput,
  type ActivityScope,
  type ActivityTarget,
  formDetails,
  openActivity,
} from "~/services/activity.server";

/**
 * The screens' side of the activity log: what an admin's screen action is called and what it
 * touched, read from its form, so that a new intent or screen is logged with no code of its own.
 */

/** The log's recorder, found only when an entry is due (a visitor's request never opens it). */
const recorder = async () => (await services()).activity;

/** Field names that name the record an action is about, by what they name. */
const LABEL_FIELDS = ["title", "name", "username", "section", "role", "key", "volume"];

/**
 * What a form is about: the first `id`-like field (`postId`, `userId`, `ids` for a bulk action, `id`
 * with the intent's noun), and a label from its title or name.
 */
export function targetOfForm(intent: string, form: FormData, fallbackKind?: string): ActivityTarget {
  const noun = intent.split("-").slice(1).join("-") || fallbackKind || null;
  let kind: string | null = null;
  let id: string | null = null;
  for (const [key, value] of form.entries()) {
    if (typeof value !== "string" || !value) continue;
    if (key === "id") [kind, id] = [String(form.get("kind") ?? "") || noun, value];
    else if (/^[a-z]+Id$/.test(key) && key !== "draftId") [kind, id] = [key.slice(0, -2), value];
    else if (key === "ids") [kind, id] = [noun, form.getAll("ids").join(",")];
    if (id) break;
  }
  const labelField = LABEL_FIELDS.find((name) => typeof form.get(name) === "string" && form.get(name));
  return { kind: kind ?? noun, id, label: labelField ? String(form.get(labelField)) : null };
}

export function actorOf(user: SessionUser) {
  return { id: user.id, name: user.username };
}

/**
 * Opens the log's entry of an admin's operation at its edge (see `openActivity`); anyone else's is
 * not logged: the log is of admins' writes; failed sign-ins are logged by the auth library's hook.
 */
export function openAdminActivity(
  request: Request,
  user: SessionUser | null | undefined,
  entry: Partial<ActivityEntryInput> & { action: string },
): ActivityScope | null {
  // Staff of every role are logged (issue 33): the log is of the site's keepers' writes.
  return user && isStaff(user.roles) ? openActivity(recorder, request, { actor: actorOf(user), ...entry }) : null;
}

/** A dashboard intent's entry: `<tab>.<intent>`, its target read from the form, the form's fields as details. */
export function dashboardEntry(tab: string, intent: string, form: FormData) {
  return {
    action: `${tab}.${intent}`,
    target: targetOfForm(intent, form, tab),
    details: { fields: formDetails(form) },
  };
}

/** Any operation, admin or not, that must be logged (the first admin at /setup). */
export function openAnyActivity(request: Request | null, entry: ActivityEntryInput): ActivityScope {
  return openActivity(recorder, request, entry);
}
