import { data, redirect } from "react-router";

import { readForm } from "~/lib/read-form.server";
import { safeRedirectPath } from "~/lib/redirect";
import { isTheme } from "~/lib/theme";
import { writeTheme } from "~/lib/theme.server";

import type { Route } from "./+types/theme";

/** Switches the theme. Works as a plain form post (redirects back) and from the toggle's fetcher. */
export async function action({ request }: Route.ActionArgs) {
  // The one form reader: fields counted before the parse, parsed in linear time (decision 032).
  const form = await readForm(request).catch(() => null);
  const theme = form?.get("theme");
  if (!form || !isTheme(theme)) {
    return data({ error: "Choose the light or the dark theme." }, { status: 400 });
  }
  const headers = { "Set-Cookie": await writeTheme(theme) };
  if (form.get("js") === "1") return data({ theme }, { headers });
  return redirect(safeRedirectPath(form.get("redirectTo")), { headers });
}

export async function loader() {
  return redirect("/");
}
