import { AdminEditLink } from "~/components/AdminEditLink";
import { PagedList } from "~/components/PagedList";
import { PageHero } from "~/components/PageHero";
import { toPostCard } from "~/components/post-card";
import { PostCard, type PostCardData } from "~/components/PostCard";
import type { ListPage } from "~/components/ShowMore";
import { SubscribeLinks } from "~/components/SubscribeLinks";
import { NEWS_FEED_LINKS } from "~/lib/feed-links";
import { READING_PAGE } from "~/lib/hydration";
import { describe } from "~/lib/seo";
import { routeMeta } from "~/lib/seo/route-meta";
import { services } from "~/runtime.server";
import { POSTS_PAGE_SIZE } from "~/services/pagination";
import { listPage, requestedPage } from "~/web/paged-list.server";
import { pageSeo } from "~/web/seo.server";

import type { Route } from "./+types/posts";

export async function loader({ request }: Route.LoaderArgs) {
  const { page, slice } = requestedPage(request, POSTS_PAGE_SIZE);
  const { posts, siteContent, categories } = await services();
  const [result, blog, names] = await Promise.all([
    posts.list(slice),
    siteContent.settings("blog"),
    categories.names(),
  ]);
  const list: ListPage<PostCardData> = listPage(page, result, (row) => toPostCard(row, names));
  const seo = await pageSeo(request, {
    title: page > 1 ? `${blog.title || "News and Stories"} (page ${page})` : blog.title || "News and Stories",
    description: describe(blog.subtitle),
    path: "/posts",
    page,
  });
  return { ...list, blog, seo };
}

export const handle = READING_PAGE;

export const meta = routeMeta("News and Stories");

export default function Posts({ loaderData }: Route.ComponentProps) {
  const { blog } = loaderData;
  return (
    <>
      <AdminEditLink area="news" to={"/dashboard?tab=posts"} what="the news posts" />
      <PageHero compact eyebrow="News" title={blog.title || "News and Stories"} subtitle={blog.subtitle}>
        <SubscribeLinks feeds={[{ what: "the news", links: NEWS_FEED_LINKS }]} />
      </PageHero>
      <PagedList
        path="/posts"
        first={loaderData}
        backLabel="Back to the latest news"
        empty="No news yet."
        card={(post, index) => <PostCard key={post.id} post={post} headingLevel={2} priority={index === 0} />}
      />
    </>
  );
}
