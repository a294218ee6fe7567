import { redirect } from "react-router";

import { profileSchema } from "~/accounts/forms";
import { PROFILE_UPDATED } from "~/accounts/forms";
import { isPlaceholderAddress } from "~/accounts/users.server";
import { byIntent, runAction, type TabLoadArgs } from "~/dashboard/actions.server";
import { services } from "~/runtime.server";

import { loadSecurity, securityActions } from "./security.server";

// SPEC.md has no words for an unexpected failure here.
const PROFILE_FAILURES = { failed: "Your profile could not be saved. Please try again." };

/** The address's confirmation (EmailStatus.tsx), the second factor and the signed-in devices. */
export async function load(args: TabLoadArgs) {
  const [security, status] = await Promise.all([
    loadSecurity(args),
    (await services()).accounts.emailStatus(args.user.id),
  ]);
  return { ...security, emailStatus: { ...status, placeholder: isPlaceholderAddress(args.user.email) } };
}

/** Only the fields the person changed are sent: an empty field means "keep it". */
function profileInput(form: FormData) {
  const text = (name: string) => String(form.get(name) ?? "");
  return {
    username: text("username").trim() || undefined,
    email: text("email").trim() || undefined,
    password: text("password") || undefined,
    currentPassword: text("currentPassword") || undefined,
    image: text("profilePhoto") || undefined,
  };
}

export const updateProfile = runAction("update-profile", PROFILE_FAILURES, async ({ request, form, user, reply }) => {
  const input = profileSchema.parse(profileInput(form));
  const result = await (await services()).accounts.updateProfile(request, user, input);
  // A new password ends every session and starts a new one for this browser: the page is then
  // loaded again with the new cookie (rendering it now, with the old one, would sign out).
  if (result.headers?.has("set-cookie")) {
    return redirect("/dashboard?tab=profile&updated=1", { headers: result.headers });
  }
  return reply(true, result.message ?? PROFILE_UPDATED, { headers: result.headers });
});

export const deleteAccount = runAction("delete-account", PROFILE_FAILURES, async ({ request, user }) => {
  const result = await (await services()).accounts.deleteOwnAccount(request, user);
  return redirect("/", { headers: result.headers });
});

/** The link that confirms the address (or the new one waiting) is sent again. */
export const resendConfirmation = runAction("resend-confirmation", PROFILE_FAILURES, async ({ user, reply }) => {
  const result = await (await services()).accounts.resendConfirmation(user);
  return reply(true, result.message);
});

/** The new address waiting for its link is dropped; the account keeps its present one. */
export const cancelEmailChange = runAction("cancel-email-change", PROFILE_FAILURES, async ({ user, reply }) => {
  const result = await (await services()).accounts.cancelEmailChange(user);
  return reply(true, result.message);
});

export const actions = byIntent(
  updateProfile,
  deleteAccount,
  resendConfirmation,
  cancelEmailChange,
  ...securityActions,
);
