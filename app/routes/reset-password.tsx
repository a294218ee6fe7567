import { data, Form, Link, redirect, useNavigation } from "react-router";

import { useFieldValues, useRequiredFields } from "~/components/forms/AccountFields";
import { AuthLayout } from "~/components/forms/AuthLayout";
import { Field, SubmitButton } from "~/components/forms/Field";
import { RESET_LINK_INVALID } from "~/domain/messages/accounts";
import { firstError, resetPasswordSchema } from "~/lib/forms/accounts";
import { readForm } from "~/lib/read-form.server";
import { NOINDEX } from "~/lib/seo/noindex";
import { pageTitle } from "~/lib/seo/title";
import { services } from "~/runtime.server";
import { ServiceError } from "~/services/errors.server";

import type { Route } from "./+types/reset-password";

/** The link's token: shown the form while it is good, told to ask again when it is not. */
export async function loader({ request }: Route.LoaderArgs) {
  const token = new URL(request.url).searchParams.get("token") ?? "";
  const valid = token ? await (await services()).accounts.resetTokenIsValid(token) : false;
  return { token: valid ? token : "", invalid: valid ? null : RESET_LINK_INVALID };
}

export async function action({ request }: Route.ActionArgs) {
  const form = await readForm(request);
  const parsed = resetPasswordSchema.safeParse({
    token: String(form.get("token") ?? ""),
    password: String(form.get("password") ?? ""),
    confirmPassword: String(form.get("confirmPassword") ?? ""),
  });
  if (!parsed.success) return data({ error: firstError(parsed.error) }, { status: 400 });
  try {
    await (await services()).accounts.resetPassword(request, parsed.data.token, parsed.data.password);
  } catch (error) {
    if (!(error instanceof ServiceError)) throw error;
    return data({ error: error.message }, { status: error.status, headers: error.headers });
  }
  return redirect("/signin?reset=1");
}

export function meta({ matches }: Route.MetaArgs) {
  return [{ title: pageTitle(matches, "Choose a new password") }, NOINDEX];
}

export default function ResetPassword({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const { values, bind } = useFieldValues({ password: "", confirmPassword: "" });
  const { clientError, onSubmit } = useRequiredFields(values, ["password", "confirmPassword"]);
  const busy = navigation.state === "submitting" && navigation.formAction?.startsWith("/reset-password") === true;
  if (!loaderData.token) {
    return (
      <AuthLayout title="Choose a new password" error={loaderData.invalid}>
        <p className="text-center text-sm">
          <Link to="/forgot-password" className="font-semibold text-navy-700 underline dark:text-gold-300">
            Ask for a new link
          </Link>
        </p>
      </AuthLayout>
    );
  }
  return (
    <AuthLayout
      title="Choose a new password"
      intro="After this, you are signed out everywhere else."
      error={clientError ?? actionData?.error}
    >
      <Form method="post" noValidate className="space-y-5" onSubmit={onSubmit}>
        <input type="hidden" name="token" value={loaderData.token} />
        <Field
          label="New password"
          type="password"
          autoComplete="new-password"
          hint="At least 8 characters."
          {...bind("password")}
        />
        <Field label="Confirm new password" type="password" autoComplete="new-password" {...bind("confirmPassword")} />
        <SubmitButton busy={busy}>Change password</SubmitButton>
      </Form>
    </AuthLayout>
  );
}
