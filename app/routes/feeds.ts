import { data, redirect } from "react-router";

import { articlesFeed, issuesFeed } from "~/journal/web/feeds.server";
import { services } from "~/runtime.server";
import { feedFormatOf } from "~/services/syndication/feeds.server";
import { newsFeed } from "~/web/syndication.server";

import type { Route } from "./+types/feeds";

const notFound = () => data({ message: "Feed not found" }, { status: 404 });

/**
 * The site's feeds (decision 026), each as RSS 2.0 (`rss.xml`), Atom 1.0 (`atom.xml`) and JSON
 * Feed 1.1 (`feed.json`): the news at `/`, one category's news at `/posts/category/{category}/`,
 * one tag's at `/posts/tag/{tag}/` (issue 33),
 * the journal's articles at `/journals/` and its issues at `/journals/issues/`. `/feed` is the
 * address many people try: it sends them to the news in RSS.
 */
export async function loader({ request, params }: Route.LoaderArgs) {
  const { pathname } = new URL(request.url);
  if (pathname === "/feed") throw redirect("/rss.xml", 301);
  const format = feedFormatOf(pathname.slice(pathname.lastIndexOf("/") + 1));
  if (!format) throw notFound();
  if (params.category) {
    const category = await (await services()).categories.bySlug(params.category);
    if (!category) throw notFound();
    return newsFeed(request, format, { kind: "category", slug: category.slug, name: category.name });
  }
  if (params.tag) {
    const tag = await (await services()).posts.tag(params.tag);
    if (!tag) throw notFound();
    return newsFeed(request, format, { kind: "tag", ...tag });
  }
  if (pathname.startsWith("/journals/issues/")) return issuesFeed(request, format);
  if (pathname.startsWith("/journals/")) return articlesFeed(request, format);
  return newsFeed(request, format);
}
