import { byIntent, type TabLoadArgs } from "~/dashboard/actions.server";
import { activityQueryOf } from "~/lib/activity";
import { activitySentence, namesWanted } from "~/lib/activity-sentence";
import { services } from "~/runtime.server";

/** The filters as typed, for the form to show them again. */
const FORM_FIELDS = ["actor", "action", "outcome", "from", "to"] as const;

export async function load({ url }: TabLoadArgs) {
  const { query, error } = activityQueryOf(url.searchParams);
  const { after, limit, ...filters } = query;
  const { activity } = await services();
  const [page, groups] = await Promise.all([activity.list(filters, { after, limit }), activity.groups()]);
  // Each entry as a sentence, naming by their names the accounts and records it gives by id.
  const names = await activity.namesOf(namesWanted(page.items));
  const values = Object.fromEntries(
    FORM_FIELDS.map((name) => [name, url.searchParams.get(name)?.trim() ?? ""]),
  ) as Record<(typeof FORM_FIELDS)[number], string>;
  return {
    entries: page.items.map((entry) => ({
      ...entry,
      at: entry.at.toISOString(),
      sentence: activitySentence(entry, names),
    })),
    hasMore: page.hasMore,
    groups,
    values,
    error,
    paged: Boolean(after),
  };
}

// The log is read here, never written: entries come from the operations themselves.
export const actions = byIntent();
