import { type Cookie, createCookie } from "react-router";

import { config } from "./config.server";
import { isTheme, type Theme } from "./theme";

let cookie: Cookie | undefined;

/** The visitor's theme choice, kept for a year so the server renders it with no flash. */
function themeCookie(): Cookie {
  cookie ??= createCookie("theme", {
    path: "/",
    sameSite: "lax",
    httpOnly: true,
    secure: config().publicUrl?.startsWith("https:") ?? false,
    maxAge: 60 * 60 * 24 * 365,
  });
  return cookie;
}

/** The visitor's chosen theme, or null when none was chosen: the page then follows the device. */
export async function readTheme(request: Request): Promise<Theme | null> {
  const value = await themeCookie().parse(request.headers.get("Cookie"));
  return isTheme(value) ? value : null;
}

export function writeTheme(theme: Theme): Promise<string> {
  return themeCookie().serialize(theme);
}
