import { createCookie } from "react-router";
import { isTheme, type Theme } from "./theme";

/** The visitor's theme choice, kept for a year so the server renders it with no flash. */
const themeCookie = createCookie("theme", {
  path: "/",
  sameSite: "lax",
  httpOnly: true,
  maxAge: 60 * 60 * 24 * 365,
});

export async function readTheme(request: Request): Promise<Theme> {
  const value = await themeCookie.parse(request.headers.get("Cookie"));
  return isTheme(value) ? value : "light";
}

export function writeTheme(theme: Theme): Promise<string> {
  return themeCookie.serialize(theme);
}
