import { redirect } from "react-router";

import { resetPasswordForm } from "~/accounts/forms";
import { RESET_LINK_INVALID } from "~/accounts/password-reset.server";
import { NewPasswordFields, useFieldValues } from "~/components/forms/AccountFields";
import { AuthForm, EndedLink } from "~/components/forms/AuthLayout";
import { privateMeta } from "~/lib/seo/private-meta";
import { services } from "~/runtime.server";
import { formAction } from "~/web/form-action.server";

import type { Route } from "./+types/reset-password";

/** The link's token: shown the form while it is good, told to ask again when it is not. */
export async function loader({ request }: Route.LoaderArgs) {
  const token = new URL(request.url).searchParams.get("token") ?? "";
  const valid = token ? await (await services()).accounts.resetTokenIsValid(token) : false;
  return { token: valid ? token : "", invalid: valid ? null : RESET_LINK_INVALID };
}

export async function action({ request }: Route.ActionArgs) {
  const spec = { where: "reset password", fields: ["token", "password", "confirmPassword"], echo: false as const };
  return formAction(request, { ...spec, schema: resetPasswordForm }, async ({ input }) => {
    await (await services()).accounts.resetPassword(request, input.token, input.password);
    return redirect("/signin?reset=1");
  });
}

export const meta = privateMeta("Choose a new password");

export default function ResetPassword({ loaderData }: Route.ComponentProps) {
  const { bind } = useFieldValues({ password: "", confirmPassword: "" });
  if (!loaderData.token) {
    return (
      <EndedLink
        title="Choose a new password"
        error={loaderData.invalid}
        to="/forgot-password"
        label="Ask for a new link"
      />
    );
  }
  return (
    <AuthForm
      title="Choose a new password"
      intro="After this, you are signed out everywhere else."
      schema={resetPasswordForm}
      submit="Change password"
    >
      <input type="hidden" name="token" value={loaderData.token} />
      <NewPasswordFields bind={bind} labels={{ password: "New password", confirmPassword: "Confirm new password" }} />
    </AuthForm>
  );
}
