import { Link, redirect, useRouteLoaderData } from "react-router";

import { signInForm } from "~/accounts/forms";
import { PASSWORD_RESET_DONE } from "~/accounts/password-reset.server";
import { secondStepPath } from "~/accounts/two-factor";
import { useFieldValues } from "~/components/forms/AccountFields";
import { AuthForm, OtherWaysIn } from "~/components/forms/AuthLayout";
import { Field } from "~/components/forms/Field";
import { safeRedirectPath } from "~/lib/redirect";
import { privateMeta } from "~/lib/seo/private-meta";
import type { RootData } from "~/root";
import { services } from "~/runtime.server";
import { formAction, retryAfterHeaders } from "~/web/form-action.server";
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
        : url.searchParams.has("reset")
          ? PASSWORD_RESET_DONE
          : null,
  };
}

export async function action({ request }: Route.ActionArgs) {
  const spec = {
    where: "sign-in",
    fields: ["username", "password"],
    echo: { except: ["password"] },
    schema: signInForm,
  };
  return formAction(request, spec, async ({ input, form }) => {
    const result = await (await services()).accounts.signIn(request, input);
    const next = safeRedirectPath(form.get("redirectTo"), AFTER_SIGN_IN);
    // Two factors on: the password was right; the code is asked next (the challenge is in a cookie).
    if (result.twoFactorRequired) return redirect(secondStepPath(next), { headers: result.headers });
    return redirect(next, { headers: result.headers });
  });
}

export const headers = retryAfterHeaders;

export const meta = privateMeta("Sign in");

export default function SignIn({ loaderData, actionData }: Route.ComponentProps) {
  const providers = useRouteLoaderData<RootData>("root")?.providers ?? [];
  const { bind } = useFieldValues({ username: actionData?.values?.username.trim() ?? "", password: "" });

  return (
    <AuthForm
      title="Welcome back to the Distance Learning CMS"
      intro="Sign in with your username or email address."
      notice={loaderData.notice}
      refused={loaderData.externalError}
      schema={signInForm}
      submit="Sign In"
      after={
        <>
          <p className="mt-4 text-center text-sm">
            <Link to="/forgot-password" className="font-semibold text-navy-700 underline dark:text-gold-300">
              Forgot password?
            </Link>
          </p>
          <OtherWaysIn providers={providers} question="Don't have an account?" to="/signup" label="Sign up" />
        </>
      }
    >
      <input type="hidden" name="redirectTo" value={loaderData.redirectTo} />
      <Field label="Username" autoComplete="username" placeholder="Username or email" {...bind("username")} />
      <Field
        label="Password"
        type="password"
        autoComplete="current-password"
        placeholder="Password"
        {...bind("password")}
      />
    </AuthForm>
  );
}
