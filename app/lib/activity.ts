import { z } from "~/lib/zod";

/**
 * The activity log's filters, as the Activity tab's GET form and GET /api/activity both take them
 * (one parser, one set of messages). Client-safe: the tab's screen reads the outcome words.
 */

export const ACTIVITY_OUTCOMES = ["ok", "refused", "failed"] as const;
export type ActivityOutcome = (typeof ACTIVITY_OUTCOMES)[number];

export const OUTCOME_LABELS: Record<ActivityOutcome, string> = {
  ok: "Done",
  refused: "Refused",
  failed: "Failed",
};

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** A day (2026-11-24, as a date field sends it) or an ISO date and time; a day is read in UTC. */
const when = (name: string, endOfDay: boolean) =>
  z
    .string()
    .trim()
    .max(40, `${name} must be a date such as 2026-11-24.`)
    .refine((value) => !Number.isNaN(Date.parse(DAY.test(value) ? `${value}T00:00:00Z` : value)), {
      message: `${name} must be a date such as 2026-11-24.`,
    })
    .transform((value) =>
      DAY.test(value)
        ? new Date(`${value}T${endOfDay ? "23:59:59.999" : "00:00:00.000"}Z`)
        : new Date(Date.parse(value)),
    )
    .meta({ description: `${name}: a day (YYYY-MM-DD, UTC) or an ISO 8601 date and time` });

export const activityQuerySchema = z.object({
  actor: z
    .string()
    .trim()
    .max(100, "actor must be at most 100 characters.")
    .optional()
    .meta({ description: "An account id, or a name (the attempted name of a failed sign-in)" }),
  action: z
    .string()
    .trim()
    .max(100, "action must be at most 100 characters.")
    .regex(/^[\w.-]*$/, "action must be an action such as posts.delete-post, or a group such as posts.")
    .optional()
    .meta({ description: "An action (posts.delete-post), or a group: the part before the dot (posts)" }),
  outcome: z
    .enum(ACTIVITY_OUTCOMES, { error: "outcome must be ok, refused or failed." })
    .optional()
    .meta({ description: "ok, refused (the request was refused: 4xx) or failed (5xx)" }),
  from: when("from", false).optional(),
  to: when("to", true).optional(),
  after: z
    .string()
    .trim()
    .regex(/^[0-9a-f-]{36}$/i, "after must be the id of an entry.")
    .optional()
    .meta({ description: "The id of the last entry already shown: the page continues after it" }),
  limit: z
    .string()
    .regex(/^\d{1,3}$/, "limit must be a whole number from 1 to 50.")
    .transform(Number)
    .refine((n) => n >= 1 && n <= 50, "limit must be a whole number from 1 to 50.")
    .optional()
    .meta({ description: "Entries per page, 1 to 50 (default 25)" }),
});

export type ActivityQuery = z.output<typeof activityQuerySchema>;

/** The filters in an address (the tab's form): what passed, and a message for the first that did not. */
export function activityQueryOf(params: URLSearchParams): { query: ActivityQuery; error: string | null } {
  const raw: Record<string, string> = {};
  for (const name of Object.keys(activityQuerySchema.shape)) {
    const value = params.get(name)?.trim();
    if (value) raw[name] = value;
  }
  const parsed = activityQuerySchema.safeParse(raw);
  if (parsed.success) return { query: parsed.data, error: null };
  // Each bad field is left out, so the others still filter; the first problem is said.
  const bad = new Set(parsed.error.issues.map((issue) => String(issue.path[0])));
  const kept = activityQuerySchema.safeParse(Object.fromEntries(Object.entries(raw).filter(([k]) => !bad.has(k))));
  return { query: kept.success ? kept.data : {}, error: parsed.error.issues[0]?.message ?? "A filter is not valid." };
}
