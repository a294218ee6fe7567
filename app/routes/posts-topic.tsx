import { data } from "react-router";

import { AdminEditLink } from "~/components/AdminEditLink";
import { routeErrorBoundary } from "~/components/ErrorPanel";
import { PagedList } from "~/components/PagedList";
import { PageHero } from "~/components/PageHero";
import { toPostCard } from "~/components/post-card";
import { PostCard, type PostCardData } from "~/components/PostCard";
import type { ListPage } from "~/components/ShowMore";
import { SubscribeLinks } from "~/components/SubscribeLinks";
import { FEED_LINK_TITLES } from "~/domain/messages/feeds";
import { READING_PAGE } from "~/lib/hydration";
import { describe } from "~/lib/seo";
import { routeMeta } from "~/lib/seo/route-meta";
import { isSlug } from "~/lib/text";
import { services } from "~/runtime.server";
import { POSTS_PAGE_SIZE } from "~/services/pagination";
import { listPage, requestedPage } from "~/web/paged-list.server";
import { pageSeo } from "~/web/seo.server";

import type { Route } from "./+types/posts-topic";

/** A tag's feed link's title; here, not in FEED_LINK_TITLES, so that no other page ships it. */
const TAG_FEED_LINK_TITLE = (label: string) => `News tagged ${label} (RSS)`;

/** A category's or a tag's page (issue 33): its news in each format. */
function topicFeedLinks(topic: { kind: "category" | "tag"; slug: string; name: string }) {
  const base = `/posts/${topic.kind}/${topic.slug}`;
  const title = topic.kind === "category" ? FEED_LINK_TITLES.category : TAG_FEED_LINK_TITLE;
  return [
    { rel: "alternate", type: "application/rss+xml", title: title(topic.name), href: `${base}/rss.xml` },
    {
      rel: "alternate",
      type: "application/atom+xml",
      title: title(topic.name).replace("(RSS)", "(Atom)"),
      href: `${base}/atom.xml`,
    },
    {
      rel: "alternate",
      type: "application/feed+json",
      title: title(topic.name).replace("(RSS)", "(JSON Feed)"),
      href: `${base}/feed.json`,
    },
  ];
}

const notFound = () => data({ message: "Not found" }, { status: 404 });

/** /posts/category/{slug} and /posts/tag/{slug} (issue 33): one category's or one tag's news, newest first. */
export async function loader({ request, params }: Route.LoaderArgs) {
  const { posts, categories } = await services();
  const kind = params.category === undefined ? "tag" : "category";
  const slug = params.category ?? params.tag ?? "";
  if (!isSlug(slug)) throw notFound();
  const found = kind === "category" ? await categories.bySlug(slug) : await posts.tag(slug);
  if (!found) throw notFound();
  const topic = {
    kind,
    slug,
    name: found.name,
    description: "description" in found ? String(found.description) : "",
  } as const;
  const { page, slice } = requestedPage(request, POSTS_PAGE_SIZE);
  const [result, names] = await Promise.all([
    posts.list({ ...slice, ...(kind === "category" ? { category: slug } : { tag: slug }) }),
    categories.names(),
  ]);
  const list: ListPage<PostCardData> = listPage(page, result, (row) => toPostCard(row, names));
  const path = `/posts/${kind}/${slug}`;
  const title = kind === "category" ? `News: ${topic.name}` : `News tagged ${topic.name}`;
  const seo = await pageSeo(request, {
    title: page > 1 ? `${title} (page ${page})` : title,
    description: describe(topic.description || title),
    path,
    page,
  });
  return { ...list, topic, path, seo };
}

export const handle = READING_PAGE;

export const meta = routeMeta("News and Stories", "Not found");

export default function PostsTopic({ loaderData }: Route.ComponentProps) {
  const { topic, path } = loaderData;
  const feeds = topicFeedLinks(topic);
  const what = topic.kind === "category" ? `${topic.name} news` : `news tagged ${topic.name}`;
  return (
    <>
      {/* React puts them in the page's head, for feed readers. */}
      {feeds.map((feed) => (
        <link key={feed.href} {...feed} />
      ))}
      {topic.kind === "category" ? (
        <AdminEditLink area="news" to={`/dashboard?tab=categories&edit=${topic.slug}`} what="this category" />
      ) : (
        <AdminEditLink area="news" to="/dashboard?tab=posts" what="the news posts" />
      )}
      <PageHero
        compact
        eyebrow={topic.kind === "category" ? "Category" : "Tag"}
        title={topic.name}
        subtitle={topic.description}
      >
        <SubscribeLinks feeds={[{ what, links: feeds }]} />
      </PageHero>
      <PagedList
        path={path}
        first={loaderData}
        backLabel={`Back to the latest ${what}`}
        empty="No news here yet."
        card={(post, index) => <PostCard key={post.id} post={post} headingLevel={2} priority={index === 0} />}
      />
    </>
  );
}

export const ErrorBoundary = routeErrorBoundary({
  missingTitle: "Not found",
  missing: "There is no such category or tag. It may have been removed or renamed.",
  failed: "The news could not be loaded. Please try again.",
  link: { to: "/posts", label: "Browse all news" },
});
