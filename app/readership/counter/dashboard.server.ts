import { byIntent, runAction, type TabLoadArgs } from "~/dashboard/actions.server";
import type { z } from "~/lib/zod";
import { services } from "~/runtime.server";

import {
  COUNTER_KEY_ISSUED,
  COUNTER_KEY_REVOKED,
  ISSUE_COUNTER_KEY,
  issueCounterKeySchema,
  REVOKE_COUNTER_KEY,
} from "./forms";

/**
 * The server half of the COUNTER API keys panel (issue 35): its data and its two actions, for any
 * admin tab that shows the panel (`load` into its data, `counterKeyActions` into its actions).
 */
export async function loadCounterKeys(_args?: TabLoadArgs) {
  const keys = await (await services()).counterKeys.list();
  return {
    keys: keys.map((key) => ({
      id: key.id,
      name: key.name,
      customerId: key.customerId,
      createdBy: key.createdBy,
      createdAt: key.createdAt.toISOString(),
      lastUsedAt: key.lastUsedAt?.toISOString() ?? null,
      revokedAt: key.revokedAt?.toISOString() ?? null,
    })),
  };
}

export type CounterKeysData = Awaited<ReturnType<typeof loadCounterKeys>>;

const FAILURES = { failed: "The key could not be changed. Please try again." };

export const issueCounterKey = runAction(
  ISSUE_COUNTER_KEY,
  FAILURES,
  async ({ values, reply, user }) => {
    const { name, customerId } = values as z.infer<typeof issueCounterKeySchema>;
    // A customer whose key is in use answers 409 at its field (runAction).
    const issued = await (await services()).counterKeys.issue({ name, customerId, createdBy: user.id });
    return reply(true, COUNTER_KEY_ISSUED, {
      extra: { counterKey: { key: issued.key, customerId: issued.customerId, name: issued.name } },
    });
  },
  { fields: ["name", "customerId"], schema: issueCounterKeySchema },
);

export const revokeCounterKey = runAction(REVOKE_COUNTER_KEY, FAILURES, async ({ form, reply }) => {
  // An unknown or already revoked key answers 404 (runAction).
  await (await services()).counterKeys.revoke(String(form.get("id") ?? ""));
  return reply(true, COUNTER_KEY_REVOKED);
});

export const counterKeyActions = byIntent(issueCounterKey, revokeCounterKey);
