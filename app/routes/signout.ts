import { redirect } from "react-router";

import { services } from "~/runtime.server";

import type { Route } from "./+types/signout";

/** Ends the session on the server and clears its cookie. */
export async function action({ request }: Route.ActionArgs) {
  const result = await (await services()).accounts.signOut(request);
  return redirect("/", { headers: result.headers });
}

export function loader() {
  return redirect("/");
}
