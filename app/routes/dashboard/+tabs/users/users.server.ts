import { EMAIL_RULE } from "~/accounts/forms";
import { INVITATION_DAYS } from "~/accounts/invitations.server";
import { byIntent, runAction, type TabLoadArgs } from "~/dashboard/actions.server";
import { isRole, rolesLabel } from "~/domain/roles";
import { z } from "~/lib/zod";
import { services } from "~/runtime.server";
import { noteActivity } from "~/services/activity.server";
import { pageNumber, USERS_PAGE_SIZE } from "~/services/pagination";

// SPEC.md has no words for an unexpected failure here.
const USERS_FAILURES = { failed: "The change could not be made. Please try again." };

export async function load({ url }: TabLoadArgs) {
  const page = pageNumber(url.searchParams.get("page"));
  const { accounts } = await services();
  const [result, invitations, signUpOpen] = await Promise.all([
    accounts.listUsers({ startIndex: (page - 1) * USERS_PAGE_SIZE }),
    accounts.listInvitations(),
    accounts.signUpIsOpen(),
  ]);
  // `promote`: the "Make admin" confirmation to open on arrival (its link's no-script path).
  return {
    items: result.items,
    hasMore: result.hasMore,
    page,
    promote: url.searchParams.get("promote"),
    invitations,
    invitationDays: INVITATION_DAYS,
    signUpOpen,
  };
}

const CHOOSE_A_ROLE = "Choose at least one role for the invitation.";
const inviteSchema = z.object({ email: z.string().trim().max(254, EMAIL_RULE).email(EMAIL_RULE) });

/** Invites a colleague by e-mail with the roles the form's boxes name (issue 33). */
export const invite = runAction(
  "invite",
  USERS_FAILURES,
  async ({ input, form, user, reply }) => {
    const roles = form.getAll("roles").filter(isRole);
    if (roles.length === 0)
      return reply(false, CHOOSE_A_ROLE, { status: 400, extra: { errors: { roles: CHOOSE_A_ROLE } } });
    const result = await (await services()).accounts.invite(user, { email: input.email, roles });
    noteActivity({ target: { label: input.email }, details: { roles: roles.join(",") } });
    return reply(true, result.message);
  },
  { fields: ["email"], schema: inviteSchema },
);

export const resendInvitation = runAction("resend-invitation", USERS_FAILURES, async ({ form, user, reply }) => {
  const result = await (await services()).accounts.resendInvitation(user, String(form.get("invitationId") ?? ""));
  return reply(true, result.message);
});

export const revokeInvitation = runAction("revoke-invitation", USERS_FAILURES, async ({ form, reply }) => {
  const result = await (await services()).accounts.revokeInvitation(String(form.get("invitationId") ?? ""));
  return reply(true, result.message);
});

/** Open sign-up for readers, on or off. */
export const setSignUp = runAction("set-sign-up", USERS_FAILURES, async ({ form, reply }) => {
  const result = await (await services()).accounts.setSignUpOpen(form.get("open") === "true");
  return reply(true, result.message);
});

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

export const actions = byIntent(
  deleteUser,
  setAdmin,
  setRoles,
  sendResetLink,
  invite,
  resendInvitation,
  revokeInvitation,
  setSignUp,
);
