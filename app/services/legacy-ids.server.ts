import { and, eq, ne } from "drizzle-orm";

import type { Database } from "~/db/client.server";
import { legacyIds } from "~/db/schema";

import { type Effects, effectTable } from "./content-changes.server";

const OBJECT_ID = /^[0-9a-f]{24}$/i;

/** True for a MongoDB ObjectId's 24 hex digits: an id of the earlier system (decision 028). */
export function isObjectId(value: string | undefined | null): value is string {
  return typeof value === "string" && OBJECT_ID.test(value);
}

/**
 * The earlier system's ids of imported records (`npm run import`): an address or API call that
 * names a record by its old ObjectId reaches the record it became.
 */
export function legacyIdsService(db: Database) {
  return {
    /** The new id of an old ObjectId, or the value itself when it is not one or was not imported. */
    async resolve(value: string): Promise<string> {
      if (!isObjectId(value)) return value;
      const [row] = await db
        .select({ newId: legacyIds.newId })
        .from(legacyIds)
        .where(and(eq(legacyIds.oldId, value.toLowerCase()), ne(legacyIds.collection, "media")))
        .limit(1);
      return row?.newId ?? value;
    },
  };
}

export type LegacyIdsService = ReturnType<typeof legacyIdsService>;

export const legacyIdsEffects = effectTable({ read: ["resolve"], write: [] }) satisfies Effects<LegacyIdsService>;
