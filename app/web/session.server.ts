import { data, redirect } from "react-router";

import { services } from "~/runtime.server";
import type { SessionUser } from "~/services/accounts.server";

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

/** Admin-only screens and actions: signed out goes to sign in, a non-admin gets 403. */
export async function requireAdmin(request: Request): Promise<SessionUser> {
  const user = await requireUser(request);
  if (!user.isAdmin) throw data({ message: NOT_ALLOWED }, { status: 403 });
  return user;
}

/** Who is reading a public page: admins also see drafts and scheduled items (decision 020). */
export async function audienceOf(request: Request): Promise<"admin" | "public"> {
  return (await getUser(request))?.isAdmin ? "admin" : "public";
}
