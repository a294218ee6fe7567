import { BULK_DONE } from "~/domain/messages/editorial";
import { EDITORIAL_STATUSES } from "~/domain/vocabulary";
import { isSlug } from "~/lib/text";
import { services } from "~/runtime.server";
import { ADMIN_SORTS } from "~/services/editorial-records.server";
import { pageNumber } from "~/services/pagination";

import { runAction } from "./actions.server";
import type { ListQuery } from "./tab";

const oneOf = <T extends string>(list: readonly T[], value: string | null): T | undefined =>
  list.includes(value as T) ? (value as T) : undefined;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** An issue's id, or "none" (the articles in no issue); anything else filters nothing. */
const issueChoice = (value: string | null) => (value === "none" || UUID.test(value ?? "") ? value! : undefined);

export function listQueryOf(url: URL): ListQuery {
  return {
    q: (url.searchParams.get("q") ?? "").trim().slice(0, 200),
    status: oneOf(EDITORIAL_STATUSES, url.searchParams.get("status")),
    category: isSlug(url.searchParams.get("category")) ? url.searchParams.get("category")! : undefined,
    issue: issueChoice(url.searchParams.get("issue")),
    sort: oneOf(ADMIN_SORTS, url.searchParams.get("sort")) ?? "newest",
  };
}

/** What a dashboard list of posts or articles asks its service for, from its address. */
export function listRequest(url: URL, pageSize: number) {
  const page = pageNumber(url.searchParams.get("page"));
  const query = listQueryOf(url);
  const request = {
    q: query.q,
    status: query.status,
    sort: query.sort,
    startIndex: (page - 1) * pageSize,
    limit: pageSize,
  };
  /** The page as the list shows it: Show more while rows remain. */
  const pageOf = <Row>(items: Row[], total: number) => ({
    items,
    hasMore: page * pageSize < total,
    page,
    query,
    total,
  });
  return { request, query, pageOf };
}

const BULK_VERBS = { publish: "published", unpublish: "moved to drafts", trash: "moved to the trash" } as const;

/** Publish, unpublish or trash the rows ticked in a dashboard list. */
export function bulkAction(kind: "post" | "journal") {
  return runAction(`bulk-${kind}s`, { failed: "The change could not be made. Please try again." }, async (args) => {
    const { form, reply } = args;
    const ids = form.getAll("ids").map(String).slice(0, 500);
    const action = oneOf(Object.keys(BULK_VERBS) as (keyof typeof BULK_VERBS)[], String(form.get("bulkAction")));
    if (!action) return reply(false, "Choose what to do with the selected items.");
    if (ids.length === 0) return reply(false, "Select at least one item first.");
    const all = await services();
    const store = kind === "post" ? all.posts : all.articles;
    const changed =
      action === "trash"
        ? await store.trash(ids)
        : await store.setStatus(ids, action === "publish" ? "published" : "draft");
    return reply(true, BULK_DONE(changed.length, BULK_VERBS[action]));
  });
}
