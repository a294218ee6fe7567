/** Every JSON API error: `{success: false, statusCode, message}` with that status. */
export function apiError(statusCode: number, message: string) {
  return Response.json(
    { success: false, statusCode, message },
    { status: statusCode, headers: { "Cache-Control": "no-store" } },
  );
}

/** A refusal thrown as a React Router `data()` answer (the server stopping, the database gone: 503) as a JSON error. */
export function thrownRefusal(error: unknown): Response | undefined {
  const thrown = error as { type?: string; init?: { status?: number }; data?: { message?: string } } | null;
  if (thrown?.type === "DataWithResponseInit" && thrown.init?.status)
    return apiError(thrown.init.status, thrown.data?.message ?? "The request was refused.");
  return undefined;
}
