import { getRuntime } from "~/runtime.server";

const PING_TIMEOUT_MS = 2000;

/** 200 when the database answers, 503 when it does not. */
export async function loader() {
  try {
    const runtime = await getRuntime();
    await Promise.race([
      runtime.database.ping(),
      new Promise((_, reject) => setTimeout(() => reject(new Error("timed out")), PING_TIMEOUT_MS).unref()),
    ]);
    return Response.json(
      { status: "ok", database: runtime.database.kind },
      { headers: { "Cache-Control": "no-store" } },
    );
  } catch {
    return Response.json(
      { status: "unavailable", database: "not answering" },
      { status: 503, headers: { "Cache-Control": "no-store" } },
    );
  }
}
