import { Form, Link, redirect, useNavigation } from "react-router";

import { secondStepForm } from "~/accounts/forms";
import { ENTER_CODE, SECOND_STEP_EXPIRED, TWO_FACTOR_MESSAGES } from "~/accounts/two-factor";
import { CodeField } from "~/components/forms/AccountFields";
import { AuthLayout } from "~/components/forms/AuthLayout";
import { SubmitButton } from "~/components/forms/Field";
import { useSchemaCheck } from "~/lib/form-hooks";
import { safeRedirectPath } from "~/lib/redirect";
import { privateMeta } from "~/lib/seo/private-meta";
import { services } from "~/runtime.server";
import { ServiceError } from "~/services/errors.server";
import { formAction, retryAfterHeaders } from "~/web/form-action.server";
import { getUser } from "~/web/session.server";

import type { Route } from "./+types/signin-two-factor";

const AFTER_SIGN_IN = "/dashboard?tab=profile";

/** Refusals after which this step cannot go on: the person signs in again from the start. */
const START_AGAIN = new Set<string>([
  SECOND_STEP_EXPIRED,
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
  const spec = { where: "second step", fields: ["code", "trustDevice"], echo: false as const, schema: secondStepForm };
  return formAction(request, spec, async ({ input, form }) => {
    if (!hasChallenge(request)) throw new ServiceError(SECOND_STEP_EXPIRED, 401);
    const { twoFactor } = await services();
    const result = await twoFactor.verifySignIn(request, { code: input.code, trustDevice: input.trustDevice === "on" });
    return redirect(safeRedirectPath(form.get("redirectTo"), AFTER_SIGN_IN), { headers: result.headers });
  });
}

export const headers = retryAfterHeaders;

export const meta = privateMeta("Two-factor sign-in");

export default function SecondStep({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  const check = useSchemaCheck(secondStepForm);
  const refused = actionData?.ok === false ? actionData.message : null;
  const startAgain = refused ? START_AGAIN.has(refused) : loaderData.expired;
  const signInAgain = `/signin?redirectTo=${encodeURIComponent(loaderData.redirectTo)}`;
  return (
    <AuthLayout
      title="Two-factor sign-in"
      intro={ENTER_CODE}
      error={check.message ?? refused ?? (loaderData.expired ? SECOND_STEP_EXPIRED : null)}
    >
      {startAgain ? (
        <Link
          to={signInAgain}
          className="block w-full rounded-md bg-navy-800 px-5 py-2.5 text-center font-semibold text-white hover:bg-navy-700 dark:bg-gold-500 dark:text-navy-950"
        >
          Sign in again
        </Link>
      ) : (
        <Form method="post" className="space-y-5" onSubmit={check.onSubmit}>
          <input type="hidden" name="redirectTo" value={loaderData.redirectTo} />
          <CodeField label="Code" autoFocus maxLength={20} hint="A backup code works too (each one once)." />
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
