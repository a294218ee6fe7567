import { Form, Link, redirect, useNavigation } from "react-router";

import { forgotPasswordSchema } from "~/accounts/forms";
import { useFieldValues } from "~/components/forms/AccountFields";
import { Alert } from "~/components/forms/Alert";
import { AuthLayout } from "~/components/forms/AuthLayout";
import { Field, SubmitButton } from "~/components/forms/Field";
import { useSchemaCheck } from "~/lib/form-hooks";
import { NOINDEX } from "~/lib/seo/noindex";
import { pageTitle } from "~/lib/seo/title";
import { services } from "~/runtime.server";
import { formAction, formAnswer } from "~/web/form-action.server";
import { getUser } from "~/web/session.server";

import type { Route } from "./+types/forgot-password";

export async function loader({ request }: Route.LoaderArgs) {
  if (await getUser(request)) throw redirect("/dashboard?tab=profile");
  return null;
}

/** The same answer whether or not there is such an account; only a flood of asks is refused. */
export async function action({ request }: Route.ActionArgs) {
  const spec = { where: "forgot password", fields: ["identifier"], schema: forgotPasswordSchema };
  return formAction(request, spec, async ({ input }) => {
    const result = await (await services()).accounts.requestPasswordReset(request, input.identifier);
    return formAnswer(true, result.message);
  });
}

/** A refused attempt's Retry-After goes out with the page that says when to try again. */
export function headers({ actionHeaders }: Route.HeadersArgs) {
  const retryAfter = actionHeaders.get("Retry-After");
  return retryAfter ? { "Retry-After": retryAfter } : new Headers();
}

export function meta({ matches }: Route.MetaArgs) {
  return [{ title: pageTitle(matches, "Forgot password") }, NOINDEX];
}

export default function ForgotPassword({ actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const { bind } = useFieldValues({ identifier: "" });
  const check = useSchemaCheck(forgotPasswordSchema);
  const busy = navigation.state === "submitting" && navigation.formAction?.startsWith("/forgot-password") === true;
  return (
    <AuthLayout
      title="Forgot your password?"
      intro="Enter your email address or username. We will email you a link to choose a new password."
      error={check.message ?? (actionData?.ok === false ? actionData.message : null)}
    >
      {actionData?.ok && (
        <div className="mb-6">
          <Alert tone="success">{actionData.message}</Alert>
        </div>
      )}
      <Form method="post" noValidate className="space-y-5" onSubmit={check.onSubmit}>
        <Field
          label="Email or username"
          autoComplete="username"
          placeholder="name@lakeland.edu"
          {...bind("identifier")}
        />
        <SubmitButton busy={busy}>Send me a link</SubmitButton>
      </Form>
      <p className="mt-6 text-center text-sm text-slate-600 dark:text-slate-400">
        Remembered it?{" "}
        <Link to="/signin" className="font-semibold text-navy-700 underline dark:text-gold-300">
          Sign in
        </Link>
      </p>
    </AuthLayout>
  );
}
