import { createHash, randomBytes } from "node:crypto";

import { and, desc, eq, isNull } from "drizzle-orm";

import type { Database } from "~/db/client.server";
import { counterApiKeys, users } from "~/db/schema";
import { isUuid } from "~/lib/text";
import { type Effects, effectTable } from "~/services/content-changes.server";
import { ConflictError, InvalidError, NotFoundError } from "~/services/errors.server";

import { WORLD_CUSTOMER_ID } from "./vocabulary";

/**
 * The COUNTER API's keys (issue 35): an admin issues one to an institution or a harvester, which
 * sees it once; only its SHA-256 is kept (a key is 256 random bits: nothing to guess, so a fast
 * hash is enough, and the lookup is by the hash's unique index). A key answers for one customer_id.
 */

/** A customer_id as harvesters type it: letters, digits and . _ - (COUNTER sets no format). */
export const CUSTOMER_ID_PATTERN = /^[A-Za-z0-9._-]{2,64}$/;

export type CounterKey = {
  id: string;
  customerId: string;
  name: string;
  createdBy: string | null;
  createdAt: Date;
  lastUsedAt: Date | null;
  revokedAt: Date | null;
};

export type KeyHolder = { id: string; customerId: string; name: string };

export function hashOfKey(key: string): string {
  return createHash("sha256").update(key, "utf8").digest("hex");
}

function newKey(): string {
  return `counter_${randomBytes(32).toString("base64url")}`;
}

function newCustomerId(): string {
  return randomBytes(6).toString("hex");
}

export function counterKeys(db: Database) {
  return {
    /** Every key, the ones in use first, with who issued it. */
    async list(): Promise<CounterKey[]> {
      const rows = await db
        .select({
          id: counterApiKeys.id,
          customerId: counterApiKeys.customerId,
          name: counterApiKeys.name,
          createdBy: users.name,
          createdAt: counterApiKeys.createdAt,
          lastUsedAt: counterApiKeys.lastUsedAt,
          revokedAt: counterApiKeys.revokedAt,
        })
        .from(counterApiKeys)
        .leftJoin(users, eq(users.id, counterApiKeys.createdBy))
        .orderBy(desc(counterApiKeys.createdAt));
      return rows.sort((a, b) => Number(a.revokedAt !== null) - Number(b.revokedAt !== null));
    },

    /**
     * Issues a key for a customer (a new customer_id when none is given) and returns it: the only
     * time it is shown. A customer whose key was revoked gets a new one in the same row (the table
     * holds one row per customer_id); one whose key is in use must have it revoked first.
     */
    async issue(input: { name: string; customerId?: string; createdBy: string | null }) {
      const name = input.name.trim();
      if (name.length < 2 || name.length > 200)
        throw new InvalidError("Name the holder in 2 to 200 characters.", "name");
      const customerId = input.customerId?.trim() || newCustomerId();
      if (!CUSTOMER_ID_PATTERN.test(customerId)) {
        throw new InvalidError("A customer ID is 2 to 64 letters, digits, dots, dashes or underscores.", "customerId");
      }
      if (customerId === WORLD_CUSTOMER_ID) {
        throw new InvalidError("0000000000000000 is COUNTER's \u201cThe World\u201d, open to every key.", "customerId");
      }
      const key = newKey();
      const keyHash = hashOfKey(key);
      const [existing] = await db.select().from(counterApiKeys).where(eq(counterApiKeys.customerId, customerId));
      if (existing && existing.revokedAt === null) {
        throw new ConflictError(`Customer ${customerId} has a key in use: revoke it first.`, "customerId");
      }
      const [row] = existing
        ? await db
            .update(counterApiKeys)
            .set({
              name,
              keyHash,
              createdBy: input.createdBy,
              createdAt: new Date(),
              lastUsedAt: null,
              revokedAt: null,
            })
            .where(and(eq(counterApiKeys.id, existing.id), eq(counterApiKeys.keyHash, existing.keyHash)))
            .returning({ id: counterApiKeys.id })
        : await db
            .insert(counterApiKeys)
            .values({ name, customerId, keyHash, createdBy: input.createdBy })
            .onConflictDoNothing()
            .returning({ id: counterApiKeys.id });
      if (!row) throw new ConflictError(`Customer ${customerId} was given a key meanwhile.`, "customerId");
      return { id: row.id, customerId, name, key };
    },

    /** Revokes a key: the next request with it is refused. */
    async revoke(id: string) {
      if (!isUuid(id)) throw new NotFoundError("No key in use has that id.");
      const [row] = await db
        .update(counterApiKeys)
        .set({ revokedAt: new Date() })
        .where(and(eq(counterApiKeys.id, id), isNull(counterApiKeys.revokedAt)))
        .returning({ id: counterApiKeys.id, customerId: counterApiKeys.customerId });
      if (!row) throw new NotFoundError("No key in use has that id.");
      return row;
    },

    /** The holder of a key in use, or null; notes when it was last used. */
    async holderOf(key: string): Promise<KeyHolder | null> {
      if (key.length > 200) return null;
      const [row] = await db
        .update(counterApiKeys)
        .set({ lastUsedAt: new Date() })
        .where(and(eq(counterApiKeys.keyHash, hashOfKey(key)), isNull(counterApiKeys.revokedAt)))
        .returning({ id: counterApiKeys.id, customerId: counterApiKeys.customerId, name: counterApiKeys.name });
      return row ?? null;
    },
  };
}

export type CounterKeysService = ReturnType<typeof counterKeys>;

export const counterKeysEffects = effectTable({
  read: ["list"],
  write: ["issue", "revoke", "holderOf"],
}) satisfies Effects<CounterKeysService>;
