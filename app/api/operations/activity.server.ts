import { z } from "zod";

import { activityQuerySchema } from "~/lib/activity";
import type { ActivityEntry } from "~/services/activity.server";

import { type Operation, operationsTagged } from "../operation.server";
import * as s from "../schemas";
import { ok } from "./shared.server";

/** The activity log (issue 21): who did what, when and from where; for admins only. */

const entryJson = (entry: ActivityEntry) => ({
  id: entry.id,
  at: entry.at.toISOString(),
  actor: { id: entry.actorId, name: entry.actorName },
  action: entry.action,
  target: { kind: entry.targetKind, id: entry.targetId, label: entry.targetLabel },
  outcome: entry.outcome,
  ipAddress: entry.ipAddress,
  userAgent: entry.userAgent,
  details: entry.details ?? null,
});

const operation = operationsTagged("Activity");

export const activityOperations: Operation[] = [
  operation("listActivity", "GET /api/activity", "people", {
    summary: "The activity log, newest first (25 a page)",
    description:
      "Every admin's write, failed sign-ins and sign-ins that needed a second factor, with who, when, what and from where. " +
      "Filter by actor, action or action group, outcome and dates; page with `after` (the `next` of the previous page). " +
      "Details never hold a password, token or secret.",
    query: activityQuerySchema,
    responses: { 200: { description: "A page of entries", schema: s.activityPage } },
    async handle({ services, query }) {
      const { after, limit, ...filters } = query;
      const page = await services.activity.list(filters, { after, limit });
      const entries = page.items.map(entryJson);
      return ok({ entries, hasMore: page.hasMore, next: page.hasMore ? entries.at(-1)!.id : null });
    },
  }),
];

export type ActivityJson = z.infer<typeof s.activityPage>;
