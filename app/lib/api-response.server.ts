/** Every JSON API error: `{success: false, statusCode, message}` with that status. */
export function apiError(statusCode: number, message: string, extraHeaders?: Headers) {
  const headers = new Headers(extraHeaders);
  headers.set("Cache-Control", "no-store");
  return Response.json({ success: false, statusCode, message }, { status: statusCode, headers });
}
