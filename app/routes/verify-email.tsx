import { Link } from "react-router";

import { Alert } from "~/components/forms/Alert";
import { AuthLayout } from "~/components/forms/AuthLayout";
import { privateMeta } from "~/lib/seo/private-meta";
import { services } from "~/runtime.server";
import { refusalMessage } from "~/web/form-action.server";
import { getUser } from "~/web/session.server";

import type { Route } from "./+types/verify-email";

/**
 * Where the account mails' links land: a new account's address confirmed, a new address taking
 * effect, or a sign-up made. Each link works once.
 */
export async function loader({ request }: Route.LoaderArgs) {
  const token = new URL(request.url).searchParams.get("token") ?? "";
  const { accounts } = await services();
  const result = await accounts.followMailLink(token).catch((error: unknown) => ({
    ok: false as const,
    message: refusalMessage(error, "mail link"),
    signIn: false,
  }));
  const signedIn = Boolean(await getUser(request));
  return { ...result, signedIn };
}

export const meta = privateMeta("Confirm your email address");

export default function VerifyEmail({ loaderData }: Route.ComponentProps) {
  const { ok, message, signedIn } = loaderData;
  return (
    <AuthLayout title={ok ? "Email address confirmed" : "This link does not work"}>
      <Alert tone={ok ? "success" : "error"}>{message}</Alert>
      <p className="mt-6 text-center text-sm">
        <Link
          to={signedIn ? "/dashboard?tab=profile" : "/signin"}
          className="font-semibold text-navy-700 underline dark:text-gold-300"
        >
          {signedIn ? "Go to your profile" : "Sign in"}
        </Link>
      </p>
    </AuthLayout>
  );
}
