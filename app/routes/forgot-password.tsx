import { data, Form, Link, redirect, useNavigation } from "react-router";

import { useFieldValues, useRequiredFields } from "~/components/forms/AccountFields";
import { Alert } from "~/components/forms/Alert";
import { AuthLayout } from "~/components/forms/AuthLayout";
import { Field, SubmitButton } from "~/components/forms/Field";
import { firstError, forgotPasswordSchema } from "~/lib/forms/accounts";
import { readForm } from "~/lib/read-form.server";
import { NOINDEX } from "~/lib/seo/noindex";
import { pageTitle } from "~/lib/seo/title";
import { services } from "~/runtime.server";
import { ServiceError } from "~/services/errors.server";
import { getUser } from "~/web/session.server";

import type { Route } from "./+types/forgot-password";

export async function loader({ request }: Route.LoaderArgs) {
  if (await getUser(request)) throw redirect("/dashboard?tab=profile");
  return null;
}

/** The same answer whether or not there is such an account; only a flood of asks is refused. */
export async function action({ request }: Route.ActionArgs) {
  const form = await readForm(request);
  const parsed = forgotPasswordSchema.safeParse({ identifier: String(form.get("identifier") ?? "") });
  if (!parsed.success) return data({ error: firstError(parsed.error), sent: null }, { status: 400 });
  try {
    const result = await (await services()).accounts.requestPasswordReset(request, parsed.data.identifier);
    return { error: null, sent: result.message };
  } catch (error) {
    if (!(error instanceof ServiceError)) throw error;
    return data({ error: error.message, sent: null }, { status: error.status, headers: error.headers });
  }
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
  const { values, bind } = useFieldValues({ identifier: "" });
  const { clientError, onSubmit } = useRequiredFields(values, ["identifier"]);
  const busy = navigation.state === "submitting" && navigation.formAction?.startsWith("/forgot-password") === true;
  return (
    <AuthLayout
      title="Forgot your password?"
      intro="Enter your email address or username. We will email you a link to choose a new password."
      error={clientError ?? actionData?.error}
    >
      {actionData?.sent && (
        <div className="mb-6">
          <Alert tone="success">{actionData.sent}</Alert>
        </div>
      )}
      <Form method="post" noValidate className="space-y-5" onSubmit={onSubmit}>
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
