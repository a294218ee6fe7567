import { data, redirect } from "react-router";

import type { SessionUser } from "~/accounts/accounts.server";
import { type Area, mayWorkOn, mayWorkOnAny } from "~/domain/roles";
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

export const NOT_ALLOWED =
  "You are signed in, but your role does not include this page. Ask an admin to give you access.";

/** Where an admin goes to turn two factors on when REQUIRE_ADMIN_2FA asks for it (decision 023). */
export const TWO_FACTOR_SETUP_PATH = "/dashboard?tab=profile&twofactor=required#two-factor";

/**
 * Screens and actions of one or more areas (roles.ts): signed out goes to sign in; someone whose
 * roles reach none of them gets 403 (`denied`, or NOT_ALLOWED), except an admin who must first turn
 * two factors on (REQUIRE_ADMIN_2FA), who goes to the profile's two-factor section.
 */
export async function requireRole(
  request: Request,
  areas: Area | readonly Area[],
  denied = NOT_ALLOWED,
): Promise<SessionUser> {
  const user = await requireUser(request);
  const wanted = typeof areas === "string" ? [areas] : areas;
  if (mayWorkOnAny(user.roles, wanted)) return user;
  if (user.adminNeedsTwoFactor) throw redirect(TWO_FACTOR_SETUP_PATH);
  throw data({ message: denied }, { status: 403 });
}

/**
 * Who is reading a public page of an area: those who work on it also see drafts and scheduled
 * items (decision 020); everyone else, the published ones.
 */
export async function audienceOf(request: Request, area: "news" | "journal"): Promise<"admin" | "public"> {
  const user = await getUser(request);
  return user && mayWorkOn(user.roles, area) ? "admin" : "public";
}
