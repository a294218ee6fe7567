import { useState } from "react";
import { data, Form, Link, redirect, useNavigation, useRouteLoaderData } from "react-router";

import { Alert } from "~/components/forms/Alert";
import { AuthLayout, ExternalSignIn } from "~/components/forms/AuthLayout";
import { Field, SubmitButton } from "~/components/forms/Field";
import { FILL_ALL_FIELDS, missingFields } from "~/lib/forms/accounts";
import { pageTitle } from "~/lib/meta";
import { readForm } from "~/lib/read-form.server";
import { safeRedirectPath } from "~/lib/redirect";
import type { RootData } from "~/root";
import { services } from "~/runtime.server";
import { ServiceError } from "~/services/errors.server";
import { getUser } from "~/web/session.server";

import type { Route } from "./+types/signin";

const AFTER_SIGN_IN = "/dashboard?tab=profile";

/** What the page says when an external sign-in comes back with an error. */
function externalError(code: string | null): string | null {
  if (!code) return null;
  if (code === "access_denied") return "Sign-in was cancelled: the provider did not share your account with us.";
  return "Signing in with the external provider failed. Please try again, or sign in with your username.";
}

export async function loader({ request }: Route.LoaderArgs) {
  if (await getUser(request)) throw redirect(AFTER_SIGN_IN);
  const url = new URL(request.url);
  return {
    redirectTo: safeRedirectPath(url.searchParams.get("redirectTo"), AFTER_SIGN_IN),
    externalError: externalError(url.searchParams.get("error")),
    notice: url.searchParams.has("registered")
      ? "Your account has been created. Sign in to continue."
      : url.searchParams.has("setup")
        ? "The admin account has been created. Sign in to continue."
        : null,
  };
}

export async function action({ request }: Route.ActionArgs) {
  const form = await readForm(request);
  const values = {
    username: String(form.get("username") ?? "").trim(),
    password: String(form.get("password") ?? "").trim(),
  };
  if (missingFields(values, ["username", "password"])) {
    return data({ error: FILL_ALL_FIELDS, username: values.username }, { status: 400 });
  }
  try {
    const result = await (await services()).accounts.signIn(request, values);
    return redirect(safeRedirectPath(form.get("redirectTo"), AFTER_SIGN_IN), { headers: result.headers });
  } catch (error) {
    if (!(error instanceof ServiceError)) throw error;
    return data({ error: error.message, username: values.username }, { status: error.status, headers: error.headers });
  }
}

/** A refused attempt's Retry-After goes out with the page that says when to try again. */
export function headers({ actionHeaders }: Route.HeadersArgs) {
  const retryAfter = actionHeaders.get("Retry-After");
  return retryAfter ? { "Retry-After": retryAfter } : new Headers();
}

export function meta({ matches }: Route.MetaArgs) {
  return [{ title: pageTitle(matches, "Sign in") }];
}

export default function SignIn({ loaderData, actionData }: Route.ComponentProps) {
  const providers = useRouteLoaderData<RootData>("root")?.providers ?? [];
  const navigation = useNavigation();
  const [values, setValues] = useState({ username: actionData?.username ?? "", password: "" });
  const [clientError, setClientError] = useState<string | null>(null);
  const busy = navigation.state === "submitting" && navigation.formAction?.startsWith("/signin") === true;
  const error = clientError ?? actionData?.error ?? loaderData.externalError;

  return (
    <AuthLayout title="Welcome back to the Distance Learning CMS" intro="Sign in with your username or email address.">
      {loaderData.notice && (
        <div className="mb-6">
          <Alert tone="success">{loaderData.notice}</Alert>
        </div>
      )}
      <Form
        method="post"
        noValidate
        className="space-y-5"
        onSubmit={(event) => {
          if (missingFields(values, ["username", "password"])) {
            event.preventDefault();
            setClientError(FILL_ALL_FIELDS);
          } else {
            setClientError(null);
          }
        }}
      >
        <input type="hidden" name="redirectTo" value={loaderData.redirectTo} />
        <Field
          label="Username"
          name="username"
          autoComplete="username"
          placeholder="Username or email"
          value={values.username}
          onChange={(e) => setValues({ ...values, username: e.target.value.trim() })}
        />
        <Field
          label="Password"
          name="password"
          type="password"
          autoComplete="current-password"
          placeholder="Password"
          value={values.password}
          onChange={(e) => setValues({ ...values, password: e.target.value.trim() })}
        />
        <SubmitButton busy={busy}>Sign In</SubmitButton>
      </Form>
      <ExternalSignIn providers={providers} />
      <p className="mt-6 text-center text-sm text-slate-600 dark:text-slate-400">
        Don&apos;t have an account?{" "}
        <Link to="/signup" className="font-semibold text-navy-700 underline dark:text-gold-300">
          Sign up
        </Link>
      </p>
      {error && (
        <div className="mt-5">
          <Alert tone="error">{error}</Alert>
        </div>
      )}
    </AuthLayout>
  );
}
