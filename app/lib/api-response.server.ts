/** Every JSON API error: `{success: false, statusCode, message}` with that status. */
export function apiError(statusCode: number, message: string) {
  return Response.json(
    { success: false, statusCode, message },
    { status: statusCode, headers: { "Cache-Control": "no-store" } },
  );
}
