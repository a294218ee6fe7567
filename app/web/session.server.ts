import { data, redirect } from "react-router";

import type { SessionUser } from "~/accounts/accounts.server";
import { services } from "~/runtime.server";

/** One session look-up per request, however many loaders ask. */
const cache = new WeakMap<Request, Promise<SessionUser | null>>();

export async function getUser(request: Request): Promise<SessionUser | null> {
  let user = cache.get(request);
  if (!user) {
    user = services().then((s) => s.accounts.currentUser(request));
    cache.set(request, user);
  }
  return user;
}

/** Where a signed-out visitor goes: the sign-in page, then back here. */
export function signInRedirect(request: Request) {
  const url = new URL(request.url);
  const back = url.pathname + url.search;
  return redirect(`/signin?redirectTo=${encodeURIComponent(back)}`);
}

export async function requireUser(request: Request): Promise<SessionUser> {
  const user = await getUser(request);
  if (!user) throw signInRedirect(request);
  return user;
}

export const NOT_ALLOWED = "You are signed in, but this page is for admins only. Ask an admin to give you access.";

/** Where an admin goes to turn two factors on when REQUIRE_ADMIN_2FA asks for it (decision 023). */
export const TWO_FACTOR_SETUP_PATH = "/dashboard?tab=profile&twofactor=required#two-factor";

/**
 * Admin-only screens and actions: signed out goes to sign in, a non-admin gets 403, and an admin
 * who must first turn two factors on (REQUIRE_ADMIN_2FA) goes to the profile's two-factor section.
 */
export async function requireAdmin(request: Request): Promise<SessionUser> {
  const user = await requireUser(request);
  if (user.adminNeedsTwoFactor) throw redirect(TWO_FACTOR_SETUP_PATH);
  if (!user.isAdmin) throw data({ message: NOT_ALLOWED }, { status: 403 });
  return user;
}

/** Who is reading a public page: admins also see drafts and scheduled items (decision 020). */
export async function audienceOf(request: Request): Promise<"admin" | "public"> {
  return (await getUser(request))?.isAdmin ? "admin" : "public";
}
