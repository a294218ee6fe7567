import { data, Form, Link, redirect, useNavigation } from "react-router";

import { AuthLayout } from "~/components/forms/AuthLayout";
import { Field, SubmitButton } from "~/components/forms/Field";
import { ENTER_CODE, SECOND_STEP_EXPIRED, TWO_FACTOR_MESSAGES } from "~/domain/messages/two-factor";
import { readForm } from "~/lib/read-form.server";
import { safeRedirectPath } from "~/lib/redirect";
import { NOINDEX } from "~/lib/seo/noindex";
import { pageTitle } from "~/lib/seo/title";
import { services } from "~/runtime.server";
import { ServiceError } from "~/services/errors.server";
import { getUser } from "~/web/session.server";

import type { Route } from "./+types/signin-two-factor";

const AFTER_SIGN_IN = "/dashboard?tab=profile";

/** Refusals after which this step cannot go on: the person signs in again from the start. */
const START_AGAIN = new Set([
  TWO_FACTOR_MESSAGES.INVALID_TWO_FACTOR_COOKIE,
  TWO_FACTOR_MESSAGES.TOO_MANY_ATTEMPTS_REQUEST_NEW_CODE,
]);

/** The second step's challenge cookie (the library's, under the site's prefix). */
const hasChallenge = (request: Request) =>
  /(?:^|;\s*)(?:__Secure-)?cpscr\.two_factor=/.test(request.headers.get("cookie") ?? "");

export async function loader({ request }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const redirectTo = safeRedirectPath(url.searchParams.get("redirectTo"), AFTER_SIGN_IN);
  if (await getUser(request)) throw redirect(redirectTo);
  return { redirectTo, expired: !hasChallenge(request) };
}

export async function action({ request }: Route.ActionArgs) {
  const form = await readForm(request);
  const next = safeRedirectPath(form.get("redirectTo"), AFTER_SIGN_IN);
  const code = String(form.get("code") ?? "").trim();
  if (!code) return data({ error: ENTER_CODE, startAgain: false }, { status: 400 });
  if (!hasChallenge(request)) return data({ error: SECOND_STEP_EXPIRED, startAgain: true }, { status: 401 });
  try {
    const result = await (
      await services()
    ).twoFactor.verifySignIn(request, {
      code,
      trustDevice: form.get("trustDevice") === "on",
    });
    return redirect(next, { headers: result.headers });
  } catch (error) {
    if (!(error instanceof ServiceError)) throw error;
    return data(
      { error: error.message, startAgain: START_AGAIN.has(error.message) },
      { status: error.status, headers: error.headers },
    );
  }
}

/** A refused attempt's Retry-After goes out with the page that says when to try again. */
export function headers({ actionHeaders }: Route.HeadersArgs) {
  const retryAfter = actionHeaders.get("Retry-After");
  return retryAfter ? { "Retry-After": retryAfter } : new Headers();
}

export function meta({ matches }: Route.MetaArgs) {
  return [{ title: pageTitle(matches, "Two-factor sign-in") }, NOINDEX];
}

export default function SecondStep({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  const startAgain = actionData?.startAgain ?? loaderData.expired;
  const signInAgain = `/signin?redirectTo=${encodeURIComponent(loaderData.redirectTo)}`;
  return (
    <AuthLayout
      title="Two-factor sign-in"
      intro={ENTER_CODE}
      error={actionData?.error ?? (loaderData.expired ? SECOND_STEP_EXPIRED : null)}
    >
      {startAgain ? (
        <Link
          to={signInAgain}
          className="block w-full rounded-md bg-navy-800 px-5 py-2.5 text-center font-semibold text-white hover:bg-navy-700 dark:bg-gold-500 dark:text-navy-950"
        >
          Sign in again
        </Link>
      ) : (
        <Form method="post" className="space-y-5">
          <input type="hidden" name="redirectTo" value={loaderData.redirectTo} />
          <Field
            label="Code"
            name="code"
            autoComplete="one-time-code"
            autoFocus
            required
            maxLength={20}
            placeholder="123456"
            hint="A backup code works too (each one once)."
          />
          <label className="flex items-center gap-2 text-sm text-slate-700 dark:text-slate-300">
            <input type="checkbox" name="trustDevice" className="h-4 w-4" />
            Trust this device for 30 days
          </label>
          <SubmitButton busy={busy}>Verify</SubmitButton>
        </Form>
      )}
      <p className="mt-6 text-center text-sm text-slate-600 dark:text-slate-400">
        Lost your phone and your backup codes? Contact the site’s administrators.
      </p>
    </AuthLayout>
  );
}
