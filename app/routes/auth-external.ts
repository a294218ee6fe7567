import { data, redirect } from "react-router";

import { readForm } from "~/lib/read-form.server";
import { safeRedirectPath } from "~/lib/redirect";
import { services } from "~/runtime.server";
import { ServiceError } from "~/services/errors.server";

import type { Route } from "./+types/auth-external";

/** "Continue with Google" (or the configured OIDC provider): off to the provider's sign-in page. */
export async function action({ request }: Route.ActionArgs) {
  const form = await readForm(request);
  const provider = String(form.get("provider") ?? "");
  const { accounts } = await services();
  if (!accounts.providers.some((p) => p.id === provider)) {
    return data({ message: "That sign-in provider is not available." }, { status: 400 });
  }
  try {
    // Back to where the sign-in was asked for (an invitation's page), a path on this site only.
    const callbackURL = safeRedirectPath(form.get("redirectTo"), "/");
    const result = await accounts.startExternal(request, provider, { callbackURL, errorCallbackURL: "/signin" });
    if (!result.url) return redirect("/signin?error=unavailable");
    return redirect(result.url, { headers: result.headers });
  } catch (error) {
    if (!(error instanceof ServiceError)) throw error;
    return redirect(`/signin?error=${error.status === 429 ? "rate_limited" : "failed"}`);
  }
}

export function loader() {
  return redirect("/signin");
}
