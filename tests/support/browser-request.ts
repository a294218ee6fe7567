import { randomBytes } from "node:crypto";

/** A client address of its own, for the proxy header (sign-in and upload limits count by address). */
export const newAddress = () => `10.${randomBytes(3).join(".")}`;

export type BrowserRequestOptions = {
  cookie?: string;
  form?: Record<string, string>;
  json?: unknown;
  body?: Uint8Array;
  headers?: Record<string, string>;
  /** The client's address; a new one for each request when not given. */
  from?: string;
};

/**
 * A request as a browser on the site sends it: the site's own origin, a form or JSON body, and
 * (behind a trusted proxy) an address of its own unless `from` is given. Redirects are not followed.
 */
export async function browserRequest(
  siteUrl: string,
  method: string,
  pathname: string,
  options: BrowserRequestOptions = {},
) {
  const headers: Record<string, string> = {
    origin: siteUrl,
    "sec-fetch-site": "same-origin",
    "x-forwarded-for": options.from ?? newAddress(),
    ...options.headers,
  };
  if (options.cookie) headers.cookie = options.cookie;
  let body: BodyInit | undefined;
  if (options.form) {
    body = new URLSearchParams(options.form);
    headers["content-type"] = "application/x-www-form-urlencoded";
  } else if (options.json !== undefined) {
    body = JSON.stringify(options.json);
    headers["content-type"] = "application/json";
  } else if (options.body) {
    body = options.body as BodyInit;
  }
  const response = await fetch(`${siteUrl}${pathname}`, { method, headers, body, redirect: "manual" });
  return { response, text: await response.text() };
}
