import { data, redirect } from "react-router";

import type { Audience } from "~/services/editorial.server";

import { audienceOf } from "./session.server";

/** The reads of an editorial record by its address (the posts', the journal's articles). */
type AddressReads<Row> = {
  bySlug(slug: string, audience: Audience): Promise<Row | undefined>;
  movedSlug(slug: string, audience: Audience): Promise<string | undefined>;
};

/**
 * The record a public page's address names, as its reader may see it (drafts too for those who
 * work on the area). An earlier address of a renamed record leads to the current one (301,
 * `movedTo` makes the address); no record at all is a 404 saying `missing`.
 */
export async function recordAt<Row>(
  request: Request,
  area: "news" | "journal",
  reads: AddressReads<Row>,
  slug: string,
  { movedTo, missing }: { movedTo: (slug: string) => string; missing: string },
): Promise<Row> {
  const audience = await audienceOf(request, area);
  const record = await reads.bySlug(slug, audience);
  if (record) return record;
  const moved = await reads.movedSlug(slug, audience);
  if (moved) throw redirect(movedTo(moved), 301);
  throw data({ message: missing }, { status: 404 });
}
