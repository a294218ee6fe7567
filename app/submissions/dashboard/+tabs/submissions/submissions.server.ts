import { byIntent, type TabLoadArgs } from "~/dashboard/actions.server";
import { services } from "~/runtime.server";
import { QUEUE_FILTERS, type QueueFilter } from "~/submissions/words";

/** The editor's desk (issue 34): the queue by stage and filter, and the figures of the last 12 months. */
export async function load({ url, user }: TabLoadArgs) {
  const { submissions } = await services();
  const asked = url.searchParams.get("filter");
  const filter: QueueFilter = QUEUE_FILTERS.includes(asked as QueueFilter) ? (asked as QueueFilter) : "all";
  const page = Number(url.searchParams.get("page")) || 1;
  const mine = url.searchParams.get("mine") === "1";
  const [queue, figures] = await Promise.all([
    submissions.queue(user, { filter, page, mine }),
    submissions.deskFigures(user),
  ]);
  return { queue, figures, mine };
}

// The desk's work happens on each submission's page (/desk/submissions/{id}); the tab only lists.
export const actions = byIntent();
