import { activityQueryOf } from "~/lib/activity";
import { services } from "~/runtime.server";

import { byIntent, type TabLoadArgs } from "../../actions.server";

/** The filters as typed, for the form to show them again. */
const FORM_FIELDS = ["actor", "action", "outcome", "from", "to"] as const;

export async function load({ url }: TabLoadArgs) {
  const { query, error } = activityQueryOf(url.searchParams);
  const { after, limit, ...filters } = query;
  const { activity } = await services();
  const [page, groups] = await Promise.all([activity.list(filters, { after, limit }), activity.groups()]);
  const values = Object.fromEntries(
    FORM_FIELDS.map((name) => [name, url.searchParams.get(name)?.trim() ?? ""]),
  ) as Record<(typeof FORM_FIELDS)[number], string>;
  return {
    entries: page.items.map((entry) => ({ ...entry, at: entry.at.toISOString() })),
    hasMore: page.hasMore,
    groups,
    values,
    error,
    paged: Boolean(after),
  };
}

// The log is read here, never written: entries come from the operations themselves.
export const actions = byIntent();
