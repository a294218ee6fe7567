import { randomBytes } from "node:crypto";

import { eq } from "drizzle-orm";

import type { Database } from "~/db/client.server";
import { appSecrets } from "~/db/schema";

/**
 * The session-signing secret: AUTH_SECRET when set, otherwise one generated on first start and
 * kept in the database, so every server sharing the database uses the same one.
 */
export async function authSecret(db: Database, configured: string | undefined): Promise<string> {
  if (configured) return configured;
  await db
    .insert(appSecrets)
    .values({ name: "auth", value: randomBytes(32).toString("base64url") })
    .onConflictDoNothing();
  const [row] = await db.select().from(appSecrets).where(eq(appSecrets.name, "auth"));
  return row.value;
}
