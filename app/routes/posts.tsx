import { data, Link } from "react-router";

import { PageHero } from "~/components/PageHero";
import { toPostCard } from "~/components/post-card";
import { PostCard, type PostCardData } from "~/components/PostCard";
import { type ListPage, nextPageHref, ShowMoreButton, useShowMore } from "~/components/ShowMore";
import { READING_PAGE } from "~/lib/hydration";
import { pageDescription, pageTitle } from "~/lib/meta";
import { services } from "~/runtime.server";
import { pageNumber, POSTS_PAGE_SIZE } from "~/services/pagination";

import type { Route } from "./+types/posts";

export async function loader({ request }: Route.LoaderArgs) {
  const query = new URL(request.url).searchParams;
  const page = pageNumber(query.get("page"));
  const { posts, siteContent } = await services();
  const [result, blog] = await Promise.all([
    posts.list({
      startIndex: (page - 1) * POSTS_PAGE_SIZE,
      limit: POSTS_PAGE_SIZE,
      after: query.get("after") ?? undefined,
    }),
    siteContent.settings("blog"),
  ]);
  // A page past the end is not a page.
  if (page > 1 && result.items.length === 0) throw data({ message: "No such page" }, { status: 404 });
  const list: ListPage<PostCardData> = {
    items: result.items.map(toPostCard),
    hasMore: result.hasMore,
    page,
    next: result.items.at(-1)?.id,
  };
  return { ...list, blog };
}

export const handle = READING_PAGE;

export function meta({ loaderData: data, matches }: Route.MetaArgs) {
  return [
    { title: pageTitle(matches, data?.blog.title || "News and Stories") },
    pageDescription(matches, data?.blog.subtitle),
  ];
}

export default function Posts({ loaderData }: Route.ComponentProps) {
  const { blog } = loaderData;
  const list = useShowMore(loaderData);
  return (
    <>
      <PageHero compact eyebrow="News" title={blog.title || "News and Stories"} subtitle={blog.subtitle} />
      <section className="mx-auto max-w-7xl px-6 py-14">
        {loaderData.page > 1 && (
          <p className="mb-8">
            <Link to="/posts" className="font-semibold text-navy-700 underline dark:text-gold-300">
              ← Back to the latest news
            </Link>
          </p>
        )}
        {list.items.length === 0 ? (
          <p className="text-lg text-slate-600 dark:text-slate-400">No news yet.</p>
        ) : (
          <div className="grid gap-8 md:grid-cols-2 lg:grid-cols-3">
            {list.items.map((post, index) => (
              <PostCard key={post.id} post={post} headingLevel={2} priority={index === 0} />
            ))}
          </div>
        )}
        {list.hasMore && (
          <ShowMoreButton
            href={nextPageHref("/posts", list)}
            loading={list.loading}
            onLoad={() => list.loadNext((n) => nextPageHref("/posts", { ...list, page: n - 1 }))}
          />
        )}
      </section>
    </>
  );
}
