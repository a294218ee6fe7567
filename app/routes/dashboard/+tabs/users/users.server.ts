import { isRole, rolesLabel } from "~/domain/roles";
import { services } from "~/runtime.server";
import { noteActivity } from "~/services/activity.server";
import { pageNumber, USERS_PAGE_SIZE } from "~/services/pagination";

import { byIntent, runAction, type TabLoadArgs } from "../../actions.server";

// SPEC.md has no words for an unexpected failure here.
const USERS_FAILURES = { failed: "The change could not be made. Please try again." };

export async function load({ url }: TabLoadArgs) {
  const page = pageNumber(url.searchParams.get("page"));
  const result = await (await services()).accounts.listUsers({ startIndex: (page - 1) * USERS_PAGE_SIZE });
  // `promote`: the "Make admin" confirmation to open on arrival (its link's no-script path).
  return { items: result.items, hasMore: result.hasMore, page, promote: url.searchParams.get("promote") };
}

export const deleteUser = runAction("delete-user", USERS_FAILURES, async ({ form, reply }) => {
  const removed = await (await services()).accounts.deleteUser(String(form.get("userId") ?? ""));
  // The log names whom, not only an id that no longer exists.
  noteActivity({ target: { label: removed.username } });
  return reply(true, `${removed.username} deleted successfully!`); // SPEC.md
});

export const setAdmin = runAction("set-admin", USERS_FAILURES, async ({ form, reply }) => {
  const makeAdmin = form.get("admin") === "true";
  const changed = await (await services()).accounts.setAdmin(String(form.get("userId") ?? ""), makeAdmin);
  noteActivity({ target: { label: changed.username } });
  return reply(true, makeAdmin ? `${changed.username} is now an admin.` : `${changed.username} is no longer an admin.`);
});

/** Sets the roles besides admin (editor, journal manager) that the form's boxes name; admin stays as it was. */
export const setRoles = runAction("set-roles", USERS_FAILURES, async ({ form, reply }) => {
  const chosen = form.getAll("roles").filter(isRole);
  const changed = await (
    await services()
  ).accounts.setRoles(String(form.get("userId") ?? ""), (held) => [
    ...held.filter((role) => role === "admin"),
    ...chosen.filter((role) => role !== "admin"),
  ]);
  noteActivity({ target: { label: changed.username }, details: { roles: changed.roles.join(",") || "reader" } });
  return reply(true, `${changed.username}'s roles: ${rolesLabel(changed.roles)}.`);
});

/** Mails a colleague a link to choose a new password (they keep their password until they use it). */
export const sendResetLink = runAction("send-reset-link", USERS_FAILURES, async ({ form, user, reply }) => {
  const result = await (await services()).accounts.sendResetLink(user, String(form.get("userId") ?? ""));
  return reply(true, result.message);
});

export const actions = byIntent(deleteUser, setAdmin, setRoles, sendResetLink);
